"""systemd's notification protocol, spoken directly: one datagram on the AF_UNIX socket named in
NOTIFY_SOCKET (a path, or an abstract name written with a leading '@'). No library, no daemon.

The kiosk says READY=1 once its window is up, and WATCHDOG=1 from its GUI thread at half the
interval systemd asks for (WATCHDOG_USEC): a frozen screen stops the pings, and systemd restarts
the kiosk, which resumes the unfinished round from its journal.
"""

from __future__ import annotations

import os
import socket


def _address(name: str) -> str | bytes:
    return b"\0" + name[1:].encode() if name.startswith("@") else name


def notify(state: str, environ=None) -> bool:
    """Send `state` (e.g. "READY=1", "WATCHDOG=1", "STATUS=...") to systemd; False where no
    one listens (not started by systemd, or the socket is gone)."""
    env = os.environ if environ is None else environ
    name = env.get("NOTIFY_SOCKET")
    if not name:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto(state.encode(), _address(name))
        return True
    except OSError:
        return False


def watchdog_interval_ms(environ=None) -> int | None:
    """How often to ping: half of WATCHDOG_USEC, in milliseconds; None if systemd asks for no
    watchdog of this process.

    systemd sets WATCHDOG_PID to the service's main process. On the table PC that is cage, and
    the kiosk is cage's own child (cage forks and execs the program it shows), so the kiosk
    pings when WATCHDOG_PID names itself or its parent; the unit's NotifyAccess=all lets the
    child's pings count. A process further down (one the kiosk might start) inherits the
    variables but is not the one asked, as sd_watchdog_enabled(3) intends."""
    env = os.environ if environ is None else environ
    usec = env.get("WATCHDOG_USEC")
    pid = env.get("WATCHDOG_PID")
    if not usec:
        return None
    if pid and not (pid.isdigit() and int(pid) in (os.getpid(), os.getppid())):
        return None
    try:
        value = int(usec)
    except ValueError:
        return None
    return max(1, value // 2000) if value > 0 else None
