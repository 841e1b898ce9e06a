"""Telling ranks and suits apart at camera resolution.

Seen from above a whole table, an index is about a dozen pixels high: blurred, noisy and
compressed, a 3, a 5 and an 8 correlate almost equally well with a sharp template. So enrolment
also shows the classifier what the camera will show it: each card's index cut out of the
clean face after a random trip through a camera (smaller, slightly turned and misplaced,
blurred, noisy, JPEG), by the very code that cuts windows out of live frames. A ridge
regression per class (one against the rest) on the aligned, normalised pixels then scores a
window; the margin between the best and the second class says how sure it is. Where the ink's
colour leaves two classes (a club or a spade), a regression fitted on those two classes' views
alone tells them apart: one against the rest spends its weights on all four suits, and on the
tuning designs' envelope views (40 a card to fit, 30 others to test) it confused pool-301's
clubs and spades 10 times in 1,560 views where the pair's own regression did once (pool-16 5
and 3, pool-9 3 and 0, pool-405 1 and 0).
"""

from __future__ import annotations

from itertools import combinations

import cv2
import numpy as np

RANK_SIZE = (20, 22)  # width, height of the rank part as the classifier sees it
SUIT_SIZE = (18, 18)
# the classifiers' ridge: on the tuning designs' envelope views (40 a card to fit, 30 others to
# test) 0.1 left fewer wrong classes than 1.0 (pool-16's suits 9 against 15, pool-12's 9
# against 12); gathered and refitted, the certainty model then left 47 cards of the tuning
# designs' bench scenes uncertain against 66, none wrong
RIDGE = 0.1


def features(part: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A part of an index window (ink 0..1) as a normalised feature vector."""
    return features_all([part], size)[0]


def features_all(parts: list[np.ndarray], size: tuple[int, int]) -> np.ndarray:
    """Parts of one shape (of index windows, ink 0..1) as normalised feature vectors, one row
    each: they are resized in one pass, stacked (each part keeps its own rows)."""
    if not parts:
        return np.zeros((0, size[0] * size[1]))
    small = cv2.resize(np.vstack(parts), (size[0], size[1] * len(parts)),
                       interpolation=cv2.INTER_AREA)
    small = small.reshape(len(parts), -1).astype(np.float64)
    small -= small.mean(axis=1, keepdims=True)
    norm = np.sqrt(np.einsum("ij,ij->i", small, small))
    return np.where(norm[:, None] > 1e-6, small / np.maximum(norm, 1e-6)[:, None], small)


class RidgeClassifier:
    """One linear scorer per class, fitted in closed form; deterministic and tiny. With
    `pairs`, one more per pair of classes (`PAIRS` order), asked where only those two are
    allowed."""

    def __init__(self, classes: list[str], weights: np.ndarray,
                 pairs: np.ndarray | None = None):
        self.classes = classes
        self.weights = weights  # (features + 1) x classes, last row the bias
        # pairs x (features + 1): above 0 the pair's first class, below its second
        self.pairs = pairs
        # each pair of classes (either order) -> its row of `pairs`: asked for every reading
        self._pair_of = {frozenset(p): k for k, p in enumerate(self.pair_order(classes))}

    @staticmethod
    def pair_order(classes: list[str]) -> list[tuple[str, str]]:
        return list(combinations(classes, 2))

    @classmethod
    def fit(cls, x: np.ndarray, labels: list[str], classes: list[str],
            ridge: float = RIDGE, pairs: bool = False) -> RidgeClassifier:
        xb = np.hstack([x, np.ones((len(x), 1))])
        y = -np.ones((len(x), len(classes)))
        index = {c: i for i, c in enumerate(classes)}
        for row, label in enumerate(labels):
            y[row, index[label]] = 1.0
        gram = xb.T @ xb + ridge * np.eye(xb.shape[1])
        weights = np.linalg.solve(gram, xb.T @ y)
        if not pairs:
            return cls(classes, weights)
        per_pair = []
        for a, b in cls.pair_order(classes):
            rows = np.isin(labels, (a, b))
            xp, yp = xb[rows], y[rows, index[a]]  # +1 for a, -1 for b
            if not rows.any():
                per_pair.append(np.zeros(xb.shape[1]))
                continue
            gram = xp.T @ xp + ridge * np.eye(xb.shape[1])
            per_pair.append(np.linalg.solve(gram, xp.T @ yp))
        return cls(classes, weights, np.array(per_pair))

    def scores(self, feature: np.ndarray) -> np.ndarray:
        return feature @ self.weights[:-1] + self.weights[-1]

    def ranked(self, feature: np.ndarray, allowed: set[str] | None = None,
               most: int = 3) -> list[tuple[str, float]]:
        """The best few allowed classes with their scores, as `best` weighs them: between two
        classes that have a pair scorer, its score for the first and its negation for the
        second."""
        pair = self._pair(allowed)
        if pair is not None:
            first, second = self.pair_order(self.classes)[pair]
            value = float(feature @ self.pairs[pair][:-1] + self.pairs[pair][-1])
            return sorted([(first, value), (second, -value)], key=lambda cv: -cv[1])
        scores = self.scores(feature[None, :])[0]
        return sorted(((c, float(v)) for c, v in zip(self.classes, scores, strict=True)
                       if allowed is None or c in allowed), key=lambda cv: -cv[1])[:most]

    def _pair(self, allowed: set[str] | None) -> int | None:
        """Which pair scorer decides among the allowed classes, if one does."""
        if self.pairs is None or allowed is None or len(allowed) != 2:
            return None
        return self._pair_of.get(frozenset(allowed))

    def best(self, feature: np.ndarray, allowed: set[str] | None = None):
        """(class, score, margin over the runner-up) among the allowed classes."""
        return self.best_all(feature[None, :], [allowed])[0]

    def best_all(self, features: np.ndarray, allowed: list[set[str] | None]):
        """`best` for each row of features, with the classes allowed for each. Where two are
        allowed and a scorer of that pair was fitted, it decides, and its margin is twice its
        score's distance from 0 (what the two scorers of a pair fitted as one against the
        other would differ by)."""
        s = self.scores(features)
        for row, classes in enumerate(allowed):
            if classes is not None:
                s[row, [c not in classes for c in self.classes]] = -np.inf
        order = np.argsort(-s, axis=1, kind="stable")[:, :2]  # class order on ties
        top = np.take_along_axis(s, order, axis=1).tolist()
        out = [(self.classes[first], a, a - b)
               for (first, _), (a, b) in zip(order.tolist(), top, strict=True)]
        if self.pairs is None:
            return out
        rows = [(row, k) for row, k in enumerate(map(self._pair, allowed)) if k is not None]
        if rows:
            at, pair = (np.array(v) for v in zip(*rows, strict=True))
            w = self.pairs[pair]
            t = np.einsum("ij,ij->i", features[at], w[:, :-1]) + w[:, -1]
            named = self.pair_order(self.classes)
            for row, k, value in zip(at.tolist(), pair.tolist(), t.tolist(), strict=True):
                first, second = named[k]
                chosen = first if value >= 0 else second
                out[row] = (chosen, float(s[row, self.classes.index(chosen)]),
                            2.0 * abs(value))
        return out
