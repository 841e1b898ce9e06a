"""The dealer's touchscreen (PySide6 widgets).

It stands on the live table alone: `bridge.TableBridge` re-emits the table service's events
as Qt signals after commit and apply, every screen renders a `TableView` and acts through the
service's commands; nothing here reaches the engine, the journal or SQLite around them.
"""
