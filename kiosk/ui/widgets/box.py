"""A box on the felt: its number, who sits in front of it and decides for it, the co-players
who bet on it, their stakes and side bets, its hands with cards and totals, and its state.

A box is a touch target in betting (the dealer picks the box to stake on); in play the active
hand is drawn in the accent colour, so the dealer sees at a glance where the next card goes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from kiosk.ui import theme
from kiosk.ui.metrics import READ_MM
from kiosk.ui.text import money, player_label, total_label, translate
from kiosk.ui.widgets.card import CardWidget


def clear(layout, start: int = 0, keep: frozenset = frozenset()) -> None:
    """Empty a layout from item `start` on, now: its widgets leave the screen at once and are
    deleted later, but those whose id is in `keep`, which are only hidden (to be used again)."""
    while layout.count() > start:
        item = layout.takeAt(start)
        widget, inner = item.widget(), item.layout()
        if widget is not None:
            widget.hide()
            if id(widget) not in keep:
                widget.setParent(None)
                widget.deleteLater()
        elif inner is not None:
            clear(inner)
            inner.setParent(None)
            inner.deleteLater()


class HandWidget(QFrame):
    """One hand: its cards in a row and its total; outlined while it is the active hand.

    `show_hand` redraws only what changed: a new card is one more card widget, the total
    and the outline are set again; the cards already there are not touched (a card on the
    felt reaches the screen within a frame)."""

    def __init__(self, hand, metrics, card_scale: float, parent=None) -> None:
        super().__init__(parent)
        self.metrics = metrics
        self.scale = card_scale
        self.setObjectName(f"hand-{hand.number}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(metrics.mm(0.8), metrics.mm(0.8), metrics.mm(0.8),
                               metrics.mm(0.8))
        lay.setSpacing(metrics.mm(0.8))
        self.cards = QHBoxLayout()
        self.card_widgets: list[CardWidget] = []
        self.spacer = QWidget()  # the cards' height while the hand has none
        self.spacer.setFixedHeight(metrics.mm(18.5 * card_scale))
        self.cards.addWidget(self.spacer)
        self.cards.addStretch(1)
        lay.addLayout(self.cards)
        self.total = QLabel("")
        self.total.setObjectName("total")
        self.total.setWordWrap(True)
        lay.addWidget(self.total)
        self._outline = self._colour = None
        self.show_hand(hand)

    def reuse(self, hand, card_scale: float) -> None:
        """Show another hand (of this box, next round or after a split) in this widget: made
        once, it is not polished again, so a box's first card costs one card widget."""
        if card_scale != self.scale:
            self.scale = card_scale
            self.drop_cards()
            self.spacer.setFixedHeight(self.metrics.mm(18.5 * card_scale))
            self._colour = None  # the total's size goes with the cards'
        if self.objectName() != f"hand-{hand.number}":
            self.setObjectName(f"hand-{hand.number}")
            self._outline = None  # its outline names it
        self.show_hand(hand)

    def drop_cards(self) -> None:
        for w in self.card_widgets:
            w.hide()
            w.setParent(None)
            w.deleteLater()
        self.card_widgets = []

    def show_hand(self, hand) -> None:
        m = self.metrics
        codes = [w.code for w in self.card_widgets]
        if list(hand.cards[:len(codes)]) != codes:  # a card corrected: the row again
            self.drop_cards()
        for code in hand.cards[len(self.card_widgets):]:
            w = CardWidget(code, m, self.scale)
            self.cards.insertWidget(self.cards.count() - 1, w)
            self.card_widgets.append(w)
        self.spacer.setVisible(not hand.cards)
        self.cards.setSpacing(-m.mm(4.5 * self.scale) if len(hand.cards) > 3 else m.mm(0.8))
        outline = theme.ACCENT if hand.active else "transparent"
        if outline != self._outline:
            self._outline = outline
            self.setStyleSheet(f"QFrame#{self.objectName()} {{ background: transparent; "
                               f"border: {m.mm(0.8)}px solid {outline}; border-radius: "
                               f"{m.mm(1.2)}px; }}")
        # a finished hand keeps one total: "20 · stands", never "10/20 · stands"
        words = total_label(hand.label, finished=hand.stood or hand.done or hand.doubled)
        flags = []
        if hand.doubled:
            flags.append(translate("Box", "doubled"))
        if hand.stood and not hand.bust:
            flags.append(translate("Box", "stands"))
        if hand.surrendered:
            flags.append(translate("Box", "surrendered"))
        self.total.setText(" · ".join([w for w in [words] + flags if w]))
        colour = theme.BAD if hand.bust else theme.ACCENT if hand.blackjack else theme.TEXT
        if colour != self._colour:
            self._colour = colour
            self.total.setStyleSheet(f"color: {colour}; font-weight: bold; font-size: "
                                     f"{m.font_px(3.4 if self.scale < 1 else 3.6)}px;")


@dataclass(frozen=True, slots=True)
class StakeTile:
    """One stake on a box while betting: who, on what (None: the box, "twins", "bust"), how
    much, whether it stands from the last round, and whether the chips go to it now."""

    player: str
    side: str | None
    amount: Decimal
    standing: bool
    picked: bool


@dataclass(frozen=True, slots=True)
class PaySlot:
    """One player's place for a line paid at once (a Black Jack, even money) on a box: the
    line (its bet, hand, amount and whether it is paid), or None while he has none."""

    player: str
    line: object = None


@dataclass(frozen=True, slots=True)
class OfferSlot:
    """One player's insurance or even-money place on a box while the dealer shows an ace:
    offered now, taken already, or not his to take (the button stays, disabled)."""

    player: str
    kind: str  # "insure", "even_money"
    state: str  # "offered", "taken", "none"
    amount: Decimal  # what insurance costs, or what even money pays


def insurance_cost(stake: Decimal) -> Decimal:
    """Half the stake, down to the cent (as the engine takes it)."""
    return (Decimal(stake) / 2).quantize(Decimal("0.01"), rounding=ROUND_DOWN).normalize()


class BoxWidget(QFrame):
    """A box of the view; `clicked(number)` when touched (betting picks the box)."""

    clicked = Signal(int)
    offer_taken = Signal(str, str, int)  # kind ("insure", "even_money"), player, box
    stake_picked = Signal(int, str, str)  # box, player, side ("" for the box itself)
    chip_off = Signal(int, str, str)  # box, player, side: the player's last chip off
    cleared = Signal(int)  # box: every stake on it off
    line_paid = Signal(str, int, int, str)  # player, box, hand, bet: paid at once

    def __init__(self, number: int, metrics, parent=None) -> None:
        super().__init__(parent)
        self.number = number
        self.metrics = metrics
        self.selected = False
        self.setObjectName(f"box-{number}")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumWidth(metrics.mm(22))
        self.setAccessibleName(f"box {number}")
        self.setProperty("lit", False)
        self.setStyleSheet(
            f"QFrame#box-{number} {{ background: {theme.FELT}; border: {metrics.mm(0.4)}px "
            f"solid {theme.FELT_EDGE}; border-radius: {metrics.mm(2.5)}px; }} "
            f"QFrame#box-{number}[lit=\"true\"] {{ border: {metrics.mm(1.0)}px solid "
            f"{theme.ACCENT}; }}")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(metrics.mm(1.5), metrics.mm(1.5), metrics.mm(1.5),
                                        metrics.mm(1.5))
        self._layout.setSpacing(metrics.mm(1))
        self._hands: list[HandWidget] = []
        self._state: QLabel | None = None
        # the head (number, owner, where he is and what the box waits for), the hands and the
        # stake lines are made once and changed in place: a new widget costs its polish under
        # the style sheet, and the deal's first card changes every box from stakes to hands
        m = metrics
        head = QHBoxLayout()
        self._num = QLabel(str(number))
        self._num.setStyleSheet(f"font-size: {m.font_px(5)}px; font-weight: bold; "
                                f"color: {theme.MUTED};")
        head.addWidget(self._num)
        self._empty = QLabel(translate("Box", "empty"))
        self._empty.setStyleSheet(f"color: {theme.MUTED}; font-size: {m.font_px(3)}px;")
        head.addWidget(self._empty, 1, Qt.AlignmentFlag.AlignTop)
        who = QVBoxLayout()
        who.setSpacing(0)
        self._owner = QLabel("")
        self._owner.setObjectName("owner")
        self._owner.setStyleSheet(f"font-weight: bold; font-size: {m.font_px(3.4)}px;")
        who.addWidget(self._owner)
        self._state_label = QLabel("")
        self._state_label.setObjectName("state")
        self._state_label.setWordWrap(True)
        who.addWidget(self._state_label)
        head.addLayout(who, 1)
        self._layout.addLayout(head)
        # the stakes while betting: hidden, not deleted, when the deal begins (a widget taken
        # off the box is styled again on its way out); drawn anew when the stakes change
        self._tiles = QWidget()
        self._tiles_layout = QGridLayout(self._tiles)
        self._tiles_layout.setContentsMargins(0, 0, 0, 0)
        self._tiles_layout.setSpacing(metrics.mm(1))
        self._tiles.hide()
        self._layout.addWidget(self._tiles)
        self._hand_pool: list[HandWidget] = []
        self._line_pool: list[QLabel] = []
        # the lines paid at once: one button per line, made once and changed in place, so it
        # keeps its place (and stays the same button) while the round lasts
        self._pay_buttons: dict[tuple, QPushButton] = {}
        self._pay_round = None
        # the touch guard's clock (seconds) and span: the felt sets the play panel's own
        self.clock = time.monotonic
        self.guard_ms = 300

    def mousePressEvent(self, event) -> None:
        self.clicked.emit(self.number)
        super().mousePressEvent(event)

    def render(self, box, selected: bool = False, offers: tuple = (), pays: tuple = (),
               tiles: tuple | None = None, can_bet: bool = False, round_id=None) -> None:
        """`offers`: insurance places; `pays`: places for lines paid at once; `tiles`: the
        stakes while betting (drawn as buttons in place of the hands)."""
        if (box, selected, offers, pays, tiles, can_bet) == getattr(self, "_shown", None):
            return  # views are values: an unchanged box is not drawn again
        self._shown = (box, selected, offers, pays, tiles, can_bet)
        if round_id != self._pay_round:  # a new round: last round's payments go
            self._pay_round = round_id
            for b in self._pay_buttons.values():
                self._layout.removeWidget(b)
                b.hide()
                b.setParent(None)
                b.deleteLater()
            self._pay_buttons = {}
        self.selected = selected
        active = any(h.active for h in box.hands)
        lit = selected or active
        if lit != self.property("lit"):
            # a property the box's own sheet reads, the box alone polished again: a new
            # sheet would style everything in the box anew
            self.setProperty("lit", lit)
            self.style().unpolish(self)
            self.style().polish(self)
            self.setFrameStyle(self.frameStyle())  # the frame's width, and the layout in it
            self.update()
        # what only a new card changes (cards, totals, the box's state) is set in place; the
        # rest (players, stakes, hands split, offers) draws the box again
        shape = (box.seated, box.owner, box.coplayers, box.twins, box.bust, offers, pays,
                 tiles, can_bet, box.state == "empty",
                 tuple((h.stakes, h.insured, h.even_money) for h in box.hands))
        if shape == getattr(self, "_shape", None):
            for widget, hand in zip(self._hands, () if tiles is not None else box.hands,
                                    strict=True):  # while betting the box draws no hands
                widget.show_hand(hand)
            self._show_state(box.state)
            return
        self._shape = shape
        # off while the box is drawn: each widget shown would lay the box out at once; it is
        # laid out once, before it is painted
        self._layout.setEnabled(False)
        try:
            self._draw(box, offers, pays, tiles, can_bet)
        finally:
            self._layout.setEnabled(True)
            self._layout.invalidate()

    def _draw(self, box, offers: tuple, pays: tuple, tiles: tuple | None,
              can_bet: bool) -> None:
        m = self.metrics
        self._state = None
        self._take_body()
        if tiles is None or (box.state == "empty" and not box.seated):
            self._tiles.hide()  # shown again by _draw_tiles where the box has stakes
        if box.state == "empty" and not box.seated:
            self._empty.show()
            self._owner.hide()
            self._state_label.hide()
            self._layout.addStretch(1)
            return
        self._empty.hide()
        self._owner.setText(player_label(box.owner) if box.owner else
                            translate("Box", "no owner"))
        self._owner.show()
        if box.seated and box.seated == box.owner:
            seat_text = translate("Box", "seated")
        elif box.owner:
            seat_text = translate("Box", "decides from his seat")
        else:
            seat_text = translate("Box", "empty seat")
        # where the owner is and what the box waits for, on one line: "seated · to act"
        self._seat_text = seat_text
        self._state = self._state_label
        self._state.show()
        self._state_shown = None
        self._show_state(box.state)
        if tiles is not None:  # betting: no cards yet, the stakes as buttons in their place
            for widget in self._hand_pool:  # last round's cards go now, not at the deal
                widget.drop_cards()
            self._draw_tiles(box, tiles, can_bet)
            return
        scale = 1.0 if len(box.hands) <= 1 else 0.7 if len(box.hands) == 2 else 0.55
        for i, hand in enumerate(box.hands):
            if i < len(self._hand_pool):
                widget = self._hand_pool[i]
                widget.reuse(hand, scale)
                widget.show()
            else:
                widget = HandWidget(hand, m, scale)
                self._hand_pool.append(widget)
            self._hands.append(widget)
            self._layout.addWidget(widget)
        self._drop_unused(self._hand_pool, len(box.hands))
        self._layout.addStretch(1)
        # while insurance is offered or a line is paid at once, the players' own buttons
        # stand for their stake lines
        lines = () if offers or pays else _stake_lines(box)
        for i, line in enumerate(lines):
            if i < len(self._line_pool):
                label = self._line_pool[i]
                label.setText(line)
                label.show()
            else:
                label = QLabel(line)
                label.setObjectName("stake-line")
                label.setWordWrap(True)
                label.setStyleSheet(f"font-size: {m.font_px(3.0)}px;")
                self._line_pool.append(label)
            self._layout.addWidget(label)
        self._drop_unused(self._line_pool, len(lines))
        # one place per player, the owner first: his line paid at once where it is payable,
        # else his insurance offer; a place keeps its row whatever the others do
        offered = {slot.player: slot for slot in offers}
        paying = {slot.player: slot.line for slot in pays if slot.line is not None}
        players = [slot.player for slot in offers]
        players += [slot.player for slot in pays if slot.player not in players]
        for p in players:
            if p in paying:
                self._layout.addWidget(self._pay_button(paying[p]))
            elif p in offered:
                self._layout.addWidget(self._offer_button(box, offered[p]))
            else:
                keep = QWidget()  # his place, kept empty
                keep.setFixedHeight(self.metrics.mm(12))
                self._layout.addWidget(keep)

    def _take_body(self) -> None:
        """Everything below the head out of the box's layout: the hands and stake lines kept
        (hidden) to be shown again, the pay buttons kept, the rest deleted."""
        self._hands = []
        kept = set(map(id, self._hand_pool + self._line_pool))
        kept |= set(map(id, self._pay_buttons.values()))
        clear(self._layout, start=2, keep=frozenset(kept))  # the head and the stakes stay

    @staticmethod
    def _drop_unused(pool: list, used: int) -> None:
        """In play a box keeps no more hands or stake lines than it shows."""
        for widget in pool[used:]:
            widget.setParent(None)
            widget.deleteLater()
        del pool[used:]

    def _touch_pay(self, button, key: tuple, since: float) -> None:
        button.setChecked(False)  # checked means paid: only the view says so
        if (self.clock() - since) * 1000 < self.guard_ms:
            return  # the same finger's second tap on what was the offer a moment ago
        self.line_paid.emit(*key)

    def _draw_tiles(self, box, tiles: tuple, can_bet: bool) -> None:
        """Every stake on the box, under "clear": a touch on a tile picks the stake for the
        chips, its "−" takes the player's last chip off."""
        m = self.metrics
        clear(self._tiles_layout)
        self._tiles.setVisible(bool(tiles))
        if not tiles:
            self._layout.addStretch(1)
            return
        # from the top down: a new stake goes below those there, which keep their places
        wipe = QPushButton(translate("Betting", "Clear %1").replace("%1", str(box.number)))
        wipe.setObjectName(f"clear-{box.number}")
        wipe.setEnabled(can_bet)
        wipe.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        px, height = tile_font(m)
        wipe.setStyleSheet(f"QPushButton {{ padding: 0 {m.mm(0.5)}px; font-size: {px}px; "
                           f"min-height: {m.target - 4}px; max-height: {m.target - 4}px; }}")
        wipe.clicked.connect(lambda _=False, n=box.number: self.cleared.emit(n))
        # past TILES_PER_COLUMN a second column beside the first (the felt gives the box the
        # width): the first column's tiles stay where they were
        columns = tile_columns(len(tiles))
        grid = self._tiles_layout
        grid.addWidget(wipe, 0, 0, 1, columns)
        for i, t in enumerate(tiles):
            grid.addWidget(StakeTileWidget(box.number, t, can_bet, m, self),
                           1 + i % TILES_PER_COLUMN, i // TILES_PER_COLUMN)
        for c in range(2):
            grid.setColumnStretch(c, 1 if c < columns else 0)
        self._layout.addStretch(1)

    def _pay_button(self, line) -> QPushButton:
        """The button for a line paid at once: "pay" until the dealer touches it, then
        "paid". It ignores a touch that comes within the guard after it appeared (it may take
        the place of the offer the finger just touched)."""
        key = (line.player, line.box, line.hand, line.bet)
        b = self._pay_buttons.get(key)
        if b is None:
            b = self._pay_buttons[key] = QPushButton("")
            b.setObjectName(f"paid-{line.player}-{line.box}-{line.hand}-{line.bet}")
            b.setFixedHeight(self.metrics.mm(12))
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            # once paid it reads as a taken offer does: light on the felt's edge colour
            b.setStyleSheet(f"QPushButton {{ padding: 0 {self.metrics.mm(0.5)}px; font-size: "
                            f"{self.metrics.font_px(3.0)}px; }} "
                            f"QPushButton:checked:disabled {{ background: {theme.FELT_EDGE}; "
                            f"color: {theme.TEXT}; }}")
            b.setCheckable(True)
            since = self.clock()
            b.clicked.connect(lambda _=False, b=b, k=key, t=since: self._touch_pay(b, k, t))
        who = player_label(line.player)
        todo = translate("Play", "%1 paid") if line.paid else translate("Play", "pay %1")
        b.setText(who + "\n" + todo.replace("%1", money(line.net)))
        b.setEnabled(not line.paid)
        b.setChecked(line.paid)
        b.show()
        return b

    def _show_state(self, state: str) -> None:
        if self._state is None or state == self._state_shown:
            return
        self._state_shown = state
        words = _state_text(state)
        self._state.setText(f"{self._seat_text} \u00b7 {words}" if words else self._seat_text)
        colour = theme.ACCENT if state == "playing" else theme.MUTED
        theme.restyle(self._state, f"color: {colour}; font-size: {self.metrics.font_px(3.0)}px; "
                                   f"font-weight: {'bold' if state == 'playing' else 'normal'};")

    def _offer_button(self, box, slot: OfferSlot) -> QPushButton:
        """The player's own insurance button: it stays where it is once touched, showing what
        he took, so the next touch never lands on another player's offer."""
        who = player_label(slot.player)
        amount = money(slot.amount)
        if slot.kind == "even_money":
            text = translate("Box", "Even money %1").replace("%1", amount)
            text = text if slot.state == "offered" else "\u2713 " + text
            name = f"even-money-{slot.player}-{box.number}"
        else:
            text = (translate("Box", "Insure %1") if slot.state == "offered" else
                    "\u2713 " + translate("Box", "insured %1")).replace("%1", amount)
            name = f"insure-{slot.player}-{box.number}-1"
        b = QPushButton(f"{who}\n{text}")
        b.setObjectName(name)
        b.setProperty("offer", slot.state)
        b.setEnabled(slot.state == "offered")
        b.setCheckable(slot.state == "taken")
        b.setChecked(slot.state == "taken")
        b.setFixedHeight(self.metrics.mm(12))
        b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        b.setStyleSheet(f"QPushButton {{ padding: 0 {self.metrics.mm(0.5)}px; font-size: "
                        f"{self.metrics.font_px(3.0)}px; font-weight: normal; }} "
                        f"QPushButton:checked:disabled {{ "
                        f"background: {theme.FELT_EDGE}; color: {theme.TEXT}; }}")
        b.clicked.connect(lambda _=False, k=slot.kind, p=slot.player, n=box.number:
                          self.offer_taken.emit(k, p, n))
        return b


def _state_text(state: str) -> str:
    words = {"empty": "", "staked": translate("Box", "staked"),
             "standing": translate("Box", "standing"),
             "playing": translate("Box", "to act"), "waiting": translate("Box", "waiting"),
             "done": translate("Box", "done")}
    return words.get(state, state)


def _stake_lines(box) -> list[str]:
    """One line per player with a stake on the box: main stake per hand, then side bets."""
    out = []
    players = ([box.owner] if box.owner else []) + list(box.coplayers)
    seen = set()
    for p in players:
        if p in seen:
            continue
        seen.add(p)
        amounts = [s.amount for hand in box.hands for s in hand.stakes if s.player == p]
        if len(amounts) > 1 and len(set(amounts)) == 1:  # a split, the stake on each hand
            parts = [f"{len(amounts)} \u00d7 {money(amounts[0])}"]
        else:
            parts = [money(a) for a in amounts]
        first = box.hands[0] if box.hands else None
        if first is not None and p in first.insured:
            amount = next((s.amount for s in first.stakes if s.player == p), Decimal(0))
            parts.append(translate("Box", "insured %1").replace("%1", money(
                insurance_cost(amount))))
        if first is not None and p in first.even_money:
            parts.append(translate("Box", "even money"))
        for kind, stakes in (("Twins", box.twins), ("Bust", box.bust)):
            for s in stakes:
                if s.player == p:
                    parts.append(f"{kind} {money(s.amount)}")
        if parts:
            out.append(f"{player_label(p)}: {' + '.join(parts)}")
    return out


class StakeTileWidget(QWidget):
    """One stake on its box while betting: who and how much (dashed and muted while it stands
    from the last round), and "−", which takes the player's last chip off."""

    def __init__(self, box: int, tile: StakeTile, can_bet: bool, metrics, owner) -> None:
        super().__init__()
        key = f"{tile.player}-{box}-{tile.side or 'main'}"
        self.setObjectName(f"tile-{key}")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(metrics.mm(0.5))  # the name's room in a box beside a two-column one
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        what = money(tile.amount)  # a side bet: "Twins 10" under the player
        if tile.side is not None:
            what = {"twins": "Twins", "bust": "Bust"}[tile.side] + " " + what
        self.pick = QPushButton(f"{player_label(tile.player)}\n{what}")
        self.pick.setObjectName(f"stake-{key}")
        self.pick.setCheckable(True)
        self.pick.setChecked(tile.picked)
        self.pick.setProperty("standing", tile.standing)
        self.pick.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        px, height = tile_font(metrics)
        # two lines at the least size read at arm's length: five stakes and more fit a box
        size = (f"min-height: {height - 4}px; max-height: {height - 4}px; "
                f"font-size: {px}px; font-weight: normal;")
        style = f"QPushButton {{ padding: 0px; {size} }}"
        if tile.standing:
            style += (f" QPushButton:!checked {{ border-style: dashed; color: {theme.MUTED}; "
                      "font-style: italic; }")
        self.pick.setStyleSheet(style)
        self.pick.clicked.connect(lambda _=False: owner.stake_picked.emit(
            box, tile.player, tile.side or ""))
        row.addWidget(self.pick, 1)
        self.off = QPushButton("\u2212")
        self.off.setObjectName(f"chip-off-{key}")
        self.off.setFixedWidth(metrics.mm(10))
        self.off.setEnabled(can_bet)
        self.off.setStyleSheet(f"QPushButton {{ padding: 0px; {size} }}")
        self.off.clicked.connect(lambda _=False: owner.chip_off.emit(
            box, tile.player, tile.side or ""))
        row.addWidget(self.off)


TILES_PER_COLUMN = 6  # a box's stakes in one column: six fit the 15.4-inch panel's felt


def tile_columns(stakes: int) -> int:
    """The columns a box's stake tiles take on the felt: one, two once one would overflow
    (a box holds up to twelve stakes in view)."""
    return 1 if stakes <= TILES_PER_COLUMN else 2


def tile_font(metrics) -> tuple[int, int]:
    """A stake tile's font (the least pixel size whose capitals are 3 mm high on this panel)
    and its height in pixels (two lines of it in a 2-pixel border, at least 10 mm)."""
    key = round(metrics.dpi, 3)
    if key not in _TILE_FONT:
        px = 8
        while QFontMetricsF(theme.font(px)).capHeight() * metrics.px_to_mm(1) < READ_MM:
            px += 1
        line = QFontMetrics(theme.font(px)).height()
        _TILE_FONT[key] = (px, max(metrics.target, 2 * line - 1 + 4))
    return _TILE_FONT[key]


_TILE_FONT: dict[float, tuple[int, int]] = {}
