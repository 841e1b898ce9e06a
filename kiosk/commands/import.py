"""`blackjack-kiosk import --db FILE RECORD`: play a round record into a journal.

For test tables and reproductions. The whole record is settled by the engine first, so a
record that breaks a rule is refused before anything is written.
"""

from __future__ import annotations

from kiosk.commands._common import add_db, add_parser, table_name
from kiosk.commands.settle import read_text
from kiosk.table.importer import import_record


def run(args) -> int:
    round_id, settlement = import_record(args.db, read_text(args.file), args.table)
    print(f"imported as round {round_id} at {args.table}; house {settlement['house']}")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "import", "play a round record into a journal (created if missing) as "
                   "a settled round, every bet, card and decision journaled",
                   "blackjack-kiosk import --db var/test.sqlite "
                   "docs/examples/round.json", run)
    add_db(p)
    p.add_argument("file", help="round record JSON file, or - for standard input")
    p.add_argument("--table", default="imports", type=table_name,
                   help="table name for the imported round")
