"""The headless demo: a scripted dealer playing whole rounds at a full table through the same
table service and card feed the touchscreen uses."""
