"""The pit page's screenshots for the README, taken with the real headless Chromium:

    python -m tests.pit.pit_screenshots docs/screenshots

A throwaway PostgreSQL server, five tables brought to typical moments (a round in play with
the hole card face down, a lost shoe, a refused card and a void, a closed table, a table
betting), each journal shipped, the page served, and the tiles taken at 1280x800 (a tablet)
and 1920x1080, with the alerts and a replay step at 1280x800."""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from kiosk.demo.headless import play_direct
from kiosk.pit.shipper import Shipper
from kiosk.pit.store import add_table, connect, init
from kiosk.pitweb.auth import add_user
from kiosk.table.service import TableService
from models.errors import CardError
from tests.pit.browser import Browser
from tests.pit.page_support import PageServer
from tests.pit.server import Server

PASSWORD = "screenshot-1"


def tables(folder: Path, urls: dict[str, str]) -> None:
    def table(name, rules, rounds, seed, then=None, simulated=False):
        path = folder / f"{name}.sqlite"
        svc = TableService.open(path, table=name, rules=rules, simulated=simulated)
        try:
            play_direct(svc, rounds, seed)
            if then is not None:
                if svc.round_unfinished is False:
                    svc.open_shoe()  # a fresh shoe: the moments below pick their cards
                then(svc)
        finally:
            svc.close()
        shipper = Shipper(path, urls[name])
        shipper.ship_pass()
        shipper.heartbeat()
        shipper.close()

    def in_play(svc):
        svc.open_round({1: "anna", 3: "carl", 5: "emil"})
        svc.bet("anna", 1, "100")
        svc.bet("carl", 3, "50")
        svc.bet("emil", 5, "200")
        for card in ("9S", "TH", "4C", "QD", "7C", "AS", "6H", "KD"):
            svc.card(card)
        svc.stand(1, 1)

    def lost(svc):
        svc.source_status("connected", "shoe", device="/dev/ttyUSB0")
        svc.open_round({2: "bert", 4: "dora"})
        svc.bet("bert", 2, "20")
        svc.bet("dora", 4, "40")
        svc.card("8D")
        svc.source_status("lost", "shoe", "the line went silent", "/dev/ttyUSB0")

    def refused_and_void(svc):
        svc.open_round({1: "ida"})
        svc.bet("ida", 1, "30")
        svc.card("AS")
        svc.card("AS")
        with contextlib.suppress(CardError):  # refused, journaled as an alert: the point
            svc.card("AS")  # a third ace of spades in a two-deck shoe
        svc.void("Frau Weber", "card dropped on the floor")

    def closed(svc):
        svc.close_table("Frau Weber")

    def betting(svc):
        svc.open_round({1: "hanna", 2: "gustav", 6: "frida"})
        svc.bet("hanna", 1, "10")
        svc.bet("gustav", 2, "30")

    table("BJ-01", {"preset": "holecard", "decks": 6}, 22, 1, in_play)
    table("BJ-02", "bayern", 17, 2, lost)
    table("BJ-03", {"preset": "bayern", "decks": 2}, 9, 3, refused_and_void)
    table("BJ-04", "bayern", 12, 4, closed)
    table("BJ-05", "bayern", 8, 7, betting, simulated=True)


def main(out: str) -> int:
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    server = Server()
    browser = page = None
    try:
        server.start()
        url = server.url()
        init(url)
        names = [f"BJ-0{n}" for n in range(1, 6)]
        urls = {name: add_table(url, name) for name in names}
        with connect(url) as conn:
            add_user(conn, "aufsicht", "pit", PASSWORD)
        with tempfile.TemporaryDirectory() as folder:
            tables(Path(folder), urls)
        page = PageServer(url)
        browser = Browser(1280, 800)
        d = browser.driver
        d.get(page.base + "/login")
        d.find_element(By.ID, "name").send_keys("aufsicht")
        d.find_element(By.ID, "password").send_keys(PASSWORD)
        d.find_element(By.ID, "submit").click()
        WebDriverWait(d, 10).until(lambda d: "on" in d.find_element(By.ID, "live")
                                   .get_attribute("class"))
        time.sleep(1.5)  # the alerts raised from the events counted on the tiles
        for width, height in ((1280, 800), (1920, 1080)):
            browser.size(width, height)
            d.get(page.base + "/")
            WebDriverWait(d, 10).until(lambda d: "on" in d.find_element(By.ID, "live")
                                       .get_attribute("class"))
            d.save_screenshot(str(target / f"pit-{width}x{height}.png"))
        browser.size(1280, 800)
        d.get(page.base + "/alerts")
        d.save_screenshot(str(target / "pit-alerts.png"))
        d.get(page.base + "/search?find=1&table=BJ-01&player=anna")
        d.find_element(By.CSS_SELECTOR, "#found a.replay").click()
        for _ in range(7):
            d.find_element(By.ID, "next").click()
        d.save_screenshot(str(target / "pit-replay.png"))
        print(f"screenshots of the pit page in {target}")
    finally:
        if browser is not None:
            browser.quit()
        if page is not None:
            page.stop()
        server.remove()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
