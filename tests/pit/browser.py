"""A real Chromium for the pit page's tests and bench/pit.py: Debian's `chromium` and
`chromium-driver`, installed with apt when missing (CI runs as root with Debian's mirrors),
driven by Selenium through /usr/bin/chromedriver (never a browser or driver downloaded at run
time: Selenium Manager is bypassed by naming both).

Selenium, not Playwright: it is one PyPI package that drives Debian's own chromedriver; Playwright
would need Node and its own pinned browser builds, which we must not download."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1")


def ensure_chromium() -> None:
    """Install Debian's chromium and chromium-driver where they are missing. The test
    workers each start a browser at once: one installs while the others wait for it (apt
    refuses a second apt running beside the first: 4 pit page tests errored so on a fresh
    machine)."""
    if CHROMIUM.exists() and DRIVER.exists():
        return
    if os.geteuid() != 0:
        raise RuntimeError("the pit page's tests need Debian's chromium and chromium-driver: "
                           "sudo apt-get install -y chromium chromium-driver")
    with open(Path(tempfile.gettempdir()) / "blackjack-kiosk-chromium.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if CHROMIUM.exists() and DRIVER.exists():
            return  # another worker installed them meanwhile
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        # and wait for any other apt on the machine rather than fail on its lock
        wait = ["-o", "DPkg::Lock::Timeout=600"]
        subprocess.run(["apt-get", *wait, "update", "-q"], check=True, capture_output=True,
                       env=env, timeout=900)
        subprocess.run(["apt-get", *wait, "install", "-y", "-q", "chromium", "chromium-driver"],
                       check=True, capture_output=True, env=env, timeout=1500)


class Browser:
    """One headless Chromium with a fresh profile, removed on quit."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        ensure_chromium()
        self.profile = tempfile.mkdtemp(prefix="pit-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        options.add_argument(f"--window-size={width},{height}")
        self.driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)

    def size(self, width: int, height: int) -> None:
        """The page's viewport at exactly width x height."""
        d = self.driver
        d.set_window_size(width, height)
        inner = d.execute_script("return [window.innerWidth, window.innerHeight]")
        d.set_window_size(width + (width - inner[0]), height + (height - inner[1]))

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
