"""How sure a reading of an index is: a model fitted on rendered tables, not rules.

Every index window the recognizer reads yields evidence: how far the classifiers' best rank and
suit lead the runners-up, how well their own templates fit, how index-like the window looks to
the generic templates, whether the ink's colour is clearly one of the deck's, where the index
lies in its window, ink above the rank or running through the window, whether the corner was
found on an edge or only implied by a hand's outline. `Certainty` turns that evidence into the
log-odds that the reading is right: a logistic regression over a piecewise-linear basis of each
measure (a few segments per measure, between its quantiles in the training data), so a measure
can weigh little where it is good and much where it is bad. Each measure whose meaning has a
direction (a wider margin, a better fit: never less sure) is fitted to weigh that way only
(`RISES`): unconstrained (ridge 3), a fit on one set of tables gave a wrong reading of the
other set whose colour, suit fit and lines through its window were all bad +7.1 (its slopes
carried on where few readings lay), and the thresholds of the two sets picked each on the
other lay 5.5 apart (ridge 10: 2.2); constrained (ridge 10), 1.0. It ships fitted with ridge
100 and each wrong reading counted 100 times: on the tuning readings the sure ones rose from
83,960 of 94,094 (10 and 10) to 84,355, none wrong, and level off from 100 both on.

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
    "rank_share",  # rank margin as a share of the margin enrolment asks of the rank read
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
# how each measure moves the log-odds where its meaning says: +1 never down as it grows, -1
# never up, 0 either way (what it flags may help or hurt: a 9, a court, a twin; or no side is
# plainly better: the card's width)
RISES = {"rank_margin": 1, "suit_margin": 1, "rank_share": 1, "suit_share": 1, "rank_fit": 1,
         "suit_fit": 1, "rank_match": 1, "suit_match": 1, "colour": -1, "off_place": -1,
         "at_end": -1, "ink_above": -1, "line": -1, "down": -1, "shifted": -1, "outline": -1,
         "higher": -1, "width": 0, "nine": 0, "court": 0, "on_card": 1, "twin": 0,
         "rank_lead": 1, "suit_lead": 1}
BASIS = "segments"  # what a model file's weights weigh (`_basis`); older files weighed hinges
CAP = 4.0  # margins are capped: with one suit left to choose a suit margin is infinite
ON_CARD = 0.92  # the share of a card that must lie on card, not cloth


def partly_on_cloth(evidence: dict | None) -> bool:
    """Whether the card a reading implies would lie partly on cloth (`ON_CARD`): never sure
    alone, and beside a card read surely a print of that card read as if it lay elsewhere."""
    return evidence is not None and evidence.get("on_card", 1.0) < ON_CARD


# a reading's colour (`colour_and_clarity`: nearest colour's distance over the next one's)
# from which it is too unclear to be sure alone (`vetoed`)
COLOUR_UNCLEAR = 0.45
# a reading's own suit template fitting worse than another suit's by more than this
# (`suit_lead`) is never sure alone (`vetoed`)
SUIT_LEAD_LEAST = -0.1


def vetoed(evidence: dict[str, float]) -> list[str]:
    """Why a reading can never be sure alone, whatever its log-odds: the card it implies lies
    partly on cloth; its index lay beyond its window's end (found in a window cut again: the
    corner, and the card's centre it implies, lie off along the edge); its rank or suit margin
    is under what the deck's enrolment asks of the rank (suit) read (`rank_share` or
    `suit_share` below 1: a view of this deck wrongly read as it came that close); its suits
    were taken from an ink colour that lies nearly as near another of the deck's colours
    (`colour` from COLOUR_UNCLEAR up to 1, where no colour is taken and every suit is asked)
    and its shape chose among them by less than CAP times the margin asked; another suit's own
    template fits it better than its own (`suit_lead` under SUIT_LEAD_LEAST). On the tuning
    designs' readings the margin held the wrong readings the model rated highest (a small
    spade read as a club, every other measure strong), and the threshold hung on them. The
    last two came when the small-index designs pool-1403 and pool-22 joined the tuning
    designs: a red jack whose tint lay nearer black (colour 0.53) read as a spade by a narrow
    margin, and a four-colour court whose colour alone chose its suit while another suit's
    template fitted it 0.23 better, rated +10 and +5.8 with every other measure strong (the
    threshold picked rose from +2 to +10). Of the picking readings each veto holds, 79 of 97
    and 773 of 868 are wrong. A colour as unclear is common on a four-colour deck (its colours
    lie closer), where it alone chooses the suit: vetoing all such readings left 12 of
    pool-22's 102 cards uncertain. A line running down through the window from the rank's top
    (a court's frame, art) is no veto: the model weighs it (`down`), and without that veto
    84,632 picking readings are sure, none wrong, against 84,355 with it; each other veto
    dropped leaves fewer sure (84,022-84,064), the colour's 69,693."""
    return [why for failed, why in (
        (min(evidence["rank_share"], evidence["suit_share"]) < 1.0,
         "its rank or suit margin is under what enrolment asks of it: a wrong view read as "
         "it came as close"),
        (partly_on_cloth(evidence), "the card it implies would lie partly on cloth"),
        (COLOUR_UNCLEAR <= evidence["colour"] < 1.0 and evidence["suit_share"] < CAP,
         "its suits were taken from an ink colour that lies nearly as near another, and its "
         "suit chosen among them by a narrow margin"),
        (evidence.get("suit_lead", 0.0) < SUIT_LEAD_LEAST,
         "another suit's own template fits it better"),
        (evidence["shifted"] > 0, "its index lay beyond its window's end"),
    ) if failed]


def allowed(x: np.ndarray) -> np.ndarray:
    """`vetoed` for rows of evidence (`FEATURES` order): True where no veto holds."""
    x = np.atleast_2d(x)
    return np.array([not vetoed(dict(zip(FEATURES, row.tolist(), strict=True)))
                     for row in x], bool)


@dataclass
class Certainty:
    knots: list[list[float]]  # per feature, where its segments meet
    mean: np.ndarray  # of the basis, for standardising
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float  # log-odds from which a reading is sure
    pair: float  # log-odds from which two agreeing prints of one card, summed, are sure
    figures: dict = field(default_factory=dict)  # what it was fitted and picked on
    # each measure's range in the fitting set: a measure beyond it is taken at its end (the
    # outer segments' slopes would otherwise go on past any reading seen: cards under 100 px)
    low: np.ndarray | None = None
    high: np.ndarray | None = None

    @staticmethod
    def vector(evidence: dict[str, float]) -> np.ndarray:
        return np.array([min(CAP, float(evidence[name])) for name in FEATURES])

    @staticmethod
    def vectors(evidences: list[dict[str, float]]) -> np.ndarray:
        """`vector` of each, as rows (one array made, not one per reading)."""
        # np.fmin: as `min(CAP, value)` does, a NaN is taken as CAP
        return np.fmin(np.array([[evidence[name] for name in FEATURES] for evidence in evidences],
                                float).reshape(len(evidences), len(FEATURES)), CAP)

    def basis(self, x: np.ndarray) -> np.ndarray:
        """Each feature cut at its knots into segments (`_basis`)."""
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
        data = {"features": list(FEATURES), "basis": BASIS, "knots": self.knots,
                "mean": self.mean.tolist(),
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
            if data.get("basis") != BASIS:
                raise ValueError(f"its weights weigh {data.get('basis', 'hinges')}, this "
                                 f"version's {BASIS}: fit it again")
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
        """Fit the log-odds of a reading being right (`right`, 0 or 1) on evidence rows `x`:
        the L2-penalised likelihood, each wrong reading counted `wrong_weight` times, each
        segment's slope kept to its measure's direction (`RISES`), by projected Newton steps.
        The threshold is set apart (`pick`), just above the surest wrong reading: weighting the
        wrong ones makes the fit rank those few, not only the many easy readings."""
        x = np.minimum(np.asarray(x, float), CAP)
        knots = []
        for k in range(x.shape[1]):
            values = np.unique(np.quantile(x[:, k], quantiles))
            knots.append([float(v) for v in values] if len(np.unique(x[:, k])) > 2 else [])
        b = _basis(x, knots)
        mean, scale = b.mean(axis=0), b.std(axis=0)
        scale[scale < 1e-9] = 1.0
        z = np.hstack([(b - mean) / scale, np.ones((len(b), 1))])
        feature, _, _ = _layout(tuple(tuple(ks) for ks in knots))
        rises = np.append([RISES[FEATURES[k]] for k in feature], 0.0)  # the bias is free
        y = np.asarray(right, float)
        counted = np.where(y > 0, 1.0, wrong_weight)
        penalty = np.full(z.shape[1], ridge)
        penalty[-1] = 0.0

        def loss(w: np.ndarray) -> float:
            t = z @ w
            return float((counted * (np.logaddexp(0.0, t) - y * t)).sum()
                         + 0.5 * (penalty * w * w).sum())

        def kept(w: np.ndarray) -> np.ndarray:  # each slope on its measure's side of 0
            return np.where(rises > 0, np.maximum(w, 0.0), np.where(rises < 0,
                                                                    np.minimum(w, 0.0), w))

        w = np.zeros(z.shape[1])
        now = loss(w)
        for _ in range(100):
            p = 1 / (1 + np.exp(-np.clip(z @ w, -30, 30)))
            grad = z.T @ (counted * (p - y)) + penalty * w
            hess = (z * (counted * p * (1 - p))[:, None]).T @ z + np.diag(penalty + 1e-9)
            # a slope held at 0 that the gradient would push past it stays there
            held = ((rises > 0) & (w <= 0) & (grad > 0)) | ((rises < 0) & (w >= 0) & (grad < 0))
            free = ~held
            step = np.zeros_like(w)
            step[free] = np.linalg.solve(hess[np.ix_(free, free)], grad[free])
            size = 1.0
            while True:  # halved until the loss does not grow
                tried = kept(w - size * step)
                after = loss(tried)
                if after <= now + 1e-9 or size < 1e-6:
                    break
                size /= 2
            w, done = tried, abs(now - after) < 1e-9 * max(1.0, abs(now))
            now = after
            if done:
                break
        return cls(knots, mean, scale, w[:-1], float(w[-1]), np.inf, np.inf, {},
                   x.min(axis=0), x.max(axis=0))


def _basis(x: np.ndarray, knots: list[list[float]]) -> np.ndarray:
    """Each feature cut at its knots k1 < ... < kn into segments, in the order `fit` stores
    the weights: min(x, k1), then clip(x, ki, ki+1) - ki, then max(0, x - kn); each grows with
    x, so a weight's sign is the measure's direction there (a feature without knots: itself).
    One array operation per call (a reading's log-odds is asked several times a frame)."""
    feature, low, high = _layout(tuple(tuple(ks) for ks in knots))
    return np.clip(x[:, feature], low, high) - np.where(np.isfinite(low), low, 0.0)


@lru_cache(maxsize=8)
def _layout(knots: tuple[tuple[float, ...], ...]) -> tuple[np.ndarray, ...]:
    """Of each basis column: its feature, and the segment's ends (-inf and +inf open)."""
    feature, low, high = [], [], []
    for k, ks in enumerate(knots):
        ends = [-np.inf, *ks, np.inf] if ks else [-np.inf, np.inf]
        for a, b in zip(ends[:-1], ends[1:], strict=True):
            feature.append(k), low.append(a), high.append(b)
    return np.array(feature), np.array(low), np.array(high)


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
