"""Supervisor PINs: stored only as salted scrypt hashes, checked in constant time, throttled.

A stored PIN reads `scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>`: the cost parameters travel with
the hash, so a later, costlier setting still checks the PINs set before it. `set-pin` prints
one for the configuration file; nothing ever stores or logs a PIN itself.

The throttle answers a run of wrong PINs with a growing wait (per terminal, not per name, so
trying names does not help): after three wrong PINs in a row each next try waits twice as long
as the last, up to five minutes. A right PIN resets it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

SCHEME = "scrypt"
N, R, P = 2**14, 8, 1  # about 16 MiB and 50 ms here: cheap for one check, dear for a million
PIN_DIGITS = (4, 8)

FREE_TRIES = 3
FIRST_WAIT_S = 5.0
LONGEST_WAIT_S = 300.0


class PinError(ValueError):
    """A PIN or a stored PIN hash that cannot be used, with the reason."""


def check_pin_shape(pin: str) -> str:
    """The PIN if it is 4 to 8 digits; PinError otherwise."""
    low, high = PIN_DIGITS
    if not (isinstance(pin, str) and pin.isascii() and pin.isdigit() and low <= len(pin) <= high):
        raise PinError(f"a PIN is {low} to {high} digits")
    return pin


def hash_pin(pin: str, *, salt: bytes | None = None) -> str:
    """The stored form of a PIN, with a fresh random salt."""
    check_pin_shape(pin)
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=N, r=R, p=P, dklen=32)
    return f"{SCHEME}${N}${R}${P}${salt.hex()}${digest.hex()}"


def parse_hash(stored: str) -> tuple[int, int, int, bytes, bytes]:
    """The parts of a stored PIN hash; PinError naming what is wrong."""
    parts = stored.split("$") if isinstance(stored, str) else []
    if len(parts) != 6 or parts[0] != SCHEME:
        raise PinError("a PIN hash reads scrypt$n$r$p$salt$hash (make one with set-pin)")
    try:
        n, r, p = (int(x) for x in parts[1:4])
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        raise PinError("a PIN hash has numbers for n, r, p and hex for salt and hash") from None
    if n < 2 or n & (n - 1) or not (1 <= r <= 64 and 1 <= p <= 16) or n * r > 2**22:
        raise PinError("a PIN hash's scrypt cost (n, r, p) is out of range")
    if len(salt) < 8 or len(digest) < 16:
        raise PinError("a PIN hash's salt or hash is too short")
    return n, r, p, salt, digest


def pin_matches(pin: str, stored: str) -> bool:
    """Whether the PIN is the one the stored hash was made from."""
    n, r, p, salt, digest = parse_hash(stored)
    try:
        check_pin_shape(pin)
    except PinError:
        return False
    trial = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=len(digest))
    return hmac.compare_digest(trial, digest)


@dataclass
class Throttle:
    """Wrong PINs in a row and when the next try is allowed (monotonic seconds)."""

    wrong_in_a_row: int = 0
    next_try_at: float = 0.0

    def wait(self, now: float) -> float:
        """Seconds until a PIN may be tried again (0 when it may now)."""
        return max(0.0, self.next_try_at - now)

    def failed(self, now: float) -> float:
        """Count a wrong PIN; the wait it earns."""
        self.wrong_in_a_row += 1
        extra = self.wrong_in_a_row - FREE_TRIES
        wait = 0.0 if extra < 0 else min(LONGEST_WAIT_S, FIRST_WAIT_S * 2 ** extra)
        self.next_try_at = now + wait
        return wait

    def passed(self) -> None:
        self.wrong_in_a_row = 0
        self.next_try_at = 0.0
