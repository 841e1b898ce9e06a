"""A mock card shoe on a real pseudo-terminal, speaking any dialect, misbehaving on request.

`MockShoe` deals a seeded shuffled shoe (or scripted cards) by writing the dialect's frames on
the master side of an `os.openpty()` pair; the driver opens the slave through pyserial like a
real device. A stable symlink names the device, so unplug (close the pty, remove the link) and
replug (a new pty under the same name) look to the driver like a USB cable pulled and put back.
`dealt` records what really left the shoe and what became of it, for tests to check against.
"""

from __future__ import annotations

import os
import random
import tempfile
import threading
import tty
from dataclasses import dataclass
from pathlib import Path

from drivers.dialects import get_dialect
from drivers.dialects.messages import ShoeError
from models.cards import ALL_CARDS, Card

NOISE = bytes(b for b in range(0x21, 0x7F) if b not in b"[]<>*") + bytes(range(0x80, 0xFF))
# What a fault needs on the wire to be seen at all, and how to say it is missing.
NEEDS = {"checksum": ("checksummed", "no checksum"),
         "drop": ("sequenced", "no sequence numbers, so a lost frame cannot be noticed"),
         "repeat": ("sequenced", "no sequence numbers, so a repeat looks like the same card "
                    "drawn again"),
         "misread": ("misread", "no misread message"), "alarm": ("alarm", "no alarm message"),
         "stall": ("heartbeat", "no heartbeat, so a stall looks like an idle shoe")}
FAULTS = ("garbage", "corrupt", "checksum", "drop", "repeat", "misread", "alarm", "unplug",
          "replug", "stall")


def shuffled_shoe(decks: int, rng: random.Random) -> list[Card]:
    cards = list(ALL_CARDS) * decks
    rng.shuffle(cards)
    return cards


@dataclass(frozen=True)
class Dealt:
    """One card out of the shoe and its fate on the line: sent, dropped, corrupt, misread,
    burn, or unplugged (dealt while no cable was in)."""

    card: Card
    fate: str


class MockShoe:
    """A shoe on a pty. Thread-safe: frames never interleave (heartbeats run on a thread)."""

    def __init__(self, dialect: str = "framed", *, decks: int = 6, seed: int | None = None,
                 cards: list[Card] | None = None, link: str | os.PathLike | None = None,
                 heartbeat: float = 0.25, cut_card: int | None = None) -> None:
        self.dialect = get_dialect(dialect)
        self.encoder = self.dialect.encoder()
        self.rng = random.Random(seed)
        self.shoe = list(cards) if cards is not None else shuffled_shoe(decks, self.rng)
        self.cut_card = cut_card
        self.dealt: list[Dealt] = []
        self.heartbeat = heartbeat
        self._own_dir = None if link else tempfile.mkdtemp(prefix="mock-shoe-")
        self.path = str(link or Path(self._own_dir) / "card-shoe")
        self._lock = threading.RLock()
        self._fds: tuple[int, int] | None = None
        self._stalled = False
        self._closed = threading.Event()
        self._beat: threading.Thread | None = None

    # -- the cable ----------------------------------------------------------------------------

    def plug(self) -> str:
        """Create the pty and its stable name; return the path the kiosk should open."""
        with self._lock:
            if self._fds is None:
                master, slave = os.openpty()
                tty.setraw(slave)  # no echo, no line editing before the driver opens it
                self._fds = (master, slave)  # we keep the slave open so the pty stays alive
                tmp = f"{self.path}.{os.getpid()}.tmp"
                os.symlink(os.ttyname(slave), tmp)
                os.replace(tmp, self.path)
        if self.dialect.heartbeat and self._beat is None:
            self._beat = threading.Thread(target=self._heartbeats, daemon=True,
                                          name="mock shoe heartbeat")
            self._beat.start()
        return self.path

    def unplug(self) -> None:
        """Pull the cable: the driver's next read fails as with a USB shoe unplugged."""
        with self._lock:
            if self._fds is not None:
                for fd in self._fds:
                    os.close(fd)
                self._fds = None
            Path(self.path).unlink(missing_ok=True)

    def replug(self) -> str:
        self.unplug()
        return self.plug()

    @property
    def plugged(self) -> bool:
        return self._fds is not None

    def close(self) -> None:
        self._closed.set()
        self.unplug()
        if self._beat is not None:
            self._beat.join(timeout=5)
        if self._own_dir:
            Path(self._own_dir).rmdir()

    def __enter__(self):
        self.plug()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- dealing ------------------------------------------------------------------------------

    @property
    def remaining(self) -> int:
        return len(self.shoe)

    def load(self, cards: list[Card]) -> None:
        """Fill the shoe with these cards, dealt in this order (a new shuffle, or what the
        shoe in play still holds after a restart)."""
        with self._lock:
            self.shoe = list(cards)

    def deal(self, count: int = 1) -> list[Card]:
        """Deal cards into play; stops (saying shoe empty where the dialect can) when out."""
        return [dealt.card for dealt in (self._next("sent") for _ in range(count)) if dealt]

    def burn(self, count: int = 1) -> list[Card]:
        if "burn" not in self.dialect.says:
            raise ShoeError(f"the {self.dialect.name} dialect has no burn card message")
        return [dealt.card for dealt in (self._next("burn") for _ in range(count)) if dealt]

    def _next(self, fate: str, frames: int = 1) -> Dealt | None:
        """Draw the next card and write it `frames` times as `fate` says."""
        with self._lock:
            if not self.shoe:
                if "shoe_empty" in self.dialect.says:
                    self.write(self.encoder.shoe_empty())
                return None
            card = self.shoe.pop(0)
            frame = self._frame(card, fate)
            if not self.plugged:
                fate = "unplugged"  # the shoe read it, but no cable carried it
            elif fate != "dropped":
                self.write(frame * frames)
            dealt = Dealt(card, fate)
            self.dealt.append(dealt)
            if len(self.dealt) == self.cut_card and "cut_card" in self.dialect.says:
                self.write(self.encoder.cut_card())
            return dealt

    def _frame(self, card: Card, fate: str) -> bytes:
        if fate == "misread":
            return self.encoder.misread()
        if fate == "burn":
            return self.encoder.burn(card)
        frame = self.encoder.card(card)
        return self._damage(frame) if fate == "corrupt" else frame

    def _damage(self, frame: bytes) -> bytes:
        """Line noise on one byte the receiver can catch: the card's rank under a checksum,
        else a byte of the frame's structure (without a checksum a changed rank is a card)."""
        pos = {"framed": 6, "beetek": frame.find(b":"), "scanner": 0}[self.dialect.name]
        return frame[:pos] + b"#" + frame[pos + 1:]

    def write(self, data: bytes) -> None:
        with self._lock:
            if self._fds is not None and data:
                os.write(self._fds[0], data)

    # -- faults -------------------------------------------------------------------------------

    def fault(self, name: str) -> str:
        """Inject one fault; return what happened, in words, for the mock's console."""
        if name not in FAULTS:
            raise ShoeError(f"unknown fault {name!r}: choose one of {', '.join(FAULTS)}")
        need, missing = NEEDS.get(name, (None, ""))
        if need and not self._can(need):
            raise ShoeError(f"the {self.dialect.name} dialect cannot show a {name} fault: "
                            f"it has {missing}")
        return getattr(self, f"_fault_{name}")()

    def faults(self) -> list[str]:
        """The faults this dialect can show on the wire."""
        return [f for f in FAULTS if f not in NEEDS or self._can(NEEDS[f][0])]

    def _can(self, need: str) -> bool:
        return need in self.dialect.says or bool(getattr(self.dialect, need, False))

    def _fault_garbage(self) -> str:
        noise = b"#" + bytes(self.rng.choice(NOISE) for _ in range(self.rng.randint(2, 12)))
        if self.dialect.name == "scanner":
            noise += b"\r\n"
        self.write(noise)
        return f"wrote {len(noise)} bytes of noise"

    def _card_fault(self, fate: str, frames: int = 1) -> str:
        dealt = self._next(fate, frames)
        return f"{fate} {dealt.card.code}" if dealt else "shoe is empty"

    def _fault_corrupt(self) -> str:
        return self._card_fault("corrupt")

    _fault_checksum = _fault_corrupt

    def _fault_drop(self) -> str:
        return self._card_fault("dropped")

    def _fault_repeat(self) -> str:
        return self._card_fault("sent", frames=2) + " twice"

    def _fault_misread(self) -> str:
        return self._card_fault("misread")

    def _fault_alarm(self) -> str:
        self.write(self.encoder.alarm("E3 Card Not Read"))
        return "alarm E3 Card Not Read"

    def _fault_unplug(self) -> str:
        self.unplug()
        return f"unplugged {self.path}"

    def _fault_replug(self) -> str:
        return f"plugged in again at {self.replug()}"

    def _fault_stall(self) -> str:
        self.stall()
        return "stalled: no heartbeats until resumed"

    def stall(self) -> None:
        with self._lock:
            self._stalled = True

    def resume(self) -> None:
        with self._lock:
            self._stalled = False

    def _heartbeats(self) -> None:
        while not self._closed.wait(self.heartbeat):
            with self._lock:
                if self.plugged and not self._stalled:
                    self.write(self.encoder.heartbeat())
