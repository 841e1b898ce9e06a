"""The table service: the one place a screen, the card feed and the headless demo drive a table.

Every action goes the same way: the engine's verify_* first (a refused action raises its
sentence and is never journaled), then the event is committed to the journal, then the same
fold step that recovery uses applies it, then every listener is told. So a listener that reads
`view()` sees the event already in it, and the state after a crash, rebuilt from the journal,
is exactly the state the kiosk had after its last commit.

Call it from one thread (the screen's, or the headless loop's): the card feed posts the
source's events there. A failed commit halts the service: the table stops with the alarm's
sentence until the kiosk is restarted (and recovers from the journal).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from kiosk.journal import reader
from kiosk.journal.errors import JournalHalted, JournalMissing, JournalRefused, JournalWriteError
from kiosk.journal.events import CARD_SOURCES, Event
from kiosk.journal.fold import RoundState, Session, apply_event, new_round
from kiosk.journal.store import WriterLock, open_journal
from kiosk.journal.writer import JournalWriter
from kiosk.pit.status import StatusReader
from kiosk.table.faults import FaultBoard
from kiosk.table.pins import Throttle
from kiosk.table.play import PlayCommands
from kiosk.table.shoe import ShoeTracker
from kiosk.table.standing import proposed, still_standing
from kiosk.table.supervision import SupervisorCommands, require_words
from kiosk.table.view import PitView, TableParts, TableView, build_view, to_json
from models.clock import utc_now
from models.errors import IllegalAction
from models.round import Round
from models.rules import rules_from_spec
from models.table import Limits

log = logging.getLogger(__name__)

Listener = Callable[[Event], None]


class TableService(PlayCommands, SupervisorCommands):
    """One table's rounds, journaled. Open it with `TableService.open(path, ...)`."""

    def __init__(self, writer: JournalWriter, table: str, rules, limits: Limits | None,
                 supervisors: tuple = ()):
        self.writer = writer
        self.supervisors = tuple((name, pin_hash) for name, pin_hash in supervisors)
        self.signed_in = None
        self.throttle = Throttle()
        self.table = table
        self.rules = rules_from_spec(rules)
        self.limits = limits or Limits.parse(self.rules.default_min, self.rules.default_max)
        self.halted: str | None = None
        self.session: Session | None = None
        self.state: RoundState | None = None
        self.events: list[Event] = []  # the current round's events
        self.shoe: ShoeTracker | None = None
        self.board = FaultBoard()
        self.seats: dict[int, str] = {}  # of the round shown, kept for the next one
        self.standing: list[dict] = []  # the last round's stakes, proposed again (unjournaled)
        self._listeners: list[Listener] = []
        self._pit_status = StatusReader(writer.path)  # what the shipper leaves beside it
        self.recover()

    @classmethod
    def open(cls, path: str | Path, table: str = "table-1", rules="bayern",
             limits: Limits | None = None, create: bool = True,
             supervisors: tuple = (), simulated: bool = False,
             allow_live: bool = False) -> TableService:
        """The table on the journal at `path`, which it alone writes while it runs (a second
        writer is refused). A `simulated` table (the mock shoe: demo, training) marks its
        sessions so, and is refused a journal that holds live rounds unless `allow_live`."""
        if not Path(path).parent.is_dir():
            raise JournalMissing(f"{path}: the folder {Path(path).parent} does not exist")
        lock = WriterLock(Path(path))
        try:
            db = open_journal(path, create=create)
            try:
                if simulated and not allow_live:
                    live = reader.live_rounds(db)
                    if live:
                        raise JournalRefused(
                            f"{path}: holds {live} live rounds; a simulated table (the mock "
                            "shoe) never writes into a live journal (choose another --db)")
                service = cls(JournalWriter(db, str(path)), table, rules, limits, supervisors)
            except BaseException:
                db.conn.close()
                raise
        except BaseException:
            lock.release()
            raise
        service.lock = lock
        service.simulated = simulated
        return service

    lock = None
    simulated = False

    def close(self) -> None:
        self.writer.db.conn.close()
        if self.lock is not None:
            self.lock.release()

    @property
    def journal_path(self) -> str:
        return self.writer.path

    # ------------------------------------------------------------------ listeners

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell `listener(event)` of every journaled event, after it is committed and applied.
        Returns the function that unsubscribes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
        return unsubscribe

    def _publish(self, event: Event) -> None:
        self.board.apply(event)
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:
                # the event is on disk and applied; a broken screen must not undo it or
                # keep it from the other listeners
                log.exception("table %s: a listener raised on event %d (%s)", self.table,
                              event.seq, event.kind)

    # ------------------------------------------------------------------ views

    @property
    def round(self) -> Round | None:
        return self.state.round if self.state else None

    @property
    def round_open(self) -> bool:
        return self.state is not None and self.state.is_open

    @property
    def round_unfinished(self) -> bool:
        """A round is open, or settled with its payout not yet confirmed."""
        return self.state is not None and self.state.status != "void" and \
            self.state.payout_by is None

    def view(self, audience: str = "dealer") -> TableView:
        """The table as the dealer's or the pit's screen shows it (never the hole card before
        it is turned)."""
        seq = self.writer.head_seq if self._view_seq is None else self._view_seq
        parts = TableParts(self.table, self.rules, self.limits, seq,
                           self.state, self.shoe, self.board, self.halted, self.seats,
                           self.table_closed, self.round_untouched, self.signed_in,
                           tuple(name for name, _ in self.supervisors), self.pit_view(),
                           shown=self.shown_round, standing=tuple(self.standing),
                           undo=self.undoable() is not None)
        return build_view(parts, audience)

    def pit_view(self) -> PitView | None:
        """The pit's copy of this journal as the shipper (`blackjack-kiosk ship`, its own
        process) last wrote it beside the journal; None where nothing ships it."""
        status = self._pit_status.read(now=utc_now())
        if status is None:
            return None
        return PitView(status.state, status.behind, status.since)

    def snapshot(self) -> dict:
        """The pit's view as JSON values."""
        return to_json(self.view("pit"))

    # ------------------------------------------------------------------ recovery

    def recover(self) -> None:
        """Rebuild the unfinished round of this table, if any, from its events; find the shoe
        in play and the faults still open. Called on start."""
        db = self.writer.db
        round_id = reader.open_round_id(db, self.table)
        if round_id is not None:
            self.state, self.events = reader.fold(db, round_id)
            self.session = reader.session(db, self.state.session_id)
            for event in self.events:
                self.board.apply(event)
            self.board.restarted()
            if self.state.is_open:
                previous = reader.previous_round_id(db, self.table, round_id)
                bets = reader.fold(db, previous)[0].round.bets if previous is not None else []
                self.standing = still_standing(proposed(bets, self.state.round), self.events)
        else:
            self.session = reader.latest_session(db, self.table)
            last = reader.latest_round_id(db, self.table)
            if last is not None:  # the screen shows the last round until the next opens
                self.state, _ = reader.fold(db, last)
        if self.state is not None:
            self.seats = dict(self.state.round.seats)
        if self.session is not None and self.session.by is not None:
            # a supervisor's change of preset or limits outlives a restart
            self.rules = rules_from_spec(self.session.rules)
            self.limits = Limits.parse(self.session.limits["min"], self.session.limits["max"])
        self.table_closed = reader.table_closed(db, self.table)
        self.shoe = self._load_shoe()
        if not self.round_open and self.shoe and self.shoe.ends_after_round():
            self._close_shoe()  # the kiosk died between a round's end and its shoe's close

    def _load_shoe(self) -> ShoeTracker | None:
        if self.session is None:
            return None
        opening = reader.open_shoe_event(self.writer.db, self.session.id)
        if opening is None:
            return None
        rules = rules_from_spec(self.session.rules)
        dealt = reader.shoe_cards(self.writer.db, opening.data["shoe"])
        return ShoeTracker(opening, rules, dealt.cards, dealt.cut_card_signalled)

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

    def _record(self, kind: str, data: dict, then: Callable[[], None] | None = None) -> Event:
        """Commit a round event, apply it through the fold (the order recovery relies on) and
        `then` whatever else it changes, and only then tell the listeners."""
        event = self._commit(lambda: self.writer.append(kind, data, self.session.id,
                                                        self.state.round_id))
        self.events.append(event)
        apply_event(self.state, event)
        self.state.last_seq = event.seq
        if then is not None:
            then()
        self._publish(event)
        return event

    def _record_many(self, items: list[tuple[str, dict]], then: Callable[[], None] | None = None,
                     taken: list[dict] = ()) -> list[Event]:
        """`_record` for several round events in one commit (one touch, one transaction). Once
        all are on disk each is applied and told to the listeners in turn, so a listener sees
        the view as its event left it; the first `len(taken)` are the standing stakes `taken`,
        which stop standing as their bet is applied."""
        if len(items) == 1 and not taken:
            return [self._record(*items[0], then=then)]

        def write() -> list[Event]:
            with self.writer.batch():
                return [self.writer.append(kind, data, self.session.id, self.state.round_id)
                        for kind, data in items]
        events = self._commit(write)
        try:
            for i, event in enumerate(events):
                self._view_seq = event.seq
                self.events.append(event)
                apply_event(self.state, event)
                self.state.last_seq = event.seq
                if i < len(taken):
                    self.standing = [e for e in self.standing if e is not taken[i]]
                if then is not None and i == len(events) - 1:
                    then()
                self.more_coming = i < len(events) - 1
                self._publish(event)
        finally:
            self._view_seq = None
            self.more_coming = False
        return events

    _view_seq: int | None = None  # while a batch is told: the event the view stands at
    # while a batch is told, True but for its last event: a screen may redraw once, at the end
    more_coming: bool = False

    def _note(self, kind: str, data: dict) -> Event:
        """Commit an event that changes no game state (a source status, an acknowledgement):
        of the open round if there is one."""
        round_id = self.state.round_id if self.round_unfinished else None
        session_id = self.session.id if self.session else None
        event = self._commit(lambda: self.writer.append(kind, data, session_id, round_id))
        if round_id is not None:
            self.events.append(event)
        self._publish(event)
        return event

    def _alert(self, kind: str, message: str, detail: dict) -> Event:
        round_id = self.state.round_id if self.round_unfinished else None
        session_id = self.session.id if self.session else None
        event = self._commit(lambda: self.writer.alert(session_id, round_id, kind, message,
                                                       detail))
        if round_id is not None:
            self.events.append(event)
        self._publish(event)
        return event

    def _open(self) -> RoundState:
        self._check_running()
        if not self.round_open:
            raise IllegalAction("no round is open: open a round first")
        return self.state

    # ------------------------------------------------------------------ session, shoe, round

    def _wanted_session(self) -> tuple:
        return self.rules.to_spec(), self.limits.to_json()

    def _ensure_session(self, by: str | None = None) -> None:
        spec, limits = self._wanted_session()
        s = self.session
        if s is None or (s.rules, s.limits, s.simulated) != (spec, limits, self.simulated):
            event = self._commit(lambda: self.writer.open_session(self.table, spec, limits, by,
                                                                  self.simulated))
            self.session = Session.from_event(event)
            self.shoe = None  # a new session starts with a new shoe
            self._publish(event)

    @property
    def needs_shoe(self) -> bool:
        spec, limits = self._wanted_session()
        same = self.session is not None and \
            (self.session.rules, self.session.limits, self.session.simulated) == \
            (spec, limits, self.simulated)
        return self.shoe is None or not same

    def open_shoe(self, seed: int | None = None) -> ShoeTracker:
        """A fresh shoe (after the shuffle); `seed` marks a simulated shoe (the mock shoe's
        shuffle), so a restart can go on with the cards it still holds."""
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
        self._publish(event)
        return self.shoe

    def _close_shoe(self, reason: str | None = None) -> None:
        reason = reason or self.shoe.ends_after_round()
        data = {"shoe": self.shoe.shoe_id, "dealt": self.shoe.dealt, "reason": reason}
        event = self._commit(lambda: self.writer.append("shoe_close", data, self.session.id))
        self.shoe = None
        self._publish(event)

    def open_round(self, seats: dict[int, str] | None = None, stakes_stand: bool = True) -> int:
        """A new round with these seats (by default the last round's) and, unless
        `stakes_stand` is False (an imported record), the last round's stakes standing."""
        if self.round_open:
            raise IllegalAction(f"round {self.state.round_id} is still open: settle or void it "
                                "first")
        if self.round_unfinished:
            raise IllegalAction(f"round {self.state.round_id} is settled but its payout is not "
                                "confirmed")
        self._check_running()
        if self.table_closed:
            raise IllegalAction("the table is closed: a supervisor opens it", "table_closed")
        seats = dict(self.seats if seats is None else seats)
        last_bets = list(self.state.round.bets) if self.state is not None else []
        self._ensure_session()
        Round(self.session.rules, self.limits, seats)  # the engine checks the seats first
        if self.shoe is None:
            self.open_shoe()
        seats_json = {str(k): v for k, v in sorted(seats.items())}
        event = self._commit(lambda: self.writer.open_round(self.session.id, self.shoe.shoe_id,
                                                            seats_json))
        self.state = new_round(self.session, event)
        self.events = [event]
        self.seats = seats
        self.standing = proposed(last_bets, self.state.round) if stakes_stand else []
        self._publish(event)
        return self.state.round_id

    def _end_of_round(self) -> None:
        if self.shoe is not None and self.shoe.ends_after_round():
            self._close_shoe()

    # ------------------------------------------------------------------ the card source

    def source_status(self, status: str, source: str, detail: str = "", device: str = "",
                      card: str | None = None, place: str | None = None) -> Event:
        """A card source's status (connected, lost, misread, alarm, burn, cut card, ...),
        journaled for the views and the pit. A burn card counts in the shoe. `place`: where
        on the table an `uncertain` card lies, as the source names it (its later sure
        reading there resolves that fault)."""
        if source not in CARD_SOURCES:
            raise IllegalAction(f"unknown card source {source!r}: one of "
                                f"{', '.join(CARD_SOURCES)}")
        data = {"status": status, "source": source}
        if detail:
            data["detail"] = detail
        if device:
            data["device"] = device
        if card is not None:
            data["card"] = card
        if place is not None:
            require_words(place=place)
            data["place"] = place
        if self.shoe is not None and status in ("burn", "cut_card"):
            data["shoe"] = self.shoe.shoe_id
            if status == "burn" and card is not None and not self.shoe.can_hold(card):
                return self._alert("card_refused", f"burn card {card} from the {source} "
                                   f"refused: the shoe cannot hold it",
                                   {"card": card, "source": source})
        event = self._note("source", data)
        if self.shoe is not None and "shoe" in data:
            if status == "burn" and card is not None:
                self.shoe.observe(card)
            elif status == "cut_card":
                self.shoe.cut_card_signalled = True
        return event

    def acknowledge(self, alert_seq: int, by: str = "dealer") -> Event:
        """The dealer (or a supervisor) has dealt with a fault on the screen."""
        if alert_seq not in self.board.open:
            raise IllegalAction(f"event {alert_seq} is not an open fault")
        require_words(by=by)
        return self._note("acknowledge", {"alert": alert_seq, "by": by})

