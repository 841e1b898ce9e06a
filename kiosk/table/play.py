"""The dealer's commands during a round, one method per action: stakes, cards, the box
owner's decisions, insurance and even money, the settlement and the payout.

A mixin of `TableService`. Each command asks the engine's verify_* first, so a refused action
raises the engine's sentence and writes nothing; a decision is journaled as the round record's
own entry (`models.record.decision_entry`), the external format import and export speak.
A card the engine or the shoe refuses is journaled as an alert, never applied, never dropped.
"""

from __future__ import annotations

from kiosk.journal.events import CARD_SOURCES, Event
from kiosk.journal.fold import AFTER_A_DECISION, apply_event, fold_round, paid_line
from kiosk.table.standing import bet_entry, stake_key, with_standing
from models.cards import parse_card
from models.errors import CardError, GameError, IllegalAction, StakeError
from models.money import format_amount
from models.phase import Phase
from models.record import decision_call, decision_entry
from models.round import Round
from models.settlement import Settlement


class PlayCommands:
    """Betting, cards, decisions, settlement and payout, for `TableService`."""

    # -- stakes -------------------------------------------------------------------------------

    def bet(self, player: str, box: int, amount, side: str | None = None) -> Event:
        """A stake on a box (`side` "twins" or "bust" for a side bet): a chip more on a
        standing stake takes the standing stake over first."""
        taken, trial = self._taking_over((player, box, side))
        value = trial.verify_bet(player, box, amount, side)
        data = {"player": player, "box": box, "amount": format_amount(value)}
        if side is not None:
            data["side"] = side
        return self._take_over(taken, [("bet", data)])[-1]

    @property
    def shown_round(self) -> Round | None:
        """The round as the table shows it: in betting, with the standing stakes placed."""
        rnd = self.round
        if rnd is None or not self.round_open or not self.standing or \
                rnd.phase != Phase.BETTING:
            return rnd
        cache = getattr(self, "_shown_cache", None)
        key = (self.state.round_id, self.state.last_seq, tuple(map(id, self.standing)))
        if cache is None or cache[0] != key:
            cache = self._shown_cache = (key, with_standing(rnd, self.standing))
        return cache[1]

    def _taking_over(self, key: tuple) -> tuple[list[dict], Round]:
        """The standing entries of one stake, and the round with them placed (for verify)."""
        rnd = self._open().round
        taken = [e for e in self.standing if stake_key(e) == key]
        return taken, (with_standing(rnd, taken) if taken else rnd)

    def _take_over(self, taken: list[dict], items: list[tuple[str, dict]], then=None) \
            -> list[Event]:
        """Journal the standing entries `taken` as bets, then `items`, in one commit."""
        return self._record_many([("bet", bet_entry(e)) for e in taken] + items, then, taken)

    def last_chip(self, player: str, box: int, side: str | None = None):
        """The player's last chip on this stake (standing or placed), None if he has none."""
        _, trial = self._taking_over((player, box, side))
        return trial.last_chip(player, box, side)

    def seat(self, seat: int, player: str | None) -> Event:
        """Before the first card: a player takes seat `seat`, or (None) it is left."""
        self._open().round.verify_seat(seat, player)
        return self._record("seat", {"seat": seat, "player": player},
                            then=self._seats_from_round)

    def _seats_from_round(self) -> None:
        self.seats = dict(self.round.seats)

    def withdraw(self, player: str, box: int, side: str | None = None,
                 amount=None) -> Event:
        """Before the first card: the player takes his stake (or side bet) off the box, or with
        `amount` his last chip (which must be of that amount)."""
        taken, trial = self._taking_over((player, box, side))
        chip = trial.verify_withdraw(player, box, side, amount)
        data = {"player": player, "box": box}
        if side is not None:
            data["side"] = side
        if amount is not None:
            data["amount"] = format_amount(chip)
        return self._take_over(taken, [("withdraw", data)])[-1]

    def take_chip(self, player: str, box: int, side: str | None = None) -> Event:
        """One touch: the player's last chip on this stake comes off."""
        chip = self.last_chip(player, box, side)
        if chip is None:
            what = "stake" if side is None else f"{side} stake"
            raise StakeError(f"{player} has no {what} on box {box} to take a chip off",
                             "no_stake_to_take", player=player, box=box)
        return self.withdraw(player, box, side, chip)

    def clear_box(self, box: int) -> list[Event]:
        """One touch: every stake on the box (main and side bets, standing or placed) comes
        off."""
        rnd = self._open().round
        if rnd.phase != Phase.BETTING:
            raise IllegalAction("betting is closed: the first card has been dealt",
                                "betting_closed")
        shown = self.shown_round
        b = shown.boxes.get(box)
        keys = [] if b is None else \
            [(p, box, None) for p in b.hands[0].stakes] + \
            [(p, box, "twins") for p in b.twins] + [(p, box, "bust") for p in b.bust]
        if not keys:
            raise StakeError(f"box {box} has no stake to clear", "nothing_to_clear", box=box)
        taken = [e for e in self.standing if e["box"] == box]
        items = []
        for player, _, side in keys:
            data = {"player": player, "box": box}
            if side is not None:
                data["side"] = side
            items.append(("withdraw", data))
        return self._take_over(taken, items)

    # -- cards --------------------------------------------------------------------------------

    def card(self, code, source: str = "shoe", held: int | None = None) -> Event:
        """A card left the shoe (or was keyed in): it goes where the engine says. A card the
        engine or the shoe in play refuses is journaled as an alert and its refusal raised.
        `held`: the event that held this card back behind an `uncertain` one (`CardFeed`),
        named in the card's event (or its refusal's) so that the hold ends."""
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
            self.shown_round.verify_card(card)
        except GameError as exc:
            detail = {"card": card.code, "source": source}
            if held is not None:
                detail["held"] = held
            if exc.code:  # so a screen can say why in its own language
                detail["reason"] = {"code": exc.code,
                                    **{k: str(v) for k, v in exc.params.items()}}
            self._alert("card_refused", f"card {card} from the {source} refused: {exc}", detail)
            raise
        # the first card closes betting: what still stands is journaled as bets before it
        standing = self.standing if self.round.phase == Phase.BETTING else []
        data = {"card": card.code, "source": source}
        if held is not None:
            data["held"] = held
        return self._take_over(list(standing), [("card", data)],
                               then=lambda: self.shoe.observe(card))[-1]

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

    # -- lines paid during play, and taking a decision back ------------------------------------

    def pay_line(self, player: str, box: int, hand: int, bet: str, by: str = "dealer") -> Event:
        """The dealer has paid this line during play (a Black Jack paid at once, even money):
        journaled as `paid`, so the settlement leaves it out of what remains to pay."""
        state = self._open()
        data = {"player": player, "box": box, "hand": hand, "bet": bet}
        line = next((ln for ln in state.round.payable_now()
                     if (ln.player, ln.box, ln.hand, ln.bet) == (player, box, hand, bet)), None)
        data["amount"] = format_amount(line.net) if line is not None else "0"
        paid_line(state, data)  # raises the refusal: nothing to pay, or paid already
        if not isinstance(by, str) or not by.strip():
            raise IllegalAction("a payment names who paid it")
        return self._record("paid", {**data, "by": by})

    def undoable(self) -> Event | None:
        """The decision an undo would take back: the round's last one, if no card, decision
        or payment has followed it (insurance closed for the peek is never taken back)."""
        if not self.round_open:
            return None
        undone = {e.data.get("undoes") for e in self.events if e.kind == "undo"}
        for e in reversed(self.events):
            if e.kind in AFTER_A_DECISION and e.seq not in undone:
                if e.kind == "decision" and e.data.get("do") != "close_insurance":
                    return e
                return None
        return None

    def undo(self, by: str = "dealer") -> Event:
        """Take back the last decision while no card has followed it: a journaled `undo`; the
        round is rebuilt without the decision."""
        self._open()
        target = self.undoable()
        if target is None:
            raise IllegalAction("no decision to undo: a card (or a payment) has followed the "
                                "last one, or none was taken", "nothing_to_undo")
        if not isinstance(by, str) or not by.strip():
            raise IllegalAction("an undo names who took it")
        event = self._commit(lambda: self.writer.append("undo", {"undoes": target.seq, "by": by},
                                                        self.session.id, self.state.round_id))
        self.events.append(event)
        self.state = fold_round(self.session, self.events)
        self._publish(event)
        return event

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
