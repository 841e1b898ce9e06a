"""The one seam between the table service and Qt: its events as signals, its commands with
their refusals as signals, and the card feed's posts run on the GUI thread.

The service, the journal's connection and every widget live on the GUI thread. The card
source reads on its own thread; `post` emits a signal from there, and Qt queues it to this
object's thread, where the feed hands the event to the service. `changed(view)` is emitted
after an event is committed and applied, never on the raw commit.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal

from kiosk.table.errors import GameError, JournalError
from kiosk.table.review import Review
from kiosk.table.view import TableView

log = logging.getLogger(__name__)


class TableBridge(QObject):
    """Subscribes to a table service; widgets connect to its signals and call `act`."""

    changed = Signal(object)  # TableView, after every journaled event
    refused = Signal(str, str, object)  # code ("" if none), the engine's sentence, its params
    halted = Signal(str)  # the journal could not record: the table stops
    _posted = Signal(object)

    def __init__(self, service, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.last_event_at = 0.0  # monotonic time of the last event shown (latency bench)
        self._closed = False
        self._posted.connect(self._run, Qt.ConnectionType.QueuedConnection)
        self._unsubscribe = service.subscribe(self._on_event)

    def close(self) -> None:
        """No more events or posts. The kiosk stops the card feed and runs what it queued
        before it closes the bridge; anything posted later is dropped here rather than run
        against a closed journal."""
        self._closed = True
        self._unsubscribe()

    # -- from any thread to the GUI thread -----------------------------------------------------

    def post(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the GUI thread, after what is already queued (safe from any thread)."""
        self._posted.emit(fn)

    def _run(self, fn: Callable[[], None]) -> None:
        if self._closed:
            return
        try:
            fn()
        except Exception:  # a posted call must not take the event loop down with it
            log.exception("a call posted to the GUI thread raised")

    # -- the service ---------------------------------------------------------------------------

    def view(self, audience: str = "dealer") -> TableView:
        return self.service.view(audience)

    @property
    def review(self) -> Review:
        """Recall, replay, export and the shift report, read from the table's journal."""
        return Review(self.service)

    def correctable(self) -> tuple:
        """The open round's bets, cards and decisions a supervisor may correct."""
        return self.service.correctable()

    def _on_event(self, event) -> None:
        self.last_event_at = time.monotonic()
        if getattr(self.service, "more_coming", False):
            return  # one touch journaled several events: the screen redraws after the last
        self.changed.emit(self.service.view("dealer"))

    def act(self, command: str, *args, **kwargs) -> bool:
        """Call one of the service's commands; a refusal is emitted as `refused` (the table
        does not change), a journal failure as `halted`. True if the command went through."""
        try:
            getattr(self.service, command)(*args, **kwargs)
        except JournalError as exc:
            self.halted.emit(str(exc))
            self.changed.emit(self.service.view("dealer"))
            return False
        except GameError as exc:
            self.refused.emit(getattr(exc, "code", None) or "", str(exc),
                              dict(getattr(exc, "params", {}) or {}))
            return False
        return True

    def on_feed_error(self, exc: Exception) -> None:
        """The card feed could not hand an event to the service (the journal failed)."""
        self.post(lambda: (self.halted.emit(str(exc)),
                           self.changed.emit(self.service.view("dealer"))))
