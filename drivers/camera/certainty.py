"""How sure a reading of an index is: a model fitted on rendered tables, not rules.

Every index window the recognizer reads yields evidence: how far the classifiers' best rank and
suit lead the runners-up, how well their own templates fit, how index-like the window looks to
the generic templates, whether the ink's colour is clearly one of the deck's, where the index
lies in its window, ink above the rank or running through the window, whether the corner was
found on an edge or only implied by a hand's outline. `Certainty` turns that evidence into the
log-odds that the reading is right: a logistic regression over a piecewise-linear basis of each
measure (a few hinges per measure, at its quantiles in the training data), so a measure can
weigh little where it is good and much where it is bad.

It is fitted by `bench/camera_certainty.py` on readings of rendered tables of the tuning
designs only, labelled by the renderer's truth, and its threshold is picked on other rendered
tables of the tuning designs: the lowest log-odds at which no wrong reading there is sure. The
file `certainty.json` beside this module holds the model, its threshold and the figures it was
picked on (how many sure readings, how many wrong).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

MODEL_FILE = Path(__file__).with_name("certainty.json")

# the evidence of one reading, in this order (`Recognizer._evidence` fills it)
FEATURES = (
    "rank_margin",  # best rank's score over the runner-up's (the deck's classifier)
    "suit_margin",  # the same for the suit, among the suits of the ink's colour
    "rank_share",  # rank margin as a share of the margin the deck's enrolment asks
    "suit_share",
    "rank_fit",  # the read rank's own template fit, as a share of its fit through a camera
    "suit_fit",
    "rank_match",  # the generic rank (suit) template's fit: how index-like the window is
    "suit_match",
    "colour",  # nearest ink colour's distance over the next one's (1: not known)
    "off_place",  # the index's distance from where its corner puts it, card widths
    "at_end",  # the index lies against the end of its window (1) or not (0)
    "ink_above",  # share of the rows just above a number's rank that is ink
    "line",  # largest share of the window's rows one middle column is ink, beyond the
    # share the read card's own views show (a court's frame may run by its index)
    "down",  # the same from the rank's top down (0 for a queen)
    "shifted",  # the window was cut again, moved along the edge (1) or not
    "outline",  # the corner was implied by a hand's outline (1) or found at an edge (0)
    "higher",  # a window cut higher found an index above this one (1) or not
    "width",  # the card's width in frame pixels, over 100
    "nine",  # the rank read is a 9 (what a 6 or 8 found cut reads as)
    "court",  # the rank read is a J, Q or K
    "on_card",  # the share of the card it implies that lies on card, not cloth
    "twin",  # another reading of the same card lies 0.45-1.2 card widths from it (1) or not
    "rank_lead",  # the read rank's own-template fit over the best other rank's (shares)
    "suit_lead",  # the same for the suit, among all four
)
CAP = 4.0  # margins are capped: with one suit left to choose a suit margin is infinite
ON_CARD = 0.92  # the share of a card that must lie on card, not cloth


def vetoed(evidence: dict[str, float]) -> list[str]:
    """Why a reading can never be sure alone, whatever its log-odds: the card it implies lies
    partly on cloth; its index lay beyond its window's end (found in a window cut again: the
    corner, and the card's centre it implies, lie off along the edge); its rank or suit margin
    is under the deck's own (`rank_share` or `suit_share` below 1: a wrong view of this deck
    at enrolment came that close). On the tuning designs' readings the last held the wrong
    readings the model rated highest (a small spade read as a club, every other measure
    strong), and the threshold hung on them. The ink's colour unclear, and a reading of the
    same card beside one whose card reaches onto the cloth, were vetoes too; with the wrong
    readings weighted in the fit the model ranks them as well without (as many sure readings
    both ways the sets are swapped), so they are measures only."""
    return [why for failed, why in (
        (min(evidence["rank_share"], evidence["suit_share"]) < 1.0,
         "its rank or suit margin is under the deck's: a wrong view of it at enrolment came "
         "as close"),
        (evidence["on_card"] < ON_CARD, "the card it implies would lie partly on cloth"),
        (evidence["shifted"] > 0, "its index lay beyond its window's end"),
    ) if failed]


def allowed(x: np.ndarray) -> np.ndarray:
    """`vetoed` for rows of evidence (`FEATURES` order): True where no veto holds."""
    x = np.atleast_2d(x)
    return np.array([not vetoed(dict(zip(FEATURES, row.tolist(), strict=True)))
                     for row in x], bool)


@dataclass
class Certainty:
    knots: list[list[float]]  # per feature, where its hinges lie
    mean: np.ndarray  # of the basis, for standardising
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float  # log-odds from which a reading is sure
    pair: float  # log-odds from which two agreeing prints of one card, summed, are sure
    figures: dict = field(default_factory=dict)  # what it was fitted and picked on
    # each measure's range in the fitting set: a measure beyond it is taken at its end (the
    # hinges' outer slopes would otherwise go on past any reading seen: cards under 100 px)
    low: np.ndarray | None = None
    high: np.ndarray | None = None

    @staticmethod
    def vector(evidence: dict[str, float]) -> np.ndarray:
        return np.array([min(CAP, float(evidence[name])) for name in FEATURES])

    @staticmethod
    def vectors(evidences: list[dict[str, float]]) -> np.ndarray:
        """`vector` of each, as rows (one array made, not one per reading)."""
        return np.array([[min(CAP, float(evidence[name])) for name in FEATURES]
                         for evidence in evidences]).reshape(len(evidences), len(FEATURES))

    def basis(self, x: np.ndarray) -> np.ndarray:
        """Each feature, and its hinges max(0, x - knot) and max(0, knot - x)."""
        return _basis(np.atleast_2d(x), self.knots)

    def logits(self, x: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(x)
        if self.low is not None:
            x = np.clip(x, self.low, self.high)
        z = (self.basis(x) - self.mean) / self.scale
        return z @ self.weights + self.bias

    def logit(self, evidence: dict[str, float]) -> float:
        return float(self.logits(self.vector(evidence))[0])

    def weakest(self, evidence: dict[str, float], most: int = 3) -> list[str]:
        """The measures that pull this reading's log-odds down most, against a typical sure
        reading's (`figures["typical"]`): why it is not surer, for `--explain`."""
        typical = np.array(self.figures.get("typical", [0.0] * len(FEATURES)))
        x = self.vector(evidence)
        # the typical reading with one measure at a time moved to this reading's
        moved = np.repeat(typical[None], len(FEATURES) + 1, axis=0)
        moved[np.arange(len(FEATURES)), np.arange(len(FEATURES))] = x
        logits = self.logits(moved)
        pulls = sorted((float(logits[k] - logits[-1]), name, x[k])
                       for k, name in enumerate(FEATURES))
        return [f"{name} {value:.2f} ({pull:+.1f})" for pull, name, value in pulls[:most]
                if pull < 0]

    def save(self, path: Path) -> None:
        data = {"features": list(FEATURES), "knots": self.knots, "mean": self.mean.tolist(),
                "scale": self.scale.tolist(), "weights": self.weights.tolist(),
                "bias": self.bias, "threshold": self.threshold, "pair": self.pair,
                "figures": self.figures}
        if self.low is not None:
            data["low"], data["high"] = self.low.tolist(), self.high.tolist()
        Path(path).write_text(json.dumps(data, indent=1) + "\n")

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> Certainty:
        try:
            data = json.loads(Path(path).read_text())
            if data["features"] != list(FEATURES):
                raise ValueError("made for other evidence than this version gathers")
            return cls(data["knots"], np.array(data["mean"]), np.array(data["scale"]),
                       np.array(data["weights"]), float(data["bias"]),
                       float(data["threshold"]), float(data["pair"]), data.get("figures", {}),
                       np.array(data["low"]) if "low" in data else None,
                       np.array(data["high"]) if "high" in data else None)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}: not a certainty model ({exc})") from None

    @classmethod
    def fit(cls, x: np.ndarray, right: np.ndarray, ridge: float = 1.0,
            quantiles=(0.05, 0.2, 0.5, 0.8, 0.95), wrong_weight: float = 1.0) -> Certainty:
        """Fit the log-odds of a reading being right (`right`, 0 or 1) on evidence rows `x`
        (Newton's method on the L2-penalised likelihood, each wrong reading counted
        `wrong_weight` times). The threshold is set apart (`pick`), just above the surest
        wrong reading: weighting the wrong ones makes the fit rank those few, not only the
        many easy readings."""
        x = np.minimum(np.asarray(x, float), CAP)
        knots = []
        for k in range(x.shape[1]):
            values = np.unique(np.quantile(x[:, k], quantiles))
            knots.append([float(v) for v in values] if len(np.unique(x[:, k])) > 2 else [])
        b = _basis(x, knots)
        mean, scale = b.mean(axis=0), b.std(axis=0)
        scale[scale < 1e-9] = 1.0
        z = np.hstack([(b - mean) / scale, np.ones((len(b), 1))])
        y = np.asarray(right, float)
        counted = np.where(y > 0, 1.0, wrong_weight)
        w = np.zeros(z.shape[1])
        penalty = np.full(z.shape[1], ridge)
        penalty[-1] = 0.0
        for _ in range(50):
            p = 1 / (1 + np.exp(-np.clip(z @ w, -30, 30)))
            grad = z.T @ (counted * (p - y)) + penalty * w
            hess = (z * (counted * p * (1 - p))[:, None]).T @ z + np.diag(penalty + 1e-9)
            step = np.linalg.solve(hess, grad)
            w -= step
            if np.abs(step).max() < 1e-7:
                break
        return cls(knots, mean, scale, w[:-1], float(w[-1]), np.inf, np.inf, {},
                   x.min(axis=0), x.max(axis=0))


def _basis(x: np.ndarray, knots: list[list[float]]) -> np.ndarray:
    """Each feature, then its hinges, in the order `fit` stores the weights: one array
    operation per call (a reading's log-odds is asked several times a frame)."""
    feature, knot, sign = _layout(tuple(tuple(ks) for ks in knots))
    v = x[:, feature]
    hinged = np.maximum(0.0, (v - knot) * sign)
    return np.where(sign == 0, v, hinged)


@lru_cache(maxsize=8)
def _layout(knots: tuple[tuple[float, ...], ...]) -> tuple[np.ndarray, ...]:
    """Of each basis column: its feature, its knot, and +1 (x - knot), -1 (knot - x) or 0
    (the feature itself)."""
    feature, knot, sign = [], [], []
    for k, ks in enumerate(knots):
        feature.append(k), knot.append(0.0), sign.append(0.0)
        for value in ks:
            feature += [k, k]
            knot += [value, value]
            sign += [1.0, -1.0]
    return np.array(feature), np.array(knot), np.array(sign)


def pick(logits: np.ndarray, right: np.ndarray) -> tuple[float, int]:
    """The lowest threshold at which no wrong reading is sure (just above the highest log-odds
    a wrong reading reached), and how many readings are sure at it."""
    logits, right = np.asarray(logits, float), np.asarray(right, bool)
    worst = float(logits[~right].max()) if (~right).any() else float(logits.min()) - 1.0
    threshold = np.nextafter(worst, np.inf)
    return threshold, int((logits >= threshold).sum())


@lru_cache(maxsize=1)
def packaged() -> Certainty | None:
    """The model that ships with the package, or None where none was fitted yet."""
    return Certainty.load() if MODEL_FILE.exists() else None
