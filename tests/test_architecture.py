"""The layers hold (the pure game, the drivers, the journal, the live table, the screens), no
import cycle anywhere, and every command is documented with an example."""

import ast
from pathlib import Path

from import_graph import find_cycle, import_graph

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


# Which of our packages each layer may import (besides itself). A prefix names a package and
# everything under it.
LAYERS = {
    "models": {"models"},
    "drivers": {"models", "drivers"},
    "hardware_mocks": {"models", "drivers", "hardware_mocks"},
    "kiosk.journal": {"models", "kiosk.journal"},
    # the pit: shipping a journal to PostgreSQL and reading it back, beside the journal
    "kiosk.pit": {"models", "kiosk.journal", "kiosk.pit"},
    # the pit page: the store, and the journal's fold and the table's views to draw a table
    "kiosk.pitweb": {"models", "kiosk.journal", "kiosk.pit", "kiosk.table", "kiosk.pitweb"},
    "kiosk.simulation": {"models", "kiosk.simulation"},
    "kiosk.table": {"models", "drivers", "hardware_mocks", "kiosk.journal", "kiosk.table",
                    "kiosk.system", "kiosk.pit"},
    "kiosk.demo": {"models", "drivers", "hardware_mocks", "kiosk.table", "kiosk.demo"},
    "kiosk.system": {"kiosk.system"},
}


def _layer(module: str, layers) -> str | None:
    best = None
    for prefix in layers:
        if (module == prefix or module.startswith(prefix + ".")) and \
                (best is None or len(prefix) > len(best)):
            best = prefix
    return best


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    out = []
    for module, targets in sorted(graph.items()):
        layer = _layer(module, LAYERS)
        if layer is None:
            continue
        for target in sorted(targets):
            if _layer(target, LAYERS[layer]) is None:
                out.append(f"{module} imports {target}")
    return out


def ui_breaches(graph: dict[str, set[str]]) -> list[str]:
    """The screens use only the live table's public parts, the operating system's glue
    (kiosk.system: systemd's watchdog) and Qt, which is not ours."""
    out = []
    for module, targets in sorted(graph.items()):
        if not module.startswith("kiosk.ui"):
            continue
        for target in sorted(targets):
            if target.startswith(("kiosk.ui", "kiosk.system")) or target == "kiosk":
                continue
            public_table = target.startswith("kiosk.table") and \
                not any(part.startswith("_") for part in target.split("."))
            if not public_table:
                out.append(f"{module} imports {target}")
    return out


def test_no_import_cycle_anywhere():
    assert find_cycle(import_graph()) is None


def test_every_layer_imports_only_what_lies_below_it():
    graph = import_graph()
    assert "kiosk.table.service" in graph and "models.round" in graph  # the graph is real
    assert layer_breaches(graph) == []
    assert ui_breaches(graph) == []


def test_the_layer_checks_see_a_cycle_and_a_breach():
    graph = {"models.a": {"models.b"}, "models.b": {"models.a"},
             "drivers.shoe": {"kiosk.table.service"}, "kiosk.journal.x": {"kiosk.table.y"},
             "kiosk.ui.window": {"kiosk.table.service", "kiosk.journal.store", "models.round",
                                 "kiosk.table._private"}}
    assert find_cycle(graph) == ["models.a", "models.b", "models.a"]
    graph["kiosk.pit.z"] = {"kiosk.journal.store", "kiosk.table.service"}
    graph["kiosk.journal.w"] = {"kiosk.pit.store"}
    assert layer_breaches(graph) == ["drivers.shoe imports kiosk.table.service",
                                     "kiosk.journal.w imports kiosk.pit.store",
                                     "kiosk.journal.x imports kiosk.table.y",
                                     "kiosk.pit.z imports kiosk.table.service"]
    assert ui_breaches(graph) == ["kiosk.ui.window imports kiosk.journal.store",
                                  "kiosk.ui.window imports kiosk.table._private",
                                  "kiosk.ui.window imports models.round"]


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
