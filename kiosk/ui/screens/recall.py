"""Game recall: the table's last ten rounds one touch away; any of them replayed step by step,
the felt as it stood after each event (the hole card face down until it was turned) and the
settlement at the end; the round record exported for a dispute file; the shift report.

Recall reads the journal and never stops the table: cards that arrive meanwhile are journaled
as always, and a notice says a round is in play.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk.table.errors import GameError
from kiosk.ui import theme
from kiosk.ui.screens.felt import Felt
from kiosk.ui.text import money, replay_words, translate
from kiosk.ui.widgets.box import clear, player_label

STATUS = {"settled": QT_TRANSLATE_NOOP("Recall", "settled"),
          "void": QT_TRANSLATE_NOOP("Recall", "void"),
          "open": QT_TRANSLATE_NOOP("Recall", "in play")}


class RecallPage(QWidget):
    """`left` when the dealer or supervisor goes back to the live table."""

    left = Signal()
    shift_wanted = Signal()  # the shift report: the window asks for the supervisor's PIN

    def __init__(self, bridge, metrics, currency: str, boxes: int, exports: Path,
                 timezone: str = "Europe/Berlin", parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("recall")
        self.bridge = bridge
        self.metrics = metrics
        self.currency = currency
        self.exports = Path(exports)
        self.zone = ZoneInfo(timezone)
        self.steps = ()
        self.step = 0
        self.round_id: int | None = None
        lay = QVBoxLayout(self)
        lay.setSpacing(metrics.mm(2))
        head = QHBoxLayout()
        self.title = QLabel("")
        self.title.setObjectName("recall-title")
        self.title.setStyleSheet(f"font-size: {metrics.font_px(4.5)}px; font-weight: bold;")
        head.addWidget(self.title, 1)
        self.live = QLabel("")
        self.live.setObjectName("recall-live")
        self.live.setStyleSheet(f"color: {theme.ACCENT}; font-weight: bold;")
        head.addWidget(self.live)
        for text, name, slot in ((translate("Recall", "Last rounds"), "recall-list",
                                  self.show_list),
                                 (translate("Recall", "Shift report"), "recall-shift",
                                  self.shift_wanted.emit),
                                 (translate("Recall", "Back to the table"), "recall-back",
                                  self.left.emit)):
            b = QPushButton(text)
            b.setObjectName(name)
            b.clicked.connect(slot)
            head.addWidget(b)
        lay.addLayout(head)
        self.stack = QStackedWidget()
        lay.addWidget(self.stack, 1)
        # the list of rounds
        self.list_page = QWidget()
        self.rows = QVBoxLayout(self.list_page)
        self.rows.setSpacing(metrics.gap)
        self.stack.addWidget(self.list_page)
        # one round, step by step
        self.replay_page = QWidget()
        rl = QVBoxLayout(self.replay_page)
        rl.setSpacing(metrics.mm(2))
        self.felt = Felt(metrics, boxes)
        rl.addWidget(self.felt, 3)
        self.words = QLabel("")
        self.words.setObjectName("step-words")
        self.words.setWordWrap(True)
        self.words.setStyleSheet(f"font-size: {metrics.font_px(3.6)}px;")
        rl.addWidget(self.words)
        nav = QGridLayout()
        nav.setSpacing(metrics.gap)
        self.nav = {}
        for i, (key, text) in enumerate((("first", "|<"), ("back", translate("Recall", "< Step")),
                                         ("next", translate("Recall", "Step >")),
                                         ("last", ">|"),
                                         ("export", translate("Recall", "Export round")))):
            b = QPushButton(text)
            b.setObjectName(f"step-{key}")
            b.setMinimumWidth(metrics.mm(30))
            if key == "next":
                b.setProperty("role", "main")
            b.clicked.connect(lambda _=False, k=key: self._nav(k))
            nav.addWidget(b, 0, i)
            self.nav[key] = b
        rl.addLayout(nav)
        self.exported = QLabel("")
        self.exported.setObjectName("exported")
        self.exported.setWordWrap(True)
        self.exported.setStyleSheet(f"color: {theme.MUTED};")
        rl.addWidget(self.exported)
        self.stack.addWidget(self.replay_page)
        # the shift report
        self.shift_page = QLabel("")
        self.shift_page.setObjectName("shift-report")
        self.shift_page.setWordWrap(True)
        self.shift_page.setStyleSheet(f"font-family: 'DejaVu Sans Mono', monospace; "
                                      f"font-size: {metrics.font_px(2.8)}px;")
        self.stack.addWidget(self.shift_page)

    # -- the live table ------------------------------------------------------------------------

    def render_live(self, view) -> None:
        """A round in play at the table while recall is up: say so."""
        playing = view.phase not in ("closed", "betting")
        self.live.setText(translate("Recall", "Round %1 in play").replace(
            "%1", str(view.round_id)) if playing else "")

    # -- the list ------------------------------------------------------------------------------

    def show_list(self) -> None:
        clear(self.rows)
        self.title.setText(translate("Recall", "Game recall: the last %1 rounds").replace(
            "%1", "10"))
        house_shown = self._house_shown()
        for summary in self.bridge.review.recent():
            when = self.local_time(summary.opened_at)
            status = translate("Recall", STATUS.get(summary.status, summary.status))
            result = ""
            if summary.house is not None and house_shown:
                result = translate("Recall", "house %1").replace(
                    "%1", f"{'+' if summary.house > 0 else ''}{money(summary.house)} "
                          f"{self.currency}")
            players = ", ".join(player_label(p) for p, _ in summary.net[:4])
            parts = [translate("Recall", "Round %1").replace("%1", str(summary.round_id)),
                     when, status, result, players]
            text = " · ".join(p for p in parts if p)
            b = QPushButton(text)
            b.setObjectName(f"recall-round-{summary.round_id}")
            b.setStyleSheet("text-align: left;")
            b.clicked.connect(lambda _=False, r=summary.round_id: self.open_round(r))
            self.rows.addWidget(b)
            b.show()
        self.rows.addStretch(1)
        self.stack.setCurrentWidget(self.list_page)

    def local_time(self, stamp: str) -> str:
        """A journal time (UTC, ISO 8601) as the table's clock shows it: "21:05"."""
        try:
            moment = datetime.fromisoformat(stamp)
        except ValueError:
            return stamp
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(self.zone).strftime("%H:%M")

    def _house_shown(self) -> bool:
        """The house's result only to a signed-in supervisor: players can see the screen."""
        return bool(self.bridge.view().supervisor)

    # -- one round -----------------------------------------------------------------------------

    def open_round(self, round_id: int) -> None:
        self.steps = self.bridge.review.replay(round_id)
        self.round_id = round_id
        self.step = 0
        self.exported.setText("")
        self.stack.setCurrentWidget(self.replay_page)
        self._show_step()

    def _nav(self, key: str) -> None:
        if key == "export":
            self._export()
            return
        last = len(self.steps) - 1
        self.step = {"first": 0, "back": max(0, self.step - 1),
                     "next": min(last, self.step + 1), "last": last}[key]
        self._show_step()

    def _show_step(self) -> None:
        step = self.steps[self.step]
        self.title.setText(translate("Recall", "Round %1: step %2 of %3").replace(
            "%1", str(self.round_id)).replace("%2", str(self.step + 1)).replace(
            "%3", str(len(self.steps))))
        self.felt.render(step.view, None, offers=False)  # a past offer is no button
        words = replay_words(step.kind, step.data, step.face_down)
        settlement = step.view.settlement
        if settlement is not None and step.kind in ("settlement", "payout"):
            nets = ", ".join(f"{player_label(s.player)} {'+' if s.amount > 0 else ''}"
                             f"{money(s.amount)}" for s in settlement.net)
            if self._house_shown():
                words += "\n" + translate("Recall", "Settlement: %1; house %2 %3").replace(
                    "%1", nets).replace("%2", money(settlement.house)).replace(
                    "%3", self.currency)
            else:
                words += "\n" + translate("Recall", "Settlement: %1").replace("%1", nets)
        self.words.setText(words)
        self.nav["first"].setEnabled(self.step > 0)
        self.nav["back"].setEnabled(self.step > 0)
        self.nav["next"].setEnabled(self.step < len(self.steps) - 1)
        self.nav["last"].setEnabled(self.step < len(self.steps) - 1)

    def _export(self) -> None:
        try:
            text = self.bridge.review.export(self.round_id)
        except GameError as exc:
            self.exported.setText(str(exc))
            return
        target = self.exports / f"round-{self.round_id}.json"
        try:
            self.exports.mkdir(parents=True, exist_ok=True)
            if target.exists() and target.read_text(encoding="utf-8") != text:
                raise FileExistsError
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.exported.setText(translate("Recall", "Not exported: %1").replace(
                "%1", f"{target}: {exc.strerror or 'exists with other content'}"))
            return
        self.exported.setText(translate("Recall", "Round record written to %1").replace(
            "%1", str(target.resolve())))

    # -- the shift -----------------------------------------------------------------------------

    def show_shift(self) -> None:
        self.title.setText(translate("Recall", "Shift report: the last 12 hours"))
        doc = self.bridge.review.shift()
        if doc is None:
            self.shift_page.setText(translate("Recall", "No round in the last 12 hours."))
        else:
            self.shift_page.setText(shift_text(doc, self.currency))
        self.stack.setCurrentWidget(self.shift_page)


def shift_text(doc: dict, currency: str) -> str:
    drop, paid = translate("Recall", "drop"), translate("Recall", "paid")
    house, hold_word = translate("Recall", "house"), translate("Recall", "hold")

    def line(label: str, t: dict) -> str:
        hold = f"{t['hold_pct']} %" if t["hold_pct"] is not None else "-"
        return (f"{label:<22}{drop} {t['drop']:>9} {currency}   {paid} {t['paid']:>9} "
                f"{currency}   {house} {t['house']:>9} {currency}   {hold_word} {hold}")
    rows = [translate("Recall", "Table %1: %2 rounds").replace("%1", doc["table"]).replace(
        "%2", str(doc["rounds"])), "", line(translate("Recall", "Game"), doc["main"])]
    for side, t in doc["side_bets"].items():
        rows.append(line(side.capitalize(), t))
    rows.append("")
    for box, t in sorted(doc["boxes"].items(), key=lambda kv: int(kv[0])):
        rows.append(line(translate("Recall", "Box %1").replace("%1", box), t))
    if doc["voids"]:
        rows += ["", translate("Recall", "Voided rounds: %1").replace(
            "%1", ", ".join(str(v["round"]) for v in doc["voids"]))]
    if doc["corrections"]:
        rows.append(translate("Recall", "Corrections: %1").replace(
            "%1", str(len(doc["corrections"]))))
    return "\n".join(rows)
