"""`blackjack-kiosk report --db FILE`: the shift report per table (text, CSV or JSON)."""

from __future__ import annotations

import csv
import json
import sys
from datetime import datetime

from kiosk.commands._common import CommandError, add_parser, currency_code
from kiosk.commands._review import add_review_db, file_filter, open_review
from kiosk.journal.shift_report import shift_report
from kiosk.pit.review import SHAPE_KINDS

CSV_COLUMNS = ("table", "section", "key", "drop", "paid", "house", "hold_pct", "note")


def _time(value: str | None, option: str) -> str | None:
    """An ISO date or date-time (UTC) as the journal writes times, for comparing."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise CommandError(f"{option}: {value!r} is not a date such as 2024-05-01 or "
                           "2024-05-01T18:00") from None
    if moment.tzinfo is None:
        return moment.isoformat(timespec="microseconds") + "+00:00"
    return moment.isoformat(timespec="microseconds")


TEXT_COLUMNS = ("table", "key", "note")


def cell(value):
    """A text cell a spreadsheet will not run: one starting like a formula gets a leading
    apostrophe (names are refused such a start; table names and notes may still have it)."""
    text = str(value)
    return "'" + text if text.startswith(("=", "+", "-", "@", "\t", "\r")) else value


def _csv_rows(tables: list[dict]):
    for row in _rows(tables):
        yield {k: cell(v) if k in TEXT_COLUMNS else v for k, v in row.items()}


def _rows(tables: list[dict]):
    for t in tables:
        name = t["table"]
        yield {"table": name, "section": "main", "key": f"{t['rounds']} rounds", **t["main"]}
        for kind, tally in t["side_bets"].items():
            yield {"table": name, "section": "side_bet", "key": kind, **tally}
        for box, tally in t["boxes"].items():
            yield {"table": name, "section": "box", "key": box, **tally}
        for player, tally in t["players"].items():
            yield {"table": name, "section": "player", "key": player, **tally}
        for v in t["voids"]:
            yield {"table": name, "section": "void", "key": v["round"],
                   "note": f"{v['supervisor']}: {v['reason']}"}
        for c in t["corrections"]:
            yield {"table": name, "section": "correction", "key": c["event"],
                   "note": f"round {c['round']} event {c['corrects']} "
                           f"{c['supervisor']}: {c['reason']}"}
        for a in t["alerts"]:
            yield {"table": name, "section": "alert", "key": a["event"], "note": a["message"]}


def _text(tables: list[dict], currency: str) -> None:
    def line(label, tally):
        hold = f"{tally['hold_pct']}%" if tally["hold_pct"] is not None else "-"
        print(f"  {label:<18} drop {tally['drop']:>10} {currency}  paid {tally['paid']:>10} "
              f"{currency}  house {tally['house']:>10} {currency}  hold {hold}")

    for t in tables:
        print(f"table {t['table']}: {t['rounds']} rounds settled")
        line("main game", t["main"])
        for kind, tally in t["side_bets"].items():
            line(f"side bet {kind}", tally)
        for box, tally in t["boxes"].items():
            line(f"box {box}", tally)
        for player, tally in t["players"].items():
            line(f"player {player}", tally)
        for v in t["voids"]:
            print(f"  VOID round {v['round']}: {v['supervisor']}: {v['reason']}")
        for c in t["corrections"]:
            print(f"  CORRECTION event {c['event']} (round {c['round']}, of event "
                  f"{c['corrects']}): {c['supervisor']}: {c['reason']}")
        for a in t["alerts"]:
            print(f"  ALERT event {a['event']} (round {a['round']}): {a['message']}")
        if t["open_rounds"]:
            print(f"  open rounds: {', '.join(str(r) for r in t['open_rounds'])}")


def run(args) -> int:
    since, until = _time(args.since, "--from"), _time(args.until, "--to")
    if since and until and until <= since:
        raise CommandError(f"--to {args.until} is not after --from {args.since}: no round "
                           "could be in between")
    db = open_review(args, "report", kinds=SHAPE_KINDS, since=since)
    only = file_filter(args)
    tables = [t.to_json() for t in shift_report(db, since, until)
              if only is None or t.table == only]
    if args.format == "json":
        print(json.dumps(tables, indent=2))
    elif args.format == "csv":
        writer = csv.DictWriter(sys.stdout, CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(_csv_rows(tables))
    else:
        _text(tables, args.currency)
    return 0


def register(sub) -> None:
    p = add_parser(sub, "report", "shift report per table: rounds, drop, paid, house result "
                   "and hold %, per box and per player, side bets apart; voids, corrections "
                   "and alerts listed",
                   "blackjack-kiosk report --db var/journal.sqlite --from 2024-05-01T18:00 "
                   "--to 2024-05-02T02:00 --format csv", run)
    add_review_db(p)
    p.add_argument("--from", dest="since", metavar="TIME", help="rounds opened at or after "
                   "(UTC, ISO date or date-time)")
    p.add_argument("--to", dest="until", metavar="TIME", help="rounds opened before (UTC)")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.add_argument("--currency", type=currency_code, default="EUR",
                   help="the table's currency, shown beside amounts (default EUR)")
