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
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from drivers.camera.certainty import partly_on_cloth
from drivers.camera.corners import card_mask, learn_cloth
from drivers.camera.recognize import TWIN, CardReading, Recognizer
from drivers.source import CardEvent, CardSource, Origin, Sink, SourceEvent, Status, StatusEvent
from models.cards import parse_card

SMALL_W = 160  # width of the copies compared for motion and change
MASK_W = 480  # width of the card masks compared for where a card arrived


class FrameError(Exception):
    """A frame source that cannot be opened or read; the message names it."""


@dataclass
class _Pending:
    centre: np.ndarray
    width: float
    votes: list[CardReading] = field(default_factory=list)
    run: int = 0  # still frames in a row that read it surely, and alike
    looked: bool = False  # read in the frame being looked at
    still: int = 0  # the still spell (`Watcher._spell`) in which it was first seen
    sure: int = 0  # sure readings counted: the place is their mean
    first: tuple[int, int] = (0, 0)  # first seen: the frame, and its order in the reading
    place: str | None = None  # its name, once reported `uncertain`

    @property
    def said_uncertain(self) -> bool:
        """An `uncertain` was reported for this place (it was named then)."""
        return self.place is not None


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
        self._last_mask: np.ndarray | None = None  # card where the last still table showed it
        # reported places: centre, width, and the still spell in which each was first seen
        self._known: list[tuple[np.ndarray, float, int]] = []
        self._spell = 0  # still spells so far: a spell begins when the table comes to rest
        self._pending: list[_Pending] = []
        # places reported `uncertain`: each keeps its place until a sure reading resolves it
        self._doubtful: list[_Pending] = []
        # places are named `<this watcher>.<n>`: a restarted kiosk's watcher names none of the
        # places a fault left open by the last one names
        self._name = uuid.uuid4().hex[:8]
        self._named = 0

    def feed(self, frame: np.ndarray) -> list[SourceEvent]:
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3:
            raise FrameError(f"frame {self.frame_no + 1}: not a colour image")
        self.frame_no += 1
        h = round(frame.shape[0] * SMALL_W / frame.shape[1])
        small = cv2.resize(frame, (SMALL_W, h), interpolation=cv2.INTER_AREA).astype(np.float32)
        moving = self._prev is None or float(np.abs(small - self._prev).mean()) > self.still_diff
        self._prev = small
        self._still_run = 0 if moving else self._still_run + 1
        self._spell += self._still_run == self.still_frames
        if self._still_run < self.still_frames:
            if moving:
                self._pending.clear()  # a hand came back before the vote ended: read again
            return []
        return self._still(frame, small)

    def _still(self, frame: np.ndarray, small: np.ndarray) -> list[SourceEvent]:
        seen = small.astype(np.uint8)
        mask = card_mask(seen, learn_cloth(seen, self.rec.hint) or self.rec.cloth)
        if float((mask > 0).mean()) < self.clear_share:
            self._known.clear()  # the table was cleared: a new round
            self._pending.clear()
            self._doubtful.clear()
            self._last_still = small
            self._last_mask = None
            return []
        if (self._last_still is not None and not self._pending
                and float(np.abs(small - self._last_still).mean()) < 0.5 * self.still_diff):
            return []  # the same table as before: nothing arrived
        cards = self._card_mask(frame)
        arrived = self._arrived(cards)
        for p in self._pending + self._doubtful:
            p.looked = False
        # surest first: where a phantom (an index read as if its card lay elsewhere) lies
        # near a card's place it must not take that frame's look from the card's own reading
        readings = self.rec.read(frame, stream=True)
        for k in sorted(range(len(readings)), key=lambda k: _surest_first(readings[k])):
            reading = readings[k]
            if self._is_known(reading.center):
                continue
            doubtful = self._near(self._doubtful, reading.center)
            if doubtful is not None:
                self._count(doubtful, reading)
            elif self._on(arrived, reading, frame.shape):
                self._vote(reading, (self.frame_no, k))
        for p in self._pending + self._doubtful:
            if not p.looked:
                p.run = 0  # not read in this frame: the run of sure readings is broken
        events = self._decide()
        if not self._pending:  # the vote is over: this is the table to compare with next
            self._last_still = small
            self._last_mask = cards
        return events

    def _card_mask(self, frame: np.ndarray) -> np.ndarray:
        """Where the still table shows card (at `MASK_W` pixels across)."""
        h = round(frame.shape[0] * MASK_W / frame.shape[1])
        mid = cv2.resize(frame, (MASK_W, h), interpolation=cv2.INTER_AREA)
        return card_mask(mid, learn_cloth(mid, self.rec.hint) or self.rec.cloth) > 0

    def _arrived(self, cards: np.ndarray) -> np.ndarray | None:
        """Where cloth became card since the last still table: where a card arrived. A glare
        drifting over the cards, or a dealer's shadow, changes the picture but not where the
        card lies (read as a place that changed, it gave `uncertain` inside a hand where no
        card had arrived)."""
        if self._last_mask is None:
            return None  # the first look at the table: everything on it is new
        grown = cv2.dilate(self._last_mask.astype(np.uint8), np.ones((3, 3), np.uint8))
        return cards & (grown == 0)

    def _on(self, arrived: np.ndarray | None, reading: CardReading, shape) -> bool:
        """Whether the card a reading implies covers cloth that was bare the last time: the
        newest card of a fan covers a strip of it, a lone card all of its own place."""
        if arrived is None:
            return True
        if reading.corner is None:
            return False
        f = arrived.shape[1] / shape[1]
        c = reading.corner
        a = np.linspace(0.05, 0.95, 7)
        across = reading.width * a
        along = reading.width * self.rec.profile.aspect * a
        pts = (c.point[None, None, :] + across[:, None, None] * c.u[None, None, :]
               + along[None, :, None] * c.v[None, None, :]).reshape(-1, 2) * f
        x, y = pts[:, 0].astype(int), pts[:, 1].astype(int)
        inside = (x >= 0) & (y >= 0) & (x < arrived.shape[1]) & (y < arrived.shape[0])
        return bool(arrived[y[inside], x[inside]].any())

    def _is_known(self, centre) -> bool:
        return any(np.linalg.norm(centre - c) < 0.3 * w for c, w, _ in self._known)

    @staticmethod
    def _near(places: list[_Pending], centre) -> _Pending | None:
        for p in places:
            if np.linalg.norm(p.centre - centre) < 0.3 * p.width:
                return p
        return None

    def _vote(self, reading: CardReading, first: tuple[int, int]) -> None:
        p = self._near(self._pending, reading.center)
        if p is None:
            p = _Pending(reading.center, reading.width, still=self._spell, first=first)
            self._pending.append(p)
        self._count(p, reading)

    @staticmethod
    def _count(p: _Pending, reading: CardReading) -> None:
        """One frame's reading of a place (the surest only, should two lie there: the
        frame's readings come surest first). The place is the mean of its sure readings: a
        place first seen through a phantom lies off its card, and a card reported there
        would hide the next card of its hand (`_is_known`); one sure reading alone lies up to
        a tenth of a card off, and a tight fan's next card lies under a third away."""
        if p.looked:
            return
        p.looked = True
        if reading.certain:
            p.sure += 1
            if p.sure == 1:
                p.centre, p.width = reading.center, reading.width
            else:
                p.centre = p.centre + (reading.center - p.centre) / p.sure
                p.width += (reading.width - p.width) / p.sure
        sure_alike = reading.certain and (not p.votes or p.votes[-1].certain
                                          and p.votes[-1].card == reading.card)
        p.run = p.run + 1 if sure_alike and p.run else (1 if reading.certain else 0)
        p.votes.append(reading)

    def _decide(self) -> list[SourceEvent]:
        """A place read surely and alike in `votes` still frames in a row is a card; one read
        in that many frames but not so is reported `uncertain` with its best guess and keeps
        its place: a later run of sure readings there resolves it (the card, once). In the
        order the places were first seen."""
        out: list[SourceEvent] = []
        keep = []
        places = (sorted(self._doubtful, key=lambda p: p.first)
                  + sorted(self._pending, key=lambda p: p.first))
        sure = [p for p in places if p.run >= self.votes]
        for p in places:
            if p.run >= self.votes:
                self._known.append((p.centre, p.width, p.still))
                out.append(self._card(p))
            elif not p.said_uncertain and len(p.votes) >= self.votes:
                # the cards read surely now, or reported before, that arrived with this place
                with_it = [(q.centre, q.width) for q in sure] + [
                    (c, w) for c, w, spell in self._known if spell == p.still]
                if _beside(p, with_it):
                    continue  # no card: the place is forgotten
                self._named += 1
                p.place = f"{self._name}.{self._named}"
                out.append(self._uncertain(p))
                keep.append(p)
            else:
                keep.append(p)
        self._doubtful = [p for p in keep if p.said_uncertain]
        self._pending = [p for p in keep if not p.said_uncertain]
        return out

    def _card(self, p: _Pending) -> CardEvent:
        last = p.votes[-self.votes:]
        return CardEvent(parse_card(last[-1].card), Origin.CAMERA,
                         confidence=max(v.confidence for v in last), device=self.device,
                         sequence=self.frame_no, resolves=p.said_uncertain, place=p.place)

    def _uncertain(self, p: _Pending) -> StatusEvent:
        guess = Counter(v.card for v in p.votes).most_common(1)[0][0]
        return StatusEvent(Status.UNCERTAIN, Origin.CAMERA,
                           detail=f"a card not read surely in {len(p.votes)} frames",
                           device=self.device, card=parse_card(guess), place=p.place)


def _surest_first(reading: CardReading) -> tuple[bool, float]:
    return (not reading.certain, -reading.confidence)


def _beside(place: _Pending, sure: list[tuple[np.ndarray, float]]) -> bool:
    """Whether a place not read surely is an index of a card read surely (centre, width)
    that arrived with it (first seen in the same still spell), read as if its card lay
    elsewhere: every reading of it implies a card lying partly on cloth, and that card lies
    within `TWIN`'s reach (1.2 card widths). A dealt round of pool-304 (a tuning design)
    reported the 8S surely and, beside it, an `uncertain` 4C no one had dealt; on pool-2, 10
    and 12 such a place read its third time after its card had been reported. Alone, such
    readings still make a place: under a glare a card's first readings may imply it partly
    on cloth, and its `uncertain` then keeps the place until the glare moves. A card
    reported from an earlier spell (one resolved late) does not count: the next card of its
    hand, under a glare, lies within that reach."""
    return (all(partly_on_cloth(v.evidence) for v in place.votes)
            and any(float(np.linalg.norm(place.centre - centre)) < TWIN[1] * width
                    for centre, width in sure))


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
