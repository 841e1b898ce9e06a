"""Journal events: frozen records, their canonical JSON and the hash chain that links them.

An event's hash is sha256 over the previous event's hash and the canonical JSON of its own
content (sequence number, time, session, round, kind, data). Changing, removing or moving any
event therefore breaks the hash of that event or of the one after it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

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


def event_from_row(row) -> Event:
    """An Event from an `events` row (seq, ts, session_id, round_id, kind, data, prev, hash)."""
    seq, ts, session_id, round_id, kind, data, prev_hash, digest = row
    return Event(seq, ts, session_id, round_id, kind, json.loads(data), prev_hash, digest)


EVENT_COLUMNS = "seq, ts, session_id, round_id, kind, data, prev_hash, hash"
