"""Supervisor PINs: salted scrypt hashes, constant-time checks, a throttle that grows."""

import pytest

from kiosk.table.pins import PinError, Throttle, hash_pin, parse_hash, pin_matches


def test_a_pin_matches_its_hash_and_no_other():
    stored = hash_pin("4711")
    assert stored.startswith("scrypt$")
    assert "4711" not in stored
    assert pin_matches("4711", stored)
    assert not pin_matches("4712", stored)
    assert not pin_matches("", stored)


def test_the_same_pin_hashes_differently_each_time():
    assert hash_pin("4711") != hash_pin("4711")


@pytest.mark.parametrize("pin", ["", "123", "123456789", "12a4", "١٢٣٤", None])
def test_a_pin_is_four_to_eight_ascii_digits(pin):
    with pytest.raises(PinError, match="4 to 8 digits"):
        hash_pin(pin)


@pytest.mark.parametrize("stored, why", [
    ("4711", "scrypt\\$n\\$r\\$p"),
    ("scrypt$x$8$1$00$00", "numbers"),
    ("scrypt$1000$8$1$" + "00" * 16 + "$" + "00" * 32, "cost"),
    ("scrypt$16384$8$1$00$" + "00" * 32, "too short"),
])
def test_a_broken_hash_is_refused_with_its_reason(stored, why):
    with pytest.raises(PinError, match=why):
        parse_hash(stored)


def test_the_throttle_waits_longer_after_each_wrong_pin_past_three():
    throttle = Throttle()
    waits = [throttle.failed(now=100.0) for _ in range(8)]
    assert waits == [0, 0, 5, 10, 20, 40, 80, 160]
    assert throttle.wait(now=100.0) == 160
    assert throttle.wait(now=300.0) == 0
    for _ in range(5):
        throttle.failed(now=0.0)
    assert throttle.failed(now=0.0) <= 300
    throttle.passed()
    assert throttle.wait(now=0.0) == 0 and throttle.failed(now=0.0) == 0
