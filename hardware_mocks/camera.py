"""The mock overhead camera: table scenes rendered from a deck's face images.

Green felt seen from above with a mild perspective; single cards at any angle; hands fanned the
way dealers lay them (each card offset right and down, so every lower card's top-left index
corner stays visible); blur, sensor noise, JPEG compression, uneven light and glare. And frame
sequences of a dealer laying cards one by one, his hand moving in and out between still
moments. Each scene comes with its truth: every card's code and its four corners.

It imitates a camera, never our recognizer: the recognizer only ever sees the pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from models.cards import ALL_CARDS

ASPECT = 88 / 63  # card height over width


@dataclass
class PlacedCard:
    code: str
    corners: np.ndarray  # 4 x 2 float: top-left, top-right, bottom-right, bottom-left of the face


@dataclass
class Scene:
    image: np.ndarray
    cards: list[PlacedCard] = field(default_factory=list)


@dataclass
class Effects:
    """How rough the camera is; `rough(rng)` draws a realistic mix."""

    blur: float = 0.0  # Gaussian sigma in pixels
    noise: float = 0.0  # sensor noise sigma in grey levels
    jpeg: int | None = None  # JPEG quality
    light: float = 0.0  # strength of the uneven light (0: even)
    glare: float = 0.0  # peak brightness added by a glare spot (0: none)
    perspective: float = 0.0  # how far the image corners move, as a share of the frame
    # the issue-31 envelope adds these (left at their defaults, a scene is as before)
    vignette: float = 0.0  # how much darker the frame's corners are than its middle (0.2: 20%)
    balance: tuple[float, float, float] = (1.0, 1.0, 1.0)  # white balance: B, G, R gains
    gain: float = 1.0  # brightness
    contrast: float = 1.0  # about mid grey
    glare_at: tuple[float, float] | None = None  # where the glare spot's middle is (pixels)
    glare_size: float = 0.0  # the glare spot's width across (pixels), where `glare_at` is set

    @classmethod
    def envelope(cls, rng: np.random.Generator, size=(1280, 720),
                 cards: list[PlacedCard] | None = None) -> Effects:
        """A camera anywhere in issue 31's operating envelope: vignetting up to 20%, a light
        gradient, white balance +-4%, brightness and contrast +-15%, blur up to 1.2 px, noise
        up to 6 grey levels, JPEG 70-95, mild perspective, and in half the frames a soft glare
        spot of up to half white, 50-150 px across (at 720p), on one of the `cards`."""
        scale = size[0] / 1280
        fx = cls(blur=float(rng.uniform(0, 1.2)), noise=float(rng.uniform(0, 6)),
                 jpeg=int(rng.integers(70, 96)), light=float(rng.uniform(0, 0.3)),
                 perspective=float(rng.uniform(0, 0.02)), vignette=float(rng.uniform(0, 0.2)),
                 balance=tuple(float(b) for b in rng.uniform(0.96, 1.04, 3)),
                 gain=float(rng.uniform(0.85, 1.15)), contrast=float(rng.uniform(0.85, 1.15)))
        if cards and rng.random() < 0.5:
            card = cards[int(rng.integers(len(cards)))]
            # anywhere on the card, the index included
            a, b = rng.uniform(0, 1, 2)
            tl, tr, _, bl = card.corners
            at = tl + a * (tr - tl) + b * (bl - tl)
            fx.glare = float(rng.uniform(40, 128))
            fx.glare_at = (float(at[0]), float(at[1]))
            fx.glare_size = float(rng.uniform(50, 150)) * scale
        return fx

    @classmethod
    def rough(cls, rng: np.random.Generator) -> Effects:
        return cls(blur=float(rng.uniform(0, 1.0)), noise=float(rng.uniform(0, 5)),
                   jpeg=int(rng.integers(60, 92)), light=float(rng.uniform(0, 0.25)),
                   glare=float(rng.uniform(0, 70)) if rng.random() < 0.5 else 0.0,
                   perspective=float(rng.uniform(0, 0.04)))


class Deck:
    """A deck's faces by card code, each with a rounded-corner mask."""

    def __init__(self, folder: Path):
        self.faces: dict[str, np.ndarray] = {}
        for card in ALL_CARDS:
            img = cv2.imread(str(Path(folder) / f"{card.code}.png"), cv2.IMREAD_COLOR)
            if img is None:
                raise FileNotFoundError(f"{folder}: no face image {card.code}.png")
            self.faces[card.code] = img
        h, w = next(iter(self.faces.values())).shape[:2]
        self.size = (w, h)
        self.aspect = h / w  # poker cards are 88 x 63 mm, bridge cards 89 x 56
        self.mask = np.zeros((h, w), np.uint8)
        r = int(0.06 * w)
        cv2.rectangle(self.mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
        cv2.rectangle(self.mask, (0, r), (w - 1, h - 1 - r), 255, -1)
        for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
            cv2.circle(self.mask, (cx, cy), r, 255, -1, cv2.LINE_AA)


def felt(size: tuple[int, int], rng: np.random.Generator, blue: bool = False) -> np.ndarray:
    """Green baize (or blue) with a fine, slightly uneven weave."""
    w, h = size
    if blue:
        base = np.array([rng.uniform(110, 150), rng.uniform(60, 85), rng.uniform(15, 35)])
    else:
        base = np.array([rng.uniform(40, 60), rng.uniform(105, 135), rng.uniform(25, 45)])
    weave = rng.normal(0, 6, (h // 4 + 1, w // 4 + 1, 1))
    weave = cv2.resize(weave.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    grain = weave + rng.normal(0, 2, (h, w)).astype(np.float32)
    img = cv2.merge([grain + np.float32(b) for b in base])
    return np.clip(img, 0, 255).astype(np.uint8)


def card_corners(center, width: float, angle: float, aspect: float = ASPECT) -> np.ndarray:
    """Corners (TL, TR, BR, BL) of a card of `width` px (and `aspect` times as high) centred at
    `center`, turned by `angle` degrees."""
    w, h = width, width * aspect
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    t = np.deg2rad(angle)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    return local @ rot.T + np.asarray(center, float)


def lay_card(img: np.ndarray, deck: Deck, code: str, corners: np.ndarray) -> None:
    """Draw a face onto the image at the given corners, with a soft shadow under it."""
    w, h = deck.size
    src = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    # only the part of the frame round the card is drawn on (its shadow reaches a few pixels
    # beyond it): drawing on the whole frame per card made a 1080p scene take seconds
    pad = 12
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + pad
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.shape[1], x1), min(img.shape[0], y1)
    if x1 <= x0 or y1 <= y0:
        return
    m = cv2.getPerspectiveTransform(src, np.float32(corners - (x0, y0)))
    roi = img[y0:y1, x0:x1]
    size = (x1 - x0, y1 - y0)
    face = cv2.warpPerspective(deck.faces[code], m, size, flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(deck.mask, m, size, flags=cv2.INTER_LINEAR)
    # a card has thickness and the table light is broad: a soft shadow all round its edges,
    # a little more on the side away from the light
    around = cv2.GaussianBlur(cv2.dilate(alpha, np.ones((3, 3), np.uint8)), (0, 0), 1.5)
    cast = cv2.GaussianBlur(np.roll(alpha, (2, 2), axis=(0, 1)), (0, 0), 2.5)
    shadow = np.maximum(0.3 * around, 0.35 * cast) / 255.0
    roi[:] = (roi * (1 - shadow[:, :, None])).astype(np.uint8)
    a = alpha[:, :, None].astype(np.float32) / 255.0
    roi[:] = (roi * (1 - a) + face * a).astype(np.uint8)


def hand_corners(center, width: float, angle: float, count: int,
                 step: tuple[float, float], aspect: float = ASPECT) -> list[np.ndarray]:
    """Corners of `count` fanned cards: each next one offset by `step` (shares of the card's
    width and height) along the hand's own axes, the first card at `center`."""
    t = np.deg2rad(angle)
    along = np.array([np.cos(t), np.sin(t)]) * width * step[0]
    down = np.array([-np.sin(t), np.cos(t)]) * width * aspect * step[1]
    return [card_corners(np.asarray(center, float) + i * (along + down), width, angle, aspect)
            for i in range(count)]


def apply_effects(img: np.ndarray, fx: Effects, rng: np.random.Generator,
                  cards: list[PlacedCard]) -> np.ndarray:
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    if fx.perspective:
        d = fx.perspective * np.array([w, h])
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        jitter = rng.uniform(-1, 1, (4, 2)) * d
        dst = np.float32(src + jitter)
        m = cv2.getPerspectiveTransform(src, dst)
        out = cv2.warpPerspective(out, m, (w, h), borderMode=cv2.BORDER_REFLECT)
        for c in cards:
            c.corners = cv2.perspectiveTransform(c.corners[None].astype(np.float32), m)[0]
    # the frame's columns and rows: the light, the vignette and a glare spot are sums and
    # products of a function of x and one of y (drawn as full grids they cost most of a scene)
    xx = np.arange(w, dtype=np.float32)[None, :]
    yy = np.arange(h, dtype=np.float32)[:, None]
    if fx.light:
        gx, gy = rng.uniform(-1, 1, 2)
        ramp = 1 + fx.light * (gx * (xx / w - 0.5) + gy * (yy / h - 0.5))
        out *= ramp.astype(np.float32)[:, :, None]
    if fx.vignette:
        r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
        out *= (1 - fx.vignette * r2).astype(np.float32)[:, :, None]
    if fx.glare and fx.glare_at is not None:
        # a soft highlight: its peak `glare` grey levels over the page, whitening it, and
        # fading to nothing at `glare_size` across
        cx, cy = fx.glare_at
        s2 = 2 * (fx.glare_size / 4) ** 2
        spot = np.exp(-(xx - cx) ** 2 / s2) * np.exp(-(yy - cy) ** 2 / s2)
        share = ((fx.glare / 255.0) * spot).astype(np.float32)[:, :, None]
        out = out * (1 - share) + 255.0 * share
    elif fx.glare:
        cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
        sx, sy = rng.uniform(0.03, 0.08) * w, rng.uniform(0.03, 0.08) * h
        spot = np.exp(-((xx - cx) / sx) ** 2) * np.exp(-((yy - cy) / sy) ** 2)
        out += (fx.glare * spot).astype(np.float32)[:, :, None]
    if fx.balance != (1.0, 1.0, 1.0):
        out *= np.array(fx.balance, np.float32)[None, None, :]
    if fx.gain != 1.0 or fx.contrast != 1.0:
        out = (out * fx.gain - 128.0) * fx.contrast + 128.0
    if fx.blur:
        out = cv2.GaussianBlur(out, (0, 0), fx.blur)
    if fx.noise:
        out += rng.normal(0, fx.noise, out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if fx.jpeg:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, fx.jpeg])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def random_scene(deck: Deck, rng: np.random.Generator, size=(1280, 720),
                 effects: Effects | None = None, max_hands: int = 5) -> Scene:
    """A table with up to `max_hands` hands of 1 to 5 cards (a lone card is a hand of one)."""
    w, h = size
    img = felt(size, rng)
    card_w = w / 1280 * rng.uniform(90, 125)
    cols, rows = 3, 2
    slots = [(c, r) for c in range(cols) for r in range(rows)]
    rng.shuffle(slots)
    placed: list[PlacedCard] = []
    codes = [c.code for c in ALL_CARDS]
    for c, r in slots[: int(rng.integers(1, max_hands + 1))]:
        count = int(rng.integers(1, 6))
        angle = float(rng.uniform(-180, 180)) if count == 1 else float(rng.uniform(-25, 25))
        step = (float(rng.uniform(0.3, 0.42)), float(rng.uniform(0.08, 0.2)))
        cell_w, cell_h = w / cols, h / rows
        fan_w = card_w * (1 + step[0] * (count - 1))
        x = (c + 0.5) * cell_w - fan_w / 2 + card_w / 2 + rng.uniform(-0.05, 0.05) * cell_w
        y = (r + 0.5) * cell_h - card_w * deck.aspect * (1 + step[1] * (count - 1)) / 2 \
            + card_w * deck.aspect / 2
        for corners in hand_corners((x, y), card_w, angle, count, step, deck.aspect):
            code = codes[int(rng.integers(len(codes)))]
            lay_card(img, deck, code, corners)
            placed.append(PlacedCard(code, corners))
    fx = effects if effects is not None else Effects.rough(rng)
    return Scene(apply_effects(img, fx, rng, placed), placed)


def envelope_scene(deck: Deck, rng: np.random.Generator, size=(1280, 720),
                   max_hands: int = 5, width: float | None = None) -> Scene:
    """A table as issue 31's overhead camera sees it: green or blue baize, up to a quarter
    darker than `felt`'s; cards 100-180 px
    wide at 720p (`width` in the frame's middle, else drawn), the size changing about +-20%
    across the frame as a camera's slant makes it; lone cards at any angle, hands fanned 25-35%
    of a card's width across and 10-15% down, later cards on top; and a camera anywhere in
    the envelope (`Effects.envelope`)."""
    w, h = size
    scale = w / 1280
    img = felt(size, rng, blue=bool(rng.random() < 0.3))
    img = (img * rng.uniform(0.75, 1.0)).astype(np.uint8)  # a darker cloth, or not
    middle = (width if width is not None else float(rng.uniform(110, 165))) * scale
    # the cards' width over the frame: a plane seen at a slant, +-20% at the far sides
    tilt = rng.normal(0, 1, 2)
    tilt *= float(rng.uniform(0.0, 0.2)) / max(float(np.abs(tilt).sum()), 1e-6)

    def width_at(x: float, y: float) -> float:
        f = 1 + tilt[0] * (2 * x / w - 1) + tilt[1] * (2 * y / h - 1)
        return float(np.clip(middle * f, 100 * scale, 180 * scale))

    big = middle * 1.2
    cols = max(1, int(w // (big * 2.4)))
    rows = max(1, int(h // (big * deck.aspect * 1.35)))
    slots = [(c, r) for c in range(cols) for r in range(rows)]
    rng.shuffle(slots)
    cell_w, cell_h = w / cols, h / rows
    placed: list[PlacedCard] = []
    codes = [c.code for c in ALL_CARDS]
    for c, r in slots[: int(rng.integers(1, max_hands + 1))]:
        cx, cy = (c + 0.5) * cell_w, (r + 0.5) * cell_h
        card_w = width_at(cx, cy)
        step = (float(rng.uniform(0.25, 0.35)), float(rng.uniform(0.10, 0.15)))
        # as many cards as the cell holds, up to five
        fits_x = (0.92 * cell_w / (card_w * 1.1) - 1) / step[0] + 1
        fits_y = (0.92 * cell_h / (card_w * deck.aspect * 1.1) - 1) / step[1] + 1
        most = int(max(1, min(5, fits_x, fits_y)))
        count = int(rng.integers(1, most + 1))
        if count == 1:
            # a lone card at any angle: its diagonal must fit the cell
            angle = float(rng.uniform(-180, 180))
            jitter = np.clip(np.array([cell_w, cell_h]) / 2 - card_w * 1.25, 0, None)
            at = np.array([cx, cy]) + rng.uniform(-1, 1, 2) * jitter * 0.5
            corners_list = [card_corners(at, card_w, angle, deck.aspect)]
        else:
            angle = float(rng.uniform(-20, 20))
            fan_w = card_w * (1 + step[0] * (count - 1))
            fan_h = card_w * deck.aspect * (1 + step[1] * (count - 1))
            first = (cx - fan_w / 2 + card_w / 2, cy - fan_h / 2 + card_w * deck.aspect / 2)
            corners_list = hand_corners(first, card_w, 0.0, count, step, deck.aspect)
            # turned about the hand's middle
            t = np.deg2rad(angle)
            rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
            corners_list = [(k - (cx, cy)) @ rot.T + (cx, cy) for k in corners_list]
        for corners in corners_list:
            code = codes[int(rng.integers(len(codes)))]
            lay_card(img, deck, code, corners)
            placed.append(PlacedCard(code, corners))
    fx = Effects.envelope(rng, size, placed)
    return Scene(apply_effects(img, fx, rng, placed), placed)


def hand_over(img: np.ndarray, at, rng: np.random.Generator, scale: float) -> np.ndarray:
    """A dealer's hand (skin-coloured palm and fingers) reaching over the table at `at`."""
    out = img.copy()
    skin = tuple(int(v) for v in rng.uniform([90, 130, 180], [120, 160, 220]))
    x, y = int(at[0]), int(at[1])
    cv2.ellipse(out, (x, y), (int(60 * scale), int(45 * scale)), 20, 0, 360, skin, -1,
                cv2.LINE_AA)
    for i in range(4):
        fx = x - int(40 * scale) + int(i * 25 * scale)
        cv2.line(out, (fx, y), (fx - int(10 * scale), y - int(80 * scale)), skin,
                 int(16 * scale), cv2.LINE_AA)
    cv2.line(out, (x, y + int(10 * scale)), (x + int(400 * scale), y + int(300 * scale)), skin,
             int(70 * scale), cv2.LINE_AA)  # the forearm, out of the frame
    return out


def dealing_sequence(deck: Deck, codes: list[str], rng: np.random.Generator,
                     size=(1280, 720), still_frames: int = 6, motion_frames: int = 4,
                     effects: Effects | None = None, glare: float = 0.0,
                     glare_size: float = 100.0):
    """Frames of a dealer laying `codes` one by one: the dealer's hand in the middle of the
    table and the boxes along the bottom, each card laid by a moving hand, then still frames.
    With `glare` (its peak, grey levels), a soft glare spot `glare_size` px across (at 720p)
    lies on each card's top-left index as it is laid and drifts off it over the still frames,
    as a light's reflection moves when the table is leaned on. Yields (frame, codes laid so far)."""
    w, h = size
    scale = w / 1280
    card_w = 105 * scale
    spots = [(w * 0.42, h * 0.18)] + [(w * (0.12 + 0.19 * i), h * 0.62) for i in range(5)]
    # one camera for the whole sequence: the light falls the same way in every frame, only
    # the sensor noise changes from frame to frame
    fx = effects or Effects(blur=0.6, noise=3, jpeg=85)
    table = felt(size, rng)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1 + 0.1 * ((xx / w - 0.5) * rng.uniform(-1, 1) + (yy / h - 0.5) * rng.uniform(-1, 1))
    table = np.clip(table * light[:, :, None], 0, 255).astype(np.uint8)
    counts = [0] * len(spots)
    laid: list[str] = []
    order = [1, 2, 3, 0, 1, 2, 3]  # boxes, dealer, boxes again, then the boxes that draw
    for i, code in enumerate(codes):
        spot = order[i] if i < len(order) else 1 + int(rng.integers(0, 3))
        corners = hand_corners(spots[spot], card_w, float(rng.uniform(-8, 8)),
                               counts[spot] + 1, (0.36, 0.14), deck.aspect)[-1]
        start = np.array([w * 0.5, h * 1.1])
        for k in range(motion_frames):
            t = (k + 1) / (motion_frames + 1)
            pos = start + t * (corners.mean(axis=0) - start)
            yield apply_effects(hand_over(table, pos, rng, scale), fx, rng, []), list(laid)
        lay_card(table, deck, code, corners)
        counts[spot] += 1
        laid.append(code)
        index = corners[0] + 0.15 * (corners[1] - corners[0]) + 0.1 * (corners[3] - corners[0])
        drift = rng.normal(0, 1, 2)
        drift *= 6 * scale / np.linalg.norm(drift)
        for k in range(still_frames):
            here = fx if not glare else replace(
                fx, glare=glare, glare_at=tuple(float(c) for c in index + k * drift),
                glare_size=glare_size * scale)
            yield apply_effects(table, here, rng, []), list(laid)
    for _ in range(still_frames):  # the table cleared
        yield apply_effects(felt(size, np.random.default_rng(0)), fx, rng, []), []
