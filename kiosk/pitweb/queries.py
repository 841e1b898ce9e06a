"""What the pit page reads on request: search across tables, a round replayed and exported,
the shift report, the alerts and the access log. Replays and exports are logged (who, which
round, when) in `pit.access_log` before anything is shown. Nothing here writes to any
journal."""

from __future__ import annotations

import asyncio
import csv
import datetime as dt
import io
import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from kiosk.journal import reader
from kiosk.journal.errors import NotFound
from kiosk.journal.events import event_from_row
from kiosk.journal.fold import Session, fold_round
from kiosk.journal.shift_report import TableReport, Tally
from kiosk.pit.review import open_table
from kiosk.pit.store import PitError
from kiosk.table.review import ReplayStep, replay_steps
from models.errors import GameError
from models.money import format_amount
from models.record import to_record

SEARCH_LIMIT = 200
OUTCOMES = ("win", "blackjack", "push", "lose", "surrender", "void", "open")
EVENT_COLUMNS = "seq, ts, session_id, round_id, kind, data, '', encode(hash, 'hex')"


class BadQuery(PitError):
    """A search field that does not read: named, nothing searched."""


@dataclass(frozen=True)
class Filters:
    table: str = ""
    since: dt.datetime | None = None
    until: dt.datetime | None = None
    amount: Decimal | None = None  # a stake of at least this much
    outcome: str = ""
    player: str = ""
    box: int | None = None
    corrected: bool = False  # only rounds with a correction or a void


def parse_filters(form: dict, zone) -> Filters:
    def text(key: str) -> str:
        return (form.get(key) or "").strip()

    def moment(key: str) -> dt.datetime | None:
        value = text(key)
        if not value:
            return None
        try:
            parsed = dt.datetime.fromisoformat(value)
        except ValueError:
            raise BadQuery(f"{key}: {value!r} is not a time (2026-11-26T18:00)") from None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=zone)

    amount = None
    if text("amount"):
        try:
            amount = Decimal(text("amount").replace(",", "."))
        except InvalidOperation:
            raise BadQuery(f"amount: {text('amount')!r} is not an amount") from None
        if not amount.is_finite() or amount < 0:
            raise BadQuery(f"amount: {text('amount')!r} is not an amount")
    box = None
    if text("box"):
        if not text("box").isdigit() or not 1 <= int(text("box")) <= 9:
            raise BadQuery(f"box: {text('box')!r} is not a box number (1 to 9)")
        box = int(text("box"))
    outcome = text("outcome")
    if outcome and outcome not in OUTCOMES:
        raise BadQuery(f"outcome: {outcome!r} is not one of {', '.join(OUTCOMES)}")
    return Filters(text("table"), moment("since"), moment("until"), amount, outcome,
                   text("player"), box, bool(form.get("corrected")))


@dataclass(frozen=True)
class Found:
    table: str
    round_id: int
    opened_at: str
    status: str  # settled, void, open
    players: tuple[str, ...]
    house: Decimal | None
    corrected: bool
    simulated: bool


async def search(conn, f: Filters) -> list[Found]:
    where = ["o.kind = 'round_open'"]
    params: list = []
    if f.table:
        where.append("t.name = %s")
        params.append(f.table)
    if f.since:
        where.append("o.ts >= %s")
        params.append(f.since.astimezone(dt.UTC).isoformat(timespec="microseconds"))
    if f.until:
        where.append("o.ts < %s")
        params.append(f.until.astimezone(dt.UTC).isoformat(timespec="microseconds"))
    lines = "jsonb_array_elements(coalesce(s.data::jsonb -> 'lines', '[]'::jsonb)) l"
    if f.amount is not None:
        where.append(f"EXISTS (SELECT 1 FROM {lines} WHERE (l ->> 'stake')::numeric >= %s)")
        params.append(f.amount)
    if f.outcome == "void":
        where.append("v.seq IS NOT NULL")
    elif f.outcome == "open":
        where.append("v.seq IS NULL AND s.seq IS NULL")
    elif f.outcome:
        where.append(f"EXISTS (SELECT 1 FROM {lines} WHERE l ->> 'outcome' = %s)")
        params.append(f.outcome)
    if f.player:
        where.append("(EXISTS (SELECT 1 FROM jsonb_each_text(o.data::jsonb -> 'seats') x "
                     f"WHERE x.value = %s) OR EXISTS (SELECT 1 FROM {lines} WHERE "
                     "l ->> 'player' = %s))")
        params += [f.player, f.player]
    if f.box is not None:
        where.append("(o.data::jsonb -> 'seats' ? %s OR EXISTS (SELECT 1 FROM "
                     f"{lines} WHERE (l ->> 'box')::int = %s))")
        params += [str(f.box), f.box]
    if f.corrected:
        where.append("(v.seq IS NOT NULL OR c.seq IS NOT NULL)")
    sql = (
        "SELECT t.name, o.round_id, o.ts, o.data, s.data, v.seq IS NOT NULL, "
        "c.seq IS NOT NULL, o.simulated FROM pit.events o JOIN pit.tables t ON t.id = o.table_id "
        "LEFT JOIN pit.events s ON s.table_id = o.table_id AND s.round_id = o.round_id AND "
        "s.kind = 'settlement' "
        "LEFT JOIN pit.events v ON v.table_id = o.table_id AND v.round_id = o.round_id AND "
        "v.kind = 'void' "
        "LEFT JOIN LATERAL (SELECT min(x.seq) AS seq FROM pit.events x WHERE x.table_id = "
        "o.table_id AND x.round_id = o.round_id AND x.kind = 'correction') c ON true "
        f"WHERE {' AND '.join(where)} ORDER BY o.ts DESC, t.name LIMIT {SEARCH_LIMIT}")
    cur = await conn.execute(sql, params)
    out = []
    for name, round_id, ts, opening, settlement, void, corrected, simulated in \
            await cur.fetchall():
        seats = json.loads(opening).get("seats", {})
        house = None
        status = "void" if void else "open"
        if settlement is not None:
            doc = json.loads(settlement)
            house = Decimal(doc["house"])
            status = "settled"
        out.append(Found(name, round_id, ts, status, tuple(seats[k] for k in sorted(seats)),
                         house, corrected or void, simulated))
    return out


def _packed_round(url: str, table: str, round_id: int):
    db = open_table(url, table, "pit page", round_id=round_id)
    try:
        events = reader.round_events(db, round_id)
        if not events or events[0].kind != "round_open":
            raise NotFound(f"round {round_id} of table {table} is not in the pit")
        return reader.session(db, events[0].session_id), events
    finally:
        db.conn.close()


async def log_access(conn, person: str, what: str, table: str | None, detail: str) -> None:
    await conn.execute("INSERT INTO pit.access_log (what, table_name, detail, person) "
                       "VALUES (%s, %s, %s, %s)", (what, table, detail, person))


async def round_events(conn, url: str, table: str, round_id: int):
    """The round's session and its events, read from the pit: from its rows, or, for a month
    packed into chunks (`pit pack`), through the review tools' reader of the pit."""
    cur = await conn.execute("SELECT id FROM pit.tables WHERE name = %s", (table,))
    row = await cur.fetchone()
    if row is None:
        raise NotFound(f"table {table!r} is not in the pit")
    tid = row[0]
    cur = await conn.execute(f"SELECT {EVENT_COLUMNS} FROM pit.events WHERE table_id = %s AND "
                             "round_id = %s ORDER BY seq", (tid, round_id))
    events = [event_from_row(r) for r in await cur.fetchall()]
    if not events:
        return await asyncio.to_thread(_packed_round, url, table, round_id)
    if events[0].kind != "round_open":
        raise NotFound(f"round {round_id} of table {table} is not in the pit")
    cur = await conn.execute(
        f"SELECT {EVENT_COLUMNS} FROM pit.events WHERE table_id = %s AND seq = (SELECT seq "
        "FROM pit.sessions WHERE table_id = %s AND session_id = %s)",
        (tid, tid, events[0].session_id))
    opening = await cur.fetchone()
    if opening is None:
        raise NotFound(f"round {round_id} of table {table}: its session is not in the pit")
    return Session.from_event(event_from_row(opening)), events


async def replay(conn, url: str, person: str, table: str, round_id: int, step: int) \
        -> tuple[tuple[ReplayStep, ...], int]:
    """The round step by step (as the kiosk's recall replays it); logged first."""
    await log_access(conn, person, "replay", table, f"round {round_id} step {step}")
    session, events = await round_events(conn, url, table, round_id)
    try:
        steps = replay_steps(session, events)
    except GameError as exc:
        raise PitError(f"round {round_id} of table {table} does not fold ({exc}); "
                       "blackjack-kiosk pit verify names the event") from None
    return steps, min(max(step, 0), len(steps) - 1)


async def export(conn, url: str, person: str, table: str, round_id: int) -> str:
    """The settled round's record (the text `blackjack-kiosk export` writes); logged first."""
    await log_access(conn, person, "export", table, f"round {round_id}")
    session, events = await round_events(conn, url, table, round_id)
    state = fold_round(session, events)
    if state.status != "settled":
        raise PitError(f"round {round_id} is {state.status}: only a settled round makes a "
                       "complete round record")
    return json.dumps(to_record(state.round), indent=2) + "\n"


@dataclass
class PitReport:
    tables: list[TableReport]
    total: Tally
    total_rounds: int
    voids: dict[str, int]


async def shift_report(conn, since: dt.datetime, until: dt.datetime) -> PitReport:
    cur = await conn.execute(
        "SELECT t.name, e.kind, e.data FROM pit.events e JOIN pit.tables t ON t.id = e.table_id "
        "WHERE e.kind IN ('settlement', 'void') AND e.ts >= %s AND e.ts < %s "
        "ORDER BY t.name, e.seq",
        (since.astimezone(dt.UTC).isoformat(timespec="microseconds"),
         until.astimezone(dt.UTC).isoformat(timespec="microseconds")))
    tables: dict[str, TableReport] = {}
    voids: dict[str, int] = {}
    cur2 = await conn.execute("SELECT name FROM pit.tables WHERE retired_at IS NULL")
    for (name,) in await cur2.fetchall():
        tables[name] = TableReport(name)
    for name, kind, data in await cur.fetchall():
        report = tables.setdefault(name, TableReport(name))
        if kind == "settlement":
            report.add_settlement(json.loads(data))
        else:
            voids[name] = voids.get(name, 0) + 1
    total = Tally()
    for report in tables.values():
        for tally in (report.main, *report.side.values()):
            total.drop += tally.drop
            total.paid += tally.paid
            total.house += tally.house
    return PitReport([tables[n] for n in sorted(tables)], total,
                     sum(r.rounds for r in tables.values()), voids)


def table_tally(report: TableReport) -> Tally:
    out = Tally()
    for tally in (report.main, *report.side.values()):
        out.drop += tally.drop
        out.paid += tally.paid
        out.house += tally.house
    return out


def hold(tally: Tally) -> str:
    return tally.to_json()["hold_pct"] or ""


def report_csv(report: PitReport, since: dt.datetime, until: dt.datetime) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["table", "from", "until", "rounds", "voids", "drop", "paid", "win", "hold_pct"])
    span = [since.isoformat(timespec="minutes"), until.isoformat(timespec="minutes")]
    for r in report.tables:
        t = table_tally(r)
        w.writerow([r.table, *span, r.rounds, report.voids.get(r.table, 0),
                    format_amount(t.drop), format_amount(t.paid), format_amount(t.house),
                    hold(t)])
    t = report.total
    w.writerow(["pit", *span, report.total_rounds, sum(report.voids.values()),
                format_amount(t.drop), format_amount(t.paid), format_amount(t.house), hold(t)])
    return out.getvalue()


async def alerts(conn, open_only: bool, limit: int = 300) -> list[dict]:
    cur = await conn.execute(
        "SELECT a.id, t.name, a.raised_at, a.kind, a.seq, a.message, a.acknowledged_by, "
        "a.acknowledged_at, a.acknowledged_note, a.origin, "
        "EXISTS (SELECT 1 FROM pit.events e WHERE e.table_id = a.table_id AND e.kind = "
        "'acknowledge' AND e.seq > a.seq AND a.origin = 'journal' AND "
        "(e.data::jsonb ->> 'alert') = a.seq::text) "
        "FROM pit.alerts a LEFT JOIN pit.tables t ON t.id = a.table_id "
        + ("WHERE a.acknowledged_at IS NULL " if open_only else "")
        + "ORDER BY a.acknowledged_at IS NULL DESC, a.raised_at DESC LIMIT %s", (limit,))
    keys = ("id", "table", "raised_at", "kind", "seq", "message", "by", "at", "note", "origin",
            "at_table")
    return [dict(zip(keys, row, strict=True)) for row in await cur.fetchall()]


async def acknowledge(conn, person: str, alert_id: int, note: str) -> bool:
    """The alert acknowledged by `person`, once; False if it was acknowledged already."""
    cur = await conn.execute(
        "UPDATE pit.alerts SET acknowledged_by = %s, acknowledged_at = now(), "
        "acknowledged_note = %s WHERE id = %s AND acknowledged_at IS NULL RETURNING id",
        (person, note[:2000] or None, alert_id))
    return await cur.fetchone() is not None


async def access_log(conn, limit: int = 500) -> list[tuple]:
    cur = await conn.execute("SELECT at, coalesce(person, role), what, table_name, detail FROM "
                             "pit.access_log ORDER BY id DESC LIMIT %s", (limit,))
    return await cur.fetchall()
