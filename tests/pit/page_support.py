"""The pit page for tests and the bench: a real uvicorn server on a free port, in a thread of
this process, on a pit on the real PostgreSQL server."""

from __future__ import annotations

import asyncio
import http.cookiejar
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from kiosk.pitweb.app import PitPage


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PageServer:
    def __init__(self, url: str, settings=None) -> None:
        import uvicorn

        self.port = free_port()
        self.page = PitPage(url, settings)
        config = uvicorn.Config(self.page.app(), host="127.0.0.1", port=self.port,
                                log_level="warning", access_log=False, lifespan="on",
                                timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()),
                                       daemon=True, name="pit page")
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the pit page did not start")
            time.sleep(0.02)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class Client:
    """A plain HTTP client with its own cookies (the checks that need no browser)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)

    def get(self, path: str) -> tuple[int, str, dict]:
        return self._open(urllib.request.Request(self.base + path))

    def post(self, path: str, fields: dict) -> tuple[int, str, dict]:
        body = urllib.parse.urlencode(fields).encode()
        return self._open(urllib.request.Request(self.base + path, data=body, method="POST"))

    def _open(self, request) -> tuple[int, str, dict]:
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(), dict(exc.headers)

    def login(self, name: str, password: str) -> int:
        return self.post("/login", {"name": name, "password": password})[0]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
