"""Keeps the screen's translations in step with its code:

    python -m kiosk.ui.translations          # update the .ts sources and build the .qm

`pyside6-lupdate` reads every module of the screen (an explicit file list, no line numbers,
obsolete texts dropped) into the Qt Linguist sources `i18n/kiosk_de.ts` and `i18n/kiosk_en.ts`;
a translator fills in new texts with Qt Linguist; `pyside6-lrelease` builds the `.qm` files the
kiosk loads. Both are committed; a test fails when they fall behind the code.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

UI = Path(__file__).resolve().parent
I18N = UI / "i18n"
LANGUAGES = ("de", "en")


def tool(name: str) -> str:
    """A Qt tool from the environment PySide6 is installed in."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found: install PySide6-Essentials")
    return found


def sources() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py") if p.name != "translations.py")


def update(ts_folder: Path = I18N) -> list[Path]:
    """Run lupdate into `ts_folder`; the .ts files written."""
    out = [ts_folder / f"kiosk_{lang}.ts" for lang in LANGUAGES]
    subprocess.run([tool("pyside6-lupdate"), *map(str, sources()), "-ts", *map(str, out),
                    "-locations", "none", "-no-obsolete", "-silent"], check=True)
    return out


def release(ts: Path, qm: Path) -> None:
    subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


def main() -> int:
    for ts in update():
        release(ts, ts.with_suffix(".qm"))
        print(f"{ts.relative_to(UI.parent.parent)} and its .qm")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
