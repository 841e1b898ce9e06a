"""Hypothesis feeds the dialect parsers random and corrupted byte streams.

Properties: no crash; never a card out of a corrupt frame; every intact frame recovered, in
order; the same messages however the stream is cut into reads. Derandomized so a run is
repeatable (a CRC-16 collision is possible in principle; a fixed run cannot flake on one).
"""

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drivers.dialects import DIALECTS
from drivers.dialects.framed import FramedEncoder
from drivers.dialects.messages import CardRead, StatusRead
from drivers.source import Status
from models.cards import ALL_CARDS

FUZZ = settings(max_examples=150, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
cards = st.lists(st.sampled_from(ALL_CARDS), max_size=20)
SCANNER_CARD = re.compile(rb"[ \t]*[SHDC](0[1-9]|1[0-3])[ \t]*")


def encoded(dialect_name, card_list):
    enc = DIALECTS[dialect_name].encoder()
    return [enc.card(c) for c in card_list]


def parse(dialect_name, data, cuts=()):
    parser = DIALECTS[dialect_name].parser()
    out, start = [], 0
    for cut in sorted(set(cuts)) + [len(data)]:
        out += parser.feed(data[start:cut])
        start = cut
    return out + parser.flush()


def delivered(messages):
    return [m.card for m in messages if isinstance(m, CardRead)]


def noise_for(dialect_name):
    """Noise the dialect's receiver must not mistake for a card (a random line could spell
    `D12` for a scanner, which no receiver can tell from a card: that is left out)."""
    if dialect_name == "framed":
        return st.binary(min_size=1, max_size=30)
    if dialect_name == "beetek":
        return st.binary(min_size=1, max_size=30).map(lambda b: b.replace(b">", b"?"))
    lines = st.binary(min_size=1, max_size=20).map(
        lambda b: b.replace(b"\r", b"#").replace(b"\n", b"#") + b"\n")
    return lines.filter(lambda line: not SCANNER_CARD.fullmatch(line[:-1]))


@FUZZ
@given(st.sampled_from(sorted(DIALECTS)), st.binary(max_size=400),
       st.lists(st.integers(0, 400), max_size=10))
def test_random_bytes_never_crash_and_chunking_does_not_matter(name, data, cuts):
    whole = parse(name, data)
    assert parse(name, data, [c for c in cuts if c <= len(data)]) == whole
    for message in whole:
        if isinstance(message, StatusRead) and message.status is Status.GARBAGE:
            assert "byte" in message.detail  # says where


@FUZZ
@given(st.data(), st.sampled_from(sorted(DIALECTS)), cards)
def test_every_intact_frame_is_recovered_in_order_through_noise(data, name, card_list):
    frames = encoded(name, card_list)
    stream, noisy = b"", False
    for frame in frames:
        if data.draw(st.booleans()):
            stream += data.draw(noise_for(name))
            noisy = True
        stream += frame
    cuts = data.draw(st.lists(st.integers(0, len(stream)), max_size=8))
    out = parse(name, stream, cuts)
    assert delivered(out) == card_list
    statuses = [m.status for m in out if isinstance(m, StatusRead)]
    assert set(statuses) <= {Status.GARBAGE}
    assert bool(statuses) == noisy  # every run of noise is reported, none invented


def mutate(frame: bytes, data) -> bytes:
    """Damage a frame on the line: change, drop or insert bytes (at least one real change)."""
    out = bytearray(frame)
    for _ in range(data.draw(st.integers(1, 3))):
        pos = data.draw(st.integers(0, len(out) - 1))
        how = data.draw(st.sampled_from(["change", "drop", "insert"]))
        if how == "change":
            out[pos] = (out[pos] + data.draw(st.integers(1, 255))) % 256
        elif how == "drop" and len(out) > 1:
            del out[pos]
        else:  # inside the frame: a byte before its start is noise beside an intact frame
            out.insert(max(pos, 1), data.draw(st.integers(0, 255)))
    return bytes(out) if bytes(out) != frame else frame[:-1]


@FUZZ
@given(st.data(), st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=20))
def test_framed_never_delivers_a_card_out_of_a_corrupt_frame(data, card_list):
    enc = FramedEncoder(first_sequence=data.draw(st.integers(0, 0xFFFF)))
    stream, intact, damaged = b"", [], False
    damaged_before_intact = lost_between = False
    for card in card_list:
        frame = enc.card(card)
        if data.draw(st.booleans()):
            stream += mutate(frame, data)
            damaged = True
            lost_between |= bool(intact)  # a gap needs a good frame before the damage
        else:
            stream += frame
            intact.append(card)
            damaged_before_intact |= lost_between
    out = parse("framed", stream)
    assert delivered(out) == intact
    faults = [m.status for m in out if isinstance(m, StatusRead)]
    assert bool(faults) == damaged  # every damaged frame is noticed
    # and a loss between two good frames shows as a gap
    assert (Status.GAP in faults) == damaged_before_intact


@FUZZ
@given(st.data(), st.sampled_from(["beetek", "scanner"]), cards)
def test_a_frame_cut_short_never_yields_a_card(data, name, card_list):
    """Without checksums, a frame that lost its tail (or a scanner line its middle) must still
    not be read as a card; the intact frames around it are."""
    frames, stream, expected = encoded(name, card_list), b"", []
    for card, frame in zip(card_list, frames, strict=True):
        if data.draw(st.booleans()):
            keep = data.draw(st.integers(0, len(frame.rstrip()) - 2))
            stream += frame[:keep] + (b"\r\n" if name == "scanner" else b"")
        else:
            stream += frame
            expected.append(card)
    assert delivered(parse(name, stream)) == expected


def test_the_framed_fuzz_sees_a_damaged_frame_as_a_fault():
    """The oracle itself: an undamaged stream gives no fault, a damaged one does."""
    frame = FramedEncoder().card(ALL_CARDS[0])
    assert parse("framed", frame) == [CardRead(ALL_CARDS[0], 0)]
    assert delivered(parse("framed", frame[:5] + b"X" + frame[6:])) == []
