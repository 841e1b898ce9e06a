"""The table service: the one place the touchscreen and the headless demo drive a table.

Every action goes the same way: the engine's verify_* first (a refused action raises its
sentence and is never journaled), then the event is committed to the journal, then the same
fold step that recovery uses applies it to the round in memory. So the state after a crash,
rebuilt from the journal, is exactly the state the kiosk had after its last commit.

A failed commit halts the service: the round stops with the alarm's sentence until the kiosk
is restarted (and recovers from the journal).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kiosk.journal import reader
from kiosk.journal.errors import JournalHalted, JournalWriteError
from kiosk.journal.events import CARD_SOURCES, Event
from kiosk.journal.fold import (
    CORRECTABLE,
    FoldError,
    RoundState,
    Session,
    apply_event,
    fold_round,
    new_round,
)
from kiosk.journal.store import open_journal
from kiosk.journal.view import round_view
from kiosk.journal.writer import JournalWriter
from kiosk.table.shoe import ShoeTracker
from models.cards import parse_card
from models.errors import CardError, IllegalAction
from models.money import format_amount
from models.record import verify_entry
from models.round import Round
from models.rules import rules_from_spec
from models.settlement import Settlement
from models.table import Limits


class TableService:
    """One table's rounds, journaled. Open it with `TableService.open(path, ...)`."""

    def __init__(self, writer: JournalWriter, table: str, rules, limits: Limits | None):
        self.writer = writer
        self.db = writer.db
        self.table = table
        self.rules = rules_from_spec(rules)
        self.limits = limits or Limits.parse(self.rules.default_min, self.rules.default_max)
        self.halted: str | None = None
        self.session: Session | None = None
        self.state: RoundState | None = None
        self.events: list[Event] = []  # the current round's events
        self.shoe: ShoeTracker | None = None
        self.recover()

    @classmethod
    def open(cls, path: str | Path, table: str = "table-1", rules="bayern",
             limits: Limits | None = None, on_commit: Callable[[Event], None] | None = None,
             create: bool = True) -> TableService:
        db = open_journal(path, create=create)
        return cls(JournalWriter(db, str(path), on_commit), table, rules, limits)

    def close(self) -> None:
        self.db.conn.close()

    # ------------------------------------------------------------------ recovery

    def recover(self) -> None:
        """Rebuild the unfinished round of this table, if any, from its events; find the shoe
        in play. Called on start."""
        round_id = reader.open_round_id(self.db, self.table)
        if round_id is not None:
            self.state, self.events = reader.fold(self.db, round_id)
            self.session = reader.session(self.db, self.state.session_id)
        else:
            self.session = reader.latest_session(self.db, self.table)
        self.shoe = self._load_shoe()
        if not self.round_open and self.shoe and self.shoe.ends_after_round():
            self._close_shoe()  # the kiosk died between a round's end and its shoe's close

    def _load_shoe(self) -> ShoeTracker | None:
        if self.session is None:
            return None
        opening = reader.open_shoe_event(self.db, self.session.id)
        if opening is None:
            return None
        rules = rules_from_spec(self.session.rules)
        return ShoeTracker(opening, rules, reader.shoe_cards(self.db, opening.data["shoe"]))

    # ------------------------------------------------------------------ views

    @property
    def round(self) -> Round | None:
        return self.state.round if self.state else None

    @property
    def round_open(self) -> bool:
        return self.state is not None and self.state.is_open

    def snapshot(self) -> dict:
        """The table as the pit sees it: the round in play (or the last one), the shoe."""
        shoe = ({"shoe": self.shoe.shoe_id, "dealt": self.shoe.dealt} if self.shoe else None)
        if self.state is None:
            return {"round": None, "shoe": shoe}
        return {"round": self.state.round_id, "status": self.state.status,
                "state": round_view(self.state.round), "shoe": shoe}

    # ------------------------------------------------------------------ journaling

    def _check_running(self) -> None:
        if self.halted:
            raise JournalHalted(f"the table is stopped: {self.halted}")

    def _commit(self, write: Callable[[], Event]) -> Event:
        self._check_running()
        try:
            return write()
        except JournalWriteError as exc:
            self.halted = str(exc)
            raise

    def _record(self, kind: str, data: dict) -> Event:
        """Commit a round event, then apply it through the fold (the order recovery relies on)."""
        event = self._commit(lambda: self.writer.append(kind, data, self.session.id,
                                                        self.state.round_id))
        self.events.append(event)
        apply_event(self.state, event)
        self.state.last_seq = event.seq
        return event

    def _open(self) -> RoundState:
        self._check_running()
        if not self.round_open:
            raise IllegalAction("no round is open: open a round first")
        return self.state

    # ------------------------------------------------------------------ session, shoe, round

    def _wanted_session(self) -> tuple:
        return self.rules.to_spec(), self.limits.to_json()

    def _ensure_session(self) -> None:
        spec, limits = self._wanted_session()
        s = self.session
        if s is None or (s.rules, s.limits) != (spec, limits):
            event = self._commit(lambda: self.writer.open_session(self.table, spec, limits))
            self.session = Session.from_event(event)
            self.shoe = None  # a new session starts with a new shoe

    def open_shoe(self, seed: int | None = None) -> ShoeTracker:
        """A fresh shoe (after the shuffle); `seed` marks a simulated shoe of the demo."""
        if self.round_open:
            raise IllegalAction(f"round {self.state.round_id} is still open: the shoe changes "
                                "between rounds")
        self._ensure_session()
        if self.shoe is not None:
            self._close_shoe("changed by the dealer")
        rules = rules_from_spec(self.session.rules)
        cut = int(52 * rules.decks * rules.penetration) if rules.cut_card else 52 * rules.decks
        extra = {"seed": seed} if seed is not None else None
        event = self._commit(lambda: self.writer.open_shoe(self.session.id, rules.decks, cut,
                                                           extra))
        self.shoe = ShoeTracker(event, rules)
        return self.shoe

    def _close_shoe(self, reason: str | None = None) -> None:
        reason = reason or self.shoe.ends_after_round()
        data = {"shoe": self.shoe.shoe_id, "dealt": self.shoe.dealt, "reason": reason}
        self._commit(lambda: self.writer.append("shoe_close", data, self.session.id))
        self.shoe = None

    @property
    def needs_shoe(self) -> bool:
        spec, limits = self._wanted_session()
        same = self.session is not None and (self.session.rules, self.session.limits) == \
            (spec, limits)
        return self.shoe is None or not same

    def open_round(self, seats: dict[int, str]) -> int:
        if self.round_open:
            raise IllegalAction(f"round {self.state.round_id} is still open: settle or void it "
                                "first")
        self._check_running()
        self._ensure_session()
        if self.shoe is None:
            self.open_shoe()
        Round(self.session.rules, self.limits, seats)  # the engine checks the seats first
        seats_json = {str(k): v for k, v in sorted(seats.items())}
        event = self._commit(lambda: self.writer.open_round(self.session.id, self.shoe.shoe_id,
                                                            seats_json))
        self.state = new_round(self.session, event)
        self.events = [event]
        return self.state.round_id

    # ------------------------------------------------------------------ play

    def bet(self, player: str, box: int, amount, side: str | None = None) -> Event:
        value = self._open().round.verify_bet(player, box, amount, side)
        data = {"player": player, "box": box, "amount": format_amount(value)}
        if side is not None:
            data["side"] = side
        return self._record("bet", data)

    def card(self, code, source: str = "shoe") -> Event:
        """A card left the shoe. A card the shoe cannot hold raises an alert event and the
        CardError; it is not applied."""
        if source not in CARD_SOURCES:
            raise CardError(f"unknown card source {source!r}: one of {', '.join(CARD_SOURCES)}")
        rnd = self._open().round
        card = parse_card(code)
        if self.shoe is None:
            raise CardError("no shoe is in play: open a shoe first")
        try:
            self.shoe.verify(card)  # first: an impossible card is an alert whatever the turn
        except CardError as exc:
            message = f"card {card} from the {source} refused: {exc}"
            self._commit(lambda: self.writer.alert(
                self.session.id, self.state.round_id, "card_refused", message,
                {"card": card.code, "source": source}))
            raise
        rnd.verify_card(card)
        event = self._record("card", {"card": card.code, "source": source})
        self.shoe.observe(card)
        return event

    def decide(self, entry: dict) -> Event:
        verify_entry(self._open().round, entry)
        entry = dict(entry)
        return self._record("decision", entry)

    def settle(self) -> Settlement:
        """Journal the engine's settlement, then close the round."""
        rnd = self._open().round
        settlement = rnd.settlement()
        data = settlement.to_json()
        event = self._commit(lambda: self.writer.settle(self.session.id, self.state.round_id,
                                                        data))
        self.events.append(event)
        apply_event(self.state, event)
        self._end_of_round()
        return settlement

    def confirm_payout(self, by: str) -> Event:
        self._check_running()
        if self.state is None or self.state.status != "settled":
            raise IllegalAction("no settled round to confirm the payout of")
        if self.state.payout_by:
            raise IllegalAction(f"the payout of round {self.state.round_id} was already "
                                f"confirmed by {self.state.payout_by}")
        return self._record("payout", {"by": by})

    def void(self, supervisor: str, reason: str) -> Event:
        self._open()
        _require_words(supervisor=supervisor, reason=reason)
        event = self._record("void", {"supervisor": supervisor, "reason": reason})
        self._end_of_round()
        return event

    def _end_of_round(self) -> None:
        if self.shoe is not None and self.shoe.ends_after_round():
            self._close_shoe()

    # ------------------------------------------------------------------ corrections

    def correct(self, target_seq: int, replacement: dict | None, supervisor: str,
                reason: str) -> Event:
        """Replace (or strike, with None) an earlier bet, card or decision of the open round.
        The corrected round is folded first: a correction the engine refuses is not journaled."""
        self._open()
        _require_words(supervisor=supervisor, reason=reason)
        target = next((e for e in self.events if e.seq == target_seq), None)
        if target is None or target.kind not in CORRECTABLE:
            raise IllegalAction(f"event {target_seq} is not a bet, card or decision of round "
                                f"{self.state.round_id}")
        data = {"corrects": target_seq, "replace": replacement, "supervisor": supervisor,
                "reason": reason}
        trial = Event(self.writer.head_seq + 1, "", self.session.id, self.state.round_id,
                      "correction", data, "", "")
        try:
            corrected = fold_round(self.session, [*self.events, trial])
        except FoldError as exc:
            raise IllegalAction(f"correction refused: {exc.reason}") from None
        shoe = self._shoe_with(corrected) if self.shoe else None
        event = self._commit(lambda: self.writer.append("correction", data, self.session.id,
                                                        self.state.round_id))
        self.events.append(event)
        self.state = fold_round(self.session, self.events)
        self.shoe = shoe
        return event

    def _shoe_with(self, corrected: RoundState) -> ShoeTracker:
        """The shoe recounted with the corrected round's cards (CardError if it cannot hold
        them)."""
        opening = reader.open_shoe_event(self.db, self.session.id)
        dealt = reader.shoe_cards(self.db, self.shoe.shoe_id)
        # this round is the shoe's newest, so its cards are the last ones dealt
        before = dealt[:len(dealt) - len(self.state.cards)]
        return ShoeTracker(opening, rules_from_spec(self.session.rules),
                           before + corrected.cards)


def _require_words(**fields: str) -> None:
    for name, value in fields.items():
        if not isinstance(value, str) or not value.strip():
            raise IllegalAction(f"a {name} is required")
