"""What a pit supervisor does to a round: void it, or correct an earlier bet, card or decision.

A mixin of `TableService`. Every act names the supervisor and a reason and is a new event: the
original stays in the journal and in the replay, the fold plays the corrected round. A
correction the engine refuses (the corrected round could not have happened) is not journaled.
"""

from __future__ import annotations

from kiosk.journal import reader
from kiosk.journal.events import Event
from kiosk.journal.fold import CORRECTABLE, FoldError, RoundState, fold_round
from kiosk.table.shoe import ShoeTracker
from models.errors import IllegalAction
from models.rules import rules_from_spec


class SupervisorCommands:
    """Void and correct, for `TableService`."""

    def void(self, supervisor: str, reason: str) -> Event:
        """Every stake of the open round goes back; the round is closed."""
        self._open()
        require_words(supervisor=supervisor, reason=reason)
        event = self._record("void", {"supervisor": supervisor, "reason": reason})
        self._end_of_round()
        return event

    def correct(self, target_seq: int, replacement: dict | None, supervisor: str,
                reason: str) -> Event:
        """Replace (or strike, with None) an earlier bet, card or decision of the open round.
        The corrected round is folded first: a correction the engine refuses is not journaled."""
        self._open()
        require_words(supervisor=supervisor, reason=reason)
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
