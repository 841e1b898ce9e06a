"""The pit page's users: roles, slow salted password hashes (scrypt from the standard library),
wrong passwords throttled, sessions that end after 30 idle minutes, a CSRF token per session.
Everything is kept in the pit's own tables (`pit.users`, `pit.logins`, `pit.web_sessions`), so
a second server process, or a restart, knows the same users and sessions."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from kiosk.pit.store import PitError

ROLES = ("pit", "surveillance")
IDLE_MINUTES = 30
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$")
# scrypt's cost: about 50 ms and 16 MB a check on this machine; a stolen hash costs the same
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 14, 8, 1
FREE_TRIES = 3  # wrong passwords in a row before each further try waits
WINDOW_MIN = 15  # wrong passwords older than this are forgotten
MAX_WAIT_S = 300
MIN_PASSWORD = 10


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                            maxmem=64 * 1024 * 1024, dklen=32)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        got = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                             p=int(p), maxmem=64 * 1024 * 1024, dklen=len(digest) // 2)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), digest)


def check_new_user(name: str, role: str, password: str) -> None:
    if not NAME.match(name or ""):
        raise PitError(f"user {name!r}: a name is 1 to 63 letters, digits, '.', '_' or '-'")
    if role not in ROLES:
        raise PitError(f"user {name!r}: role {role!r} is not one of {', '.join(ROLES)}")
    if len(password) < MIN_PASSWORD:
        raise PitError(f"user {name!r}: the password must have at least {MIN_PASSWORD} "
                       "characters (nothing was changed)")


def add_user(conn, name: str, role: str, password: str) -> None:
    """A new user of the pit page (`pit user add`); refused with one line if the name is
    taken."""
    check_new_user(name, role, password)
    with conn.transaction():
        if conn.execute("SELECT 1 FROM pit.users WHERE name = %s", (name,)).fetchone():
            raise PitError(f"user {name!r} exists already (nothing was changed)")
        conn.execute("INSERT INTO pit.users (name, role, password_hash) VALUES (%s, %s, %s)",
                     (name, role, hash_password(password)))


@dataclass(frozen=True, slots=True)
class User:
    name: str
    role: str
    csrf: str
    lang: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class LoginResult:
    user: User | None = None
    token: str | None = None
    wait_s: int = 0  # > 0: refused without looking at the password


def wait_needed(failures: int, seconds_since_last: float) -> int:
    """Seconds still to wait before another try, after `failures` wrong passwords in a row."""
    if failures < FREE_TRIES:
        return 0
    wait = min(5 * 2 ** (failures - FREE_TRIES), MAX_WAIT_S)
    return max(int(wait - seconds_since_last + 0.999), 0)


async def login(conn, name: str, password: str, address: str | None, lang: str) -> LoginResult:
    """Check a password; a new session on success. Every try is recorded in `pit.logins`."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext('pit.login:' || %s))",
                           (name,))
        cur = await conn.execute(
            "SELECT count(*), extract(epoch FROM now() - max(at)) FROM pit.logins "
            "WHERE user_name = %s AND NOT ok AND at > now() - make_interval(mins => %s) "
            "AND at > coalesce((SELECT max(at) FROM pit.logins WHERE user_name = %s AND ok), "
            "'-infinity')", (name, WINDOW_MIN, name))
        failures, since = await cur.fetchone()
        wait = wait_needed(failures, float(since or 0))
        if wait:
            return LoginResult(wait_s=wait)
        cur = await conn.execute("SELECT role, password_hash FROM pit.users WHERE name = %s "
                                 "AND disabled_at IS NULL", (name,))
        row = await cur.fetchone()
        # an unknown name costs the same hash as a known one
        ok = password_matches(password, row[1] if row else hash_password("x" * MIN_PASSWORD)) \
            and row is not None
        await conn.execute("INSERT INTO pit.logins (user_name, ok, address) VALUES (%s, %s, %s)",
                           (name[:63], ok, address))
        if not ok:
            return LoginResult()
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        token_hash = hashlib.sha256(token.encode()).hexdigest()
        await conn.execute("INSERT INTO pit.web_sessions (token_hash, user_name, csrf, lang) "
                           "VALUES (%s, %s, %s, %s)", (token_hash, name, csrf, lang))
        return LoginResult(User(name, row[0], csrf, lang, token_hash), token)


async def session_user(conn, token: str | None, touch: bool = True) -> User | None:
    """The user of a live session, or None (no session, ended, or idle for 30 minutes, which
    ends it). `touch` counts this request as activity."""
    if not token:
        return None
    token_hash = hashlib.sha256(token.encode()).hexdigest()
    async with conn.transaction():
        cur = await conn.execute(
            "SELECT s.user_name, u.role, s.csrf, s.lang, "
            "s.seen_at < now() - make_interval(mins => %s) FROM pit.web_sessions s "
            "JOIN pit.users u ON u.name = s.user_name WHERE s.token_hash = %s "
            "AND s.ended_at IS NULL AND u.disabled_at IS NULL", (IDLE_MINUTES, token_hash))
        row = await cur.fetchone()
        if row is None:
            return None
        name, role, csrf, lang, idle = row
        if idle:
            await conn.execute("UPDATE pit.web_sessions SET ended_at = now() "
                               "WHERE token_hash = %s", (token_hash,))
            return None
        if touch:
            await conn.execute("UPDATE pit.web_sessions SET seen_at = now() "
                               "WHERE token_hash = %s", (token_hash,))
    return User(name, role, csrf, lang, token_hash)


async def end_session(conn, user: User) -> None:
    await conn.execute("UPDATE pit.web_sessions SET ended_at = now() WHERE token_hash = %s",
                       (user.token_hash,))


async def set_lang(conn, user: User, lang: str) -> None:
    await conn.execute("UPDATE pit.web_sessions SET lang = %s WHERE token_hash = %s",
                       (lang, user.token_hash))


def csrf_ok(user: User, given: str | None) -> bool:
    return bool(given) and hmac.compare_digest(user.csrf, given)
