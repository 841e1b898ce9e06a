"""The card-reading shoe on a serial line: one reader thread, reconnects, every fault a status.

The port is opened by URL through pyserial (`/dev/card-shoe`, `socket://host:port`,
`loop://`), so a mock shoe on a pseudo-terminal runs exactly the production path. The dialect
parser does the reading; this class only owns the line: timeouts, reconnect with backoff when
the cable is pulled and the device comes back, silence where the dialect has heartbeats.
Cards and faults reach the sink in wire order, so a misread stays where the card was.
"""

from __future__ import annotations

import logging
import threading
import time

import serial

from drivers.dialects import get_dialect
from drivers.dialects.messages import CardRead, Heartbeat, Message
from drivers.source import (
    CardEvent,
    CardSource,
    Origin,
    Sink,
    SourceEvent,
    Status,
    StatusEvent,
)

log = logging.getLogger(__name__)


class SerialShoe(CardSource):
    """A shoe on a serial port speaking one dialect; deliver to a sink from its own thread."""

    origin = Origin.SHOE

    def __init__(self, url: str, dialect: str = "framed", *, baudrate: int | None = None,
                 read_timeout: float = 0.05, silence_after: float = 1.0,
                 backoff: tuple[float, float] = (0.05, 1.0)) -> None:
        self.url = url
        self.dialect = get_dialect(dialect)
        self.baudrate = baudrate or self.dialect.baudrate
        self.read_timeout = read_timeout
        self.silence_after = silence_after
        self.backoff = backoff
        self.parser = self.dialect.parser()  # kept across reconnects: sequence numbers carry on
        self._sink: Sink | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, sink: Sink) -> None:
        self._sink = sink
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"shoe {self.url}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    # -- the reader thread ------------------------------------------------------------------

    def _run(self) -> None:
        delay, down = self.backoff[0], False
        while not self._stop.is_set():
            try:
                port = serial.serial_for_url(self.url, baudrate=self.baudrate,
                                             timeout=self.read_timeout)
            except (serial.SerialException, OSError, ValueError) as exc:
                if not down:  # one LOST per outage, not one per retry
                    self._status(Status.LOST, f"cannot open {self.url}: {exc}")
                    down = True
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            delay, down = self.backoff[0], False
            self._status(Status.CONNECTED, f"{self.url} open ({self.dialect.name}, "
                         f"{self.baudrate} baud)")
            error = self._read_until_lost(port)
            port.close()
            self._deliver(self.parser.flush())
            if error is not None:
                self._status(Status.LOST, f"{self.url}: {error}")
                down = True

    def _read_until_lost(self, port) -> str | None:
        """Read until the line fails (return why) or the shoe is stopped (return None)."""
        last_heard, silent = time.monotonic(), False
        try:
            while not self._stop.is_set():
                data = port.read(port.in_waiting or 1)
                if data:
                    last_heard, silent = time.monotonic(), False
                    self._deliver(self.parser.feed(data))
                    continue
                self._deliver(self.parser.idle())
                quiet = time.monotonic() - last_heard
                if self.dialect.heartbeat and not silent and quiet > self.silence_after:
                    self._status(Status.SILENCE, f"no heartbeat from {self.url} for "
                                 f"{quiet:.1f} s")
                    silent = True
        except (serial.SerialException, OSError) as exc:
            return str(exc) or type(exc).__name__
        return None

    # -- events -----------------------------------------------------------------------------

    def _deliver(self, messages: list[Message]) -> None:
        for message in messages:
            if isinstance(message, Heartbeat):
                continue  # it only proves the line is alive, which reading it already did
            if isinstance(message, CardRead):
                self._emit(CardEvent(message.card, Origin.SHOE, device=self.url,
                                     sequence=message.sequence))
            else:
                self._emit(StatusEvent(message.status, Origin.SHOE, message.detail,
                                       device=self.url, card=message.card))

    def _status(self, status: Status, detail: str) -> None:
        self._emit(StatusEvent(status, Origin.SHOE, detail, device=self.url))

    def _emit(self, event: SourceEvent) -> None:
        """Hand one event to the sink. A sink that raises is the kiosk's bug, not the line's:
        it is logged with the event, and the reader goes on so later cards still arrive."""
        try:
            self._sink(event)
        except Exception:
            log.exception("shoe %s: the sink raised on %s", self.url, event)
