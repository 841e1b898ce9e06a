"""Fit the camera's certainty model (`drivers/camera/certainty.py`) and pick its threshold.

One command reproduces `drivers/camera/certainty.json`:

    python bench/camera_certainty.py

Each tuning design (hardware_mocks/catalogue.py `TUNING`; never a held-out one) is enrolled
and rendered into issue 31's envelope scenes (a quarter of them at 1920x1080); every index
window the recognizer reads is one reading, labelled right when its card is the card the
renderer laid there (the one whose centre lies nearest the centre the reading implies, within
0.3 card widths) and wrong otherwise. With `--moved`, every other scene is read again with
each corner found moved a little and turned (`moved`), as a corner finder placing corners
otherwise would. Each design's court cards are also laid alone and read at points inside
their art (`art`): every such reading is wrong. The model is fitted on the readings of one
set of scenes and art windows (seeds 11 and 13) and its threshold picked on another (seeds
12 and 14): the lowest log-odds at which no wrong reading of that set is sure, or the one the
sets give with their roles swapped where that is higher (how much a threshold hangs on the
few surest wrong readings one set happens to hold is margin it keeps). It prints the figures
per design and stores them in the file.

    python bench/camera_certainty.py --scenes 160 --jobs 2 [--out FILE] [--cache DIR]
"""

# ruff: noqa: E402 (the BLAS threads are set before NumPy is imported)
from __future__ import annotations

import os

# one core, as the target says: NumPy's BLAS may not start threads of its own either
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse
import json
import multiprocessing
import pickle
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drivers.camera.certainty import FEATURES, MODEL_FILE, Certainty, allowed, pick  # noqa: E402,E501
from drivers.camera.corners import Corner, Corners  # noqa: E402
from drivers.camera.recognize import Recognizer, never_sure  # noqa: E402
from drivers.camera.training import enroll  # noqa: E402
from hardware_mocks.camera import Deck, card_corners, envelope_scene, felt, lay_card  # noqa: E402,E501
from hardware_mocks.catalogue import HELD_OUT, TUNING, deck_faces  # noqa: E402
from tests.camera.support import label  # noqa: E402

TRAIN_SEED, PICK_SEED = 11, 12
# with `--moved`, every other scene (the 720p ones of even number) is read twice: as found,
# and with each corner found moved by up to MOVE_OFFSET card widths and turned by up to
# MOVE_TURN degrees (`moved`). The model fitted on found corners alone reads one of 81,000
# sure readings of moved corners wrong; fitted with them, none, but its threshold rises from
# -0.58 to +1.98 and more cards are left uncertain (docs/camera.md): not shipped
MOVE_OFFSET, MOVE_TURN = 0.05, 4.0
# art windows (`art`): the first seed's are fitted on with the scenes of TRAIN_SEED, the
# second's held with those of PICK_SEED for the threshold
ART_SEEDS = (13, 14)
COURT_CODES = [rank + suit for rank in "JQK" for suit in "SHDC"]


def _enrolled(name: str, cache: str):
    """A tuning design enrolled, and its deck to lay cards of (one OpenCV thread: one core)."""
    cv2.setNumThreads(1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = deck_faces(name, Path(cache), Path(tmp) / name)
        return enroll(folder), Deck(folder)


def design(job: tuple[str, int, tuple[int, ...], tuple[int, ...], str, str | None, bool]
           ) -> dict:
    """One design enrolled once, then read: its scenes of each seed (`collect`) and its art
    windows of each art seed (`art`). Enrolment is most of a design's time."""
    name, scenes, seeds, art_seeds, cache, model, move = job
    profile, deck = _enrolled(name, cache)
    return {"scenes": {seed: collect(name, profile, deck, scenes, seed, model, move)
                       for seed in seeds},
            "art": {seed: art(name, profile, deck, seed) for seed in art_seeds}}


def collect(name: str, profile, deck: Deck, scenes: int, seed: int,
            model: str | None, move: bool = False) -> dict:
    """The readings of one design's scenes: evidence rows, labels, and pairs of agreeing
    readings of two prints of one card (for the pair threshold); with `move`, every other
    scene's also with its corners moved (`moved`)."""
    # gathering, nothing is read surely: no corner is passed over for a card read surely, so
    # every index window the frame shows is read (with a model given, as it would read)
    certainty = Certainty.load(Path(model)) if model else None
    rec = Recognizer(profile, certainty=certainty)
    rng = np.random.default_rng([seed, TUNING.index(name)])
    rows, right, scene_of, pairs, was_moved, never = [], [], [], [], [], []
    for s in range(scenes):
        size = (1920, 1080) if s % 4 == 3 else (1280, 720)
        scene = envelope_scene(deck, rng, size=size)
        for at_moved in (False, True) if move and s % 2 == 0 else (False,):
            rec.moved = moved(np.random.default_rng([seed, TUNING.index(name), s])) \
                if at_moved else None
            rec.collect = []
            rec.read(scene.image)
            readings, rec.collect = rec.collect, None
            labels = label(readings, scene.cards)
            _pairs(readings, labels, len(rows), pairs)
            for r, (_, ok) in zip(readings, labels, strict=True):
                rows.append(Certainty.vector(r.evidence))
                right.append(ok)
                scene_of.append(s)
                was_moved.append(at_moved)
                never.append(never_sure(profile, r.card))
    return {"name": name, "x": np.array(rows).reshape(-1, len(FEATURES)),
            "right": np.array(right, int), "scene": np.array(scene_of, int),
            "moved": np.array(was_moved, bool), "pairs": np.array(pairs, int).reshape(-1, 3),
            "never_sure": np.array(never, bool)}


def moved(rng: np.random.Generator):
    """`Recognizer.moved` for one read: each corner found moved by up to MOVE_OFFSET card
    widths (any direction, evenly over the disc) and turned by up to MOVE_TURN degrees."""
    def move(corners: Corners, width: float) -> Corners:
        n = len(corners)
        radius = MOVE_OFFSET * width * np.sqrt(rng.random(n))
        heading = rng.uniform(0, 2 * np.pi, n)
        turn = np.deg2rad(rng.uniform(-MOVE_TURN, MOVE_TURN, n))
        cos, sin = np.cos(turn)[:, None], np.sin(turn)[:, None]

        def turned(d: np.ndarray) -> np.ndarray:
            return np.hstack([cos * d[:, :1] - sin * d[:, 1:], sin * d[:, :1] + cos * d[:, 1:]])
        return Corners(corners.points + radius[:, None] * np.column_stack(
            [np.cos(heading), np.sin(heading)]), turned(corners.us), turned(corners.vs),
            corners.from_outline)
    return move


def _pairs(readings: list, labels: list, base: int, pairs: list) -> None:
    """Two readings of one read, of one code, whose indices lie apart: two prints, as
    `merge` pairs them (rows `base` on), added to `pairs` with whether they are right."""
    for a in range(len(readings)):
        for b in range(a + 1, len(readings)):
            ra, rb = readings[a], readings[b]
            if ra.card != rb.card or labels[a][0] != labels[b][0]:
                continue
            if labels[a][0] < 0 and np.hypot(*(ra.center - rb.center)) >= 0.25 * ra.width:
                continue
            if np.hypot(*(ra.index_at - rb.index_at)) < 0.5 * ra.width:
                continue
            pairs.append((base + a, base + b, labels[a][1]))


def _marks(sets: list[dict], key: str) -> np.ndarray:
    """The flags `key` of every reading of the sets, end to end: none set where a set was
    gathered before readings were so marked."""
    return np.concatenate([d.get(key, np.zeros(len(d["x"]), bool)) for d in sets])


def art(name: str, profile, deck: Deck, seed: int) -> dict:
    """Windows cut where no index is, which the scenes' corners seldom give: each court card
    of a design laid alone (100-140 px wide, any angle), a window at each of 48 points inside
    its face as if a corner had been found on its art's edges. Every reading there is wrong,
    but one that names the card itself (a court may print its index in its art), which is
    left out. Their evidence rows, wrong readings to fit on and to pick the threshold above:
    with a threshold picked on the scenes alone (+3.15), a court's art was read surely as a 6
    of diamonds (our own deck, +3.24)."""
    rec = Recognizer(profile)
    rng = np.random.default_rng([seed, TUNING.index(name)])
    rows, never = [], []
    for code in COURT_CODES:
        width = float(rng.uniform(100, 140))
        img = felt((1280, 720), rng)
        corners = card_corners((640, 360), width, float(rng.uniform(-180, 180)), deck.aspect)
        lay_card(img, deck, code, corners)
        tl, tr, _, bl = corners
        u, v = (tr - tl) / np.linalg.norm(tr - tl), (bl - tl) / np.linalg.norm(bl - tl)
        for s in np.linspace(0.15, 0.7, 6):
            for t in np.linspace(0.15, 0.7, 8):
                point = tl + s * width * u + t * width * deck.aspect * v
                reading = rec.read_corner(img, Corner(point, u, v), width)
                if reading is not None and reading.card != code:
                    rows.append(Certainty.vector(reading.evidence))
                    never.append(never_sure(profile, reading.card))
    return {"name": name, "seed": seed, "x": np.array(rows).reshape(-1, len(FEATURES)),
            "never_sure": np.array(never, bool)}


def gather(designs, scenes, seeds, art_seeds, cache, jobs, model=None, move=False
           ) -> list[dict]:
    """`design` of each design, in `jobs` processes."""
    return _each(design, [(name, scenes, seeds, art_seeds, cache, model, move)
                          for name in designs], jobs)


def _each(work_on, jobs_of: list, jobs: int) -> list[dict]:
    """`work_on` of each job, in `jobs` processes at once."""
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            return pool.map(work_on, jobs_of, chunksize=1)
    return [work_on(w) for w in jobs_of]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=160, help="scenes per design and set")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=str(MODEL_FILE))
    ap.add_argument("--cache", default=str(ROOT / ".test-cache"))
    ap.add_argument("--designs", default=",".join(TUNING))
    ap.add_argument("--ridge", type=float, default=100.0)
    ap.add_argument("--wrong-weight", type=float, default=100.0,
                    help="each wrong reading counts this many times in the fit")
    ap.add_argument("--data", default=None,
                    help="keep the gathered readings in this file, or refit from it")
    ap.add_argument("--fitted-on", default=None,
                    help="fit on the fitting set kept in this file; gather only the picking set")
    ap.add_argument("--model", default=None,
                    help="gather with this model deciding which corners to read (else all)")
    ap.add_argument("--moved", action="store_true",
                    help="read every other scene also with its corners moved (`moved`)")
    args = ap.parse_args()
    designs = args.designs.split(",")
    if any(d in HELD_OUT or d not in TUNING for d in designs):
        raise SystemExit("the certainty model is fitted on tuning designs only")
    start = time.perf_counter()
    data = Path(args.data) if args.data else None
    refit = data is not None and data.exists() and not args.fitted_on
    if args.fitted_on:  # readings to fit on gathered before; the picking set gathered now
        with open(args.fitted_on, "rb") as f:
            train, _, arts = pickle.load(f)  # art windows read alike with any model
        train = [d for d in train if d["name"] in designs]
        found = gather(designs, args.scenes, (PICK_SEED,), (), args.cache, args.jobs,
                       args.model, args.moved)
        held = [d["scenes"][PICK_SEED] for d in found]
    elif refit:  # readings gathered before: refit only
        with open(data, "rb") as f:
            train, held, arts = pickle.load(f)
        train = [d for d in train if d["name"] in designs]
        held = [d for d in held if d["name"] in designs]
    else:
        both = gather(designs, args.scenes, (TRAIN_SEED, PICK_SEED), ART_SEEDS, args.cache,
                      args.jobs, args.model, args.moved)
        train = [d["scenes"][TRAIN_SEED] for d in both]
        held = [d["scenes"][PICK_SEED] for d in both]
        arts = [a for d in both for a in d["art"].values()]
    if data is not None and not refit:
        with open(data, "wb") as f:
            pickle.dump((train, held, arts), f)
    arts = {(a["name"], a["seed"]): a for a in arts}
    art_fit, art_x = (np.vstack([arts[name, seed]["x"] for name in designs])
                      for seed in ART_SEEDS)
    art_never_fit, art_never = (_marks([arts[name, seed] for name in designs], "never_sure")
                                for seed in ART_SEEDS)
    # fitted on the first set's scenes and art windows (every one wrong), picked on the
    # second's: the model learns what art read as an index looks like, rather than only
    # being held above it
    x = np.vstack([d["x"] for d in train] + [art_fit])
    y = np.concatenate([d["right"] for d in train] + [np.zeros(len(art_fit), int)])
    # readings a veto keeps from being sure alone (`certainty.vetoed`) are left out of the fit
    # and of the pick
    fit_on = allowed(x)
    model = Certainty.fit(x[fit_on], y[fit_on], ridge=args.ridge,
                          wrong_weight=args.wrong_weight)
    xs = np.vstack([d["x"] for d in held])
    ys = np.concatenate([d["right"] for d in held])
    logits = model.logits(xs)
    free = allowed(xs)
    # a reading the recognizer never calls sure (`recognize.never_sure`) cannot be a sure
    # wrong one: it picks no threshold (scenes' or art windows'), nor is it counted sure
    sure_able = free & ~_marks(held, "never_sure")
    picked, _ = pick(np.where(sure_able, logits, -np.inf), ys)
    # the same with the two sets' roles swapped: how far the threshold hangs on which wrong
    # readings the picking set happens to hold (a model only; not what ships)
    art_free = allowed(art_x)
    swapped = Certainty.fit(np.vstack([xs[free], art_x[art_free]]),
                            np.concatenate([ys[free], np.zeros(int(art_free.sum()), int)]),
                            ridge=args.ridge, wrong_weight=args.wrong_weight)
    never_fit = np.concatenate([_marks(train, "never_sure"), art_never_fit])
    swapped_threshold, swapped_sure = pick(np.where(fit_on & ~never_fit, swapped.logits(x),
                                                    -np.inf), y)
    # the highest of three: the picking set's, the swapped one's (a threshold picked on other
    # scenes may come out that much higher), and just above every art window (`art`: wrong
    # readings of windows the scenes seldom cut, such as a corner on a court's frame line read
    # as a J, tests/camera/test_camera_not_sure.py)
    art_logits = np.where(art_free & ~art_never, model.logits(art_x), -np.inf) \
        if len(art_x) else np.zeros(0)
    art_worst = float(art_logits.max()) if len(art_logits) else -np.inf
    threshold = max(picked, swapped_threshold, float(np.nextafter(art_worst, np.inf)))
    sure = int((np.where(sure_able, logits, -np.inf) >= threshold).sum())
    model.threshold = threshold
    # pairs: two prints of one card, neither sure alone, their log-odds added
    offsets = np.cumsum([0] + [len(d["x"]) for d in held])[:-1]
    pairs = np.vstack([d["pairs"] + [o, o, 0] for d, o in zip(held, offsets, strict=True)])
    alone = (logits[pairs[:, 0]] < threshold) & (logits[pairs[:, 1]] < threshold) & \
        sure_able[pairs[:, 0]] & sure_able[pairs[:, 1]] if len(pairs) else np.zeros(0, bool)
    pair_sum = logits[pairs[:, 0]] + logits[pairs[:, 1]] if len(pairs) else np.zeros(0)
    wrong_pairs = pair_sum[alone & (pairs[:, 2] == 0)] if len(pairs) else np.zeros(0)
    # as the single threshold: just above the best wrong pair's sum (and at least the single
    # threshold: a pair is surer than either of its readings, never less sure than one)
    model.pair = float(np.nextafter(max(wrong_pairs.max() if len(wrong_pairs) else -np.inf,
                                        threshold), np.inf))
    pair_sure = int(((pair_sum >= model.pair) & alone).sum()) if len(pairs) else 0
    sure_mask = sure_able & (logits >= threshold)
    # the readings of corners moved (`moved`), apart
    was_moved = _marks(held, "moved")
    typical = np.median(xs[sure_mask & (ys == 1)], axis=0)
    print(f"{'design':10} {'readings':>8} {'right':>6} {'sure':>6} {'wrong sure':>10} "
          f"{'right unsure':>12}")
    at = 0
    per_design = {}
    for d in held:
        n = len(d["x"])
        m, yy = sure_mask[at: at + n], ys[at: at + n]
        per_design[d["name"]] = {"readings": n, "right": int(yy.sum()), "sure": int(m.sum()),
                                 "sure_wrong": int((m & (yy == 0)).sum())}
        print(f"{d['name']:10} {n:8} {int(yy.sum()):6} {int(m.sum()):6} "
              f"{int((m & (yy == 0)).sum()):10} {int((~m & (yy == 1)).sum()):12}")
        at += n
    scenes = max(int(d["scene"].max(initial=-1)) for d in train) + 1  # as gathered
    figures = {
        "fitted_on": f"{len(x) - len(art_fit)} readings of {len(train)} tuning designs, "
                     f"{scenes} envelope scenes each (seed {TRAIN_SEED}), and "
                     f"{len(art_fit)} art windows (seed {ART_SEEDS[0]})",
        "picked_on": f"{len(xs)} readings of other scenes of the same designs (seed "
                     f"{PICK_SEED})",
        "readings": int(len(xs)), "right": int(ys.sum()), "sure": int(sure_mask.sum()),
        "sure_wrong": int((sure_mask & (ys == 0)).sum()),
        "right_left_unsure": int((~sure_mask & (ys == 1)).sum()),
        "pairs_sure": pair_sure, "designs": per_design,
        "typical": [round(float(v), 4) for v in typical],
        "picked": round(float(picked), 3),
        "swapped": {"threshold": round(float(swapped_threshold), 3), "sure": swapped_sure,
                    "readings": int(len(x))},
        "art": {"readings": int(len(art_x)), "allowed": int(np.isfinite(art_logits).sum()),
                "surest": float(art_worst), "seed": ART_SEEDS[1],
                "fitted_on": int(len(art_fit))},
        "ridge": args.ridge, "wrong_weight": args.wrong_weight,
        "gathered_with": args.model or "no model (every window read)",
    }
    if was_moved.any():
        figures["moved"] = {"offset_widths": MOVE_OFFSET, "turn_degrees": MOVE_TURN,
                            "readings": int(was_moved.sum()),
                            "sure": int((sure_mask & was_moved).sum()),
                            "right_left_unsure": int((~sure_mask & was_moved & (ys == 1)).sum())}
    model.figures = figures
    model.save(Path(args.out))
    print(f"threshold {threshold:+.3f} (log-odds; picked on these scenes {picked:+.3f}), "
          f"pair {model.pair:+.3f}: {sure} sure of "
          f"{len(xs)} readings on the picking scenes, none wrong; {figures['right_left_unsure']}"
          f" right readings left unsure; {pair_sure} pairs sure together; "
          f"{time.perf_counter() - start:.0f} s")
    if was_moved.any():
        print(f"of them read at corners moved: {int(was_moved.sum())} readings, "
              f"{figures['moved']['sure']} sure, {figures['moved']['right_left_unsure']} right "
              "left unsure")
    print(f"swapped (fitted on the picking scenes, picked on the fitting ones): threshold "
          f"{swapped_threshold:+.3f}, {swapped_sure} sure of {len(x)}")
    print(f"art windows: {len(art_x)} read wrong, {int(np.isfinite(art_logits).sum())} "
          f"allowed, surest {art_worst:+.3f}")
    print(json.dumps({k: v for k, v in figures.items() if k not in ("designs", "typical")}))


if __name__ == "__main__":
    main()
