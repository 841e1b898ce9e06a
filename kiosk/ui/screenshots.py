"""Renders the kiosk's main screens to PNG for the documentation, as a dealer would see them:

    QT_QPA_PLATFORM=offscreen python -m kiosk.ui.screenshots docs/screenshots [--lang de]

Each scene is drawn on both panels the kiosk is sold with: a 21.5-inch 1920x1080
(`name.png`) and a 15.4-inch 1280x800 (`name-1280.png`), at each panel's own pixel density.
Each scene is a real table (a journal in a temporary folder, the mock shoe on a pseudo-terminal
read through the serial driver) brought to the moment shown by the service's commands and
cards from the shoe; the window is then grabbed at the panel's size.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("QT_QPA_PLATFORM",
                      f"offscreen:configfile={ROOT / 'tests' / 'ui' / 'screens-1920.json'}")

from kiosk.ui.app import Kiosk, build, show  # noqa: E402
from kiosk.ui.metrics import panel_dpi  # noqa: E402
from kiosk.ui.window import TableSettings  # noqa: E402

SCENES: dict[str, Callable[[Kiosk], None]] = {}
# panel: (width, height, physical dots per inch, file suffix)
PANELS = {"1920x1080": (1920, 1080, panel_dpi("1920x1080"), ""),
          "1280x800": (1280, 800, panel_dpi("1280x800"), "-1280")}


def scene(name: str):
    def register(fn):
        SCENES[name] = fn
        return fn
    return register


def pump(kiosk: Kiosk, seconds: float = 0.15) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        kiosk.app.processEvents()


def wait(kiosk: Kiosk, done, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the table did not get there")
        kiosk.app.processEvents()


def cards_on_table(kiosk: Kiosk) -> int:
    v = kiosk.service.view()
    return sum(len(h.cards) for b in v.boxes for h in b.hands) + len(v.dealer.cards) + \
        v.dealer.face_down


def deal(kiosk: Kiosk, *codes: str) -> None:
    """The shoe deals these cards; each comes back through the driver to the screen."""
    mock = kiosk.feed.mock
    for code in codes:
        before = cards_on_table(kiosk)
        card = next(c for c in mock.shoe if c.code == code)
        rest = list(mock.shoe)
        rest.remove(card)
        mock.load([card] + rest)
        mock.deal(1)
        wait(kiosk, lambda before=before: cards_on_table(kiosk) > before)


def full_table(kiosk: Kiosk) -> None:
    svc = kiosk.service
    for n, stake in ((1, "50"), (2, "20"), (3, "100"), (5, "20"), (6, "200"), (7, "10")):
        svc.seat(n, f"S{n}")
        svc.bet(f"S{n}", n, stake)
    svc.bet("C1", 3, "50")
    svc.bet("C2", 3, "20")
    svc.bet("C3", 6, "100")
    svc.bet("S2", 2, "10", "twins")
    svc.bet("S6", 6, "20", "bust")


@scene("betting")
def betting(kiosk: Kiosk) -> None:
    full_table(kiosk)
    kiosk.window.betting.select_box(3)


@scene("play")
def play(kiosk: Kiosk) -> None:
    full_table(kiosk)
    deal(kiosk, "9S", "8H", "8C", "TD", "AS", "5C", "6H", "JD", "7D", "8D", "2C", "9H", "3H")


@scene("play-split")
def play_split(kiosk: Kiosk) -> None:
    full_table(kiosk)
    # boxes 1 2 3 5 6 7, the dealer, then their second cards
    deal(kiosk, "9S", "8H", "8C", "TD", "AS", "5C", "6H", "JD", "7D", "8D", "2C", "9H", "3H")
    svc = kiosk.service
    svc.stand(1)  # 9 J
    svc.stand(2)  # 8 7 against the dealer's 6
    svc.split(3, ["C1"])  # the eights: C1 follows, C2 stays on the first hand
    deal(kiosk, "3C")


@scene("follow")
def follow(kiosk: Kiosk) -> None:
    full_table(kiosk)
    deal(kiosk, "9S", "8H", "8C", "TD", "AS", "5C", "6H", "JD", "7D", "8D", "2C", "9H", "3H")
    kiosk.service.stand(1)
    kiosk.service.stand(2)
    pump(kiosk)
    kiosk.window.play.clock = lambda: 1e9  # the dealer touches a while after the last card
    kiosk.window.play._decide("split")


@scene("insurance")
def insurance(kiosk: Kiosk) -> None:
    full_table(kiosk)
    deal(kiosk, "TS", "9H", "KC", "5D", "AC", "8S", "AH", "JD", "QH", "AD", "7C", "6S", "9D")


@scene("settlement")
def settlement(kiosk: Kiosk) -> None:
    full_table(kiosk)
    deal(kiosk, "9S", "8H", "8C", "TD", "AS", "5C", "6H", "JD", "7D", "8D", "2C", "9H", "3H")
    svc = kiosk.service
    svc.stand(1)
    svc.stand(2)
    svc.split(3, ["C1"])
    deal(kiosk, "3C", "KH")  # the first eight: 8 3 K = 21
    deal(kiosk, "9D")  # the second: 8 9
    svc.stand(3, 2)
    svc.stand(5)
    svc.stand(6)
    deal(kiosk, "4S")
    svc.stand(7)
    deal(kiosk, "TC", "QS")  # the dealer: 6 10 10, bust


@scene("fault")
def fault(kiosk: Kiosk) -> None:
    full_table(kiosk)
    deal(kiosk, "9S", "8H", "8C")
    kiosk.feed.mock.fault("unplug")
    wait(kiosk, lambda: kiosk.service.view().source.state == "lost")


@scene("supervisor")
def supervisor(kiosk: Kiosk) -> None:
    full_table(kiosk)
    deal(kiosk, "9S", "8H", "8C", "TD", "AS")
    window = kiosk.window
    window.open_supervisor()
    key_pin(kiosk)
    window.supervisor._ask_correction()


def key_pin(kiosk: Kiosk) -> None:
    """The demo supervisor's PIN on the sign-in page that is up."""
    for key in "1234":
        kiosk.window.supervisor.pin._press(key)
    kiosk.window.supervisor.pin._press("ok")
    pump(kiosk)


@scene("demo")
def demo(kiosk: Kiosk) -> None:
    """The interactive demo: its simulated shoe beside the table, two cards dealt from it."""
    from kiosk.ui.app import open_shoe_panel

    kiosk.service.seat(1, "S1")
    kiosk.service.bet("S1", 1, "20")
    panel = open_shoe_panel(kiosk, place=False)
    for _ in range(2):
        before = cards_on_table(kiosk)
        panel.deal()
        wait(kiosk, lambda before=before: cards_on_table(kiosk) > before)


def a_round_played(kiosk: Kiosk) -> None:
    """The settlement scene's round, paid: the next round opens for bets."""
    settlement(kiosk)
    kiosk.service.settle()
    kiosk.service.confirm_payout("dealer")
    wait(kiosk, lambda: kiosk.service.view().phase == "betting")


@scene("recall")
def recall(kiosk: Kiosk) -> None:
    a_round_played(kiosk)
    kiosk.window.open_recall()
    key_pin(kiosk)


@scene("report")
def report(kiosk: Kiosk) -> None:
    a_round_played(kiosk)
    kiosk.window.open_shift_report()
    key_pin(kiosk)


@scene("replay")
def replay(kiosk: Kiosk) -> None:
    a_round_played(kiosk)
    window = kiosk.window
    window.open_recall()
    key_pin(kiosk)
    window.recall.open_round(1)
    steps = window.recall.steps
    window.recall.step = next(i for i, s in enumerate(steps) if s.words.startswith("split"))
    window.recall._show_step()


@scene("standing")
def standing(kiosk: Kiosk) -> None:
    """The next round: every stake of the last stands; Seat 5 has taken a chip off; box 6
    has a new co-player, and six stakes."""
    a_round_played(kiosk)
    kiosk.service.take_chip("S5", 5)
    # box 6 holds six stakes: three players, side bets too
    kiosk.service.bet("C4", 6, "50")
    kiosk.service.bet("C4", 6, "10", "twins")
    kiosk.service.bet("S6", 6, "10", "twins")
    kiosk.window.betting.select_box(6)


@scene("crowded")
def crowded(kiosk: Kiosk) -> None:
    """Box 3 crowded: its owner and seven co-players, side bets too (twelve stakes, eight
    players), picked for the chips."""
    full_table(kiosk)
    svc = kiosk.service
    for n in (4, 5, 6, 7, 8):
        svc.bet(f"C{n}", 3, "10")
    svc.bet("S3", 3, "10", "twins")
    svc.bet("C4", 3, "10", "twins")
    svc.bet("C1", 3, "10", "bust")
    svc.bet("C5", 3, "10", "bust")
    kiosk.window.betting.select_box(3)


@scene("pay-at-once")
def pay_at_once(kiosk: Kiosk) -> None:
    """Black Jacks against a 6: each paid at once, one already confirmed."""
    full_table(kiosk)
    deal(kiosk, "AS", "8H", "AC", "TD", "KS", "5C", "6H", "KD", "7D", "JC", "2C", "QH", "3H")
    kiosk.service.pay_line("S1", 1, 1, "main")


def open_scene(name: str, tmp: Path, language: str = "de", panel: str = "1920x1080",
               **settings) -> Kiosk:
    """A kiosk on `panel` brought to the scene `name` (the caller closes it)."""
    width, height, dpi, _ = PANELS[panel]
    kiosk = build(Path(tmp) / "journal.sqlite", dpi=dpi, settings=TableSettings(
        language=language, exports=Path(tmp) / "exports", **settings))
    show(kiosk)
    kiosk.window.resize(width, height)
    wait(kiosk, lambda: kiosk.service.view().phase == "betting")
    SCENES[name](kiosk)
    pump(kiosk, 0.3)
    return kiosk


def render(folder: Path, language: str = "de", only: list[str] | None = None,
           panels: list[str] | None = None) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for panel in panels or list(PANELS):
        for name in SCENES:
            if only and name not in only:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                kiosk = open_scene(name, Path(tmp), language, panel)
                path = folder / f"{name}{PANELS[panel][3]}.png"
                kiosk.window.grab().save(str(path))
                written.append(path)
                if kiosk.shoe_panel is not None:  # the demo's own window, beside the kiosk
                    path = folder / f"{name}-shoe{PANELS[panel][3]}.png"
                    kiosk.shoe_panel.grab().save(str(path))
                    written.append(path)
                kiosk.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="render the kiosk's main screens to PNG")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--lang", default="de", choices=("de", "en"))
    parser.add_argument("--only", nargs="*", help="scene names")
    parser.add_argument("--panel", nargs="*", choices=list(PANELS), help="panel sizes")
    args = parser.parse_args(argv)
    for path in render(args.folder, args.lang, args.only, args.panel):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
