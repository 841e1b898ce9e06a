"""Camera recognizer: per deck design, cards read right / uncertain / missed / wrong, and
milliseconds per frame on one core.

Each design (hardware_mocks/catalogue.py: our drawn deck, generated designs, and open decks
fetched with npm into .test-cache/) is enrolled from its 52 clean faces, then seeded table
scenes of it are rendered and read. The held-out designs are those no tuning of the
recognizer's constants saw; the table says which. With `--deals N`, each design is also dealt
N rounds of nine cards (`hardware_mocks.camera.dealing_sequence`) through `camera watch`'s
logic, and a round counts as exact when every card came once, in order, read surely.

The scenes are issue 31's operating envelope (`hardware_mocks.camera.envelope_scene`: green or
blue baize, vignetting, light, white balance, blur, noise, JPEG, glare on the cards, cards
100-180 px wide varying across the frame); `--legacy` reads issue 21's scenes instead. Dealt
rounds have a glare drifting off each card laid. Per design one line (right, uncertain,
missed, sure-wrong, ms per frame: raw, and scaled to the target's machine by a yardstick
taken beside each read, counting only reads taken in the machine's quick state: `QUICK`,
printed for all designs once the run is over); the last line is JSON with the held-out
totals. Usage:

    python bench/camera.py [--scenes N] [--designs a,b,... | --final] [--size 1280x720] [--deals N]

`--final` reads the final held-out set not read yet (`NEXT_FINAL`), which nothing else
reads: run it once.
"""

# ruff: noqa: E402 (the BLAS threads are set before NumPy is imported)
from __future__ import annotations

import os

# one core, as the target says: NumPy's BLAS may not start threads of its own either
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse
import json
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drivers.camera.profile import ProfileError  # noqa: E402
from drivers.camera.recognize import Recognizer  # noqa: E402
from drivers.camera.training import enroll  # noqa: E402
from drivers.camera.watch import Watcher  # noqa: E402
from drivers.source import CardEvent  # noqa: E402
from hardware_mocks.camera import Deck, dealing_sequence, envelope_scene, random_scene  # noqa: E402,E501
from hardware_mocks.catalogue import (  # noqa: E402,E501
    HELD_OUT,
    LOOKED_AT,
    NEXT_FINAL,
    SEEN_FAMILY,
    TUNING,
    deck_faces,
)
from models.cards import ALL_CARDS  # noqa: E402
from tests.camera.support import label, score  # noqa: E402


def yardstick() -> float:
    """Milliseconds for a fixed piece of work like a frame's (template matches on stacked index
    windows, and a Python loop), the quickest of three: this shared machine's speed wanders by
    a third within minutes, and runs compare only at a like yardstick."""
    rng = np.random.default_rng(0)
    windows = rng.random((96 * 8, 56), dtype=np.float32)
    template = rng.random((34, 28), dtype=np.float32)
    times = []
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(50):
            cv2.matchTemplate(windows, template, cv2.TM_CCOEFF_NORMED)
        total = 0
        for i in range(100_000):
            total += i
        times.append((time.perf_counter() - t) * 1000)
    return min(times)


def python_yardstick(number: int = 2000, repeat: int = 5) -> float:
    """Microseconds of `sum(range(1000))`, the quickest of `repeat` runs: the issue's yardstick
    (its 15 ms a frame is for a machine where this takes 10 us)."""
    return min(timeit.repeat("sum(range(1000))", number=number, repeat=repeat)) / number * 1e6


def scaled(ms: float, before: float, after: float) -> float:
    """A frame's milliseconds on the target's machine: scaled by the yardstick taken just
    before and just after it. A shared machine's speed jumps (the yardstick seen at 15 and
    at 27 us within a second), so a yardstick taken minutes away can scale a frame by the
    wrong state."""
    return ms * 10 / ((before + after) / 2)


# a read counts toward the scaled figure where both its yardsticks lie within this share of
# the machine's quick state (`quick_state`). In this machine's slow state the yardstick slows
# by about 1.65 and a frame by about 1.45, so scaling a read taken then flatters it (pool-502
# and pool-18, three frames of each read 40-60 times: scaled 11-20% lower than the same
# frames in the quick state). The target's machine (10 us) is a quick one
QUICK = 1.3
MOST_READS = 10  # reads of one frame, looking for one in the quick state


def on_target(reads: list[tuple[float, float, float]], quick_us: float) -> float | None:
    """A frame's scaled milliseconds (`scaled`) from its reads (ms, yardstick before, after),
    the median over those taken in the machine's quick state (its yardstick `quick_us`);
    None where none was."""
    quick = [scaled(*r) for r in reads if max(r[1], r[2]) <= QUICK * quick_us]
    return statistics.median(quick) if quick else None


def dealt(events: list) -> list[str | None]:
    """The watcher's cards in the order the kiosk's card feed deals them (kiosk/table/feed.py):
    an `uncertain` keeps its turn, and the card that later resolves its place fills it (the
    cards reported meanwhile wait behind it); a turn never filled is None (the dealer keys
    that card)."""
    order: list[str | None] = []
    turns: dict[str | None, int] = {}
    for e in events:
        if isinstance(e, CardEvent) and e.resolves and e.place in turns:
            order[turns.pop(e.place)] = e.card.code
        elif isinstance(e, CardEvent):
            order.append(e.card.code)
        else:
            turns[e.place] = len(order)
            order.append(None)
    return order


def deals(rec: Recognizer, deck: Deck, rounds: int, size: tuple[int, int]) -> tuple[int, str]:
    """Rounds of nine cards dealt through `camera watch`'s logic (seeds 1 to `rounds`): how
    many came out exact as the table is dealt them (`dealt`: every card once, in order, read
    surely, and every `uncertain` resolved by a card in its place: one left open is a card
    the dealer must key), and what the others gave."""
    exact, notes = 0, []
    for seed in range(1, rounds + 1):
        rng = np.random.default_rng(seed)
        codes = [ALL_CARDS[i].code for i in rng.choice(len(ALL_CARDS), 9, replace=False)]
        watcher = Watcher(Recognizer(rec.profile))
        events = []
        for frame, _ in dealing_sequence(deck, codes, rng, size=size, still_frames=10,
                                         glare=120):
            events.extend(watcher.feed(frame))
        said = [e.card.code + ("" if isinstance(e, CardEvent) else "?") for e in events]
        if dealt(events) == codes:
            exact += 1
        else:
            notes.append(f"seed {seed}: {' '.join(said)} for {' '.join(codes)}")
    return exact, f"dealt rounds exact {exact} of {rounds}" + "".join(f"; {n}" for n in notes)


PAIRS: list[float] = []  # of every read of the run, the slower of its two yardsticks, us
SEEN: list[float] = []  # the quickest yardstick of the run's first seconds (`probe`), us


def probe(seconds: float = 5.0) -> float:
    """The quickest yardstick taken over some seconds: a state of this machine lasts from a
    second to minutes, and a run whose reads all come in the slow state still knows the quick
    one (nothing runs quicker than the machine can, so the quickest is no fluke)."""
    end, quickest = time.perf_counter() + seconds, float("inf")
    while time.perf_counter() < end:
        quickest = min(quickest, python_yardstick(300, 2))
    return quickest


def quick_state() -> float:
    """The yardstick of the machine's quick state as the run has seen it so far (us): of the
    reads' slower yardsticks the twentieth quickest, or the quickest of the run's first
    seconds where that is quicker (the reads may all have come in the slow state). A run that
    never saw the machine quick takes its slow state for it: the figures then flatter (the
    state is printed with them)."""
    return min(SEEN + ([float(np.percentile(PAIRS, 5))] if PAIRS else []))


def run(name: str, folder: Path, scenes: int, size: tuple[int, int], seed: int,
        rounds: int = 0, legacy: bool = False) -> dict:
    start = time.perf_counter()
    rec = Recognizer(enroll(folder))
    enrol_s = time.perf_counter() - start
    deck = Deck(folder)
    before = yardstick()
    rng = np.random.default_rng(seed)
    total: dict[str, int] = {}
    first, best, timed = [], [], []
    for _ in range(scenes):
        scene = (random_scene(deck, rng, size=size) if legacy
                 else envelope_scene(deck, rng, size=size))
        reads: list[tuple[float, float, float]] = []
        # three reads at least: the quickest is the recognizer's own cost, without what other
        # programs on the machine took from it; the scaled figure wants one read at least in
        # the machine's quick state (`QUICK`), and reads on for it
        while len(reads) < 3 or (len(reads) < MOST_READS and on_target(reads, quick_state())
                                 is None):
            ahead = python_yardstick(300, 2)
            t = time.perf_counter()
            readings = rec.read(scene.image)
            reads.append(((time.perf_counter() - t) * 1000, ahead, python_yardstick(300, 2)))
            PAIRS.append(max(reads[-1][1:]))
        times = [ms for ms, _, _ in reads]
        timed.append(reads)
        first.append(times[0])
        best.append(min(times))
        # each index window read, before the readings of one card are joined: how many were
        # sure, and how many of those wrong (the certainty model's rate on this design)
        rec.collect = []
        rec.read(scene.image)
        windows, rec.collect = rec.collect, None
        for r, (_, ok) in zip(windows, label(windows, scene.cards), strict=True):
            total["sure_readings"] = total.get("sure_readings", 0) + r.certain
            total["sure_readings_wrong"] = total.get("sure_readings_wrong", 0) + (
                r.certain and not ok)
        for key, value in score(readings, scene.cards, radius=45 * size[0] / 1280).items():
            total[key] = total.get(key, 0) + value
    n = total["cards"]
    tag = ("held out" if name in HELD_OUT else "tuning" if name in TUNING
           else "looked at" if name in LOOKED_AT else "family seen")
    print(f"{name:18} {tag:11} {n:5} cards: right {total['right'] / n:7.2%}, uncertain "
          f"{total['uncertain']:3}, missed {total['missed']:3} (alone {total['alone_missed']} "
          f"of {total['alone']}), wrong sure {total['wrong_sure']}; rank {total['rank'] / n:.2%}"
          f", suit {total['suit'] / n:.2%}; ms {statistics.median(first):5.1f} median, p95 "
          f"{np.percentile(first, 95):5.1f}, best {statistics.median(best):5.1f}; "
          f"yardstick {before:.0f}/{yardstick():.0f} ms; enrol {enrol_s:.1f} s; sure "
          f"readings {total.get('sure_readings', 0)}, wrong {total.get('sure_readings_wrong', 0)}"
          f"; no card's: sure {total['extra_sure']}, uncertain {total['extra_uncertain']}",
          flush=True)
    if rounds:
        exact, text = deals(rec, deck, rounds, size)
        total["rounds"], total["rounds_exact"] = rounds, exact
        print(f"{name:18} {text}", flush=True)
    total["ms"] = statistics.median(best)
    total["timed"] = timed
    return total


def scaled_figures(timed: list[list[tuple[float, float, float]]], quick_us: float
                   ) -> tuple[float, str]:
    """A design's scaled milliseconds a frame: the median over its frames of each frame's
    reads in the machine's quick state (`on_target`); over all its reads where none was, and
    the note says so."""
    frames = [on_target(reads, quick_us) for reads in timed]
    quick = [ms for ms in frames if ms is not None]
    if quick:
        return round(statistics.median(quick), 1), f"{len(quick)} of {len(frames)} frames"
    return (round(statistics.median(statistics.median(scaled(*r) for r in reads)
                                    for reads in timed), 1),
            "no read in the quick state: over all reads, flattered")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=150)
    designs = ap.add_mutually_exclusive_group()
    # the final held-out set is read only when asked for, once
    designs.add_argument("--designs", default=",".join(
        [d for d in HELD_OUT if d not in NEXT_FINAL] + SEEN_FAMILY + ["own", "cardsJS"]))
    designs.add_argument("--final", action="store_true",
                         help="read the final held-out designs not read yet (catalogue "
                              "NEXT_FINAL), and only them")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--deals", type=int, default=0, help="dealt rounds per design (watch)")
    ap.add_argument("--legacy", action="store_true", help="issue 21's scenes, not the envelope")
    args = ap.parse_args()
    if args.final:
        args.designs = ",".join(NEXT_FINAL)
    SEEN.append(probe())
    print(f"yardstick: sum(range(1000)) {SEEN[0]:.1f} us, the quickest of five seconds (the "
          "target's machine: 10)", flush=True)
    size = tuple(int(v) for v in args.size.split("x"))
    cv2.setNumThreads(1)  # one core, as the target says
    keys = ("cards", "right", "wrong_sure", "missed", "uncertain", "alone_missed",
            "sure_readings", "sure_readings_wrong", "extra_sure", "extra_uncertain", "rounds",
            "rounds_exact")
    held = dict.fromkeys(keys, 0)
    timed: dict[str, list] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.designs.split(","):
            folder = deck_faces(name, ROOT / ".test-cache", Path(tmp) / name)
            try:
                total = run(name, folder, args.scenes, size, args.seed, args.deals,
                            args.legacy)
            except ProfileError as exc:  # enrolment refused the deck: none of it can be read
                print(f"{name:18} {'held out' if name in HELD_OUT else '':11} enrolment "
                      f"refused: {exc}", flush=True)
                held.setdefault("refused", []).append(name)
                continue
            timed[name] = total["timed"]
            if name in HELD_OUT:
                for key in keys:
                    held[key] += total.get(key, 0)
                held.setdefault("designs", []).append(name)
    # scaled once the whole run has shown the machine's quick state: a design read while the
    # machine was slow is scaled by the reads it got in the quick state, if any
    quick_us = quick_state()
    print(f"ms per frame scaled to the target's machine (quick state: yardstick {quick_us:.1f} "
          "us):")
    for name, reads in timed.items():
        ms, how = scaled_figures(reads, quick_us)
        print(f"{name:18} scaled {ms:5.1f} ({how})")
        if name in HELD_OUT:
            held.setdefault("ms_scaled", {})[name] = ms
    n = held["cards"]
    if held.get("refused"):
        print(f"held out, enrolment refused: {', '.join(held['refused'])} (not in the figures "
              "below: none of their cards can be read)")
    if n:
        print(f"held out, all: {n} cards, right {held['right'] / n:.2%}, uncertain "
              f"{held['uncertain']}, missed {held['missed']} (alone {held['alone_missed']}), wrong "
              f"sure {held['wrong_sure']}; sure readings {held['sure_readings']}, wrong "
              f"{held['sure_readings_wrong']}; readings no card took: sure "
              f"{held['extra_sure']}, uncertain {held['extra_uncertain']}; dealt rounds exact "
              f"{held['rounds_exact']} of {held['rounds']}")
    held["right_share"] = round(held["right"] / n, 5) if n else None
    held["yardstick_us"] = round(quick_us, 2)  # the quick state's, that the figures scale by
    print(json.dumps({"held_out": held}))


if __name__ == "__main__":
    main()
