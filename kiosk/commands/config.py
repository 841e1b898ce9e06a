"""`blackjack-kiosk config check FILE`: the table's configuration checked whole before a start;
one line naming the bad key and why, exit status 2."""

from __future__ import annotations

from kiosk.commands._common import CommandError, add_parser
from kiosk.table.config import ConfigError, load_config
from kiosk.table.money import format_amount


def run(args) -> int:
    try:
        cfg = load_config(args.file)
    except ConfigError as exc:
        raise CommandError(str(exc)) from None
    limits = (f"{format_amount(cfg.limits.min)}-{format_amount(cfg.limits.max)}"
              if cfg.limits else "the preset's own")
    source = cfg.source
    where = {"shoe": f"shoe on {source.port} ({source.dialect})",
             "camera": f"camera {source.device} with profile {source.profile}",
             "manual": "the keypad alone", "mock": "the mock shoe (demo)"}[source.kind]
    chips = ", ".join(format_amount(c) for c in cfg.chips)
    print(f"{args.file}: ok")
    print(f"  table {cfg.table}: preset {cfg.preset}, limits {limits} {cfg.currency}, "
          f"language {cfg.language}; a second decision touch within {cfg.tap_guard_ms} ms "
          "of a new active hand is ignored")
    print(f"  cards from the {where}; chips {chips}")
    print(f"  journal {cfg.database}; supervisors: "
          f"{', '.join(s.name for s in cfg.supervisors) or 'none (demo only)'}")
    if cfg.pit_url:
        from kiosk.pit.store import shown

        print(f"  shipped to the pit {shown(cfg.pit_url)} (blackjack-kiosk ship --config)")
    else:
        print("  no pit: the journal stays on this machine")
    return 0


def register(sub) -> None:
    p = add_parser(sub, "config", "check the table's configuration file (TOML; every key is "
                   "described in docs/config.example.toml)",
                   "blackjack-kiosk config check docs/config.example.toml", run)
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser("check", help="check a configuration file",
                             description="check a configuration file: every key known, every "
                             "value usable; one line naming the bad key, exit status 2")
    check.add_argument("file", metavar="FILE")
    check.set_defaults(func=run)
