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

import math

import cv2
import numpy as np

RANK_SIZE = (20, 22)  # width, height of the rank part as the classifier sees it
SUIT_SIZE = (18, 18)


def features(part: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A part of an index window (ink 0..1) as a normalised feature vector."""
    small = cv2.resize(part, size, interpolation=cv2.INTER_AREA).ravel().astype(np.float64)
    small -= small.sum() / small.size
    norm = math.sqrt(small @ small)
    return small / norm if norm > 1e-6 else small


class RidgeClassifier:
    """One linear scorer per class, fitted in closed form; deterministic and tiny."""

    def __init__(self, classes: list[str], weights: np.ndarray):
        self.classes = classes
        self.weights = weights  # (features + 1) x classes, last row the bias

    @classmethod
    def fit(cls, x: np.ndarray, labels: list[str], classes: list[str],
            ridge: float = 1.0) -> RidgeClassifier:
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
        s = self.scores(feature).tolist()
        order = sorted((i for i, c in enumerate(self.classes) if allowed is None or c in allowed),
                       key=lambda i: -s[i])
        first, second = order[0], order[1]
        return self.classes[first], s[first], s[first] - s[second]
