"""The pit page as a Starlette application: server-rendered HTML (Jinja2), live tiles by
server-sent events from the hub (kiosk/pitweb/live.py), every script and style served from the
package (a back office has no internet).

Who may see what: the `pit` role the tiles, alerts (and acknowledges them), search, replay and
reports; the `surveillance` role search, replay, export, alerts (read only) and the access log.
Every form carries the session's CSRF token; every replay and export is logged first.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
from pathlib import Path
from urllib.parse import parse_qs, quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kiosk.journal.errors import NotFound
from kiosk.pit.store import PitError
from kiosk.pitweb import auth, queries
from kiosk.pitweb.i18n import LANGS, tr
from kiosk.pitweb.live import Hub
from kiosk.pitweb.settings import Settings
from kiosk.pitweb.tiles import dom_id
from kiosk.pitweb.words import step_words
from models.clock import utc_now
from models.money import format_amount

HERE = Path(__file__).resolve().parent
COOKIE = "pit_session"
KEEPALIVE_S = 15.0
PAGES = {  # page -> the roles that may see it
    "tiles": ("pit",), "alerts": ("pit", "surveillance"), "acknowledge": ("pit",),
    "search": ("pit", "surveillance"), "replay": ("pit", "surveillance"),
    "export": ("surveillance",), "reports": ("pit",), "access": ("surveillance",),
}
HOME = {"pit": "/", "surveillance": "/search"}


def total_words(label: str, lang: str) -> str:
    """A hand's label from the view ("soft 17", "bust 24") in the reader's language."""
    if lang != "de" or not label:
        return label
    word, _, number = label.partition(" ")
    german = {"soft": "weich", "hard": "hart", "bust": "überkauft"}
    return f"{german[word]} {number}" if word in german and number else label


class PitPage:
    def __init__(self, url: str, settings: Settings | None = None) -> None:
        self.url = url
        self.settings = settings or Settings()
        self.hub = Hub(url, self.settings)
        self.env = Environment(loader=FileSystemLoader(HERE / "templates"),
                               autoescape=select_autoescape(["html"]), trim_blocks=True,
                               lstrip_blocks=True)
        self.env.filters["money"] = lambda v: "" if v is None else format_amount(v)
        self.env.filters["local"] = self._local
        self.env.filters["urlpart"] = lambda v: quote(str(v), safe="")
        # German writes a decimal comma
        self.env.filters["loc"] = lambda v, lang: str(v).replace(".", ",") if lang == "de" \
            else str(v)
        self.env.globals["words"] = step_words
        self.env.filters["total"] = total_words

    def _local(self, value, fmt: str = "%H:%M:%S") -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            value = dt.datetime.fromisoformat(value)
        return value.astimezone(self.settings.zone).strftime(fmt)

    # -- plumbing ---------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def db(self):
        import psycopg

        async with await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, application_name="blackjack-kiosk pit page") as conn:
            yield conn

    def render(self, request: Request, template: str, user, status: int = 200, **values):
        lang = user.lang if user else self._lang(request)
        html = self.env.get_template(template).render(
            _=lambda text, **kw: tr(lang, text, **kw), lang=lang, user=user,
            pages=PAGES, path=request.url.path, **values)
        response = HTMLResponse(html, status_code=status)
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        return response

    def _lang(self, request: Request) -> str:
        lang = request.query_params.get("lang") or request.cookies.get("pit_lang") or "de"
        return lang if lang in LANGS else "de"

    async def user_for(self, request: Request, page: str, touch: bool = True):
        """The signed-in user allowed `page`; else the response to send instead."""
        async with self.db() as conn:
            user = await auth.session_user(conn, request.cookies.get(COOKIE), touch)
            if user is not None and request.query_params.get("lang") in LANGS and \
                    request.query_params["lang"] != user.lang:
                await auth.set_lang(conn, user, request.query_params["lang"])
                user = auth.User(user.name, user.role, user.csrf, request.query_params["lang"],
                                 user.token_hash)
        if user is None:
            expired = bool(request.cookies.get(COOKIE))
            return None, RedirectResponse("/login" + ("?expired=1" if expired else ""), 303)
        if user.role not in PAGES[page]:
            return None, self.render(request, "error.html", user, 403,
                                     message="You may not see this page.")
        return user, None

    async def form(self, request: Request) -> dict:
        body = await request.body()
        if len(body) > 64 * 1024:
            return {}
        parsed = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        return {k: v[-1] for k, v in parsed.items()}

    def csrf_refused(self, request: Request, user):
        return self.render(request, "error.html", user, 403, message="The form was not sent "
                           "from this page (its token is missing or wrong): nothing was done.")

    # -- login ------------------------------------------------------------------------------

    async def login_page(self, request: Request):
        message = None
        if request.query_params.get("expired"):
            message = "Your session ended (30 minutes without use). Please log in again."
        response = self.render(request, "login.html", None, message=message, values={})
        if request.query_params.get("lang") in LANGS:
            response.set_cookie("pit_lang", request.query_params["lang"], samesite="strict")
        response.delete_cookie(COOKIE)
        return response

    async def login(self, request: Request):
        form = await self.form(request)
        name = form.get("name", "").strip()
        password = form.get("password", "")
        lang = self._lang(request)
        if request.headers.get("origin", "null") not in ("null", f"{request.url.scheme}://"
                                                          f"{request.url.netloc}"):
            return self.csrf_refused(request, None)
        async with self.db() as conn:
            result = await auth.login(conn, name, password,
                                      request.client.host if request.client else None, lang)
        if result.user is None:
            message = ("Too many wrong passwords: try again in {s} s." if result.wait_s
                       else "Wrong name or password.")
            return self.render(request, "login.html", None, 401 if not result.wait_s else 429,
                               message=message, wait=result.wait_s, values={"name": name})
        response = RedirectResponse(HOME[result.user.role], 303)
        response.set_cookie(COOKIE, result.token, httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")
        return response

    async def logout(self, request: Request):
        async with self.db() as conn:
            user = await auth.session_user(conn, request.cookies.get(COOKIE))
            form = await self.form(request)
            if user is not None:
                if not auth.csrf_ok(user, form.get("csrf")):
                    return self.csrf_refused(request, user)
                await auth.end_session(conn, user)
        response = RedirectResponse("/login", 303)
        response.delete_cookie(COOKIE)
        return response

    # -- the tables -------------------------------------------------------------------------

    async def tiles(self, request: Request):
        user, refusal = await self.user_for(request, "tiles")
        if refusal:
            return refusal
        await asyncio.wait_for(self.hub.ready.wait(), 10)
        tiles = [self.hub.tiles[n] for n in sorted(self.hub.tiles)]
        since = ",".join(f"{t.name}:{t.seq}" for t in tiles)
        return self.render(request, "tiles.html", user, tiles=tiles, since=since,
                           shift=self.hub.shift)

    def tile_html(self, name: str, lang: str) -> str:
        t = self.hub.tiles[name]
        return self.env.get_template("tile.html").render(
            _=lambda text, **kw: tr(lang, text, **kw), t=t, lang=lang)

    async def events(self, request: Request):
        user, refusal = await self.user_for(request, "tiles", touch=False)
        if refusal:
            return Response(status_code=403)
        known = {}
        for part in (request.query_params.get("since") or "").split(","):
            name, _, seq = part.rpartition(":")
            if name and seq.isdigit():
                known[name] = int(seq)
        # a reconnecting page names the last event it got (table:seq); the rest of what it
        # holds is what the page was rendered with
        last = request.headers.get("last-event-id") or ""
        name, _, seq = last.rpartition(":")
        if name and seq.isdigit():
            known[name] = int(seq)
        queue = self.hub.subscribe()

        def message(name: str) -> str:
            t = self.hub.tiles.get(name)
            if t is None:  # the table was retired: its tile goes
                data = json.dumps({"id": dom_id(name), "html": ""})
                return f"event: tile\ndata: {data}\n\n"
            data = json.dumps({"id": t.dom_id, "html": self.tile_html(name, user.lang)})
            return f"id: {name}:{t.seq}\nevent: tile\ndata: {data}\n\n"

        async def stream():
            try:
                yield "retry: 1000\n\n"
                # what the page missed between its rendering (or its last event) and now
                for name in sorted(self.hub.tiles):
                    if known.get(name) != self.hub.tiles[name].seq:
                        yield message(name)
                while True:
                    try:
                        name = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                    except TimeoutError:
                        async with self.db() as conn:
                            alive = await auth.session_user(conn, request.cookies.get(COOKIE),
                                                            touch=False)
                        if alive is None:
                            yield "event: ended\ndata: {}\n\n"
                            return
                        yield ": still here\n\n"
                        continue
                    yield message(name)
            finally:
                self.hub.unsubscribe(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    # -- alerts -----------------------------------------------------------------------------

    async def alerts(self, request: Request):
        user, refusal = await self.user_for(request, "alerts")
        if refusal:
            return refusal
        open_only = request.query_params.get("all") is None
        async with self.db() as conn:
            rows = await queries.alerts(conn, open_only)
        return self.render(request, "alerts.html", user, alerts=rows, open_only=open_only,
                           may_acknowledge=user.role in PAGES["acknowledge"])

    async def acknowledge(self, request: Request):
        user, refusal = await self.user_for(request, "acknowledge")
        if refusal:
            return refusal
        form = await self.form(request)
        if not auth.csrf_ok(user, form.get("csrf")):
            return self.csrf_refused(request, user)
        if not (form.get("alert") or "").isdigit():
            return self.render(request, "error.html", user, 400, message="Not found.")
        async with self.db() as conn:
            await queries.acknowledge(conn, user.name, int(form["alert"]),
                                      (form.get("note") or "").strip())
        return RedirectResponse("/alerts", 303)

    # -- search, replay, export ---------------------------------------------------------------

    async def search(self, request: Request):
        user, refusal = await self.user_for(request, "search")
        if refusal:
            return refusal
        form = dict(request.query_params)
        found, error = None, None
        async with self.db() as conn:
            cur = await conn.execute("SELECT name FROM pit.tables ORDER BY name")
            tables = [r[0] for r in await cur.fetchall()]
            if "find" in form:
                try:
                    filters = queries.parse_filters(form, self.settings.zone)
                    await queries.log_access(conn, user.name, "search", filters.table or None,
                                             request.url.query[:500])
                    found = await queries.search(conn, filters)
                except queries.BadQuery as exc:
                    error = str(exc)
        return self.render(request, "search.html", user, form=form, found=found, error=error,
                           tables=tables, outcomes=queries.OUTCOMES,
                           may_export=user.role in PAGES["export"])

    async def replay(self, request: Request):
        user, refusal = await self.user_for(request, "replay")
        if refusal:
            return refusal
        table = request.path_params["table"]
        round_id = request.path_params["round"]
        step = request.query_params.get("step", "0")
        step = int(step) if step.isdigit() else 0
        try:
            async with self.db() as conn:
                steps, step = await queries.replay(conn, self.url, user.name, table, round_id,
                                                    step)
        except (NotFound, PitError) as exc:
            return self.render(request, "error.html", user, 404, message=str(exc))
        return self.render(request, "replay.html", user, table=table, round_id=round_id,
                           steps=steps, step=step, s=steps[step],
                           may_export=user.role in PAGES["export"])

    async def export(self, request: Request):
        user, refusal = await self.user_for(request, "export")
        if refusal:
            return refusal
        table = request.path_params["table"]
        round_id = request.path_params["round"]
        try:
            async with self.db() as conn:
                text = await queries.export(conn, self.url, user.name, table, round_id)
        except (NotFound, PitError) as exc:
            return self.render(request, "error.html", user, 404, message=str(exc))
        name = f"{table}-round-{round_id}.json".replace('"', "_")
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    # -- reports, access log -----------------------------------------------------------------

    def _shift(self, request: Request):
        shifts = self.settings.recent_shifts(utc_now())
        chosen = request.query_params.get("shift", "0")
        index = int(chosen) if chosen.isdigit() and int(chosen) < len(shifts) else 0
        return shifts, index

    async def reports(self, request: Request):
        user, refusal = await self.user_for(request, "reports")
        if refusal:
            return refusal
        shifts, index = self._shift(request)
        async with self.db() as conn:
            report = await queries.shift_report(conn, *shifts[index])
        return self.render(request, "reports.html", user, report=report, shifts=shifts,
                           index=index, tally=queries.table_tally, hold=queries.hold)

    async def reports_csv(self, request: Request):
        user, refusal = await self.user_for(request, "reports")
        if refusal:
            return refusal
        shifts, index = self._shift(request)
        since, until = shifts[index]
        async with self.db() as conn:
            report = await queries.shift_report(conn, since, until)
            await queries.log_access(conn, user.name, "report", None,
                                     f"shift {since.isoformat()} csv")
        local = since.astimezone(self.settings.zone)
        return Response(queries.report_csv(report, since.astimezone(self.settings.zone),
                                           until.astimezone(self.settings.zone)),
                        media_type="text/csv; charset=utf-8", headers={
                            "Content-Disposition": 'attachment; filename="shift-'
                            f'{local:%Y-%m-%d-%H%M}.csv"'})

    async def access(self, request: Request):
        user, refusal = await self.user_for(request, "access")
        if refusal:
            return refusal
        async with self.db() as conn:
            rows = await queries.access_log(conn)
        return self.render(request, "access.html", user, rows=rows)

    # -- the application -----------------------------------------------------------------------

    def app(self) -> Starlette:
        @contextlib.asynccontextmanager
        async def lifespan(app):
            await self.hub.start()
            try:
                yield
            finally:
                await self.hub.stop()

        routes = [
            Route("/login", self.login_page, methods=["GET"]),
            Route("/login", self.login, methods=["POST"]),
            Route("/logout", self.logout, methods=["POST"]),
            Route("/", self.tiles),
            Route("/events", self.events),
            Route("/alerts", self.alerts),
            Route("/alerts/acknowledge", self.acknowledge, methods=["POST"]),
            Route("/search", self.search),
            Route("/replay/{table}/{round:int}", self.replay),
            Route("/export/{table}/{round:int}", self.export),
            Route("/reports", self.reports),
            Route("/reports.csv", self.reports_csv),
            Route("/access", self.access),
            Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        ]
        return Starlette(routes=routes, lifespan=lifespan)


def _quiet_stop(record) -> bool:
    """False for the traceback uvicorn logs when Ctrl-C cancels the page's lifespan task: the
    stop was asked for, and the cleanup below it runs all the same."""
    kind = record.exc_info[0] if record.exc_info else None
    return not (kind is not None and issubclass(kind, (asyncio.CancelledError,
                                                       KeyboardInterrupt)))


def serve(url: str, host: str, port: int, settings: Settings | None = None,
          on_ready=None) -> None:
    """Run the page until interrupted (Ctrl-C, SIGTERM)."""
    import uvicorn

    page = PitPage(url, settings)
    config = uvicorn.Config(page.app(), host=host, port=port, log_level="warning",
                            access_log=False, lifespan="on", timeout_graceful_shutdown=2)
    logging.getLogger("uvicorn.error").addFilter(_quiet_stop)  # after the config's logging
    server = uvicorn.Server(config)
    if on_ready is not None:
        original = server.startup

        async def startup(sockets=None):
            await original(sockets)
            on_ready(server)
        server.startup = startup
    server.run()
