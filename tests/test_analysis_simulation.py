"""Simulated rounds through the engine against exact figures and the published ones."""

import json
import math

import pytest

from kiosk.simulation import pool
from kiosk.simulation.pool import mean_estimate, run
from models.analysis.dealer import OUTCOMES, dealer_table
from models.analysis.side_bets import bust_return, twins_return
from models.rules import PRESETS

BAYERN = PRESETS["bayern"]


@pytest.fixture(scope="module")
def bayern_basic():
    return run(BAYERN, "basic", 60_000, seed=11)


@pytest.fixture(scope="module")
def bayern_mimic():
    return run(BAYERN, "mimic", 100_000, seed=12)


def test_simulated_dealer_outcomes_match_the_exact_table(bayern_basic):
    exact = dealer_table(6)["overall"]
    n = bayern_basic.rounds
    for k in OUTCOMES:
        seen = bayern_basic.dealer[k] / n
        half = 3.3 * math.sqrt(exact[k] * (1 - exact[k]) / n)  # 99.9%, seven outcomes
        assert abs(seen - exact[k]) < half, (k, seen, exact[k])


def test_engine_settled_twins_and_bust_returns_cover_the_exact_ones(bayern_basic):
    t = bayern_basic
    twins = mean_estimate(t.twins, t.twins_sq, t.rounds, 1.0)
    bust = mean_estimate(t.bust, t.bust_sq, t.rounds, 1.0)
    assert twins.low < float(twins_return(6)) < twins.high
    assert bust.low < bust_return(6) < bust.high


def test_leaflet_twins_88_7_percent_lies_in_the_simulated_interval(bayern_basic):
    t = bayern_basic
    twins = mean_estimate(t.twins, t.twins_sq, t.rounds, 1.0)
    assert twins.low < 0.887 < twins.high


def test_leaflet_copy_the_dealer_94_3_percent_lies_in_the_simulated_interval(bayern_mimic):
    t = bayern_mimic
    ret = mean_estimate(t.main, t.main_sq, t.rounds, 1.0)
    assert ret.low < 0.943 < ret.high
    assert ret.high - ret.low < 0.015  # the interval is narrow enough to mean something


def test_basic_strategy_beats_copying_the_dealer(bayern_basic, bayern_mimic):
    basic = mean_estimate(bayern_basic.main, bayern_basic.main_sq, bayern_basic.rounds)
    mimic = mean_estimate(bayern_mimic.main, bayern_mimic.main_sq, bayern_mimic.rounds)
    assert basic.low > mimic.high


def test_same_seed_same_result_however_many_processes(monkeypatch):
    monkeypatch.setattr(pool, "CHUNK", 700)
    one = run(PRESETS["holecard"], "basic", 2000, seed=5, processes=1)
    two = run(PRESETS["holecard"], "basic", 2000, seed=5, processes=2)
    other = run(PRESETS["holecard"], "basic", 2000, seed=6, processes=2)
    assert one == two
    assert one.rounds == 2000
    assert other.main != one.main


def test_the_interval_is_the_normal_one_for_a_known_sample():
    # nets +1, -1, +1, -1: mean 0, sample variance 4/3, half width 1.96 * sqrt(4/3 / 4)
    est = mean_estimate(0.0, 4.0, 4, 1.0)
    assert est.value == 1.0
    assert est.high - est.value == pytest.approx(1.959964 * math.sqrt(1 / 3))


def test_unknown_player_is_refused_before_any_process_starts():
    with pytest.raises(ValueError, match="unknown player"):
        run(BAYERN, "card-counter", 10)


# -- the command ------------------------------------------------------------------------------

def test_analyse_json_has_the_issue_keys_as_fractions(cli, tmp_path):
    chart = tmp_path / "dealer.png"
    res = cli("analyse", "--rules", "bayern", "--rounds", "3000", "--format", "json",
              "--chart", str(chart))
    assert res.returncode == 0, res.stderr
    r = json.loads(res.stdout)
    assert r["twins_return"] == pytest.approx(276 / 311)
    assert 0.9 < r["bust_return"] < 1
    assert set(r["dealer_outcomes"]) == {"overall", "A", *map(str, range(2, 11))}
    assert set(r["dealer_outcomes"]["6"]) == {"17", "18", "19", "20", "21", "blackjack", "bust"}
    for key in ("house_edge_basic", "mimic_return"):
        est = r[key]
        assert est["rounds"] == 3000
        assert est["ci95"][0] < est["value"] < est["ci95"][1]
    assert 0.85 < r["mimic_return"]["value"] < 1.0
    assert r["basic_strategy"]["rows"]["pair 8,8"][0] == "Ps"
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyse_decks_override_changes_the_exact_figures(cli):
    res = cli("analyse", "--rules", "holecard", "--decks", "8", "--rounds", "500",
              "--format", "json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["twins_return"] == pytest.approx(12 * 31 / 415)


def test_analyse_text_shows_every_section(cli):
    res = cli("analyse", "--rules", "schleswig-holstein", "--rounds", "500")
    assert res.returncode == 0, res.stderr
    for words in ("Dealer's final outcome", "Twins", "Bust", "house edge, basic strategy",
                  "copying the dealer", "pair A,A"):
        assert words in res.stdout


@pytest.mark.parametrize("args", [("--rounds", "0"), ("--rounds", "many"), ("--decks", "40")])
def test_analyse_refuses_bad_numbers_in_one_line(cli, args):
    res = cli("analyse", "--rules", "bayern", *args)
    assert res.returncode == 2
    assert len(res.stderr.strip().splitlines()) == 1


def test_a_long_run_reports_its_progress_chunk_by_chunk_to_the_total():
    from kiosk.simulation.analysis import analyse
    from models.rules import rules_from_spec

    heard = []
    analyse(rules_from_spec("bayern"), 20_500, 3, processes=2,
            progress=lambda done, total, half: heard.append((done, total)))
    assert heard[-1] == (41_000, 41_000)
    assert [d for d, _ in heard] == sorted(d for d, _ in heard) and len(heard) == 10


def test_a_run_to_a_precision_stops_at_the_same_chunk_however_many_processes(monkeypatch):
    monkeypatch.setattr(pool, "CHUNK", 500)
    heard = []
    one = run(PRESETS["holecard"], "basic", 20_000, seed=3, processes=1, precision=0.06,
              progress=lambda t: heard.append(t.rounds))
    two = run(PRESETS["holecard"], "basic", 20_000, seed=3, processes=2, precision=0.06)
    assert one == two
    assert one.rounds < 20_000 and one.rounds % 500 == 0
    assert pool.half_width(one) <= 0.06
    assert heard == list(range(500, one.rounds + 1, 500))  # the bar hears of every chunk


def test_the_report_says_whether_the_precision_was_reached(cli):
    res = cli("analyse", "--rules", "holecard", "--rounds", "3000")
    assert res.returncode == 0, res.stderr
    assert "--rounds ran out before the precision asked, +-0.050" in res.stdout
    res = cli("analyse", "--rules", "holecard", "--rounds", "10000", "--precision", "5",
              "--format", "json")
    report = json.loads(res.stdout)
    assert report["house_edge_basic"]["rounds"] < 10_000 and report["precision_asked"] == 0.05
