"""Where corner finding puts a card's index corners, against where the renderer laid them.

Each tuning design (never a held-out one) is enrolled and rendered into issue 31's envelope
scenes. Every corner found at a long edge's end that lies within 0.12 card widths of a laid
card's top-left or bottom-right corner, pointing its way, is measured: how far it lies along
the card's long edge (`v`, into the card) and across it (`u`), in card widths. The median
along `v` is what `corners.OVERSHOOT` must take away for a window to be cut where enrolment
put the index (a window cut a hundredth of a card width low finds its index ~3 rows high).

    python bench/camera_corners.py [--scenes N] [--designs a,b,...]
"""

# ruff: noqa: E402 (the BLAS threads are set before NumPy is imported)
from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drivers.camera.corners import OVERSHOOT  # noqa: E402
from drivers.camera.recognize import Recognizer  # noqa: E402
from drivers.camera.training import enroll  # noqa: E402
from hardware_mocks.camera import Deck, envelope_scene  # noqa: E402
from hardware_mocks.catalogue import HELD_OUT, TUNING, deck_faces  # noqa: E402


def offsets(rec: Recognizer, scene) -> list[tuple[float, float]]:
    """(along v, across u) of each corner found at a laid index corner, in card widths."""
    rec.found = []
    rec.read(scene.image)
    found, rec.found = rec.found, None
    out = []
    for corners, width in found:
        for point, u, outline in zip(corners.points, corners.us, corners.from_outline,
                                     strict=True):
            if outline:
                continue
            for card in scene.cards:
                tl, tr, br, bl = card.corners
                for corner, across, along in ((tl, tr - tl, bl - tl), (br, bl - br, tr - br)):
                    across = across / np.linalg.norm(across)
                    along = along / np.linalg.norm(along)
                    if u @ across > 0.95 and np.linalg.norm(point - corner) < 0.12 * width:
                        d = point - corner
                        out.append((float(d @ along / width), float(d @ across / width)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=24)
    ap.add_argument("--designs", default=",".join(TUNING))
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    designs = args.designs.split(",")
    if any(d in HELD_OUT or d not in TUNING for d in designs):
        raise SystemExit("corners are measured on tuning designs only")
    every = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in designs:
            folder = deck_faces(name, ROOT / ".test-cache", Path(tmp) / name)
            rec, deck = Recognizer(enroll(folder)), Deck(folder)
            rng = np.random.default_rng([args.seed, TUNING.index(name)])
            mine = [o for _ in range(args.scenes)
                    for o in offsets(rec, envelope_scene(deck, rng))]
            every += mine
            a = np.array(mine).reshape(-1, 2)
            print(f"{name:18} {len(a):5} corners: along {np.median(a[:, 0]):+.4f} "
                  f"(quartiles {np.percentile(a[:, 0], 25):+.4f} "
                  f"{np.percentile(a[:, 0], 75):+.4f}), across {np.median(a[:, 1]):+.4f}",
                  flush=True)
    a = np.array(every).reshape(-1, 2)
    print(f"all {len(a)} corners: along v {np.median(a[:, 0]):+.4f} card widths, across u "
          f"{np.median(a[:, 1]):+.4f} (with OVERSHOOT {OVERSHOOT:+.4f}: the median along is "
          "what it should take away more)")


if __name__ == "__main__":
    main()
