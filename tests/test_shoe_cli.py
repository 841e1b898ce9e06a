"""`mock-shoe` and `shoe-monitor` as an installer runs them: two processes on one pty."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.timeout(60)


def spawn(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-m", "kiosk", *args], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def say(proc: subprocess.Popen, line: str) -> str:
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    return proc.stdout.readline().strip()


@pytest.mark.parametrize("dialect", ["beetek", "framed"])
def test_monitor_prints_the_mock_shoes_cards_and_misread_as_json(dialect, tmp_path):
    mock = spawn("mock-shoe", "--dialect", dialect, "--seed", "9", "--link",
                 str(tmp_path / "card-shoe"))
    monitor = None
    try:
        path = mock.stdout.readline().strip()
        assert path == str(tmp_path / "card-shoe") and os.path.islink(path)
        monitor = spawn("shoe-monitor", "--port", path, "--dialect", dialect, "--count", "5")
        assert json.loads(monitor.stdout.readline())["event"] == "connected"
        dealt = say(mock, "deal 2").split()[1:]
        assert say(mock, "fault misread").startswith("misread ")
        dealt += say(mock, "deal 1").split()[1:]
        out, err = monitor.communicate(timeout=30)
        events = [json.loads(line) for line in out.splitlines()]
        assert [e.get("card") if e["event"] == "card" else e["event"] for e in events] == \
            dealt[:2] + ["misread"] + dealt[2:]
        assert {e["source"] for e in events} == {"shoe"} and monitor.returncode == 0
        assert say(mock, "quit") == ""
    finally:
        for proc in (mock, monitor):
            if proc is not None and proc.poll() is None:
                proc.kill()
            if proc is not None:
                proc.wait(timeout=10)


def test_mock_shoe_refuses_what_the_dialect_cannot_do_and_deals_a_script(tmp_path):
    script = tmp_path / "cards.txt"
    script.write_text("AS KH  # a blackjack\n10D\n")
    mock = spawn("mock-shoe", "--dialect", "scanner", "--script", str(script))
    try:
        mock.stdout.readline()
        assert say(mock, "fault drop").startswith("refused: the scanner dialect cannot show a "
                                                  "drop fault")
        assert say(mock, "deal 5") == "deal AS KH TD"
        assert say(mock, "deal") == "shoe is empty"
        assert say(mock, "dance").startswith("unknown command 'dance'")
    finally:
        mock.stdin.close()
        mock.wait(timeout=10)
    assert mock.returncode == 0


def test_bad_script_unknown_dialect_and_unknown_fault_are_one_line_errors(cli, tmp_path):
    script = tmp_path / "cards.txt"
    script.write_text("AS\nQX\n")
    bad_card = cli("mock-shoe", "--script", str(script))
    assert bad_card.returncode == 2
    assert f"{script}:2: unknown card 'QX'" in bad_card.stderr
    assert len(bad_card.stderr.strip().splitlines()) == 1
    bad_fault = cli("mock-shoe", "--faults", "drop,fire", "--pace", "1")
    assert bad_fault.returncode == 2 and "unknown fault(s) fire" in bad_fault.stderr
    refused = cli("mock-shoe", "--dialect", "beetek", "--faults", "drop", "--pace", "1")
    assert refused.returncode == 2 and "cannot show drop" in refused.stderr
    monitor = cli("shoe-monitor", "--port", "loop://", "--dialect", "morse")
    assert monitor.returncode == 2 and "unknown shoe dialect 'morse'" in monitor.stderr


def test_monitor_reports_a_port_that_is_not_there(cli, tmp_path):
    result = cli("shoe-monitor", "--port", str(tmp_path / "nothing"), "--count", "1")
    event = json.loads(result.stdout)
    assert event["event"] == "lost" and "cannot open" in event["detail"]


def test_at_a_dealers_pace_the_mock_deals_the_whole_script_by_itself(cli, tmp_path):
    script = tmp_path / "cards.txt"
    script.write_text("AS KH TD 5C\n")
    result = cli("mock-shoe", "--dialect", "beetek", "--script", str(script), "--pace", "0.01",
                 "--link", str(tmp_path / "shoe"), input="")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == [str(tmp_path / "shoe"), "deal AS", "deal KH", "deal TD", "deal 5C"]
    assert not (tmp_path / "shoe").exists()  # unplugged on the way out
