"""Millimetres to pixels, from the screen's physical size: touch targets stay large on any
panel (at least 10 mm, the main actions 15 mm), whatever its resolution."""

from __future__ import annotations

MM_PER_INCH = 25.4
TARGET_MM = 10.0  # every touch target at least this tall and wide
MAIN_MM = 15.0  # the main actions (the right decision, the payout)
GAP_MM = 2.0  # between targets
READ_MM = 3.0  # the least cap height of text the dealer reads during play, at arm's length
# the panels the kiosk is sold with: millimetres a pixel
PANEL_MM_PER_PX = {"1920x1080": 0.248,  # 21.5 inch
                   "1280x800": 0.259}  # 15.4 inch


# the least panel the layouts are drawn for, in millimetres: 1280x800 at 0.259 mm a pixel
DESIGN_MM = (1280 * 0.259, 800 * 0.259)


def panel_dpi(panel: str) -> float:
    """The physical dots per inch of one of the kiosk's panels."""
    return MM_PER_INCH / PANEL_MM_PER_PX[panel]


class Metrics:
    """Pixel sizes for a screen of `dpi` physical dots per inch."""

    def __init__(self, dpi: float) -> None:
        # a panel that reports nonsense (0, or a projector's 30) still gets usable targets
        self.dpi = min(max(float(dpi), 60.0), 400.0)

    @classmethod
    def of(cls, screen, override: float | None = None) -> Metrics:
        """The screen's own density; but never more than lets the layout (drawn for the
        smallest panel, 1280x800 at 0.259 mm a pixel) fit its pixels: a VNC screen or a
        projector that reports too dense a screen still shows every button."""
        if override:
            return cls(override)
        size = screen.geometry()
        fits = min(size.width() * MM_PER_INCH / DESIGN_MM[0],
                   size.height() * MM_PER_INCH / DESIGN_MM[1])
        return cls(min(screen.physicalDotsPerInch(), fits))

    def mm(self, millimetres: float) -> int:
        return round(millimetres * self.dpi / MM_PER_INCH)

    def px_to_mm(self, pixels: float) -> float:
        return pixels * MM_PER_INCH / self.dpi

    @property
    def target(self) -> int:
        return self.mm(TARGET_MM)

    @property
    def main(self) -> int:
        return self.mm(MAIN_MM)

    @property
    def gap(self) -> int:
        return self.mm(GAP_MM)

    def font_px(self, millimetres: float) -> int:
        """A font's pixel size for text of this cap height in millimetres (about 0.7 em)."""
        return max(8, round(self.mm(millimetres) / 0.7))
