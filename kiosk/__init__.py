"""The kiosk application: command line, journal, services and the Qt touchscreen."""
