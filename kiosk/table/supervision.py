"""What a pit supervisor does at the table: sign in with his PIN, void a round, correct an
earlier bet, card or decision, and between rounds open or close the table, change the preset or
the limits, start a new shoe.

A mixin of `TableService`. Every act names the supervisor and is a new event: the original stays
in the journal and in the replay, the fold plays the corrected round. A correction the engine
refuses (the corrected round could not have happened) is not journaled. Where the table has
supervisors configured, every act needs the named supervisor signed in with his PIN; wrong PINs
are journaled and throttled (`kiosk.table.pins`).
"""

from __future__ import annotations

import math
import time

from kiosk.journal import reader
from kiosk.journal.events import Event
from kiosk.journal.fold import CORRECTABLE, FoldError, RoundState, fold_round
from kiosk.table.pins import Throttle, pin_matches
from kiosk.table.shoe import ShoeTracker
from models.errors import IllegalAction
from models.rules import rules_from_spec
from models.table import Limits


class SupervisorCommands:
    """Sign-in, void, correct and the between-rounds acts, for `TableService`."""

    supervisors: tuple = ()  # (name, PIN hash) pairs; none: acts are named, not signed
    signed_in: str | None = None
    throttle: Throttle
    table_closed: bool = False

    # ------------------------------------------------------------------ sign in

    def sign_in(self, name: str, pin: str, now: float | None = None) -> Event:
        """The supervisor `name` signs in with his PIN. A wrong PIN is journaled; after three
        in a row the next try must wait (PinThrottled)."""
        self._check_running()
        now = time.monotonic() if now is None else now
        wait = self.throttle.wait(now)
        if wait > 0:
            seconds = math.ceil(wait)
            raise IllegalAction(f"too many wrong PINs: try again in {seconds} s", "pin_wait",
                                seconds=seconds)
        hashes = dict(self.supervisors)
        if name not in hashes:
            raise IllegalAction(f"{name!r} is not a supervisor of this table", "not_supervisor",
                                name=name)
        if not pin_matches(pin, hashes[name]):
            wait = self.throttle.failed(now)
            self._table_act("pin_refused", name, wrong_in_a_row=self.throttle.wrong_in_a_row,
                            wait_s=int(wait))
            raise IllegalAction(f"wrong PIN for {name}", "pin_wrong", name=name,
                                seconds=int(wait))
        self.throttle.passed()
        self.signed_in = name
        return self._table_act("sign_in", name)

    def sign_out(self) -> Event | None:
        """The supervisor signed in leaves the supervisor mode (nothing if none is)."""
        if self.signed_in is None:
            return None
        name, self.signed_in = self.signed_in, None
        return self._table_act("sign_out", name)

    def _authorised(self, supervisor: str) -> None:
        require_words(supervisor=supervisor)
        if self.supervisors and supervisor != self.signed_in:
            raise IllegalAction(f"{supervisor} must sign in with his PIN first", "sign_in_first",
                                name=supervisor)

    def _table_act(self, act: str, supervisor: str, **data) -> Event:
        """A supervisor event of the table, outside any round's events."""
        payload = {"act": act, "supervisor": supervisor, "table": self.table, **data}
        session_id = self.session.id if self.session else None
        event = self._commit(lambda: self.writer.append("supervisor", payload, session_id))
        self._publish(event)
        return event

    # ------------------------------------------------------------------ between rounds

    @property
    def round_untouched(self) -> bool:
        """A round is open but nothing is staked or dealt in it yet (seats only)."""
        return self.round_open and not any(e.kind in ("bet", "card", "decision", "correction")
                                           for e in self.events)

    def _between_rounds(self, what: str, supervisor: str) -> None:
        """Refuse unless between rounds; a round opened for bets that has none yet is voided
        first, naming the supervisor and the change (the screen opens rounds by itself)."""
        self._check_running()
        if self.round_untouched:
            self.void(supervisor, f"no stake yet: {what}")
        if self.round_unfinished:
            raise IllegalAction(f"round {self.state.round_id} is not finished: {what} between "
                                "rounds", "between_rounds", round=self.state.round_id)

    def close_table(self, supervisor: str) -> Event:
        """No new round until a supervisor opens the table again."""
        self._authorised(supervisor)
        self._between_rounds("close the table", supervisor)
        self.table_closed = True
        return self._table_act("close_table", supervisor)

    def open_table(self, supervisor: str) -> Event:
        self._authorised(supervisor)
        self._check_running()
        self.table_closed = False
        return self._table_act("open_table", supervisor)

    def change_table(self, supervisor: str, preset: str | None = None,
                     limits: tuple | None = None) -> Event:
        """Another preset or other limits from the next round on: a new session (and with it a
        new shoe) that names the supervisor."""
        self._authorised(supervisor)
        self._between_rounds("change the preset or limits", supervisor)
        rules = rules_from_spec(preset) if preset is not None else self.rules
        new_limits = Limits.parse(*limits) if limits is not None else self.limits
        data = {"preset": rules.preset, "limits": new_limits.to_json()}
        event = self._table_act("change", supervisor, **data)
        self.rules, self.limits = rules, new_limits
        self._ensure_session(by=supervisor)
        return event

    def new_shoe(self, supervisor: str, reason: str) -> Event:
        """The shoe in play ends now; the next round opens a freshly shuffled one."""
        self._authorised(supervisor)
        require_words(reason=reason)
        self._between_rounds("start a new shoe", supervisor)
        event = self._table_act("new_shoe", supervisor, reason=reason)
        if self.shoe is not None:
            self._close_shoe(f"new shoe by {supervisor}: {reason}")
        return event

    # ------------------------------------------------------------------ the round

    def correctable(self) -> tuple[tuple[int, str, dict], ...]:
        """The open round's bets, withdrawals, seats, cards and decisions as they stand now
        (corrections applied): (seq, kind, data) for a supervisor to pick from."""
        if not self.round_open:
            return ()
        replaced = {e.data["corrects"]: e.data["replace"] for e in self.events
                    if e.kind == "correction"}
        out = []
        for e in self.events:
            if e.kind not in CORRECTABLE:
                continue
            data = replaced.get(e.seq, e.data)
            if data is not None:
                out.append((e.seq, e.kind, dict(data)))
        return tuple(out)

    def void(self, supervisor: str, reason: str) -> Event:
        """Every stake of the open round goes back; the round is closed."""
        self._open()
        self._authorised(supervisor)
        require_words(reason=reason)
        # stakes still standing are journaled first: the void hands them on to the next round
        standing = list(self.standing)
        event = self._take_over(standing, [("void", {"supervisor": supervisor,
                                                      "reason": reason})])[-1]
        self._end_of_round()
        return event

    def correct(self, target_seq: int, replacement: dict | None, supervisor: str,
                reason: str) -> Event:
        """Replace (or strike, with None) an earlier bet, card or decision of the open round.
        The corrected round is folded first: a correction the engine refuses is not journaled."""
        self._open()
        self._authorised(supervisor)
        require_words(reason=reason)
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
            raise IllegalAction(f"correction refused: {exc.reason}", "correction_refused",
                                reason=exc.reason) from None
        shoe = self._shoe_with(corrected) if self.shoe else None
        event = self._commit(lambda: self.writer.append("correction", data, self.session.id,
                                                        self.state.round_id))
        self.events.append(event)
        self.state = fold_round(self.session, self.events)
        self.shoe = shoe
        self._publish(event)
        return event

    def _shoe_with(self, corrected: RoundState) -> ShoeTracker:
        """The shoe recounted with the corrected round's cards (CardError if it cannot hold
        them)."""
        db = self.writer.db
        opening = reader.open_shoe_event(db, self.session.id)
        before = reader.shoe_cards(db, self.shoe.shoe_id, but_round=self.state.round_id)
        return ShoeTracker(opening, rules_from_spec(self.session.rules),
                           before.cards + corrected.cards, before.cut_card_signalled)


def require_words(**fields: str) -> None:
    for name, value in fields.items():
        if not isinstance(value, str) or not value.strip():
            raise IllegalAction(f"a {name} is required")
