"""Commit at a kiosk to visible in the pit page in a real browser, with 10 tables playing
(`python bench/pit.py --latency`).

A throwaway PostgreSQL 15 (fsync on), 10 table services each dealing on its own thread at a
steady pace and shipped by its own following shipper (`Shipper.follow`, as `blackjack-kiosk
ship` runs it, at the interval given), the page served by uvicorn, and Debian's headless
Chromium logged in on the tiles. Each event's commit time is taken by a listener of the table
service (called right after the commit); the browser records, in the page itself, when each
tile's HTML with a new event number is put into the DOM. An event is visible when its table's
tile first shows its number or a later one. Both clocks are this machine's."""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from kiosk.demo.headless import play_direct
from kiosk.pit.shipper import Shipper
from kiosk.pit.store import add_table, connect, init
from kiosk.pitweb.auth import add_user
from kiosk.table.service import TableService
from tests.pit.browser import Browser
from tests.pit.page_support import PageServer

RECORDER = """
window.__seen = [];
const tiles = document.getElementById("tiles");
new MutationObserver(list => {
  const at = performance.timeOrigin + performance.now();
  for (const m of list) for (const n of m.addedNodes)
    if (n.dataset && n.dataset.seq) window.__seen.push([n.id, Number(n.dataset.seq), at]);
}).observe(tiles, {childList: true});
"""


def _table(path: Path, name: str, commits: dict, stop: threading.Event, pace: float,
           seed: int) -> None:
    svc = TableService.open(path, table=name, simulated=True)

    def heard(event) -> None:
        commits[(name, event.seq)] = time.time() * 1000
        if not svc.more_coming:  # the pause after a touch's last event: one commit holds all
            stop.wait(pace)

    svc.subscribe(heard)
    try:
        i = 0
        while not stop.is_set():
            play_direct(svc, 1, seed + i)
            i += 1
    finally:
        svc.close()


def measure(server_url: str, tables: int = 10, seconds: float = 40.0, interval: float = 0.2,
            pace: float = 0.5) -> dict:
    url = server_url
    init(url)
    names = [f"BJ-{i + 1:02}" for i in range(tables)]
    urls = {name: add_table(url, name) for name in names}
    with connect(url) as conn:
        add_user(conn, "bench", "pit", "bench-password")
    work = Path(tempfile.mkdtemp(prefix="bench-pit-latency-"))
    commits: dict[tuple[str, int], float] = {}
    stop = threading.Event()
    threads = []
    shippers = []
    for i, name in enumerate(names):
        path = work / f"{name}.sqlite"
        TableService.open(path, table=name, simulated=True).close()  # the journal exists
        play = threading.Thread(target=_table, args=(path, name, commits, stop, pace, 10 * i),
                                daemon=True)
        shipper = Shipper(path, urls[name])
        shippers.append(shipper)
        ship = threading.Thread(target=shipper.follow, args=(stop,),
                                kwargs={"interval": interval}, daemon=True)
        threads += [play, ship]
    page = PageServer(url)
    browser = Browser(1280, 800)
    try:
        d = browser.driver
        d.get(page.base + "/login")
        d.find_element(By.ID, "name").send_keys("bench")
        d.find_element(By.ID, "password").send_keys("bench-password")
        d.find_element(By.ID, "submit").click()
        WebDriverWait(d, 10).until(lambda d: "on" in d.find_element(By.ID, "live")
                                   .get_attribute("class"))
        d.execute_script(RECORDER)
        start = time.time() * 1000
        for t in threads:
            t.start()
        time.sleep(seconds)
        end = time.time() * 1000
        seen = d.execute_script("return window.__seen")
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=20)
        for s in shippers:
            s.close()
        browser.quit()
        page.stop()
    shown: dict[str, list[tuple[int, float]]] = {}
    for dom_id, seq, at in seen:
        shown.setdefault(dom_id.removeprefix("tile-"), []).append((seq, at))
    latencies, missing = [], 0
    for (name, seq), at in commits.items():
        if at < start + 3000 or at > end - 3000:
            continue  # the first seconds (the page catching up) and the last (not yet shown)
        later = [t for s, t in shown.get(name, []) if s >= seq and t >= at - 1]
        if later:
            latencies.append(min(later) - at)
        else:
            missing += 1
    latencies.sort()
    q = statistics.quantiles(latencies, n=100)
    return {"events": len(latencies), "missing": missing, "p50": q[49], "p99": q[98],
            "max": latencies[-1], "rate": len(latencies) / ((end - start - 6000) / 1000)}
