"""The widgets the screens are made of: card, box and hand, fault banner, keypads."""
