"""Dialect parsers on hand-written wire bytes: cards, statuses, and every kind of bad input."""

import pytest

from drivers.dialects import DIALECTS, get_dialect
from drivers.dialects.beetek import BeetekParser
from drivers.dialects.framed import FramedEncoder, FramedParser, checksum
from drivers.dialects.messages import CardRead, Heartbeat, ShoeError, StatusRead
from drivers.dialects.scanner import ScannerEncoder, ScannerParser
from drivers.source import Status
from models.cards import parse_card


def kinds(messages):
    return [m.card.code if isinstance(m, CardRead) else
            "heartbeat" if isinstance(m, Heartbeat) else m.status.value for m in messages]


def test_beetek_reads_cards_burns_misreads_and_alarms():
    wire = (b" [Game]<Card:4S>  [Manual Burn Cards]<Card:QH>  [Game]<Game> "
            b" [Game]<Alarm:E3 Card Not Read>  [Game]<Card:10D> ")
    out = BeetekParser().feed(wire)
    assert kinds(out) == ["4S", "burn", "misread", "alarm", "TD"]
    assert out[1].card == parse_card("QH")
    assert out[3].detail == "E3 Card Not Read"


@pytest.mark.parametrize("wire,where", [
    (b" [Game]<Card:4X> ", "byte 1"),  # no such suit
    (b" [Game]<Card:4S ", None),  # never ends: reported on flush
    (b" [Gam]<Card:4S> ", "byte 1"),  # unknown category: never guessed to be in play
    (b"xyz [Game]<Card:4S> ", "byte 0"),
])
def test_beetek_noise_is_reported_and_never_a_card(wire, where):
    parser = BeetekParser()
    out = parser.feed(wire) + parser.flush()
    cards = [m for m in out if isinstance(m, CardRead)]
    statuses = [m for m in out if isinstance(m, StatusRead)]
    if wire.startswith(b"xyz"):
        assert [c.card.code for c in cards] == ["4S"]
    else:
        assert cards == []
    assert statuses and statuses[0].status is Status.GARBAGE
    if where:
        assert where in statuses[0].detail


def test_beetek_resynchronises_when_a_message_is_cut_off():
    out = BeetekParser().feed(b" [Game]<Card: [Game]<Card:KC> ")
    assert kinds(out) == ["garbage", "KC"]
    assert "cut off by a new message at byte 14" in out[0].detail


def test_scanner_reads_suit_and_rank_lines():
    out = ScannerParser().feed(b"D12\r\nS01\nH10\rC13\r\n\r\n")
    assert kinds(out) == ["QD", "AS", "TH", "KC"]
    assert ScannerEncoder().card(parse_card("QD")) == b"D12\r\n"


@pytest.mark.parametrize("line", [b"D14", b"X12", b"D1", b"D012", b"12D", b"#12", b"D\xff2"])
def test_scanner_refuses_a_line_that_is_not_exactly_a_card(line):
    out = ScannerParser().feed(b"S05\n" + line + b"\nS06\n")
    assert kinds(out) == ["5S", "garbage", "6S"]
    assert "line at byte 4 is no card" in out[1].detail


def test_scanner_reports_an_overlong_line_once():
    out = ScannerParser().feed(b"S" * 100 + b"\nH02\n")
    assert kinds(out) == ["garbage", "2H"]


def test_framed_round_trip_of_every_message():
    enc = FramedEncoder()
    wire = (enc.hello() + enc.card(parse_card("QH")) + enc.burn(parse_card("2C"))
            + enc.misread() + enc.alarm("jam") + enc.heartbeat() + enc.cut_card()
            + enc.shoe_empty())
    out = FramedParser().feed(wire)
    assert kinds(out) == ["connected", "QH", "burn", "misread", "alarm", "heartbeat",
                          "cut_card", "shoe_empty"]
    assert [m.sequence for m in out] == list(range(8))


def test_framed_checksum_error_names_the_frame_and_delivers_nothing():
    frame = bytearray(FramedEncoder().card(parse_card("QH")))
    frame[6] = ord("K")  # QH -> KH on the line: the checksum catches it
    out = FramedParser().feed(b"  " + bytes(frame))
    assert kinds(out) == ["checksum"]
    assert "frame at byte 2 fails its checksum" in out[0].detail


def test_framed_gap_and_duplicate_are_reported_and_the_repeat_not_delivered():
    enc = FramedEncoder(first_sequence=0xFFFE)  # across the wrap-around too
    first, second = enc.card(parse_card("AS")), enc.card(parse_card("2S"))
    enc.card(parse_card("3S"))  # dropped on the line
    fourth = enc.card(parse_card("4S"))
    out = FramedParser().feed(first + second + second + fourth)
    assert kinds(out) == ["AS", "2S", "duplicate", "gap", "4S"]
    assert "expected 0000, got 0001" in out[3].detail


def test_framed_restart_resets_the_sequence_without_a_gap():
    enc = FramedEncoder(first_sequence=40)
    wire = enc.card(parse_card("AS"))
    enc.sequence = 0
    wire += enc.hello() + enc.card(parse_card("2S"))
    assert kinds(FramedParser().feed(wire)) == ["AS", "connected", "2S"]


@pytest.mark.parametrize("body", [b"0001CQX", b"0001Z", b"00G1CQH", b"01CQH", b"0001SHELLO"])
def test_framed_frames_with_a_good_checksum_but_no_meaning_are_garbage(body):
    wire = b"\x02" + body + b"*" + checksum(body) + b"\x03"
    out = FramedParser().feed(wire)
    assert kinds(out) == ["garbage"]


def test_framed_overlong_frame_and_cut_off_frame_resynchronise():
    good = FramedEncoder().card(parse_card("9D"))
    out = FramedParser().feed(b"\x02" + b"A" * 100 + good + b"\x020001C")
    parser_flush = FramedParser()
    parser_flush.feed(b"\x020001C")
    assert kinds(out) == ["garbage", "garbage", "9D"]
    assert kinds(parser_flush.flush()) == ["garbage"]


def test_garbage_between_frames_is_reported_when_the_line_goes_idle():
    parser = FramedParser()
    assert parser.feed(b"noise") == []
    out = parser.idle()
    assert kinds(out) == ["garbage"] and "5 bytes of garbage at byte 0" in out[0].detail


def test_unknown_dialect_is_refused_naming_the_choices():
    with pytest.raises(ShoeError, match="unknown shoe dialect 'xyz'.*beetek, framed, scanner"):
        get_dialect("xyz")
    assert set(DIALECTS) == {"beetek", "scanner", "framed"}
