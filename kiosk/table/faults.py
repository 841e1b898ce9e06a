"""What the dealer must be told: the card source's state and the faults still open, folded from
the journal's events. Pure: the service applies each event after it is committed, and a
restart folds the open round's events again to the same board.

A fault is open until it is dealt with: a lost or silent source until it is connected again, a
card the source could not read until the dealer keys a card in by hand (or acknowledges it), a
card the engine refused until the dealer or a supervisor acknowledges it. Nothing closes by
itself at the end of a round: a card that went astray stays on screen until someone has
looked at it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from kiosk.journal.events import Event

# Source statuses that are faults, and what clears them.
CONNECTION = ("lost", "silence")  # cleared by the source connecting (or talking) again
CARD_LOST = ("misread", "checksum", "garbage", "gap", "uncertain")  # cleared by a keyed card
DEVICE = ("alarm", "shoe_empty")  # cleared by acknowledging
# Statuses that are recorded but need nobody: a repeated frame the driver already dropped, a
# burn card, the cut card (shown with the shoe), a source connecting, a card held back behind
# an `uncertain` one (dealt, in order, once that one is settled: `CardFeed`).
QUIET = ("connected", "duplicate", "burn", "cut_card", "held")

STATES = {"connected": "connected", "lost": "lost", "silence": "silent"}


@dataclass(frozen=True, slots=True)
class Fault:
    """One thing that went wrong, as the journal recorded it (`seq` is its event)."""

    seq: int
    kind: str  # a source status (lost, misread, ...) or an alert kind (card_refused)
    message: str
    source: str = ""  # shoe, camera, manual
    card: str | None = None  # the card concerned, or a camera's best guess
    round_id: int | None = None
    reason: tuple[tuple[str, str], ...] = ()  # the engine's refusal: ("code", ...) and params
    place: str | None = None  # a camera's `uncertain` card: where it lies, as the camera names it


class Held(NamedTuple):
    """A card held back behind an open `uncertain` one (`CardFeed`)."""

    source: str
    card: str
    # its turn: its own `held` event's seq, or for the sure reading of an uncertain card (held
    # because an older one is still open) that uncertain's seq
    turn: int


@dataclass(frozen=True, slots=True)
class SourceState:
    """The card source as the last of its statuses left it."""

    kind: str = ""  # shoe, camera, manual; "" before any source reported
    device: str = ""
    state: str = "none"  # none, connected, lost, silent
    detail: str = ""


class FaultBoard:
    """The open faults and the source's state; `apply(event)` after each committed event."""

    def __init__(self) -> None:
        self.open: dict[int, Fault] = {}
        self.last: Fault | None = None
        self.source = SourceState()
        # cards keyed in while the source was down: the frames it will say it lost
        self.keyed_while_down = 0
        # frames that failed their checksum since the source's last card: the gap the shoe
        # reports at its next frame is those same frames, already on screen
        self.damaged = 0
        # how the last card-lost fault of each source was settled: "keyed" (the dealer keyed
        # a card for it) or "acknowledged" (he dismissed it, no card keyed): a camera's card
        # read surely later in that place is then no second card, or the card still missing
        self.settled: dict[str, str] = {}
        # the same for each fault that named its place (source, place): with two `uncertain`
        # open, the card read surely at one place settles that one, whichever was first
        self.settled_places: dict[tuple[str, str], str] = {}
        # cards a source reported while one of its `uncertain` cards was open, held back so
        # that the cards stay in the order they came: held event's seq -> `Held`; each leaves
        # when the card event (or the refusal) naming it is journaled
        self.held: dict[int, Held] = {}
        # the event of each `uncertain` that named its place: (source, place) -> seq (a sure
        # reading of it held behind an older one takes that turn)
        self.places: dict[tuple[str, str], int] = {}

    def uncertain_open(self, source: str) -> bool:
        """Whether an `uncertain` card of this source waits to be settled."""
        return any(f.kind == "uncertain" and f.source == source for f in self.open.values())

    def in_turn(self) -> list[tuple[int, Held]]:
        """Every card held back, in their turns: (held event's seq, `Held`)."""
        return sorted(self.held.items(), key=lambda item: item[1].turn)

    def held_of(self, source: str) -> list[tuple[int, str]]:
        """The cards of this source held back, in their turns: (held event's seq, card)."""
        return [(seq, h.card) for seq, h in self.in_turn() if h.source == source]

    def waits(self, source: str, turn: int) -> bool:
        """Whether a card of this source whose turn is `turn` (an event's seq) must wait: an
        `uncertain` card of the source that came before it is open."""
        return any(f.kind == "uncertain" and f.source == source and f.seq < turn
                   for f in self.open.values())

    def apply(self, event: Event) -> None:
        handler = getattr(self, f"_on_{event.kind}", None)
        if handler is not None:
            handler(event)

    def restarted(self) -> None:
        """The kiosk starts again: the journal's last status of the card source was another
        process's line. Until this process's driver reports, the source is not connected (a
        table that dealt on the dead process's "connected" would write to a port nobody had
        opened yet, and the card would be lost); the faults left open stay open."""
        self.source = SourceState()

    def _on_source(self, event: Event) -> None:
        d = event.data
        status = d["status"]
        origin = d.get("source", "")
        if status in STATES and origin != "manual":
            self.source = SourceState(origin, d.get("device", ""), STATES[status],
                                      d.get("detail", ""))
        if status == "connected":
            self._close(lambda f: f.kind in CONNECTION and f.source == origin)
        if status == "held" and d.get("card"):
            self.held[event.seq] = Held(origin, d["card"], self.places.get(
                (origin, d.get("place", "")), event.seq))
        if status == "uncertain" and d.get("place"):
            self.places[(origin, d["place"])] = event.seq
        if status in QUIET:
            return
        if status == "checksum":
            self.damaged += 1
        if status == "gap" and 0 < _frames_lost(d.get("detail", "")) <= self.damaged:
            self.damaged = 0  # the frames that failed their checksum: shown already
            self.last = Fault(event.seq, status, d.get("detail", ""), origin, None,
                              event.round_id)
            return
        if status == "gap" and self.keyed_while_down:
            self.keyed_while_down = 0  # the dealer keyed those cards in already
            self.last = Fault(event.seq, status, d.get("detail", ""), origin, None,
                              event.round_id)
            return
        self._raise(Fault(event.seq, status, d.get("detail", ""), origin, d.get("card"),
                          event.round_id, place=d.get("place")))

    def _on_alert(self, event: Event) -> None:
        d = event.data
        self.held.pop(d.get("held"), None)  # a held card refused as it was dealt
        self._raise(Fault(event.seq, d["alert"], d["message"], d.get("source", ""),
                          d.get("card"), event.round_id,
                          tuple(sorted(d.get("reason", {}).items()))))

    def _on_card(self, event: Event) -> None:
        source = event.data.get("source")
        self.held.pop(event.data.get("held"), None)
        if source != "manual":
            self.damaged = 0  # a good frame: later gaps are new losses
        if source == "manual":
            lost = [f for f in self.open.values() if f.kind in CARD_LOST]
            if lost:
                fault = self.open.pop(min(lost, key=lambda f: f.seq).seq)
                self._settle(fault, "keyed")
            elif self.source.state in ("lost", "silent"):
                self.keyed_while_down += 1
        elif self.source.kind == source and self.source.state == "silent":
            # a card from the source proves its line alive again
            self.source = replace(self.source, state="connected", detail="")
            self._close(lambda f: f.kind == "silence" and f.source == source)

    def _on_acknowledge(self, event: Event) -> None:
        fault = self.open.pop(event.data["alert"], None)
        if fault is not None and fault.kind in CARD_LOST:
            self._settle(fault, "acknowledged")

    def _settle(self, fault: Fault, how: str) -> None:
        self.settled[fault.source] = how
        if fault.place is not None:
            self.settled_places[(fault.source, fault.place)] = how

    def _raise(self, fault: Fault) -> None:
        if fault.kind == "gap":
            self.damaged = 0
        self.open[fault.seq] = fault
        self.last = fault

    def _close(self, which) -> None:
        for seq in [s for s, f in self.open.items() if which(f)]:
            del self.open[seq]


def _frames_lost(detail: str) -> int:
    """How many frames a gap status says were lost ("2 frame(s) lost: ..."), 0 if it does not
    say."""
    head = detail.split(" ", 1)[0]
    return int(head) if head.isdigit() else 0
