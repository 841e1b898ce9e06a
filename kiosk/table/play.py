"""The dealer's commands during a round, one method per action: stakes, cards, the box
owner's decisions, insurance and even money, the settlement and the payout.

A mixin of `TableService`. Each command asks the engine's verify_* first, so a refused action
raises the engine's sentence and writes nothing; a decision is journaled as the round record's
own entry (`models.record.decision_entry`), the external format import and export speak.
A card the engine or the shoe refuses is journaled as an alert, never applied, never dropped.
"""

from __future__ import annotations

from kiosk.journal.events import CARD_SOURCES, Event
from kiosk.journal.fold import apply_event
from models.cards import parse_card
from models.errors import CardError, GameError, IllegalAction
from models.money import format_amount
from models.record import decision_call, decision_entry
from models.settlement import Settlement


class PlayCommands:
    """Betting, cards, decisions, settlement and payout, for `TableService`."""

    # -- stakes -------------------------------------------------------------------------------

    def bet(self, player: str, box: int, amount, side: str | None = None) -> Event:
        """A stake on a box (`side` "twins" or "bust" for a side bet)."""
        value = self._open().round.verify_bet(player, box, amount, side)
        data = {"player": player, "box": box, "amount": format_amount(value)}
        if side is not None:
            data["side"] = side
        return self._record("bet", data)

    def seat(self, seat: int, player: str | None) -> Event:
        """Before the first card: a player takes seat `seat`, or (None) it is left."""
        self._open().round.verify_seat(seat, player)
        return self._record("seat", {"seat": seat, "player": player},
                            then=self._seats_from_round)

    def _seats_from_round(self) -> None:
        self.seats = dict(self.round.seats)

    def withdraw(self, player: str, box: int, side: str | None = None) -> Event:
        """Before the first card: the player takes his stake (or side bet) off the box."""
        self._open().round.verify_withdraw(player, box, side)
        data = {"player": player, "box": box}
        if side is not None:
            data["side"] = side
        return self._record("withdraw", data)

    # -- cards --------------------------------------------------------------------------------

    def card(self, code, source: str = "shoe") -> Event:
        """A card left the shoe (or was keyed in): it goes where the engine says. A card the
        engine or the shoe in play refuses is journaled as an alert and its refusal raised."""
        if source not in CARD_SOURCES:
            raise CardError(f"unknown card source {source!r}: one of {', '.join(CARD_SOURCES)}")
        card = parse_card(code)
        self._check_running()
        try:
            if not self.round_open:
                raise CardError(f"card {card} out of turn: no round is open", "no_round",
                                card=card.code)
            if self.shoe is None:
                raise CardError("no shoe is in play: open a shoe first")
            self.shoe.verify(card)  # first: an impossible card is an alert whatever the turn
            self.round.verify_card(card)
        except GameError as exc:
            detail = {"card": card.code, "source": source}
            if exc.code:  # so a screen can say why in its own language
                detail["reason"] = {"code": exc.code,
                                    **{k: str(v) for k, v in exc.params.items()}}
            self._alert("card_refused", f"card {card} from the {source} refused: {exc}", detail)
            raise
        return self._record("card", {"card": card.code, "source": source},
                            then=lambda: self.shoe.observe(card))

    # -- the box owner's decisions, on the active hand ----------------------------------------

    def stand(self, box: int, hand: int | None = None) -> Event:
        return self._decide("stand", box=box, hand=hand)

    def double(self, box: int, follow=(), hand: int | None = None) -> Event:
        """Double; `follow` names the co-players who double their own stake too."""
        return self._decide("double", box=box, follow=follow, hand=hand)

    def split(self, box: int, follow=(), hand: int | None = None) -> Event:
        """Split; `follow` names the co-players who put up a stake on the new hand."""
        return self._decide("split", box=box, follow=follow, hand=hand)

    def surrender(self, box: int, hand: int | None = None) -> Event:
        return self._decide("surrender", box=box, hand=hand)

    # -- each player's own decisions ----------------------------------------------------------

    def insure(self, player: str, box: int, hand: int = 1) -> Event:
        return self._decide("insure", player=player, box=box, hand=hand)

    def even_money(self, player: str, box: int) -> Event:
        return self._decide("even_money", player=player, box=box)

    def close_insurance(self) -> Event:
        """Hole-card game: insurance is closed and the dealer peeks."""
        return self._decide("close_insurance")

    def _decide(self, do: str, **args) -> Event:
        entry = decision_entry(do, **args)
        rnd = self._open().round
        action, call = decision_call(entry)
        getattr(rnd, "verify_" + action)(*call)
        return self._record("decision", entry)

    # -- the end of the round -----------------------------------------------------------------

    def settle(self) -> Settlement:
        """Journal the engine's settlement: the round is over, its payout still to confirm."""
        rnd = self._open().round
        settlement = rnd.settlement()
        data = settlement.to_json()
        event = self._commit(lambda: self.writer.settle(self.session.id, self.state.round_id,
                                                        data))
        self.events.append(event)
        apply_event(self.state, event)
        self._publish(event)
        self._end_of_round()
        return settlement

    def confirm_payout(self, by: str = "dealer") -> Event:
        """The dealer has paid and taken every bet of the settled round: it is closed."""
        self._check_running()
        if self.state is None or self.state.status != "settled":
            raise IllegalAction("no settled round to confirm the payout of")
        if self.state.payout_by:
            raise IllegalAction(f"the payout of round {self.state.round_id} was already "
                                f"confirmed by {self.state.payout_by}")
        return self._record("payout", {"by": by})
