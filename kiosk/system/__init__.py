"""The kiosk's ties to the operating system that runs it (systemd's notifications)."""
