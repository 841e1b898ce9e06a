"""The table's configuration: one TOML file (docs/config.example.toml shows every key).

`load_config(path)` reads and checks it whole: every key known, every value of its type and in
its range, money as decimal strings or integers (a TOML float is refused: 0.1 is not a sum of
money), the rule preset and its overrides as the engine takes them, the card source as it
would be opened (without opening it), the supervisors' PIN hashes well formed. A problem is a
ConfigError of one line naming the file, the key and why.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from drivers.dialects import DIALECTS
from kiosk.table.pins import PinError, parse_hash
from kiosk.table.sources import KINDS
from models.errors import GameError
from models.rules import option_from_json, rules_from_spec
from models.table import Limits

LANGUAGES = ("de", "en")
DEFAULT_CHIPS = ("5", "10", "20", "50", "100", "500")
DEFAULT_TIERS = (("5", "500"), ("10", "1000"), ("25", "2500"), ("50", "5000"),
                 ("100", "10000"))
MAX_AMOUNT = Decimal("10000000")  # no table stake or chip comes near ten million


class ConfigError(ValueError):
    """A configuration that cannot be used: `file: key: why`."""


class Supervisor(NamedTuple):
    name: str
    pin_hash: str


@dataclass(frozen=True)
class SourceConfig:
    kind: str = "mock"
    port: str | None = None
    dialect: str = "framed"
    profile: str | None = None
    calibration: str | None = None
    device: str | None = None

    def options(self) -> dict:
        """The keyword arguments of `kiosk.table.sources.open_source`."""
        out: dict = {"kind": self.kind}
        if self.kind in ("shoe", "mock"):
            out["dialect"] = self.dialect
        if self.kind == "shoe":
            out["url"] = self.port
        if self.kind == "camera":
            out.update(profile=self.profile, calibration=self.calibration, device=self.device)
        return out


@dataclass(frozen=True)
class KioskConfig:
    path: Path
    table: str = "table-1"
    rules: object = "bayern"  # a preset name or {"preset": name, option: value}
    preset: str = "bayern"
    limits: Limits | None = None  # None: the preset's own
    chips: tuple[Decimal, ...] = ()
    limit_tiers: tuple[tuple[Decimal, Decimal], ...] = ()
    currency: str = "EUR"
    language: str = "de"
    database: Path = Path("var/journal.sqlite")
    source: SourceConfig = field(default_factory=SourceConfig)
    supervisors: tuple[Supervisor, ...] = ()
    tap_guard_ms: int = 300  # decision touches ignored this long after the active hand changed
    pit_url: str | None = None  # [pit] url: where the table's journal is shipped (docs/pit.md)
    timezone: str = "Europe/Berlin"  # the table's clock: times on the screen are in it
    recall_without_pin: bool = False  # game recall (never the shift report) without the PIN


MAX_TAP_GUARD_MS = 2000  # longer, and the dealer would wait for the screen

SECTIONS = {
    "table": ("id", "preset", "rules", "language", "currency", "database", "tap_guard_ms",
              "timezone", "recall_without_pin"),
    "limits": ("min", "max", "tiers"),
    "chips": ("denominations",),
    "source": ("kind", "port", "dialect", "profile", "calibration", "device"),
    "supervisors": ("name", "pin_hash"),
    "pit": ("url",),
}


class _Reader:
    """Reads one file's values, each problem named by its dotted key."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, key: str, why: str) -> ConfigError:
        return ConfigError(f"{self.path}: {key}: {why}")

    def text(self, table: dict, section: str, key: str, default=None, *, choices=None,
             required=False) -> str | None:
        if key not in table:
            if required:
                raise self.fail(f"{section}.{key}", "is missing")
            return default
        value = table[key]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{section}.{key}", f"must be a non-empty string, not {value!r}")
        if any(ord(c) < 32 or ord(c) == 127 for c in value):
            raise self.fail(f"{section}.{key}", "must not hold control characters")
        if choices is not None and value not in choices:
            raise self.fail(f"{section}.{key}",
                            f"{value!r} is not one of {', '.join(choices)}")
        return value

    def amount(self, value, key: str) -> Decimal:
        if isinstance(value, (bool, float)):
            raise self.fail(key, f"{value!r}: write money as a string (\"2.50\") or an "
                                 "integer, never a float")
        if isinstance(value, int):
            amount = Decimal(value)
        elif isinstance(value, str):
            try:
                amount = Decimal(value.strip())
            except InvalidOperation:
                raise self.fail(key, f"{value!r} is not an amount") from None
        else:
            raise self.fail(key, f"{value!r} is not an amount")
        if not amount.is_finite() or amount <= 0 or amount > MAX_AMOUNT or \
                amount != amount.quantize(Decimal("0.01")):
            raise self.fail(key, f"{value!r} must be above 0, at most {MAX_AMOUNT} and in "
                                 "whole cents")
        return amount

    def unknown(self, table: dict, section: str) -> None:
        for key in table:
            if key not in SECTIONS[section]:
                raise self.fail(f"{section}.{key}", "is not a known key (known: "
                                f"{', '.join(SECTIONS[section])})")


def load_config(path: str | Path) -> KioskConfig:
    """The checked configuration at `path`; ConfigError naming the first problem."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a folder, not a configuration file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read it ({exc.strerror})") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    return parse_config(data, path)


def parse_config(data: dict, path: Path) -> KioskConfig:
    r = _Reader(path)
    for section in data:
        if section not in SECTIONS:
            raise r.fail(section, f"is not a known section (known: {', '.join(SECTIONS)})")
    for section in ("table", "limits", "chips", "source", "pit"):
        if not isinstance(data.get(section, {}), dict):
            raise r.fail(section, "must be a table ([" + section + "])")
        r.unknown(data.get(section, {}), section)

    table = data.get("table", {})
    name = r.text(table, "table", "id", "table-1")
    preset = r.text(table, "table", "preset", "bayern")
    overrides = table.get("rules", {})
    if not isinstance(overrides, dict):
        raise r.fail("table.rules", "must be a table of rule options ([table.rules])")
    for option, value in overrides.items():
        try:
            option_from_json(option, value)
        except GameError as exc:
            raise r.fail(f"table.rules.{option}", str(exc)) from None
    try:  # the options together (surrender needs the hole-card game, ...)
        rules_obj = rules_from_spec({"preset": preset, **overrides} if overrides else preset)
    except GameError as exc:
        key = "table.preset" if not overrides else "table.rules"
        raise r.fail(key, str(exc)) from None
    rules = {"preset": preset, **overrides} if overrides else preset
    language = r.text(table, "table", "language", "de", choices=LANGUAGES)
    currency = r.text(table, "table", "currency", "EUR")
    if not (len(currency) == 3 and currency.isascii() and currency.isalpha()
            and currency.isupper()):
        raise r.fail("table.currency", f"{currency!r} is not a three-letter code like EUR")
    database = Path(r.text(table, "table", "database", "var/journal.sqlite"))  # from the cwd
    tap_guard_ms = table.get("tap_guard_ms", 300)
    if type(tap_guard_ms) is not int or not 0 <= tap_guard_ms <= MAX_TAP_GUARD_MS:
        raise r.fail("table.tap_guard_ms", f"{tap_guard_ms!r} must be a whole number of "
                     f"milliseconds from 0 (no guard) to {MAX_TAP_GUARD_MS}")
    timezone = r.text(table, "table", "timezone", "Europe/Berlin")
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise r.fail("table.timezone", f"{timezone!r} is not a time zone like Europe/Berlin "
                     "(the IANA names)") from None
    recall_without_pin = table.get("recall_without_pin", False)
    if not isinstance(recall_without_pin, bool):
        raise r.fail("table.recall_without_pin", f"must be true or false, not "
                     f"{recall_without_pin!r}")

    lim = data.get("limits", {})
    limits = None
    if "min" in lim or "max" in lim:
        if "min" not in lim or "max" not in lim:
            raise r.fail("limits", "give both min and max, or neither (the preset's own)")
        lo, hi = r.amount(lim["min"], "limits.min"), r.amount(lim["max"], "limits.max")
        try:
            limits = Limits.parse(lo, hi)
        except GameError as exc:
            raise r.fail("limits.max", str(exc)) from None
    tiers_raw = lim.get("tiers", DEFAULT_TIERS)
    if not isinstance(tiers_raw, (list, tuple)) or not tiers_raw:
        raise r.fail("limits.tiers", "must be a list of [min, max] pairs")
    tiers = []
    for i, pair in enumerate(tiers_raw):
        key = f"limits.tiers[{i}]"
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise r.fail(key, f"{pair!r} must be a pair [min, max]")
        lo, hi = r.amount(pair[0], key), r.amount(pair[1], key)
        if hi < lo or hi % lo:
            raise r.fail(key, f"the box maximum {hi} must be a multiple of the minimum {lo}")
        tiers.append((lo, hi))

    chips_raw = data.get("chips", {}).get("denominations", DEFAULT_CHIPS)
    if not isinstance(chips_raw, (list, tuple)) or not chips_raw:
        raise r.fail("chips.denominations", "must be a list of amounts")
    chips = tuple(r.amount(c, f"chips.denominations[{i}]") for i, c in enumerate(chips_raw))
    if len(set(chips)) != len(chips):
        raise r.fail("chips.denominations", "lists a chip twice")
    smallest = (limits.min if limits else rules_obj.default_min)
    if min(chips) > Decimal(smallest):
        raise r.fail("chips.denominations", f"no chip pays the table minimum {smallest}: the "
                     "smallest chip must be at most the minimum")

    source = _source(r, data.get("source", {}))
    supervisors = _supervisors(r, data.get("supervisors", []))
    if source.kind != "mock" and not supervisors:
        raise r.fail("supervisors", "a table with a real card source needs at least one "
                     "supervisor ([[supervisors]] with name and pin_hash from set-pin)")
    return KioskConfig(path=path, table=name, rules=rules, preset=preset, limits=limits,
                       chips=tuple(sorted(chips)), limit_tiers=tuple(tiers), currency=currency,
                       language=language, database=database, source=source,
                       supervisors=supervisors, tap_guard_ms=tap_guard_ms,
                       timezone=timezone, recall_without_pin=recall_without_pin,
                       pit_url=_pit_url(r, data.get("pit", {})))


def _pit_url(r: _Reader, pit: dict) -> str | None:
    """The pit's URL as `pit table add` printed it: postgresql://role:password@host/db."""
    from urllib.parse import urlsplit

    url = r.text(pit, "pit", "url")
    if url is None:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise r.fail("pit.url", "must be a PostgreSQL URL (postgresql://role:password@host/"
                     "database), as blackjack-kiosk pit table add prints it")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a bad port raises here)
    except ValueError as exc:
        raise r.fail("pit.url", f"is not a readable URL ({exc})") from None
    if not parts.hostname or not parts.username or not parts.path.strip("/"):
        raise r.fail("pit.url", "needs the table's role, the pit's host and its database "
                     "(postgresql://role:password@host/database)")
    return url


def _source(r: _Reader, src: dict) -> SourceConfig:
    kind = r.text(src, "source", "kind", "mock", choices=KINDS)
    dialect = r.text(src, "source", "dialect", "framed")
    if kind in ("shoe", "mock") and dialect not in DIALECTS:
        raise r.fail("source.dialect", f"{dialect!r} is not one of "
                     f"{', '.join(sorted(DIALECTS))}")
    port = r.text(src, "source", "port", required=kind == "shoe")
    profile = r.text(src, "source", "profile", required=kind == "camera")
    device = r.text(src, "source", "device", required=kind == "camera")
    calibration = r.text(src, "source", "calibration")
    for key in ("port", "profile", "device", "calibration"):
        if key in src and not _applies(kind, key):
            raise r.fail(f"source.{key}", f"does not apply to a {kind} source")
    if "dialect" in src and kind not in ("shoe", "mock"):
        raise r.fail("source.dialect", f"does not apply to a {kind} source")
    for key, name in (("profile", profile), ("calibration", calibration)):
        # files the camera loads at start: missing, they would stop the table then, not here
        if name is not None and not Path(name).is_file():
            raise r.fail(f"source.{key}", f"{name}: no such file")
    return SourceConfig(kind, port, dialect, profile, calibration, device)


def _applies(kind: str, key: str) -> bool:
    return {"port": kind == "shoe", "profile": kind == "camera", "device": kind == "camera",
            "calibration": kind == "camera"}[key]


def _supervisors(r: _Reader, raw) -> tuple[Supervisor, ...]:
    if not isinstance(raw, list):
        raise r.fail("supervisors", "must be a list of [[supervisors]] tables")
    out = []
    for i, entry in enumerate(raw):
        key = f"supervisors[{i}]"
        if not isinstance(entry, dict):
            raise r.fail(key, "must be a table with name and pin_hash")
        for k in entry:
            if k not in SECTIONS["supervisors"]:
                raise r.fail(f"{key}.{k}", "is not a known key (known: name, pin_hash)")
        name = r.text(entry, key, "name", required=True)
        pin_hash = r.text(entry, key, "pin_hash", required=True)
        try:
            parse_hash(pin_hash)
        except PinError as exc:
            raise r.fail(f"{key}.pin_hash", str(exc)) from None
        if any(s.name == name for s in out):
            raise r.fail(f"{key}.name", f"{name!r} is listed twice")
        out.append(Supervisor(name, pin_hash))
    return tuple(out)
