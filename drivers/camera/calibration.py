"""Table calibration, separate from deck enrolment: the cloth's colour from a picture of the
empty table, the card width in pixels where the installer knows it, and named regions
(dealer, box 1..7) as polygons. One JSON file; the empty-table picture is kept beside it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from drivers.camera.corners import Felt


class CalibrationError(Exception):
    """A calibration input or file that cannot be used; the message names it."""


@dataclass
class Calibration:
    cloth: Felt
    card_width_px: float | None = None
    regions: dict[str, list[list[float]]] = field(default_factory=dict)

    def region_of(self, point) -> str | None:
        for name, poly in self.regions.items():
            contour = np.array(poly, np.float32).reshape(-1, 1, 2)
            if cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0:
                return name
        return None

    def save(self, path: Path, empty: np.ndarray) -> None:
        data = {"cloth": {"low": list(self.cloth.low), "high": list(self.cloth.high)},
                "card_width_px": self.card_width_px, "regions": self.regions}
        Path(path).write_text(json.dumps(data, indent=2) + "\n")
        cv2.imwrite(str(path) + ".empty.png", empty)

    @classmethod
    def load(cls, path: Path) -> Calibration:
        try:
            data = json.loads(Path(path).read_text())
            cloth = Felt(tuple(data["cloth"]["low"]), tuple(data["cloth"]["high"]))
            return cls(cloth, data.get("card_width_px"), data.get("regions") or {})
        except OSError as exc:
            raise CalibrationError(f"{path}: {exc.strerror}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise CalibrationError(f"{path}: not a calibration file ({exc})") from None


def read_image(path: Path) -> np.ndarray:
    if not Path(path).is_file():
        raise CalibrationError(f"{path}: no such file")
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise CalibrationError(f"{path}: not a readable image")
    return img


def parse_regions(path: Path) -> dict[str, list[list[float]]]:
    """Regions JSON: {"dealer": [[x, y], ...], "box 1": [...], ...}, 3 points or more each."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise CalibrationError(f"{path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise CalibrationError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise CalibrationError(f"{path}: expected an object of named polygons")
    for name, poly in data.items():
        ok = isinstance(poly, list) and len(poly) >= 3 and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(v, int | float) for v in p)
            for p in poly)
        if not ok:
            raise CalibrationError(f"{path}: region {name!r} is not a polygon of [x, y] points")
    return data


def calibrate(empty: Path, card_width_px: float | None = None,
              regions: Path | None = None) -> tuple[Calibration, np.ndarray]:
    img = read_image(empty)
    if card_width_px is not None and not 10 <= card_width_px <= img.shape[1] / 2:
        raise CalibrationError(f"card width {card_width_px} px is not plausible for a "
                               f"{img.shape[1]} px wide image")
    cal = Calibration(Felt.from_empty(img), card_width_px,
                      parse_regions(regions) if regions else {})
    return cal, img
