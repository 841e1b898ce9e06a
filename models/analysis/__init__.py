"""Exact blackjack mathematics for a rule preset: dealer outcomes, side-bet returns, basic
strategy. Pure functions over shoe compositions; no I/O, no randomness (the simulation that
checks these figures lives in `kiosk.simulation`)."""
