"""Published npm packages fetched once into a cache folder, for test decks (never shipped).

Several test processes (pytest-xdist workers, benchmark runs side by side) may ask for the same
package at once. One takes a lock on the cache folder and fetches; the others wait for it and
then find the package whole. A package is unpacked into a private folder and moved into place
only when complete, so a fetch cut off half way (a killed run, a lost network) leaves nothing a
later run could take for a whole package.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_DONE = ".complete"


@contextmanager
def cache_lock(cache_dir: Path) -> Iterator[None]:
    """Hold the cache folder's lock (an advisory lock on `.lock`, released when the process
    ends however it ends)."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    with open(cache_dir / ".lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def fetch_package(spec: str, cache_dir: Path) -> Path:
    """The unpacked npm package `spec` (name@version), fetched once into `cache_dir`; return the
    package's root folder. Raises RuntimeError saying why when npm or the registry cannot be
    reached, or the package it got cannot be unpacked."""
    cache_dir = Path(cache_dir)
    folder = cache_dir / re.sub(r"[^A-Za-z0-9.@-]", "_", spec)
    if (folder / _DONE).exists():
        return folder / "package"
    with cache_lock(cache_dir):
        if (folder / _DONE).exists():  # fetched by another process while this one waited
            return folder / "package"
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(f"npm is not installed: it fetches the published test deck {spec}")
        with tempfile.TemporaryDirectory(dir=cache_dir, prefix=".fetch-") as tmp:
            env = {**os.environ, "npm_config_loglevel": "error"}
            done = subprocess.run([npm, "pack", spec, "--silent"], cwd=tmp, env=env,
                                  capture_output=True, text=True, timeout=300)
            tarballs = sorted(Path(tmp).glob("*.tgz"))
            if done.returncode != 0 or not tarballs:
                raise RuntimeError(f"npm pack {spec} failed: {done.stderr.strip()[-400:]}")
            unpacked = Path(tmp) / "unpacked"
            try:
                with tarfile.open(tarballs[-1]) as tar:
                    tar.extractall(unpacked, filter="data")
            except (tarfile.TarError, EOFError, OSError) as error:
                raise RuntimeError(f"npm pack {spec} gave a tarball that cannot be unpacked: "
                                   f"{error}") from error
            if not (unpacked / "package").is_dir():
                raise RuntimeError(f"npm pack {spec} gave a tarball without a package folder")
            (unpacked / _DONE).write_text(spec + "\n")
            if folder.exists():  # a fetch of an earlier layout or one cut off: start afresh
                shutil.rmtree(folder)
            os.replace(unpacked, folder)
    return folder / "package"
