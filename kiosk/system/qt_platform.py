"""Whether Qt's platform plugin for this screen can load, asked before Qt is: a plugin whose
system libraries are missing makes Qt abort with a long message of its own. Here `ldd` is
asked which of the plugin's libraries are not found, and each is named by the Debian package
that ships it, so the kiosk can say in one line what to install.

    missing_packages("xcb")  ->  ["libxcb-icccm4", "libxcb-keysyms1"]
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

# the libraries Qt's screen plugins (xcb, wayland, eglfs) load, by the name before ".so",
# and the Debian 12 package of each; deploy/install.sh installs every one of them
PACKAGES = {
    "libxcb-icccm": "libxcb-icccm4",
    "libxcb-keysyms": "libxcb-keysyms1",
    "libxcb-cursor": "libxcb-cursor0",
    "libxcb-util": "libxcb-util1",
    "libxcb-image": "libxcb-image0",
    "libxcb-randr": "libxcb-randr0",
    "libxcb-render-util": "libxcb-render-util0",
    "libxcb-render": "libxcb-render0",
    "libxcb-shm": "libxcb-shm0",
    "libxcb-sync": "libxcb-sync1",
    "libxcb-xfixes": "libxcb-xfixes0",
    "libxcb-shape": "libxcb-shape0",
    "libxcb-xkb": "libxcb-xkb1",
    "libxcb-xinput": "libxcb-xinput0",
    "libxcb": "libxcb1",
    "libX11-xcb": "libx11-xcb1",
    "libX11": "libx11-6",
    "libxkbcommon-x11": "libxkbcommon-x11-0",
    "libxkbcommon": "libxkbcommon0",
    "libGL": "libgl1",
    "libEGL": "libegl1",
    "libGLX": "libglx0",
    "libOpenGL": "libopengl0",
    "libfontconfig": "libfontconfig1",
    "libfreetype": "libfreetype6",
    "libglib-2.0": "libglib2.0-0",
    "libgthread-2.0": "libglib2.0-0",
    "libdbus-1": "libdbus-1-3",
    "libwayland-client": "libwayland-client0",
    "libwayland-cursor": "libwayland-cursor0",
    "libwayland-egl": "libwayland-egl1",
    "libdrm": "libdrm2",
    "libgbm": "libgbm1",
}


def plugin_path(platform: str) -> Path | None:
    """The platform plugin Qt would load for `platform` (honouring
    QT_QPA_PLATFORM_PLUGIN_PATH as Qt does), or None where there is none to ask about."""
    folders = [Path(p) for p in os.environ.get("QT_QPA_PLATFORM_PLUGIN_PATH", "").split(
        os.pathsep) if p]
    spec = importlib.util.find_spec("PySide6")
    if spec is not None and spec.origin:
        folders.append(Path(spec.origin).parent / "Qt" / "plugins" / "platforms")
    for folder in folders:
        candidate = folder / f"libq{platform}.so"
        if candidate.is_file():
            return candidate
    return None


def screen_platform() -> str:
    """The platform Qt will pick: QT_QPA_PLATFORM's, else wayland or xcb by the session."""
    chosen = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    if chosen:
        return chosen
    if os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY"):
        return "wayland"
    return "xcb"


def missing_libraries(plugin: Path) -> list[str]:
    """The libraries `ldd` cannot find for the plugin (none where there is no ldd)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    done = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=30)
    found = re.findall(r"^\s*(\S+) => not found", done.stdout, re.M)
    return sorted(set(found))


def package_of(library: str) -> str:
    stem = library.split(".so")[0]
    return PACKAGES.get(stem, f"the package with {library}")


def missing_packages(platform: str | None = None) -> list[str]:
    """The Debian packages to install before Qt's `platform` plugin can load; [] if it can
    (or if there is no such plugin to ask about: Qt says so itself)."""
    plugin = plugin_path(platform or screen_platform())
    if plugin is None:
        return []
    return sorted({package_of(lib) for lib in missing_libraries(plugin)})
