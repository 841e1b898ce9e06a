"""Journal events: frozen records, their canonical JSON and the hash chain that links them.

An event's hash is sha256 over the previous event's hash and the canonical JSON of its own
content (sequence number, time, session, round, kind, data). Changing, removing or moving any
event therefore breaks the hash of that event or of the one after it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from hashlib import sha256

from kiosk.journal.errors import ChainBroken

GENESIS = "0" * 64  # the previous hash of event 1

# What each kind of event records (data keys); docs/journal.md describes them.
KINDS = {
    "session_open": "a table session starts: table name, rules and limits in force",
    "shoe_open": "a new shoe: decks and cut-card position",
    "shoe_close": "the shoe ends (cut card reached, after the round in play)",
    "round_open": "a round opens: its seats and shoe",
    "seat": "before the first card, a player takes a seat or leaves it (player null)",
    "bet": "a stake: player, box, amount, side",
    "withdraw": "before the first card a player takes a stake back: player, box, side",
    "card": "a card leaves the shoe: card and source (shoe, camera, manual, import)",
    "decision": "a player's or box owner's decision as a record play entry",
    "correction": "a supervisor replaces or strikes an earlier event of the round",
    "settlement": "the round's settlement as computed by the engine",
    "paid": "the dealer paid a line during play (a Black Jack paid at once, even money)",
    "undo": "the dealer takes back the round's last decision, no card after it",
    "payout": "the dealer confirms the payout",
    "void": "a supervisor voids the round: every stake goes back",
    "alert": "something the pit must see: a card the shoe cannot hold, a refused read",
    "source": "a card source's status: connected, lost, misread, alarm, burn card, cut card",
    "acknowledge": "the dealer or a supervisor has dealt with a fault shown on the screen",
    "supervisor": "a supervisor's act at the table: sign in or out, a refused PIN, open or close "
                  "the table, change the preset or limits, a new shoe",
}

CARD_SOURCES = ("shoe", "camera", "manual", "import")


def canonical(value) -> str:
    """The one JSON text of a value: sorted keys, no spaces, UTF-8 kept as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    ts: str
    session_id: int | None
    round_id: int | None
    kind: str
    data: dict
    prev_hash: str
    hash: str

    def to_json(self) -> dict:
        return {"seq": self.seq, "ts": self.ts, "session": self.session_id,
                "round": self.round_id, "kind": self.kind, "data": self.data,
                "hash": self.hash}


def event_hash(prev_hash: str, seq: int, ts: str, session_id, round_id, kind: str,
               data_json: str) -> str:
    """sha256 over the previous hash, the event's header and its data exactly as stored (the
    data is written as canonical JSON, so the stored text is the canonical content)."""
    header = canonical({"seq": seq, "ts": ts, "session": session_id, "round": round_id,
                        "kind": kind})
    return hashlib.sha256(f"{prev_hash}\n{header}\n{data_json}".encode()).hexdigest()


def event_hash_of_text(prev_hash: str, seq: int, ts: str, session_id, round_id, kind: str,
                       data_json: str) -> str:
    """`event_hash` for verify's pass over every event: the header written out directly where
    nothing in it needs escaping (always, for what the kiosk writes), else through
    `canonical`. Both give the same text (a property test holds them to it)."""
    if kind in KINDS and type(ts) is str and ts.isascii() and ts.isprintable() and \
            '"' not in ts and "\\" not in ts and type(seq) is int and \
            (session_id is None or type(session_id) is int) and \
            (round_id is None or type(round_id) is int) and type(data_json) is str:
        text = (f'{prev_hash}\n{{"kind":"{kind}","round":'
                f'{"null" if round_id is None else round_id},"seq":{seq},"session":'
                f'{"null" if session_id is None else session_id},"ts":"{ts}"}}\n{data_json}')
        return sha256(text.encode()).hexdigest()
    return event_hash(prev_hash, seq, ts, session_id, round_id, kind, data_json)


_decode = json.JSONDecoder().raw_decode
_blank = object.__new__
_SLOTS = tuple(Event.__dict__[name].__set__ for name in Event.__slots__)


def quick_event(seq: int, ts: str, session_id, round_id, kind: str, data: dict,
                prev_hash: str = "", digest: str = "") -> Event:
    """`Event(...)` for what verify rebuilds by the million: the same frozen event, its
    fields set through the slots directly (half the cost of the frozen dataclass's __init__,
    which goes through object.__setattr__ field by field)."""
    event = _blank(Event)
    s0, s1, s2, s3, s4, s5, s6, s7 = _SLOTS
    s0(event, seq)
    s1(event, ts)
    s2(event, session_id)
    s3(event, round_id)
    s4(event, kind)
    s5(event, data)
    s6(event, prev_hash)
    s7(event, digest)
    return event


def event_from_row(row) -> Event:
    """An Event from an `events` row (seq, ts, session_id, round_id, kind, data, prev, hash).
    Data that is not a JSON object, as a broken or forged journal may hold, is named as the
    event that does not hold, not a traceback."""
    seq, ts, session_id, round_id, kind, data, prev_hash, digest = row
    try:
        value, end = _decode(data)  # the writer stores canonical JSON: no space around it
        if end != len(data):
            raise ValueError("text after the JSON value")
    except (TypeError, ValueError, RecursionError):
        try:
            value = json.loads(data)
        except (TypeError, ValueError, RecursionError):
            value = None
    if not isinstance(value, dict):
        raise ChainBroken(seq, "its data is not a JSON object as the kiosk writes it (a "
                               "broken or forged journal)")
    return quick_event(seq, ts, session_id, round_id, kind, value, prev_hash, digest)


EVENT_COLUMNS = "seq, ts, session_id, round_id, kind, data, prev_hash, hash"
