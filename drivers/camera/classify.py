"""Telling ranks and suits apart at camera resolution.

Seen from above a whole table, an index is about a dozen pixels high: blurred, noisy and
compressed, a 3, a 5 and an 8 correlate almost equally well with a sharp template. So enrolment
also shows the classifier what the camera will show it: each card's index cut out of the
clean face after a random trip through a camera (smaller, slightly turned and misplaced,
blurred, noisy, JPEG), by the very code that cuts windows out of live frames. A ridge
regression per class (one against the rest) on the aligned, normalised pixels then scores a
window; the margin between the best and the second class says how sure it is.
"""

from __future__ import annotations

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
    """One linear scorer per class, fitted in closed form; deterministic and tiny."""

    def __init__(self, classes: list[str], weights: np.ndarray):
        self.classes = classes
        self.weights = weights  # (features + 1) x classes, last row the bias

    @classmethod
    def fit(cls, x: np.ndarray, labels: list[str], classes: list[str],
            ridge: float = RIDGE) -> RidgeClassifier:
        xb = np.hstack([x, np.ones((len(x), 1))])
        y = -np.ones((len(x), len(classes)))
        index = {c: i for i, c in enumerate(classes)}
        for row, label in enumerate(labels):
            y[row, index[label]] = 1.0
        gram = xb.T @ xb + ridge * np.eye(xb.shape[1])
        return cls(classes, np.linalg.solve(gram, xb.T @ y))

    def scores(self, feature: np.ndarray) -> np.ndarray:
        return feature @ self.weights[:-1] + self.weights[-1]

    def best(self, feature: np.ndarray, allowed: set[str] | None = None):
        """(class, score, margin over the runner-up) among the allowed classes."""
        return self.best_all(feature[None, :], [allowed])[0]

    def best_all(self, features: np.ndarray, allowed: list[set[str] | None]):
        """`best` for each row of features, with the classes allowed for each."""
        s = self.scores(features)
        for row, classes in enumerate(allowed):
            if classes is not None:
                s[row, [c not in classes for c in self.classes]] = -np.inf
        order = np.argsort(-s, axis=1, kind="stable")[:, :2]  # class order on ties
        top = np.take_along_axis(s, order, axis=1).tolist()
        return [(self.classes[first], a, a - b)
                for (first, _), (a, b) in zip(order.tolist(), top, strict=True)]
