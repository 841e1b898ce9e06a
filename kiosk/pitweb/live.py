"""The live part of the pit page: one LISTEN connection per server process, fanned out.

`pit.ingest` sends `NOTIFY pit_events, '<table>:<head seq>'` as each batch commits. The hub
wakes on it, reads that table's new events by (table, seq) (never by a global counter: a
notification carries only a name, and a listener that was away re-reads), folds them into the
table's tile, raises the pit's alerts the events call for (once per event), and tells every
open page's stream. Every second it also re-reads the registry (`pit.tables`: last heard,
behind by, refused) and the open alerts, and raises an alert for a table not heard from for
`silent_after_s`. A lost connection is made again and every table re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging

from kiosk.journal.events import Event, event_from_row
from kiosk.pitweb.settings import Settings
from kiosk.pitweb.tiles import WINDOW, Store, TableFold, Tile, tile
from models.clock import utc_iso, utc_now

log = logging.getLogger(__name__)

CHANNEL = "pit_events"
POLL_S = 1.0
EVENT_COLUMNS = "seq, ts, session_id, round_id, kind, data, '', encode(hash, 'hex')"


def alert_of(event: Event) -> tuple[str, str] | None:
    """The pit alert an event calls for: (kind, message), or None."""
    d = event.data
    k = event.kind
    if k == "source" and d.get("status") in ("lost", "silence"):
        detail = f": {d['detail']}" if d.get("detail") else ""
        return f"source_{d['status']}", f"card source {d.get('source', '')} {d['status']}{detail}"
    if k == "alert":
        card = f" {d['card']}" if d.get("card") else ""
        return str(d.get("alert", "alert")), f"{d.get('alert')}{card}: {d.get('message', '')}"
    if k == "correction":
        return "correction", (f"round {event.round_id}: event {d.get('corrects')} corrected by "
                              f"{d.get('supervisor')}: {d.get('reason')}")
    if k == "void":
        return "void", (f"round {event.round_id} void, approved by {d.get('supervisor')}: "
                        f"{d.get('reason')}")
    if k == "supervisor" and d.get("act") == "pin_refused":
        return "wrong_pin", f"wrong PIN for {d.get('supervisor')}"
    return None


class Hub:
    """The folds of every table, kept current, and the pages listening."""

    def __init__(self, url: str, settings: Settings) -> None:
        self.url = url
        self.settings = settings
        self.folds: dict[str, TableFold] = {}
        self.stores: dict[str, Store] = {}
        self.tiles: dict[str, Tile] = {}
        self.queues: set[asyncio.Queue] = set()
        self.pending: set[str] = set()
        self.woken = asyncio.Event()
        self.lock = asyncio.Lock()  # the reader connection is used by one task at a time
        self.conn = None
        self.tasks: list[asyncio.Task] = []
        self.ready = asyncio.Event()
        self.shift: tuple[dt.datetime, dt.datetime] | None = None

    # -- life -------------------------------------------------------------------------------

    async def start(self) -> None:
        self.tasks = [asyncio.create_task(self._listen(), name="pit listen"),
                      asyncio.create_task(self._work(), name="pit fold"),
                      asyncio.create_task(self._poll(), name="pit poll")]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.conn is not None:
            await self.conn.close()

    async def _connection(self):
        import psycopg

        if self.conn is None or self.conn.closed:
            self.conn = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, application_name="blackjack-kiosk pit page")
        return self.conn

    # -- pages ------------------------------------------------------------------------------

    def subscribe(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(maxsize=10000)
        self.queues.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue) -> None:
        self.queues.discard(queue)

    def _tell(self, name: str) -> None:
        for queue in list(self.queues):
            try:
                queue.put_nowait(name)
            except asyncio.QueueFull:
                self.queues.discard(queue)  # a page that stopped reading: it reconnects

    def wake(self, name: str) -> None:
        self.pending.add(name)
        self.woken.set()

    # -- LISTEN -----------------------------------------------------------------------------

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True,
                        application_name="blackjack-kiosk pit page listen") as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for name in list(self.folds):  # what was missed while away
                        self.wake(name)
                    async for note in conn.notifies():
                        name = note.payload.rsplit(":", 1)[0]
                        self.wake(name)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 (the pit went away: try again)
                log.warning("pit page: LISTEN lost (%s); reconnecting", exc)
                await asyncio.sleep(1.0)

    # -- folding ------------------------------------------------------------------------------

    async def _work(self) -> None:
        while True:
            await self.woken.wait()
            self.woken.clear()
            names, self.pending = self.pending, set()
            for name in sorted(names):
                try:
                    async with self.lock:
                        changed = await self._advance(name)
                    if changed:
                        self._render(name)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001
                    log.warning("pit page: table %s not read (%s)", name, exc)
                    self.conn = None
                    self.pending.add(name)
                    await asyncio.sleep(0.5)
                    self.woken.set()

    async def _advance(self, name: str) -> bool:
        fold = self.folds.get(name)
        if fold is None:
            return False
        conn = await self._connection()
        cur = await conn.execute(f"SELECT {EVENT_COLUMNS} FROM pit.events WHERE table_id = %s "
                                 "AND seq > %s ORDER BY seq", (fold.table_id, fold.seq))
        rows = await cur.fetchall()
        await self._fold_rows(conn, fold, rows)
        return bool(rows)

    async def _fold_rows(self, conn, fold: TableFold, rows) -> None:
        alerts = []
        for row in rows:
            event = event_from_row(row)
            fold.apply(event)
            found = alert_of(event)
            if found is not None:
                alerts.append((fold.table_id, found[0], event.seq, f"{fold.name}: {found[1]}"))
        if alerts:
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO pit.alerts (table_id, kind, seq, message, origin) "
                    "VALUES (%s, %s, %s, %s, 'journal') ON CONFLICT (table_id, kind, seq) "
                    "WHERE origin <> 'store' DO NOTHING", alerts)

    async def _load(self, conn, table_id: int, name: str, head: int) -> TableFold:
        """A table read back when the server starts: its session, the events of the last
        window, and what the tile counts from before it (this shift, the last hour)."""
        fold = TableFold(table_id, name)
        shift_start, _ = self.settings.shift_of(utc_now())
        hour_ago = utc_now() - dt.timedelta(hours=1)
        cur = await conn.execute(
            "SELECT min(seq) FROM pit.events WHERE table_id = %s AND round_id = (SELECT "
            "max(round_id) FROM pit.events WHERE table_id = %s AND round_id IS NOT NULL)",
            (table_id, table_id))
        round_seq = (await cur.fetchone())[0]
        start = max(head - WINDOW, 0)
        if round_seq is not None:
            start = min(start, round_seq - 1)
        cur = await conn.execute("SELECT max(seq) FROM pit.sessions WHERE table_id = %s AND "
                                 "seq <= %s", (table_id, start))
        session_seq = (await cur.fetchone())[0]
        if session_seq is not None:
            cur = await conn.execute(f"SELECT {EVENT_COLUMNS} FROM pit.events WHERE table_id "
                                     "= %s AND seq = %s", (table_id, session_seq))
            fold.apply(event_from_row(await cur.fetchone()))
            cur = await conn.execute(
                "SELECT data::jsonb ->> 'act' FROM pit.events WHERE table_id = %s AND kind = "
                "'supervisor' AND seq <= %s AND data::jsonb ->> 'act' IN ('close_table', "
                "'open_table') ORDER BY seq DESC LIMIT 1", (table_id, start))
            act = await cur.fetchone()
            fold.closed = act is not None and act[0] == "close_table"
        cur = await conn.execute(
            "SELECT ts, data FROM pit.events WHERE table_id = %s AND seq <= %s AND kind = "
            "'settlement' AND ts >= %s ORDER BY seq", (table_id, start, utc_iso(shift_start)))
        import json
        fold.settlements = [(ts, json.loads(data)) for ts, data in await cur.fetchall()]
        cur = await conn.execute(
            "SELECT ts FROM pit.events WHERE table_id = %s AND seq <= %s AND kind = "
            "'round_open' AND ts >= %s ORDER BY seq", (table_id, start, utc_iso(hour_ago)))
        fold.opened.extend(ts for (ts,) in await cur.fetchall())
        fold.seq = max(fold.seq, start)
        cur = await conn.execute(f"SELECT {EVENT_COLUMNS} FROM pit.events WHERE table_id = %s "
                                 "AND seq > %s ORDER BY seq", (table_id, start))
        await self._fold_rows(conn, fold, await cur.fetchall())
        return fold

    # -- the registry -------------------------------------------------------------------------

    async def _poll(self) -> None:
        while True:
            try:
                async with self.lock:
                    await self._registry()
                self.ready.set()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001
                log.warning("pit page: registry not read (%s)", exc)
                self.conn = None
            await asyncio.sleep(POLL_S)

    async def _registry(self) -> None:
        conn = await self._connection()
        cur = await conn.execute(
            "SELECT t.id, t.name, t.state, t.head_seq, t.journal_seq, t.heard_at, t.shipped_at, "
            "(SELECT count(*) FROM pit.alerts a WHERE a.table_id = t.id AND "
            "a.acknowledged_at IS NULL), "
            "coalesce((SELECT s.simulated FROM pit.sessions s WHERE s.table_id = t.id "
            "ORDER BY s.seq DESC LIMIT 1), false), "
            "t.heard_at < now() - make_interval(secs => %s) "
            "FROM pit.tables t WHERE t.retired_at IS NULL ORDER BY t.name",
            (self.settings.silent_after_s,))
        rows = await cur.fetchall()
        gone = set(self.folds) - {row[1] for row in rows}
        for name in gone:  # retired (pit table retire): its tile leaves the pages
            for table in (self.folds, self.stores, self.tiles):
                table.pop(name, None)
            self._tell(name)
        now = utc_now()
        shift = self.settings.shift_of(now)
        new_shift = shift != self.shift
        self.shift = shift
        for tid, name, state, head, journal, heard, shipped, alerts, simulated, silent in rows:
            store = Store(state, head, journal, heard, shipped, alerts, simulated)
            if name not in self.folds:
                self.folds[name] = await self._load(conn, tid, name, head)
                # loading folds in the events' own alerts: counted again, the first tile shows
                # them (else the next poll changed it, and every open page got it once more)
                cur = await conn.execute("SELECT count(*) FROM pit.alerts WHERE table_id = %s "
                                         "AND acknowledged_at IS NULL", (tid,))
                alerts = (await cur.fetchone())[0]
                self.stores[name] = Store(state, head, journal, heard, shipped, alerts,
                                          simulated)
                self._render(name)
                continue
            if silent:
                await conn.execute(
                    "INSERT INTO pit.alerts (table_id, kind, seq, message, origin) VALUES "
                    "(%s, 'table_silent', %s, %s, 'page') ON CONFLICT (table_id, kind, seq) "
                    "WHERE origin <> 'store' DO NOTHING",
                    (tid, journal or head, f"{name}: not heard from since "
                     f"{heard.astimezone(self.settings.zone):%H:%M:%S}"))
            fold = self.folds[name]
            before = self.tiles.get(name)
            fold.forget_before(shift[0], now - dt.timedelta(hours=1))
            self.stores[name] = store
            if head > fold.seq:
                self.wake(name)  # a notification missed
            if new_shift or before is None or tile(fold, store) != before:
                self._render(name)

    def _render(self, name: str) -> None:
        self.tiles[name] = tile(self.folds[name], self.stores.get(name, Store()))
        self._tell(name)
