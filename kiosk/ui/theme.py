"""The kiosk's look: a dark theme for a dim casino, high contrast (each text colour at least
4.5:1 on its background), suits by symbol and colour, and the shipped font."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QFontDatabase

FONTS = Path(__file__).resolve().parent / "fonts"
FAMILY = "DejaVu Sans"

# colours: (name, hex); the contrast of each text colour on BG and PANEL is checked by a test
BG = "#0e1216"
PANEL = "#1a2129"
FELT = "#0d3b2c"
FELT_EDGE = "#1f6b50"
TEXT = "#f1f3f5"
MUTED = "#b7c0c9"
ACCENT = "#ffc533"  # the action the dealer takes next, the active hand
ACCENT_TEXT = "#111111"
GOOD = "#5fd38d"
BAD = "#ff7b7b"
WARN_BG = "#7a2e00"
ALARM_BG = "#8c1c1c"
CARD_BG = "#fbfbf8"
CARD_RED = "#c8102e"
CARD_BLACK = "#111111"
DISABLED_TEXT = "#6d7781"

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_TEXT = {"T": "10"}


def load_fonts() -> str:
    """Register the shipped font with Qt; the family to use."""
    for path in sorted(FONTS.glob("*.ttf")):
        QFontDatabase.addApplicationFont(str(path))
    return FAMILY


def font(px: int, bold: bool = False) -> QFont:
    f = QFont(FAMILY)
    f.setPixelSize(px)
    f.setBold(bold)
    return f


def stylesheet(m) -> str:
    """The application's style sheet for metrics `m` (sizes in pixels from millimetres)."""
    t, g, r = m.target, m.gap, m.mm(1.5)
    body = m.font_px(3.2)
    return f"""
    QWidget {{ color: {TEXT}; font-family: "{FAMILY}"; font-size: {body}px; }}
    QWidget#kiosk {{ background: {BG}; }}
    QStackedWidget#panel {{ background: {PANEL}; border-radius: {r}px; }}
    QPushButton {{ background: #2c3742; color: {TEXT}; border: 2px solid #3e4c59;
        border-radius: {r}px; min-height: {t}px; min-width: {t}px; padding: 0 {g * 2}px;
        font-weight: bold; }}
    QPushButton:pressed {{ background: #41505e; }}
    QPushButton:checked {{ background: {ACCENT}; color: {ACCENT_TEXT}; border-color: {ACCENT}; }}
    QPushButton:disabled {{ background: #171d23; color: {DISABLED_TEXT}; border-color: #232b33; }}
    QPushButton[role="main"] {{ background: {ACCENT}; color: {ACCENT_TEXT}; border-color: {ACCENT};
        min-height: {m.main}px; font-size: {m.font_px(4.2)}px; }}
    QPushButton[role="main"]:disabled {{ background: #171d23; color: {DISABLED_TEXT};
        border-color: #232b33; }}
    QPushButton[role="danger"] {{ background: #5c1f1f; border-color: {BAD}; }}
    QPushButton[role="chip"] {{ border-radius: {m.mm(6)}px; min-width: {m.mm(12)}px;
        min-height: {m.mm(12)}px; font-size: {m.font_px(3.4)}px; }}
    QScrollArea {{ border: none; }}
    """


def restyle(widget, sheet: str) -> None:
    """Give a widget its own style sheet, unless it has it already: setting one polishes the
    widget and all in it anew, a cost paid on every redraw if done each time."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)
