"""The functional core stays pure, and every command is documented with an example."""

import ast
from pathlib import Path

from kiosk.cli import build_parser, subcommand_parsers

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_MODELS = {"PySide6", "serial", "cv2", "sqlite3", "sqlite_utils", "kiosk", "drivers",
                       "hardware_mocks", "socket", "threading", "numpy"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_models_import_no_qt_device_storage_or_app_code():
    offenders = {}
    for path in sorted((ROOT / "models").rglob("*.py")):
        bad = imported_roots(path) & FORBIDDEN_IN_MODELS
        if bad:
            offenders[str(path.relative_to(ROOT))] = sorted(bad)
    assert offenders == {}


def test_the_architecture_check_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("import os\nfrom PySide6.QtCore import QObject\nimport serial.tools\n")
    assert imported_roots(sample) & FORBIDDEN_IN_MODELS == {"PySide6", "serial"}


def test_every_subcommand_has_help_and_an_example():
    parsers = subcommand_parsers(build_parser())
    assert "start" in parsers
    for name, parser in parsers.items():
        assert parser.description, name
        assert f"blackjack-kiosk {name}" in (parser.epilog or ""), name


def test_output_piped_into_a_reader_that_stops_early_is_no_traceback(tmp_path):
    import subprocess
    import sys

    from tests.conftest import ROOT
    db = tmp_path / "j.sqlite"
    subprocess.run([sys.executable, "-m", "kiosk", "demo", "--headless", "--db", str(db),
                    "--rounds", "40", "--seed", "1"], cwd=ROOT, check=True, capture_output=True)
    result = subprocess.run(
        f"{sys.executable} -m kiosk rounds --db {db} | head -n 1", shell=True, cwd=ROOT,
        capture_output=True, text=True)
    assert result.stdout.startswith("round")
    assert "Traceback" not in result.stderr


def test_help_of_the_command_and_of_every_subcommand_prints(capsys):
    import pytest

    from kiosk.cli import main
    for argv in [["--help"]] + [[name, "--help"] for name in
                                subcommand_parsers(build_parser())]:
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 0, argv
        assert "usage: blackjack-kiosk" in capsys.readouterr().out, argv


def test_every_package_folder_is_listed_for_installation():
    """A subpackage missing from pyproject installs nowhere but in a checkout."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {str(p.parent.relative_to(ROOT)).replace("/", ".")
             for top in ("kiosk", "drivers", "models", "hardware_mocks")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found == listed
