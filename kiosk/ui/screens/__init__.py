"""The kiosk's screens: the felt with its betting and play panels, the settlement."""
