"""`blackjack-kiosk settle` as a user runs it: JSON out, or one stderr line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from models.record import loads

ROUNDS = Path(__file__).parent / "rounds"


def write_record(tmp_path: Path, name: str) -> Path:
    case = loads((ROUNDS / f"{name}.json").read_text())
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(case["record"], default=str))
    return path


def test_settle_prints_the_round_format_example_settlement(cli, tmp_path):
    path = write_record(tmp_path, "split_eights_coplayer_follows")
    result = cli("settle", str(path))
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["format"] == "blackjack-settlement/1"
    assert doc["net"] == {"anna": "310", "carl": "100", "bert": "70"}
    assert len(doc["lines"]) == 7
    assert doc["dealer"] == {"cards": ["5H", "TS", "9H"], "total": 24, "outcome": "bust"}


def test_settle_reads_standard_input(cli, tmp_path):
    path = write_record(tmp_path, "blackjack_pays_three_to_two_on_fifteen")
    result = cli("settle", "-", input=path.read_text())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["net"] == {"anna": "22.50"}


def test_refused_record_exits_2_with_one_line_naming_the_entry(cli, tmp_path):
    path = write_record(tmp_path, "double_on_twelve_refused_bayern")
    result = cli("settle", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "play[3]: double not allowed on 12 under preset bayern "
        "(first two cards must total 9, 10 or 11)"]


def test_bet_refusal_names_the_bet(cli, tmp_path):
    path = write_record(tmp_path, "stake_not_multiple_of_minimum_refused")
    result = cli("settle", str(path))
    assert result.returncode == 2
    assert result.stderr.strip() == "bets[2]: stake 25 is not a multiple of the table minimum 10"


def test_broken_files_get_one_line_and_no_traceback(cli, tmp_path):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"format": "blackjack-round/1", ')
    missing = tmp_path / "missing.json"
    wrong_format = tmp_path / "wrong.json"
    wrong_format.write_text('{"format": "poker-hand/2"}')
    no_limits = tmp_path / "nolimits.json"
    no_limits.write_text('{"format": "blackjack-round/1", "rules": "bayern", "bets": [], '
                         '"play": []}')
    bad_rules = tmp_path / "badrules.json"
    bad_rules.write_text('{"format": "blackjack-round/1", "rules": {"preset": "bayern", '
                         '"double_on": 5}, "limits": {"min": "10", "max": "500"}, '
                         '"bets": [], "play": []}')
    expected = {
        bad_json: "record: not valid JSON",
        missing: "missing.json: cannot read",
        wrong_format: "format: expected 'blackjack-round/1'",
        no_limits: "limits: missing",
        bad_rules: "rules: unknown rule option 'double_on'",
    }
    for path, start in expected.items():
        result = cli("settle", str(path))
        assert result.returncode == 2, path
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
        assert start in lines[0], lines[0]
