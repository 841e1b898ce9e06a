"""Every case in tests/rounds/ settles to its expected result or is refused as expected.

One file per case, named for what it shows; `rule` names the RULES.md row it covers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from models.errors import RecordError
from models.record import loads, play_record, settle_record, to_record

ROUNDS = Path(__file__).parent / "rounds"
CASES = sorted(ROUNDS.glob("*.json"))


def load_case(path: Path) -> dict:
    return loads(path.read_text())


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    case = load_case(path)
    if "error" in case:
        with pytest.raises(RecordError) as info:
            settle_record(case["record"])
        assert str(info.value).startswith(case["error"]), str(info.value)
        return
    got = settle_record(case["record"]).to_json()
    expect = case["expect"]
    assert got["net"] == expect["net"]
    for line in expect.get("lines", []):
        assert line in got["lines"], f"missing {line}"
    if "dealer" in expect:
        assert got["dealer"] == expect["dealer"]


def test_the_corpus_covers_every_preset_and_many_rules():
    cases = [load_case(p) for p in CASES]
    presets = {c["record"]["rules"] if isinstance(c["record"]["rules"], str)
               else c["record"]["rules"]["preset"] for c in cases}
    assert presets == {"bayern", "schleswig-holstein", "holecard", "continuous-8"}
    assert sum("error" in c for c in cases) >= 20
    assert sum("expect" in c for c in cases) >= 40


@pytest.mark.parametrize("path", [p for p in CASES if "error" not in load_case(p)],
                         ids=lambda p: p.stem)
def test_record_engine_record_round_trip(path):
    record = load_case(path)["record"]
    rnd = play_record(record)
    again = to_record(rnd)
    # The written record plays to the same settlement and writes itself unchanged.
    assert settle_record(again).to_json() == settle_record(record).to_json()
    assert to_record(play_record(json.loads(json.dumps(again)))) == again
    assert again["play"] == [e if isinstance(e, str) else _normal(e) for e in record["play"]]


def _normal(entry: dict) -> dict:
    """A decision as the engine writes it: follow lists always present on double/split."""
    out = dict(entry)
    if out["do"] in ("double", "split"):
        out.setdefault("follow", [])
    return out
