"""The pure game of blackjack as German casinos deal it: no Qt, no devices, no storage.

Everything here takes values and returns values; the kiosk, the drivers and the journal live at
the edge and call in.
"""
