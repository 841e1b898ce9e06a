"""Betting by touch. The last round's stakes stand (the table service proposes them again),
so the dealer touches only what changed: on the felt every stake has its tile at its box (see
`kiosk.ui.widgets.box`), one touch on its "−" takes the player's last chip off, one touch on
"clear" empties a box, and a touch on the tile picks that stake for the chips (each chip a
stake at once, refused in the engine's words if it breaks a limit). A new stake: pick a box
on the felt, then the player (the one seated in front of it, a co-player already on it, or a
new standing co-player), then what he bets on (the box, Twins, Bust) and chips. Seats are
taken and left here too; the first card out of the shoe closes betting and journals what stands."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from kiosk.ui import theme
from kiosk.ui.text import money, translate
from kiosk.ui.widgets.box import clear, player_label

TARGETS = (("main", None), ("twins", "twins"), ("bust", "bust"))


class BettingPanel(QWidget):
    """Acts through the bridge: seat, bet, withdraw."""

    keypad_wanted = Signal()
    box_selected = Signal(int)  # a stake's tile picked its box: the felt shows it selected
    selection_changed = Signal()  # the box, player or side the chips go to

    def __init__(self, bridge, metrics, chips, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("betting")
        self.bridge = bridge
        self.metrics = metrics
        self.chips = [Decimal(c) for c in chips]
        self.box: int | None = None
        self.player: str | None = None
        self.target: str | None = None  # None: the main stake; "twins", "bust"
        self._new_coplayer: str | None = None
        self._view = None
        outer = QVBoxLayout(self)
        outer.setSpacing(metrics.mm(2))
        lay = QHBoxLayout()
        lay.setSpacing(metrics.mm(4))
        outer.addLayout(lay)
        outer.addStretch(1)
        # who: the box and its players
        who = QVBoxLayout()
        self.head_row = QHBoxLayout()  # the box; with many players, the seat's buttons too
        self.box_title = QLabel("")
        self.box_title.setObjectName("box-title")
        self.box_title.setStyleSheet(f"font-size: {metrics.font_px(4)}px; font-weight: bold;")
        self.head_row.addWidget(self.box_title)
        who.addLayout(self.head_row)
        self.players = QGridLayout()
        self.players.setSpacing(metrics.gap)
        who.addLayout(self.players)
        self.seat_row = seat_row = QHBoxLayout()
        self.seat_button = QPushButton("")
        self.seat_button.setObjectName("seat")
        self.seat_button.clicked.connect(self._seat)
        seat_row.addWidget(self.seat_button)
        self.add_coplayer = QPushButton(translate("Betting", "+ Co-player"))
        self.add_coplayer.setObjectName("add-coplayer")
        self.add_coplayer.clicked.connect(self._add_coplayer)
        seat_row.addWidget(self.add_coplayer)
        who.addLayout(seat_row)
        who.addStretch(1)
        lay.addLayout(who, 3)
        self._columns = lay
        self._crowded = False
        # what: target and chips
        what = QVBoxLayout()
        targets = QHBoxLayout()
        self.target_buttons = {}
        for key, side in TARGETS:
            text = {"main": translate("Betting", "Box"), "twins": "Twins",
                    "bust": "Bust"}[key]
            b = QPushButton(text)
            b.setObjectName(f"target-{key}")
            b.setCheckable(True)
            b.clicked.connect(lambda _=False, side=side: self._pick_target(side))
            targets.addWidget(b)
            self.target_buttons[side] = b
        what.addLayout(targets)
        chip_row = QHBoxLayout()
        chip_row.setSpacing(metrics.gap)
        self.chip_buttons = {}
        for c in self.chips:
            b = QPushButton(money(c))
            b.setObjectName(f"chip-{money(c)}")
            b.setProperty("role", "chip")
            b.clicked.connect(lambda _=False, c=c: self._chip(c))
            chip_row.addWidget(b)
            self.chip_buttons[c] = b
        chip_row.addStretch(1)
        what.addLayout(chip_row)
        undo_row = QHBoxLayout()
        self.take_back = QPushButton(translate("Betting", "Last chip back"))
        self.take_back.setObjectName("take-back")
        self.take_back.clicked.connect(self._withdraw)
        undo_row.addWidget(self.take_back)
        self.clear_button = QPushButton(translate("Betting", "Clear box"))
        self.clear_button.setObjectName("clear-box")
        self.clear_button.clicked.connect(lambda: self._clear(self.box))
        undo_row.addWidget(self.clear_button)
        what.addLayout(undo_row)
        what.addStretch(1)
        lay.addLayout(what, 4)
        # next: the deal
        nxt = QVBoxLayout()
        self.hint = QLabel(translate("Betting", "Deal the first card from the shoe to close "
                                               "betting."))
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {theme.MUTED};")
        nxt.addWidget(self.hint)
        key = QPushButton(translate("Betting", "Key in card"))
        key.setObjectName("keypad")
        key.clicked.connect(self.keypad_wanted.emit)
        nxt.addWidget(key)
        nxt.addStretch(1)
        lay.addLayout(nxt, 2)

    # -- state from the view -------------------------------------------------------------------

    def render(self, view) -> None:
        self._view = view
        self.hint.setText(translate("Betting", "Deal the first card from the shoe to close "
                                               "betting.") if view.table_open else
                          translate("Betting", "The table is closed: a supervisor opens it."))
        if self.box is None or self.box > len(view.boxes):
            self.select_box(1)
            return
        box = view.boxes[self.box - 1]
        self.box_title.setText(translate("Betting", "Box %1").replace("%1", str(box.number)))
        players = self._players(box)
        if self.player not in players:
            self.player = players[0] if players else None
        clear(self.players)
        self._crowd(len(players) > 4)
        per_row = 3 if len(players) > 4 else 2
        for c in range(3):
            self.players.setColumnStretch(c, 1 if c < per_row else 0)
        for i, p in enumerate(players):
            b = QPushButton(player_label(p))
            b.setObjectName(f"player-{p}")
            b.setCheckable(True)
            b.setChecked(p == self.player)
            b.clicked.connect(lambda _=False, p=p: self._pick_player(p))
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.players.addWidget(b, i // per_row, i % per_row)
            b.ensurePolished()
            b.setMinimumWidth(b.sizeHint().width())  # the column widens to the names
        seated = box.seated
        self.seat_button.setText(translate("Betting", "Seat leaves") if seated
                                 else translate("Betting", "Player takes the seat"))
        self._pick_target(self.target, redraw=False)
        offered = set(view.side_bets)
        for side, b in self.target_buttons.items():
            b.setVisible(side is None or side in offered)
        can_bet = view.choices.bet and self.player is not None
        for chip, b in self.chip_buttons.items():
            b.setEnabled(can_bet)
            b.setVisible(chip % view.limits[0] == 0)  # a stake is a multiple of the minimum
        self.take_back.setEnabled(can_bet and self._has_stake(box))
        self.clear_button.setEnabled(view.choices.bet and box.number in view.choices.clear)
        self.selection_changed.emit()  # the felt marks the stake the chips go to

    def _crowd(self, crowded: bool) -> None:
        """More than four players on the box: three to a row (nine in three rows), the seat's
        buttons beside the box's name above them."""
        if crowded == self._crowded:
            return
        self._crowded = crowded
        was, to = (self.seat_row, self.head_row) if crowded else (self.head_row, self.seat_row)
        for b in (self.seat_button, self.add_coplayer):
            was.removeWidget(b)
            to.addWidget(b)
        # the wider players' column takes its room from the deal's hint, not from these
        for b in (self.seat_button, self.add_coplayer, self.take_back, self.clear_button):
            b.ensurePolished()
            b.setMinimumWidth(b.sizeHint().width() if crowded else 0)

    def select_box(self, number: int) -> None:
        if self.box != number:
            self.box = number
            self.player = None
            self.target = None
        if self._view is not None:
            self.render(self._view)

    def _players(self, box) -> list[str]:
        out = []
        if box.seated:
            out.append(box.seated)
        for p in (box.owner, *box.coplayers):
            if p and p not in out and self._stakes_on(box, p):
                out.append(p)
        if self._new_coplayer and self._new_coplayer not in out:
            out.append(self._new_coplayer)
        return out

    @staticmethod
    def _stakes_on(box, player) -> bool:
        return any(s.player == player for h in box.hands for s in h.stakes) or \
            any(s.player == player for s in box.twins + box.bust)

    def _has_stake(self, box) -> bool:
        pool = {None: box.hands[0].stakes if box.hands else (), "twins": box.twins,
                "bust": box.bust}[self.target]
        return any(s.player == self.player for s in pool)

    # -- touches -------------------------------------------------------------------------------

    @property
    def picked(self) -> tuple:
        """The (box, player, side) the chips go to."""
        return (self.box, self.player, self.target)

    def pick_stake(self, box: int, player: str, side: str | None) -> None:
        """A stake's tile on the felt: the chips go to it from now on."""
        side = side or None
        self.box, self.player, self.target = box, player, side
        for s, b in self.target_buttons.items():
            b.setChecked(s == side)
        self.box_selected.emit(box)
        self.render(self._view)

    def take_chip(self, box: int, player: str, side: str | None) -> None:
        """A tile's "−": the player's last chip on that stake off."""
        self.bridge.act("take_chip", player, box, side or None)

    def clear(self, box: int | None) -> None:
        self._clear(box)

    def _clear(self, box: int | None) -> None:
        if box is not None:
            self.bridge.act("clear_box", box)

    def _pick_player(self, player: str) -> None:
        self.player = player
        self.render(self._view)

    def _pick_target(self, side: str | None, redraw: bool = True) -> None:
        self.target = side
        for s, b in self.target_buttons.items():
            b.setChecked(s == side)
        if redraw and self._view is not None:
            self.render(self._view)

    def _chip(self, amount: Decimal) -> None:
        if self.box is None or self.player is None:
            return
        if self.bridge.act("bet", self.player, self.box, str(amount), self.target) and \
                self.player == self._new_coplayer:
            self._new_coplayer = None  # he has a stake now: the view lists him

    def _withdraw(self) -> None:
        if self.box is not None and self.player is not None:
            self.bridge.act("take_chip", self.player, self.box, self.target)

    def _seat(self) -> None:
        box = self._view.boxes[self.box - 1]
        if box.seated:
            self.bridge.act("seat", self.box, None)
        else:
            self.bridge.act("seat", self.box, f"S{self.box}")
            self.player = f"S{self.box}"

    def _add_coplayer(self) -> None:
        """A new standing co-player, numbered after every player the table has seen."""
        known = {s.player for b in self._view.boxes for h in b.hands for s in h.stakes}
        known |= {s.player for b in self._view.boxes for s in b.twins + b.bust}
        numbers = [int(p[1:]) for p in known if p.startswith("C") and p[1:].isdigit()]
        self._new_coplayer = f"C{max(numbers, default=0) + 1}"
        self.player = self._new_coplayer
        self.render(self._view)
