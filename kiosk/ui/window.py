"""The kiosk's one window: the table's status on top, the faults under it, and the screen the
view's phase calls for (the felt with betting or play, or the settlement), redrawn after every
journaled event."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk.ui import theme
from kiosk.ui.screens.betting import BettingPanel
from kiosk.ui.screens.felt import Felt
from kiosk.ui.screens.play import PlayPanel
from kiosk.ui.screens.recall import RecallPage
from kiosk.ui.screens.settlement import SettlementPage
from kiosk.ui.screens.supervisor import SupervisorPage
from kiosk.ui.text import SOURCE_STATES, SOURCES, money, preset_name, refusal, translate
from kiosk.ui.widgets.banner import FaultBanners
from kiosk.ui.widgets.keypad import CardKeypad

KEYPAD_MM = 84.0  # the card keypad's width beside the action panel
BELOW_MM = 60.0  # the action panel's height (and the keypad's beside it)
SETTLEMENT_AFTER_MS = 50  # the last card painted on the felt first, then the settlement
# faults after which the dealer goes on with the keypad
KEYPAD_FAULTS = ("lost", "silence", "misread", "checksum", "uncertain", "gap", "garbage")


@dataclass(frozen=True)
class TableSettings:
    """What the screen needs of the table's configuration."""

    chips: tuple[Decimal, ...] = (Decimal(5), Decimal(10), Decimal(20), Decimal(50), Decimal(100),
                                  Decimal(500))
    currency: str = "EUR"
    language: str = "de"
    supervisors: tuple = field(default=())  # (name, PIN hash) pairs
    exports: Path = Path("var/exports")  # where recall writes round records for disputes
    tap_guard_ms: int = 300  # a decision touch this soon after the active hand changed is ignored
    # the limits a supervisor may choose between rounds: (table minimum, box maximum)
    limit_tiers: tuple = ((Decimal(5), Decimal(500)), (Decimal(10), Decimal(1000)),
                          (Decimal(25), Decimal(2500)), (Decimal(50), Decimal(5000)),
                          (Decimal(100), Decimal(10000)))
    timezone: str = "Europe/Berlin"  # the table's clock: recall shows its times in it
    recall_without_pin: bool = False  # True: recall (not the shift report) opens without PIN


class StatusBar(QWidget):
    def __init__(self, metrics, currency: str, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("status")
        self.currency = currency
        row = QHBoxLayout(self)
        row.setContentsMargins(metrics.mm(2), 0, metrics.mm(2), 0)
        row.setSpacing(metrics.mm(5))
        self.table = QLabel("")
        self.table.setObjectName("table-name")
        self.table.setStyleSheet(f"font-weight: bold; font-size: {metrics.font_px(3.6)}px;")
        self.round = QLabel("")
        self.round.setObjectName("round")
        self.shoe = QLabel("")
        self.shoe.setObjectName("shoe")
        self.source = QLabel("")
        self.source.setObjectName("source")
        self.pit = QLabel("")  # the pit's copy of the journal; empty where nothing ships it
        self.pit.setObjectName("pit")
        for w in (self.table, self.round, self.shoe, self.source, self.pit):
            row.addWidget(w)
        row.addStretch(1)
        self.closed = QLabel("")
        self.closed.setObjectName("table-closed")
        self.closed.setStyleSheet(f"color: {theme.BAD}; font-weight: bold;")
        row.addWidget(self.closed)
        self.extra = QHBoxLayout()  # buttons the supervisor's and recall screens add
        row.addLayout(self.extra)
        self.setFixedHeight(metrics.target + metrics.mm(2))

    def render(self, view) -> None:
        lo, hi = view.limits
        self.table.setText(f"{view.table} · {preset_name(view.preset)} · {money(lo)}–"
                           f"{money(hi)} {self.currency}")
        self.closed.setText("" if view.table_open else translate("Status", "TABLE CLOSED"))
        self.round.setText(translate("Status", "Round %1").replace("%1", str(view.round_id))
                           if view.round_id else "")
        shoe = view.shoe
        if shoe is None:
            self.shoe.setText(translate("Status", "no shoe"))
        elif shoe.cut_card_out:
            self.shoe.setText(translate("Status", "CUT CARD OUT: last round of this shoe"))
            theme.restyle(self.shoe, f"color: {theme.ACCENT}; font-weight: bold;")
        else:
            self.shoe.setText(translate("Status", "Shoe %1: %2 cards left")
                              .replace("%1", str(shoe.number)).replace("%2", str(shoe.left)))
            theme.restyle(self.shoe, "")
        src = view.source
        kind = translate("Source", SOURCES.get(src.kind, src.kind))
        state = translate("Source", SOURCE_STATES.get(src.state, src.state))
        self.source.setText(f"{kind}: {state}")
        bad = src.state in ("lost", "silent")
        theme.restyle(self.source, f"color: {theme.BAD if bad else theme.GOOD}; "
                                   "font-weight: bold;")
        self.render_pit(view.pit)

    def render_pit(self, pit) -> None:
        self.pit.setVisible(pit is not None)
        if pit is None:
            self.pit.setText("")
            return
        since = ""
        if pit.since:
            from datetime import datetime

            since = datetime.fromisoformat(pit.since).astimezone().strftime("%H:%M")
        text = {"shipped": translate("Status", "Pit: up to date"),
                "behind": translate("Status", "Pit: %1 events behind"),
                "unreachable": translate("Status", "Pit unreachable since %2 (%1 events "
                                                   "waiting)"),
                "refused": translate("Status", "PIT REFUSED the journal since %2: call the "
                                               "supervisor")}.get(pit.state, pit.state)
        self.pit.setText(text.replace("%1", str(pit.behind)).replace("%2", since))
        good = pit.state in ("shipped", "behind")
        theme.restyle(self.pit, f"color: {theme.GOOD if good else theme.BAD};")


class MainWindow(QWidget):
    """Everything the dealer touches. `round_closed` after each confirmed payout."""

    round_closed = Signal()

    def __init__(self, bridge, feed, metrics, settings: TableSettings,
                 before_round=None, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("kiosk")
        self.bridge = bridge
        self.feed = feed
        self.metrics = metrics
        self.settings = settings
        self.before_round = before_round  # e.g. fill the mock shoe before the next round
        self.keypad_open = False
        self.supervising = False  # the supervisor's page is up: no round opens by itself
        self.recalling = False  # the recall page is up
        self._opening = False
        self._settling = False  # the settlement page is on its way (after the last card)
        self._settle_now = False
        self.setStyleSheet(theme.stylesheet(metrics))
        view = bridge.view()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(metrics.mm(2), metrics.mm(1.5), metrics.mm(2), metrics.mm(2))
        lay.setSpacing(metrics.mm(1.5))
        self.status = StatusBar(metrics, settings.currency)
        lay.addWidget(self.status)
        self.banners = FaultBanners(metrics)
        self.banners.acknowledged.connect(lambda seq: self.bridge.act("acknowledge", seq,
                                                                      "dealer"))
        self.banners.keypad_wanted.connect(self.show_keypad)
        lay.addWidget(self.banners)
        self.pages = QStackedWidget()
        lay.addWidget(self.pages, 1)
        # the felt with its action panels
        self.table_page = QWidget()
        tl = QVBoxLayout(self.table_page)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.setSpacing(metrics.mm(2))
        self.felt = Felt(metrics, len(view.boxes))
        self.felt.box_clicked.connect(self._box_clicked)
        self.felt.offer_taken.connect(self._take_offer)
        self.felt.line_paid.connect(lambda p, n, h, bet: self.bridge.act(
            "pay_line", p, n, h, bet, "dealer"))
        tl.addWidget(self.felt, 1)
        # the action panels, and the keypad beside them when the dealer keys cards in
        below = QHBoxLayout()
        below.setSpacing(metrics.mm(2))
        self.actions = QStackedWidget()
        self.actions.setObjectName("panel")
        self.betting = BettingPanel(bridge, metrics, settings.chips)
        # narrow paddings: beside the open keypad on a 1280 panel every name still fits
        self.betting.setStyleSheet(f"QPushButton {{ padding: 0 {metrics.mm(1)}px; }}")
        self.play = PlayPanel(bridge, metrics, settings.tap_guard_ms)
        for panel in (self.betting, self.play):
            self.actions.addWidget(panel)
        # one fixed height for the panel and the keypad: opening the keypad moves no box
        self.actions.setFixedHeight(metrics.mm(BELOW_MM))
        below.addWidget(self.actions, 3)
        self.keypad = CardKeypad(metrics)
        self.keypad.card.connect(self._key_in)
        self.keypad.closed.connect(self._close_keypad)
        self.keypad_frame = QStackedWidget()
        self.keypad_frame.setObjectName("panel")
        self.keypad_frame.addWidget(self.keypad)
        self.keypad_frame.hide()
        # a fixed width: the action panel beside it keeps as much room as it can
        self.keypad_frame.setFixedWidth(metrics.mm(KEYPAD_MM))
        self.keypad_frame.setFixedHeight(metrics.mm(BELOW_MM))
        below.addWidget(self.keypad_frame)
        self.betting.keypad_wanted.connect(self.show_keypad)
        self.betting.box_selected.connect(lambda n: self._draw_betting_felt())
        self.betting.selection_changed.connect(self._draw_betting_felt)
        self.felt.stake_picked.connect(self.betting.pick_stake)
        self.felt.chip_off.connect(self.betting.take_chip)
        self.felt.cleared.connect(self.betting.clear)
        # a paid-at-once button that takes an offer's place ignores the same finger's
        # second tap, on the play panel's guard and clock
        self.felt.set_guard(lambda: self.play.clock(), self.play.guard_ms)
        self.play.keypad_wanted.connect(self.show_keypad)
        tl.addLayout(below)
        self.pages.addWidget(self.table_page)
        self.settlement = SettlementPage(bridge, metrics, settings.chips, settings.currency)
        self.settlement.paid.connect(self._after_payout)
        self.pages.addWidget(self.settlement)
        self.supervisor = SupervisorPage(bridge, metrics, settings.chips, settings.limit_tiers)
        self.supervisor.left.connect(self._leave_supervisor)
        self.supervisor.signed_in.connect(self._signed_in)
        self._after_sign_in = None  # what the PIN was asked for (recall, the shift report)
        self.pages.addWidget(self.supervisor)
        self.recall = RecallPage(bridge, metrics, settings.currency, len(view.boxes),
                                 settings.exports, settings.timezone)
        self.recall.left.connect(self._leave_recall)
        self.recall.shift_wanted.connect(self.open_shift_report)
        self.pages.addWidget(self.recall)
        self.recall_button = QPushButton(translate("Status", "Recall"))
        self.recall_button.setObjectName("open-recall")
        self.recall_button.setMinimumWidth(metrics.mm(28))
        self.recall_button.clicked.connect(self.open_recall)
        self.status.extra.addWidget(self.recall_button)
        self.supervisor_button = QPushButton(translate("Status", "Supervisor"))
        self.supervisor_button.setObjectName("open-supervisor")
        self.supervisor_button.setMinimumWidth(metrics.mm(28))
        self.supervisor_button.clicked.connect(self.open_supervisor)
        self.status.extra.addWidget(self.supervisor_button)
        bridge.changed.connect(self.render)
        self.pit_timer = QTimer(self)  # the shipper works beside the table: look every 5 s
        self.pit_timer.timeout.connect(lambda: self.status.render_pit(bridge.view().pit))
        self.pit_timer.start(5000)
        bridge.refused.connect(lambda code, msg, params:
                               self.banners.refuse(refusal(code, msg, params)))
        bridge.halted.connect(self.banners.refuse)
        self.render(view)

    # -- rendering -----------------------------------------------------------------------------

    def render(self, view) -> None:
        self.status.render(view)
        self.banners.render(view.faults, len(view.held))
        if view.halted:
            self.banners.refuse(view.halted)
        if self.supervising:
            self.supervisor.render(view)
            self.pages.setCurrentWidget(self.supervisor)
            return
        if self.recalling:
            self.recall.render_live(view)
            self.pages.setCurrentWidget(self.recall)
            return
        if view.phase == "closed" and view.choices.open_round:
            self._open_next_round()
        if view.settlement is not None and view.phase in ("dealer", "settled"):
            if self.pages.currentWidget() is not self.settlement and not self._settle_now:
                # the dealer's last card reaches the felt within a frame; the settlement,
                # a page of many widgets, follows once that frame is painted
                if not self._settling:
                    self.felt.render(view, None, offers=True)
                    self._settling = True
                    QTimer.singleShot(SETTLEMENT_AFTER_MS, self._show_settlement)
                return
            self.settlement.render(view)
            self.pages.setCurrentWidget(self.settlement)
            return
        self.pages.setCurrentWidget(self.table_page)
        betting = view.phase in ("betting", "closed")
        if betting:
            self.betting.render(view)  # first: it settles whose stake the chips go to
        self.felt.render(view, self.betting.box if betting else None, offers=not betting,
                         picked=self.betting.picked if betting else None)
        wants_keypad = self.keypad_open or view.source.state in ("lost", "silent") or any(
            f.kind in KEYPAD_FAULTS for f in view.faults)
        keypad = wants_keypad and view.phase != "closed"
        self.keypad_frame.setVisible(keypad)
        for panel in (self.betting, self.play):  # their "Key in card" while it is not open
            button = panel.findChild(QPushButton, "keypad")
            if button is not None:
                button.setVisible(not keypad)
        if betting:
            self.actions.setCurrentWidget(self.betting)
        else:
            self.play.render(view)
            self.actions.setCurrentWidget(self.play)

    def _show_settlement(self) -> None:
        self._settling = False
        self._settle_now = True
        try:
            self.render(self.bridge.view())
        finally:
            self._settle_now = False

    def follow_open(self) -> bool:
        """The co-players are being asked whether they follow a double or split."""
        return self.play.stack.currentWidget() is self.play.follow

    # -- touches -------------------------------------------------------------------------------

    def open_supervisor(self) -> None:
        """The supervisor's page: PIN first. While it is up no new round opens, so the
        between-rounds acts stay possible after a payout."""
        self._after_sign_in = None
        self._ask_pin()

    def _ask_pin(self) -> None:
        self.supervising = True
        self.recalling = False
        self.keypad_open = False
        self.supervisor.enter(self.bridge.view())
        self.render(self.bridge.view())

    def open_recall(self) -> None:
        """Game recall: the last ten rounds, replay, export, the shift report. The
        supervisor's PIN first, unless the table's configuration lets recall open without."""
        if self.settings.recall_without_pin or self.bridge.view().supervisor:
            self._show_recall(self.recall.show_list)
        else:
            self._after_sign_in = lambda: self._show_recall(self.recall.show_list)
            self._ask_pin()

    def open_shift_report(self) -> None:
        """The shift report (drop, hold) always takes the supervisor's PIN."""
        if self.bridge.view().supervisor:
            self._show_recall(self.recall.show_shift)
        else:
            self._after_sign_in = lambda: self._show_recall(self.recall.show_shift)
            self._ask_pin()

    def _show_recall(self, page) -> None:
        self.recalling = True
        self.supervising = False
        self.supervisor.idle.stop()
        page()
        self.render(self.bridge.view())

    def _signed_in(self) -> None:
        then, self._after_sign_in = self._after_sign_in, None
        if then is not None:
            then()

    def _leave_recall(self) -> None:
        self.recalling = False
        if self.bridge.view().supervisor:  # signed in for recall: signed out when it closes
            self.bridge.act("sign_out")
        self.render(self.bridge.view())

    def _take_offer(self, kind: str, player: str, box: int) -> None:
        if kind == "even_money":
            self.bridge.act("even_money", player, box)
        else:
            self.bridge.act("insure", player, box, 1)

    def _leave_supervisor(self) -> None:
        self.supervising = False
        self._after_sign_in = None
        self.render(self.bridge.view())

    def _box_clicked(self, number: int) -> None:
        if self.bridge.view().phase == "betting":
            self.betting.select_box(number)
            self._draw_betting_felt()

    def _draw_betting_felt(self) -> None:
        view = self.bridge.view()
        if view.phase in ("betting", "closed") and not (self.supervising or self.recalling):
            self.felt.render(view, self.betting.box, offers=False, picked=self.betting.picked)

    def show_keypad(self) -> None:
        self.keypad_open = True
        self.render(self.bridge.view())

    def _close_keypad(self) -> None:
        self.keypad_open = False
        self.keypad.reset()
        self.render(self.bridge.view())

    def _key_in(self, code: str) -> None:
        self.feed.key_in(code)

    def _after_payout(self) -> None:
        self.round_closed.emit()

    def _open_next_round(self) -> None:
        """The table is always in a round: once one is paid, the next opens for betting with
        the same seats (later, not inside the redraw the payout caused)."""
        if self._opening:
            return
        self._opening = True

        def go() -> None:
            self._opening = False
            view = self.bridge.view()
            if view.phase != "closed" or not view.choices.open_round or self.supervising:
                return
            if self.before_round is not None:
                self.before_round(view.round_id or 0)
            self.bridge.act("open_round")
        QTimer.singleShot(0, go)
