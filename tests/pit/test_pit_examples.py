"""The pit's --help examples run as printed, their pit URL swapped for the test server's: the
casino's host name is the one part of them this machine cannot have."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from kiosk.pit.store import init
from tests.conftest import ROOT
from tests.journal_support import demo_journal
from tests.test_help_examples import examples

pytestmark = pytest.mark.xdist_group("pit")  # one worker, one server

def run_example(name: str, url: str, cwd) -> subprocess.CompletedProcess:
    words = [url if w.startswith("postgresql://") else w for w in examples()[name].split()]
    assert words[0] == "blackjack-kiosk"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "kiosk", *words[1:]], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_pit_and_ship_examples_run_as_printed(pit_url, tmp_path):
    init(pit_url)
    added = run_example("pit", pit_url, tmp_path)
    assert added.returncode == 0, added.stderr
    table_url = [w for w in added.stdout.split() if w.startswith("postgresql://")][-1]
    (tmp_path / "var").mkdir()
    demo_journal(tmp_path / "var" / "journal.sqlite", 2, table="table-7")
    shipped = run_example("ship", table_url, tmp_path)
    assert shipped.returncode == 0, shipped.stderr
    assert "the pit holds all" in shipped.stdout and "table table-7" in shipped.stdout


def test_ship_takes_the_journal_and_the_url_from_the_configuration(pit_url, tmp_path, capsys):
    """As the unit runs it: `ship --config` ([table] database, [pit] url)."""
    from tests.journal_support import event_rows
    from tests.pit.pit_support import cli, pit_rows, pit_with_tables

    url = pit_with_tables(pit_url, "BJ-07")["BJ-07"]
    journal = demo_journal(tmp_path / "journal.sqlite", 1, table="BJ-07")
    config = tmp_path / "kiosk.toml"
    table = f'[table]\nid = "BJ-07"\ndatabase = "{journal}"\n'
    config.write_text(table)
    code, _, err = cli(capsys, "ship", "--config", str(config), "--once")
    assert code == 2 and "has no [pit] url" in err
    config.write_text(table + f'[pit]\nurl = "{url}"\n')
    code, out, err = cli(capsys, "ship", "--config", str(config), "--once")
    assert code == 0, err
    assert pit_rows(pit_url, "BJ-07") == event_rows(journal)
