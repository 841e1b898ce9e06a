"""A throwaway PostgreSQL cluster of the server binaries on this machine (Debian's
/usr/lib/postgresql/N/bin), for the pit's tests and bench/pit.py.

`initdb` and `pg_ctl` refuse to run as root, and CI runs as root: there the cluster is made and
run by the `postgres` user (created if the machine has none), its folders under /tmp (outside
pytest's private temporary folder, which `postgres` may not enter). Run by another user, the
tools run as that user. The server speaks TLS with a certificate of a CA made for it
(`Server.ca`), so a test can ask for `sslmode=verify-full`.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def server_binaries() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if not found:
        raise RuntimeError("the pit's tests need PostgreSQL's server binaries "
                           "(/usr/lib/postgresql/N/bin, Debian's postgresql package)")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One running cluster: `url(db)` for a database on it, `stop()`/`start()` for the tests
    that take the server away mid-shipping."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on, as in production (the bench); off for the tests
        self.bin = server_binaries()
        self.root = os.geteuid() == 0
        self.base = Path(tempfile.mkdtemp(prefix="kiosk-pit-", dir="/tmp"))
        self.data = self.base / "data"
        self.sockets = self.base / "sockets"
        self.log = self.base / "server.log"
        self.sockets.mkdir()
        if self.root:
            _ensure_postgres_user()
            os.chmod(self.base, 0o755)
            shutil.chown(self.base, "postgres", "postgres")
            shutil.chown(self.sockets, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E",
                  "UTF8", "--locale=C", "--no-sync")
        self.port = 0
        self.ca = self._certificates()

    def _certificates(self) -> Path:
        """A CA of its own and the server's certificate for 127.0.0.1, signed by it, so that
        a client may ask for TLS and check the server (sslmode=verify-full)."""
        tls = self.base / "tls"
        tls.mkdir()

        def openssl(*args: str) -> None:
            subprocess.run(["openssl", *args], cwd=tls, check=True, capture_output=True,
                           timeout=60)

        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                "/CN=pit test CA", "-keyout", "ca.key", "-out", "ca.crt")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout",
                "server.key", "-out", "server.csr")
        (tls / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
        openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.crt")
        os.chmod(tls / "server.key", 0o600)
        if self.root:
            for name in ("server.key", "server.crt"):
                shutil.chown(tls / name, "postgres", "postgres")
            shutil.chown(tls, "postgres", "postgres")
        return tls / "ca.crt"

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(self.bin / tool), *args]
        if self.root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=120)

    def start(self) -> None:
        for _ in range(5):
            self.port = self.port or _free_port()
            options = (f"-p {self.port} -h 127.0.0.1 -k {self.sockets} "
                       "-c max_connections=200 -c shared_buffers=128MB -c ssl=on "
                       f"-c ssl_cert_file={self.ca.parent / 'server.crt'} "
                       f"-c ssl_key_file={self.ca.parent / 'server.key'}")
            if not self.durable:
                options += " -c fsync=off -c full_page_writes=off"
            done = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w",
                             "-t", "60", "-o", options, "start", check=False)
            if done.returncode == 0:
                return
            self.port = 0  # taken meanwhile by another program: try another
        raise RuntimeError(f"PostgreSQL did not start: {done.stdout}{done.stderr}"
                           f"{self.log.read_text() if self.log.exists() else ''}")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def url(self, database: str = "postgres", user: str = "postgres") -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)


def _ensure_postgres_user() -> None:
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--shell",
                        "/usr/sbin/nologin", "postgres"], check=True, capture_output=True)
