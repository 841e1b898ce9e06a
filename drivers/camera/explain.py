"""Why the recognizer read what it read: the miss report of `camera recognize --explain`.

`Recognizer.read(frame, trace)` notes in a `Trace` what each step found (the card-coloured
regions, the card's size) and why each corner it looked at was passed over (no short edge, its
window on the cloth, no index in its window). `report` then tells, region by region of the
table, which cards were read there, how surely and why not surer, with the classifiers' best
candidates, and for a region where nothing was read, what was tried there. It is how a
technician finds out why a deck design or a table fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np


@dataclass
class Trace:
    notes: list[str] = field(default_factory=list)  # what the frame showed as a whole
    regions: list[np.ndarray] = field(default_factory=list)  # outlines, full-frame pixels
    card_width: float = 0.0
    skipped: list[tuple[np.ndarray, str]] = field(default_factory=list)  # corner point, why

    def note(self, text: str) -> None:
        self.notes.append(text)

    def passed(self, corner, why: str) -> None:
        self.skipped.append((np.asarray(corner.point, float), why))


def _inside(region: np.ndarray, point, margin: float) -> bool:
    return cv2.pointPolygonTest(region.astype(np.float32).reshape(-1, 1, 2),
                                (float(point[0]), float(point[1])), True) >= -margin


def report(trace: Trace, readings) -> list[str]:
    """The report's lines: the frame's notes, then each region of card on the cloth with the
    cards read in it and the corners passed over there."""
    lines = list(trace.notes)
    margin = 0.1 * trace.card_width
    for k, region in enumerate(trace.regions):
        x, y, w, h = cv2.boundingRect(region.astype(np.float32).reshape(-1, 1, 2))
        cards = [r for r in readings if _inside(region, r.center, margin)]
        lines.append(f"region {k + 1} at ({x}, {y}), {w} x {h} px: "
                     f"{len(cards) or 'no'} card{'s' if len(cards) != 1 else ''} read")
        for r in cards:
            at = f"({r.center[0]:.0f}, {r.center[1]:.0f})"
            if r.certain:
                lines.append(f"  {r.card} at {at}, sure ({r.confidence:.2f}), "
                             f"{r.corners_read} corner{'s' if r.corners_read > 1 else ''} read")
            else:
                lines.append(f"  {r.card}? at {at}, uncertain: {'; '.join(r.doubts)}")
            if r.candidates:
                lines.append("    candidates: ranks " + ", ".join(
                    f"{c} {v}" for c, v in r.candidates["ranks"]) + "; suits " + ", ".join(
                    f"{c} {v}" for c, v in r.candidates["suits"]))
        passed = [(p, why) for p, why in trace.skipped if _inside(region, p, margin)]
        if not passed and not cards:
            lines.append("  no card corner found: no long edge and no corner of the outline "
                         "(too small, hidden, or not a card?)")
        for p, why in passed:
            lines.append(f"  corner at ({p[0]:.0f}, {p[1]:.0f}) passed over: {why}")
    return lines
