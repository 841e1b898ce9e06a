"""Card sources at the edge: the serial shoe, the overhead camera and manual entry.

All of them speak one interface (`drivers.source`): card events and status events delivered to
a sink the kiosk gives them.
"""
