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
divided by the scenes after the first, is a frame's count. With `--steps`, the frames after
the first are read once more with callgrind dumping its count at each step's start and end
(a call of `os.getpid` marks them), and each step's share of a frame is printed: cloth,
mask, line detector, following the long edges, corners, cutting the windows and finding their
ink, reading them. Needs valgrind (Debian's `valgrind`); about a minute a design. Usage:

    python bench/camera_cost.py [--designs pool-502,pool-18] [--scenes 5] [--steps]
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


# the recognizer's steps (`drivers.camera.recognize`: module functions, and methods of
# `Recognizer`), each timed from its call to its return
STEPS = {"learn_cloth": "cloth", "card_mask": "mask", "card_edges": "line detector",
         "_parts": "following the long edges", "_corners_of": "corners",
         "read_corners": "reading the windows"}


def child_steps(data: str, log: str) -> None:
    """Read the first scene, then the others with each step's start and end marked by a call
    of `os.getpid` (callgrind, run by `steps`, dumps its count before each), the marks'
    names written to `log` in their order."""
    import cv2

    import drivers.camera.recognize as recognize
    cv2.setNumThreads(1)
    marks: list[str] = []

    def mark(name: str) -> None:
        marks.append(name)
        os.getpid()

    def timed(step, name):
        def run(*args, **kwargs):
            mark("+" + name)
            try:
                return step(*args, **kwargs)
            finally:
                mark("-" + name)
        return run

    for name in [*STEPS, "_read_parts"]:
        owner = recognize if hasattr(recognize, name) else recognize.Recognizer
        setattr(owner, name, timed(getattr(owner, name), name))
    with open(data, "rb") as f:
        profile, images = pickle.load(f)
    rec = recognize.Recognizer(profile)
    rec.read(images[0])
    for image in images[1:]:
        mark("+frame")
        rec.read(image)
        mark("-frame")
    Path(log).write_text("\n".join(marks))


def steps(data: Path, tmp: Path) -> dict[str, float]:
    """Each step's share of a frame's instructions (the frames after the first): the counts
    callgrind dumped between a step's marks, summed where the step runs inside another
    (`read_corners` runs inside `_read_parts`: "cutting the windows" is the rest of it)."""
    out, log = tmp / "steps.out", tmp / "steps.log"
    callgrind(out, ["--child-steps", str(data), str(log)], ("--dump-before=getpid",))
    marks = log.read_text().split("\n")
    dumps = sorted(tmp.glob("steps.out.*"), key=lambda p: int(p.suffix[1:]))
    counts = []
    for dump in dumps:
        text = dump.read_text()
        counts.append(int(re.search(r"^(?:totals|summary): (\d+)", text, re.M).group(1)))
        dump.unlink()
    # a dump before each mark (and before any call of getpid ahead of the first: skipped);
    # dump k + 1 of the marks' own holds what ran between mark k - 1 and mark k
    counts = counts[len(counts) - len(marks):]
    within: dict[str, int] = collections.Counter()
    open_steps: list[str] = []
    first = marks.index("+frame")
    for k, name in enumerate(marks):
        if k > first:
            for step in set(open_steps):
                within[step] += counts[k]
        if name.startswith("+"):
            open_steps.append(name[1:])
        else:
            open_steps.remove(name[1:])
    frame = within.pop("frame")
    within["_read_parts"] = within.get("_read_parts", 0) - within.get("read_corners", 0) - (
        within.get("_corners_of", 0))
    names = dict(STEPS, _read_parts="cutting the windows and finding their ink")
    return {names[k]: v / frame for k, v in within.items() if k in names}


def callgrind(out: Path, child_args: list[str], options: tuple[str, ...] = ()) -> None:
    """This script run as a child (`child_args`) under callgrind, on one thread, its counts
    written to `out`."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
    subprocess.run(["valgrind", "--tool=callgrind", *options, f"--callgrind-out-file={out}",
                    sys.executable, __file__, *child_args], check=True, capture_output=True,
                   env=env)


def count(data: Path, frames: int, out: Path) -> dict[str, int]:
    """Instructions of one child run, per part (`PARTS`, the rest as "other")."""
    callgrind(out, ["--child", str(data), str(frames)])
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
    ap.add_argument("--steps", action="store_true",
                    help="also each step's share of a frame's instructions")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--child-steps", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    if args.child_steps:
        child_steps(*args.child_steps)
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
            if args.steps:
                shares = steps(data, Path(tmp))
                print(f"{'':18} steps: " + ", ".join(
                    f"{step} {share:.0%}" for step, share in
                    sorted(shares.items(), key=lambda kv: -kv[1])), flush=True)
    print(json.dumps({"m_instructions_per_frame": totals}))


if __name__ == "__main__":
    main()
