"""Camera recognizer: machine instructions per 720p frame, counted by valgrind's callgrind.

A shared machine's speed wanders (the `sum(range(1000))` yardstick has been seen to jump
between 15 and 27 us within a minute, and the frame time not in step with it), so a change of
a few percent is lost in the noise of `bench/camera.py`'s milliseconds. Instructions are
counted the same on every run of the same code and input, whatever else the machine does:
this bench says whether a change made the recognizer do less work, and where the work goes
(OpenCV, NumPy, the Python interpreter, the C library). It does not say milliseconds:
instructions differ in cost (a cache miss, a vector instruction). Splitting a 640x360 HSV
frame and testing each channel alone takes half `cv2.inRange`'s instructions, and more time:
a change that saves instructions in OpenCV's own loops is timed too before it is kept.

Each design is enrolled and `--scenes` envelope scenes (seed 2026, as `bench/camera.py`) are
rendered; then the recognizer reads them under callgrind, once reading only the first scene
(imports, templates worked out, first-call costs) and once reading all: the difference,
divided by the scenes after the first, is a frame's count. Needs valgrind (Debian's
`valgrind`); about a minute a design. Usage:

    python bench/camera_cost.py [--designs pool-502,pool-18] [--scenes 5]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PARTS = {"cv2": "OpenCV", "_multiarray_umath": "NumPy", "libpython": "Python", "libc.so": "libc"}


def child(data: str, frames: int) -> None:
    """Read the first scene, then `frames` more (run under callgrind by `count`, which sets
    the one-thread environment)."""
    import cv2

    from drivers.camera.recognize import Recognizer
    cv2.setNumThreads(1)
    with open(data, "rb") as f:
        profile, images = pickle.load(f)
    rec = Recognizer(profile)
    for image in images[: 1 + frames]:
        rec.read(image)


def count(data: Path, frames: int, out: Path) -> dict[str, int]:
    """Instructions of one child run, per part (`PARTS`, the rest as "other")."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, __file__, "--child", str(data), str(frames)],
                   check=True, capture_output=True, env=env)
    text = subprocess.run(["callgrind_annotate", "--threshold=100", str(out)], check=True,
                          capture_output=True, text=True).stdout
    parts: dict[str, int] = collections.Counter()
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+.*\[(.*)\]\s*$", line)
        if m:
            lib = m.group(2).rsplit("/", 1)[-1]
            part = next((name for key, name in PARTS.items() if key in lib), "other")
            parts[part] += int(m.group(1).replace(",", ""))
    return parts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--designs", default="pool-502,pool-18")
    ap.add_argument("--scenes", type=int, default=5)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    if not shutil.which("valgrind"):
        sys.exit("camera_cost: valgrind is not installed (Debian: apt-get install valgrind)")
    if args.scenes < 2:
        sys.exit("camera_cost: --scenes must be 2 or more (the first only warms up)")
    import numpy as np

    from drivers.camera.training import enroll
    from hardware_mocks.camera import Deck, envelope_scene
    from hardware_mocks.catalogue import deck_faces
    totals = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.designs.split(","):
            folder = deck_faces(name, ROOT / ".test-cache", Path(tmp) / name)
            deck, rng = Deck(folder), np.random.default_rng(2026)
            scenes = [envelope_scene(deck, rng, size=(1280, 720)) for _ in range(args.scenes)]
            images = [s.image for s in scenes]
            cards = sum(len(s.cards) for s in scenes[1:]) / (args.scenes - 1)
            data = Path(tmp) / f"{name}.pkl"
            with open(data, "wb") as f:
                pickle.dump((enroll(folder), images), f)
            base = count(data, 0, Path(tmp) / "base.out")
            full = count(data, args.scenes - 1, Path(tmp) / "full.out")
            per = {k: (full.get(k, 0) - base.get(k, 0)) / (args.scenes - 1)
                   for k in set(full) | set(base)}
            total = sum(per.values())
            totals[name] = round(total / 1e6, 2)
            split = ", ".join(f"{k} {per.get(k, 0) / total:.0%}"
                              for k in [*PARTS.values(), "other"])
            print(f"{name:18} {total / 1e6:7.1f} M instructions a frame of {cards:.1f} cards "
                  f"({split})", flush=True)
    print(json.dumps({"m_instructions_per_frame": totals}))


if __name__ == "__main__":
    main()
