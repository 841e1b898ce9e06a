"""Simulated devices that speak the real wire and the real frames: a shoe on a pseudo-terminal
and an overhead camera rendering table scenes. They imitate devices, never our own code."""
