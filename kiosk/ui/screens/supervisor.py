"""The supervisor's page: sign in with a PIN, then void the round, correct a card or a stake,
open or close the table, change the preset or the limits, start a new shoe.

Every act goes through the table service, which journals it naming the supervisor; a refusal
(a wrong PIN, the throttle's wait, a change while a round is unfinished) shows in the fault
banner like any other. Reasons are touched, never typed. Leaving the page signs the supervisor
out, and so does two minutes without a touch.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk.table.view import PRESET_NAMES
from kiosk.ui import theme
from kiosk.ui.text import BETS, REASONS, money, preset_name, replay_words, translate
from kiosk.ui.widgets.box import clear, player_label
from kiosk.ui.widgets.keypad import CardKeypad, PinKeypad

IDLE_MS = 120_000  # signed out after two minutes without a touch


def card_text(code: str) -> str:
    return theme.RANK_TEXT.get(code[0], code[0]) + theme.SUIT_SYMBOL.get(code[1], code[1])


def card_places(view, events) -> dict[int, str]:
    """Where each card event's card lies now, by its seq: "box 3, hand 2", "box 3" or "dealer".
    A card's place is found by its code among the hands and the dealer's cards, in the order
    the cards came; where the same code lies twice, each event takes the next place."""
    places: dict[str, list[str]] = {}
    for box in view.boxes:
        for hand in box.hands:
            where = (translate("Supervisor", "box %1, hand %2").replace("%1", str(box.number))
                     .replace("%2", str(hand.number)) if len(box.hands) > 1 else
                     translate("Supervisor", "box %1").replace("%1", str(box.number)))
            for code in hand.cards:
                places.setdefault(code, []).append(where)
    for code in view.dealer.cards:
        places.setdefault(code, []).append(translate("Supervisor", "dealer"))
    out = {}
    for seq, kind, data in events:
        if kind == "card":
            free = places.get(data["card"], [])
            out[seq] = free.pop(0) if free else translate("Supervisor", "face down")
    return out


def describe(kind: str, data: dict, where: str = "") -> str:
    """A correctable event in a supervisor's words."""
    if kind == "card":
        text = translate("Supervisor", "Card %1").replace("%1", card_text(data["card"]))
        return f"{text}\n{where}" if where else text
    if kind == "bet":
        what = translate("Bet", BETS[data.get("side") or "main"])
        return translate("Supervisor", "%2, box %3, %1: %4").replace("%1", what).replace(
            "%2", player_label(data["player"])).replace("%3", str(data["box"])).replace(
            "%4", money(data["amount"]))
    return replay_words(kind, data)  # any other event as the replay says it


class SupervisorPage(QWidget):
    """`left` when the supervisor is done (signed out)."""

    left = Signal()
    signed_in = Signal()

    def __init__(self, bridge, metrics, chips, limit_tiers, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("supervisor")
        self.bridge = bridge
        self.metrics = metrics
        self.chips = tuple(Decimal(c) for c in chips)
        self.limit_tiers = tuple((Decimal(lo), Decimal(hi)) for lo, hi in limit_tiers)
        self._view = None
        self.name: str | None = None  # chosen on the sign-in page
        self._pending = None  # the act waiting for its reason: a function of the reason
        self._target: tuple[int, str, dict] | None = None  # the event being corrected
        self._amount = Decimal(0)
        self._preset: str | None = None
        self._limits: tuple[Decimal, Decimal] | None = None
        self.idle = QTimer(self)
        self.idle.setSingleShot(True)
        self.idle.setInterval(IDLE_MS)
        self.idle.timeout.connect(self.leave)

        lay = QVBoxLayout(self)
        lay.setSpacing(metrics.mm(2))
        head = QHBoxLayout()
        self.title = QLabel("")
        self.title.setObjectName("supervisor-title")
        self.title.setStyleSheet(f"font-size: {metrics.font_px(4.5)}px; font-weight: bold;")
        head.addWidget(self.title, 1)
        self.back = QPushButton(translate("Supervisor", "Back to the table"))
        self.back.setObjectName("supervisor-back")
        self.back.clicked.connect(self.leave)
        head.addWidget(self.back)
        lay.addLayout(head)
        self.note = QLabel("")
        self.note.setObjectName("supervisor-note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color: {theme.MUTED};")
        lay.addWidget(self.note)
        self.done = QLabel("")  # what the last act did, until the next touch
        self.done.setObjectName("supervisor-done")
        self.done.setWordWrap(True)
        self.done.setStyleSheet(f"color: {theme.GOOD}; font-weight: bold; "
                                f"font-size: {metrics.font_px(3.6)}px;")
        lay.addWidget(self.done)
        self.stack = QStackedWidget()
        lay.addWidget(self.stack, 1)
        self._build_sign_in()
        self._build_menu()
        self._build_reasons()
        self._build_pick()
        self._build_card()
        self._build_stake()
        self._build_table()

    # -- pages ---------------------------------------------------------------------------------

    def _page(self, name: str) -> tuple[QWidget, QVBoxLayout]:
        page = QWidget()
        page.setObjectName(f"supervisor-{name}")
        lay = QVBoxLayout(page)
        lay.setSpacing(self.metrics.mm(2))
        self.stack.addWidget(page)
        return page, lay

    def _button(self, text: str, name: str, slot, role: str | None = None) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        if role:
            b.setProperty("role", role)
        b.setMinimumWidth(self.metrics.mm(40))
        b.clicked.connect(lambda _=False: (self.idle.start(), self.done.setText(""), slot()))
        return b

    def _build_sign_in(self) -> None:
        self.sign_in_page, lay = self._page("sign-in")
        row = QHBoxLayout()
        row.setSpacing(self.metrics.mm(4))
        left = QVBoxLayout()
        left.addWidget(QLabel(translate("Supervisor", "Who signs in?")))
        self.names = QVBoxLayout()
        left.addLayout(self.names)
        left.addStretch(1)
        row.addLayout(left, 1)
        self.pin = PinKeypad(self.metrics)
        self.pin.entered.connect(self._pin_entered)
        row.addWidget(self.pin, 1)
        lay.addLayout(row)

    def _build_menu(self) -> None:
        self.menu, lay = self._page("menu")
        grid = QGridLayout()
        grid.setSpacing(self.metrics.mm(3))
        self.void_button = self._button(translate("Supervisor", "Void the round"), "void",
                                        self._ask_void, "danger")
        self.correct_button = self._button(translate("Supervisor", "Correct a card or stake"),
                                           "correct", self._ask_correction)
        self.table_button = self._button(translate("Supervisor", "Preset and limits"),
                                         "change-table", self._ask_table)
        self.shoe_button = self._button(translate("Supervisor", "New shoe"), "new-shoe",
                                        self._ask_new_shoe)
        self.open_button = self._button(translate("Supervisor", "Close the table"),
                                        "open-close", self._open_or_close)
        self.sign_out = self._button(translate("Supervisor", "Sign out"), "sign-out",
                                     self.leave)
        for i, b in enumerate((self.void_button, self.correct_button, self.table_button,
                               self.shoe_button, self.open_button, self.sign_out)):
            b.setMinimumHeight(self.metrics.main)
            grid.addWidget(b, i // 3, i % 3)
        lay.addLayout(grid)
        lay.addStretch(1)

    def _build_reasons(self) -> None:
        self.reasons, lay = self._page("reasons")
        self.reason_title = QLabel("")
        self.reason_title.setObjectName("reason-title")
        self.reason_title.setStyleSheet(f"font-size: {self.metrics.font_px(3.6)}px;")
        lay.addWidget(self.reason_title)
        grid = QGridLayout()
        grid.setSpacing(self.metrics.mm(3))
        for i, reason in enumerate(REASONS):
            b = self._button(translate("Reason", reason), f"reason-{i}",
                             lambda r=reason: self._reason(translate("Reason", r)))
            grid.addWidget(b, i // 3, i % 3)
        lay.addLayout(grid)
        lay.addWidget(self._button(translate("Supervisor", "Cancel"), "reason-cancel",
                                   self._to_menu))
        lay.addStretch(1)

    def _build_pick(self) -> None:
        self.pick, lay = self._page("pick")
        lay.addWidget(QLabel(translate("Supervisor", "Which card or stake is wrong?")))
        self.events = QGridLayout()
        self.events.setSpacing(self.metrics.gap)
        lay.addLayout(self.events)
        lay.addWidget(self._button(translate("Supervisor", "Cancel"), "pick-cancel",
                                   self._to_menu))
        lay.addStretch(1)

    def _build_card(self) -> None:
        self.card_page, lay = self._page("card")
        self.card_title = QLabel("")
        lay.addWidget(self.card_title)
        self.card_keys = CardKeypad(self.metrics, prefix="fix-")
        self.card_keys.card.connect(self._card_chosen)
        self.card_keys.closed.connect(self._to_menu)
        lay.addWidget(self.card_keys)
        lay.addStretch(1)

    def _build_stake(self) -> None:
        self.stake_page, lay = self._page("stake")
        self.stake_title = QLabel("")
        self.stake_title.setObjectName("stake-title")
        self.stake_title.setStyleSheet(f"font-size: {self.metrics.font_px(3.6)}px;")
        lay.addWidget(self.stake_title)
        chips = QHBoxLayout()
        chips.setSpacing(self.metrics.gap)
        self.stake_chips = {}
        for chip in self.chips:
            b = self._button(money(chip), f"stake-chip-{chip}", lambda c=chip: self._add(c),
                             "chip")
            b.setMinimumWidth(self.metrics.mm(14))
            chips.addWidget(b)
            self.stake_chips[chip] = b
        chips.addStretch(1)
        lay.addLayout(chips)
        row = QHBoxLayout()
        for b in (self._button(translate("Supervisor", "Clear"), "stake-clear",
                               lambda: self._add(None)),
                  self._button(translate("Supervisor", "Strike this stake"), "stake-strike",
                               self._strike, "danger"),
                  self._button(translate("Supervisor", "Cancel"), "stake-cancel", self._to_menu),
                  self._button(translate("Supervisor", "Take this stake"), "stake-ok",
                               self._stake_chosen, "main")):
            row.addWidget(b)
        self.stake_ok = b
        lay.addLayout(row)
        lay.addStretch(1)

    def _build_table(self) -> None:
        self.table_page, lay = self._page("table")
        lay.addWidget(QLabel(translate("Supervisor", "Preset")))
        presets = QHBoxLayout()
        self.preset_buttons = {}
        for p in PRESET_NAMES:
            b = self._button(preset_name(p), f"preset-{p}", lambda p=p: self._pick_preset(p))
            b.setCheckable(True)
            presets.addWidget(b)
            self.preset_buttons[p] = b
        lay.addLayout(presets)
        lay.addWidget(QLabel(translate("Supervisor", "Limits (minimum - box maximum)")))
        tiers = QHBoxLayout()
        self.limit_buttons = {}
        for lo, hi in self.limit_tiers:
            b = self._button(f"{money(lo)} - {money(hi)}", f"limits-{lo}-{hi}",
                             lambda t=(lo, hi): self._pick_limits(t))
            b.setCheckable(True)
            tiers.addWidget(b)
            self.limit_buttons[(lo, hi)] = b
        lay.addLayout(tiers)
        row = QHBoxLayout()
        row.addWidget(self._button(translate("Supervisor", "Cancel"), "table-cancel",
                                   self._to_menu))
        self.apply_table = self._button(translate("Supervisor", "From the next round on"),
                                        "table-apply", self._apply_table, "main")
        row.addWidget(self.apply_table)
        lay.addLayout(row)
        lay.addStretch(1)

    # -- rendering -----------------------------------------------------------------------------

    def enter(self, view) -> None:
        """Shown: the sign-in, or the menu if the supervisor is signed in already."""
        self.idle.start()
        self.pin.clear()
        self.stack.setCurrentWidget(self.menu if view.supervisor else self.sign_in_page)
        self.render(view)

    def render(self, view) -> None:
        self._view = view
        if view.supervisor is None and self.stack.currentWidget() is not self.sign_in_page:
            self.stack.setCurrentWidget(self.sign_in_page)  # signed out by the service
        signed = view.supervisor
        self.title.setText(translate("Supervisor", "Supervisor: %1").replace("%1", signed)
                           if signed else translate("Supervisor", "Supervisor sign-in"))
        clear(self.names)
        for name in view.supervisors:
            b = QPushButton(name)
            b.setObjectName(f"who-{name}")
            b.setCheckable(True)
            b.setChecked(name == self.name)
            b.clicked.connect(lambda _=False, n=name: self._pick_name(n))
            self.names.addWidget(b)
            b.show()
        if len(view.supervisors) == 1 and self.name is None:
            self._pick_name(view.supervisors[0])
        c = view.choices
        round_unfinished = not c.between_rounds
        self.void_button.setEnabled(c.void)
        self.correct_button.setEnabled(c.void and bool(self.bridge.correctable()))
        self.table_button.setEnabled(c.between_rounds)
        self.shoe_button.setEnabled(c.between_rounds)
        self.open_button.setText(translate("Supervisor", "Close the table") if view.table_open
                                 else translate("Supervisor", "Open the table"))
        self.open_button.setEnabled(c.between_rounds or not view.table_open)
        state = [translate("Supervisor", "%1, limits %2 - %3").replace(
            "%1", preset_name(view.preset)).replace("%2", money(view.limits[0])).replace(
            "%3", money(view.limits[1]))]
        if not view.table_open:
            state.append(translate("Supervisor", "The table is closed."))
        if round_unfinished and view.round_id is not None:
            state.append(translate("Supervisor", "Round %1 is in play: the preset, the limits "
                                   "and the shoe change once it is paid or void.").replace(
                "%1", str(view.round_id)))
        self.note.setText("  ".join(state))

    # -- sign-in -------------------------------------------------------------------------------

    def _pick_name(self, name: str) -> None:
        self.idle.start()
        self.name = name
        for i in range(self.names.count()):
            w = self.names.itemAt(i).widget()
            if w is not None:
                w.setChecked(w.text() == name)

    def _pin_entered(self, pin: str) -> None:
        self.idle.start()
        if self.name is None:
            return
        if self.bridge.act("sign_in", self.name, pin):
            self._to_menu()
            self.signed_in.emit()

    def leave(self) -> None:
        """Sign out (if signed in) and go back to the table."""
        self.idle.stop()
        self._pending = None
        if self._view is not None and self._view.supervisor:
            self.bridge.act("sign_out")
        self.left.emit()

    def _to_menu(self) -> None:
        self._pending = None
        self._target = None
        self.card_keys.reset()
        self.stack.setCurrentWidget(self.menu if self._view and self._view.supervisor
                                    else self.sign_in_page)
        if self._view is not None:
            self.render(self.bridge.view())

    # -- acts ----------------------------------------------------------------------------------

    def _ask_reason(self, title: str, act, done: str = "") -> None:
        """`act(reason)` once a reason is touched; `done` says what happened if it went
        through (a refusal says why in the banner instead)."""
        self._pending = (act, done)
        self.reason_title.setText(title)
        self.stack.setCurrentWidget(self.reasons)

    def _reason(self, reason: str) -> None:
        pending, self._pending = self._pending, None
        self._to_menu()
        if pending is not None:
            act, done = pending
            if act(reason) and done:
                self.done.setText("\u2713 " + done)

    def _ask_void(self) -> None:
        who = self._view.supervisor
        self._ask_reason(translate("Supervisor", "Void round %1: why?").replace(
            "%1", str(self._view.round_id)),
            lambda reason: self.bridge.act("void", who, reason),
            translate("Supervisor", "Round %1 voided.").replace("%1", str(self._view.round_id)))

    def _ask_new_shoe(self) -> None:
        who = self._view.supervisor
        self._ask_reason(translate("Supervisor", "New shoe: why?"),
                         lambda reason: self.bridge.act("new_shoe", who, reason))

    def _open_or_close(self) -> None:
        who = self._view.supervisor
        self.bridge.act("close_table" if self._view.table_open else "open_table", who)
        self.render(self.bridge.view())

    def _ask_correction(self) -> None:
        clear(self.events)
        fixable = [(seq, kind, data) for seq, kind, data in self.bridge.correctable()
                   if kind in ("card", "bet")]
        places = card_places(self.bridge.view(), fixable)
        for i, (seq, kind, data) in enumerate(fixable):
            b = self._button(describe(kind, data, places.get(seq, "")), f"fix-{seq}",
                             lambda t=(seq, kind, data): self._pick_event(t))
            if "\n" in b.text():  # two lines: the card and where it lies
                b.setStyleSheet(f"QPushButton {{ min-height: {self.metrics.mm(11)}px; }}")
            self.events.addWidget(b, i // 3, i % 3)
            b.show()
        self.stack.setCurrentWidget(self.pick)

    def _pick_event(self, target) -> None:
        self._target = target
        seq, kind, data = target
        if kind == "card":
            self.card_title.setText(translate("Supervisor", "%1 is really:").replace(
                "%1", describe(kind, data)))  # "Card 8♣ is correct:" reads ambiguously
            self.card_keys.reset()
            self.stack.setCurrentWidget(self.card_page)
        else:
            self._amount = Decimal(0)
            lo = Decimal(self._view.limits[0])
            for chip, b in self.stake_chips.items():
                b.setVisible(chip % lo == 0)  # a chip the stake could not be made of: not offered
            self._show_amount()
            self.stack.setCurrentWidget(self.stake_page)

    def _card_chosen(self, code: str) -> None:
        seq, _, data = self._target
        replacement = {**data, "card": code, "source": "manual"}
        self._correct(seq, replacement, translate("Supervisor", "Card %1 becomes %2").replace(
            "%1", card_text(data["card"])).replace("%2", card_text(code)))

    def _add(self, chip: Decimal | None) -> None:
        self._amount = Decimal(0) if chip is None else self._amount + chip
        self._show_amount()

    def _show_amount(self) -> None:
        _, kind, data = self._target
        self.stake_title.setText(translate("Supervisor", "%1 becomes %2").replace(
            "%1", describe(kind, data)).replace("%2", money(self._amount)))
        lo, hi = (Decimal(x) for x in self._view.limits)
        # only what the table takes: a multiple of the minimum, at most the box maximum
        self.stake_ok.setEnabled(0 < self._amount <= hi and self._amount % lo == 0)

    def _stake_chosen(self) -> None:
        seq, kind, data = self._target
        self._correct(seq, {**data, "amount": str(self._amount)}, self.stake_title.text())

    def _strike(self) -> None:
        seq, kind, data = self._target
        self._correct(seq, None, translate("Supervisor", "Strike %1").replace(
            "%1", describe(kind, data)))

    def _correct(self, seq: int, replacement, what: str) -> None:
        who = self._view.supervisor
        self._ask_reason(what + ": " + translate("Supervisor", "why?"),
                         lambda reason: self.bridge.act("correct", seq, replacement, who, reason),
                         translate("Supervisor", "Corrected: %1").replace("%1", what))

    def _ask_table(self) -> None:
        view = self._view
        self._pick_preset(view.preset)
        self._pick_limits(tuple(Decimal(x) for x in view.limits))
        self.stack.setCurrentWidget(self.table_page)

    def _pick_preset(self, preset: str) -> None:
        self._preset = preset
        for p, b in self.preset_buttons.items():
            b.setChecked(p == preset)

    def _pick_limits(self, tier) -> None:
        self._limits = tier
        for t, b in self.limit_buttons.items():
            b.setChecked(t == tier)

    def _apply_table(self) -> None:
        limits = tuple(str(x) for x in self._limits) if self._limits else None
        if self.bridge.act("change_table", self._view.supervisor, self._preset, limits):
            self._to_menu()
