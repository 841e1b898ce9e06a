"""New-card events from an overhead camera's frame stream (a `CardSource`, origin CAMERA).

The table is read only when it is still (a hand moving over it hides and blurs cards): the
mean difference between consecutive small copies of the frame stays under a threshold for a
few frames. A still frame is compared with the last still frame; only cards whose centre lies
where the picture changed, and where no card has been reported yet, are new: the card that
arrived. Each new card is read in several still frames and the votes decide: read surely and
alike, it becomes a `CardEvent`; otherwise a `StatusEvent(UNCERTAIN)` with the best guess, for
the dealer to confirm. Every place on the table reports once, so two cards of one code (a
six-deck shoe) in two boxes are two events, and one card seen in many frames is one. When the
table shows almost no card any more it was cleared: everything is forgotten.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from drivers.camera.corners import card_mask
from drivers.camera.recognize import CardReading, Recognizer
from drivers.source import CardEvent, CardSource, Origin, Sink, SourceEvent, Status, StatusEvent
from models.cards import parse_card

SMALL_W = 160  # width of the copies compared for motion and change


class FrameError(Exception):
    """A frame source that cannot be opened or read; the message names it."""


@dataclass
class _Pending:
    centre: np.ndarray
    width: float
    votes: list[CardReading] = field(default_factory=list)


class Watcher:
    """The event logic, frame by frame and without a thread: `feed(frame)` returns events."""

    def __init__(self, recognizer: Recognizer, still_frames: int = 3, still_diff: float = 2.5,
                 votes: int = 3, clear_share: float = 0.004, device: str = "camera"):
        self.rec = recognizer
        self.still_frames = still_frames
        self.still_diff = still_diff
        self.votes = votes
        self.clear_share = clear_share
        self.device = device
        self.frame_no = 0
        self._prev: np.ndarray | None = None
        self._still_run = 0
        self._last_still: np.ndarray | None = None
        self._known: list[tuple[np.ndarray, float]] = []  # reported places: centre, width
        self._pending: list[_Pending] = []

    def feed(self, frame: np.ndarray) -> list[SourceEvent]:
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3:
            raise FrameError(f"frame {self.frame_no + 1}: not a colour image")
        self.frame_no += 1
        h = round(frame.shape[0] * SMALL_W / frame.shape[1])
        small = cv2.resize(frame, (SMALL_W, h), interpolation=cv2.INTER_AREA).astype(np.float32)
        moving = self._prev is None or float(np.abs(small - self._prev).mean()) > self.still_diff
        self._prev = small
        self._still_run = 0 if moving else self._still_run + 1
        if self._still_run < self.still_frames:
            if moving:
                self._pending.clear()  # a hand came back before the vote ended: read again
            return []
        return self._still(frame, small)

    def _still(self, frame: np.ndarray, small: np.ndarray) -> list[SourceEvent]:
        mask = card_mask(small.astype(np.uint8), self.rec.cloth)
        if float((mask > 0).mean()) < self.clear_share:
            self._known.clear()  # the table was cleared: a new round
            self._pending.clear()
            self._last_still = small
            return []
        if (self._last_still is not None and not self._pending
                and float(np.abs(small - self._last_still).mean()) < 0.5 * self.still_diff):
            return []  # the same table as before: nothing arrived
        changed = self._changed(small, frame.shape)
        for reading in self.rec.read(frame):
            if self._is_known(reading.center) or not self._in(changed, reading.center):
                continue
            self._vote(reading)
        events = self._decide()
        if not self._pending:  # the vote is over: this is the table to compare with next
            self._last_still = small
        return events

    def _changed(self, small: np.ndarray, shape) -> np.ndarray | None:
        if self._last_still is None:
            return None  # the first look at the table: everything on it is new
        diff = np.abs(small - self._last_still).max(axis=2) > 25
        diff = cv2.dilate(diff.astype(np.uint8), np.ones((5, 5), np.uint8))
        return cv2.resize(diff, (shape[1], shape[0]), interpolation=cv2.INTER_NEAREST)

    @staticmethod
    def _in(changed: np.ndarray | None, p: np.ndarray) -> bool:
        if changed is None:
            return True
        x, y = int(p[0]), int(p[1])
        return 0 <= y < changed.shape[0] and 0 <= x < changed.shape[1] and bool(changed[y, x])

    def _is_known(self, centre) -> bool:
        return any(np.linalg.norm(centre - c) < 0.3 * w for c, w in self._known)

    def _vote(self, reading: CardReading) -> None:
        for p in self._pending:
            if np.linalg.norm(p.centre - reading.center) < 0.3 * p.width:
                p.votes.append(reading)
                return
        self._pending.append(_Pending(reading.center, reading.width, [reading]))

    def _decide(self) -> list[SourceEvent]:
        """Cards with enough votes become events, in the order they were first seen."""
        out: list[SourceEvent] = []
        keep = []
        for p in self._pending:
            if len(p.votes) < self.votes:
                keep.append(p)
                continue
            self._known.append((p.centre, p.width))
            out.append(self._event(p.votes))
        self._pending = keep
        return out

    def _event(self, votes: list[CardReading]) -> SourceEvent:
        sure = Counter(v.card for v in votes if v.certain)
        if len(sure) == 1 and sum(sure.values()) * 2 > len(votes):
            code = next(iter(sure))
            confidence = max(v.confidence for v in votes if v.card == code and v.certain)
            return CardEvent(parse_card(code), Origin.CAMERA, confidence=confidence,
                             device=self.device, sequence=self.frame_no)
        guess = Counter(v.card for v in votes).most_common(1)[0][0]
        return StatusEvent(Status.UNCERTAIN, Origin.CAMERA,
                           detail=f"a card not read surely in {len(votes)} frames",
                           device=self.device, card=parse_card(guess))


def open_frames(source: str) -> Iterator[np.ndarray]:
    """Frames from a folder of images (sorted by name), a video file, or a device index."""
    path = Path(source)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file())
        if not files:
            raise FrameError(f"{source}: the folder holds no frames")
        return _folder(files)
    if source.isdigit() or path.is_file():
        cap = cv2.VideoCapture(int(source) if source.isdigit() else str(path))
        if not cap.isOpened():
            raise FrameError(f"{source}: cannot be opened as a video or a camera")
        return _capture(cap)
    raise FrameError(f"{source}: no such folder, video file or camera index")


def _folder(files: list[Path]) -> Iterator[np.ndarray]:
    for f in files:
        img = cv2.imread(str(f), cv2.IMREAD_COLOR)
        if img is None:
            raise FrameError(f"{f}: not a readable image")
        yield img


def _capture(cap) -> Iterator[np.ndarray]:
    try:
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            yield frame
    finally:
        cap.release()


class CameraSource(CardSource):
    """The camera as a card source: reads frames on its own thread, events to the sink."""

    origin = Origin.CAMERA

    def __init__(self, frames: Iterable[np.ndarray], recognizer: Recognizer,
                 device: str = "camera", **watch) -> None:
        self.frames = frames
        self.watcher = Watcher(recognizer, device=device, **watch)
        self.device = device
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, sink: Sink) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self.run, args=(sink,), daemon=True,
                                        name=f"camera {self.device}")
        self._thread.start()

    def run(self, sink: Sink) -> None:
        """Read to the end of the stream on the calling thread."""
        try:
            for frame in self.frames:
                if self._stop.is_set():
                    return
                for event in self.watcher.feed(frame):
                    sink(event)
        except FrameError as exc:
            sink(StatusEvent(Status.LOST, Origin.CAMERA, detail=str(exc), device=self.device))
            return
        sink(StatusEvent(Status.LOST, Origin.CAMERA, detail="the frames ended",
                         device=self.device))

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
