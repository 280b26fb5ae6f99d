"""The ``dbf serve`` application (issue 19): Starlette over one season folder.

- ``GET/POST /s/TOKEN``: the captain's page: the sheet form (check, send), the receipt, or,
  once the other captain has sent, confirm or dispute;
- ``POST /s/TOKEN/check.json``: the form checked as the captain types (the page's script);
- ``POST /api/v1/sheets/check``, ``POST /api/v1/sheets``: for scoring programs, with
  ``Authorization: Bearer TOKEN`` and the sheet as YAML or JSON, answering the JSON of
  ``dbf result check --json`` / ``dbf result submit --json`` with the matching HTTP status;
- ``POST /api/v1/sheets/confirm``, ``POST /api/v1/sheets/dispute``: the other captain's
  answer to the recorded sheet, as the page's Confirm and Dispute;
- ``/site/``: the published site (``dbf publish``), when there is one.

Everything that reads or writes the season is a use case of the application layer
(:mod:`dbfcli.app.captains`, :mod:`dbfcli.app.sheets`), called in-process in a session of
:mod:`dbfcli.web.season`; the protections are in :mod:`dbfcli.web.guard`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route

from . import guard
from ..app.captains import Refusal
from .captain import json_to_yaml, sheet_match
from .season import Busy, Season, read_soon
from ..rules.problems import Msg

log = logging.getLogger("dbfcli.web")
HERE = Path(__file__).parent


class Config:
    """What ``dbf serve`` was started with."""

    def __init__(self, root: Path, season: str, *, lock_timeout: float = 5.0, base_url: str | None = None,
                 per_token: int = 30, per_client: int = 600, window: float = 60.0,
                 body_limit: int = guard.BODY_LIMIT, per_token_check: int = 240, access_log: Path | None = None):
        self.root, self.season, self.lock_timeout, self.base_url = Path(root), season, lock_timeout, base_url
        self.per_token, self.per_client, self.window, self.body_limit = per_token, per_client, window, body_limit
        self.per_token_check = per_token_check   # the form's as-you-type checks: a budget of their own (issue 26)
        self.access_log = access_log             # dbf serve --access-log FILE (guard.AccessLog)


# --------------------------------------------------------------------------- API
STATUS_OF_EXIT = {0: 200, 1: 422, 2: 400, 3: 503}


def status_of(code: int, doc: dict, verb: str) -> int:
    """The HTTP status of a sheet's outcome: exit 0 -> 200 (an identical sheet already
    recorded -> 409), 1 -> 422, 2 -> 400 (409 for ``state.*``: recorded or locked), 3 -> 503."""
    if code == 0 and verb == "submit" and doc.get("already_recorded"):
        return 409
    if code == 2 and any(str(e.get("code") or "").startswith("state.") for e in doc.get("errors") or []):
        return 409
    return STATUS_OF_EXIT.get(code, 400)


def _error(status: int, problem: dict, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"ok": False, "errors": [problem], "warnings": []}, status_code=status, headers=headers)


def _problem(code: str, message: str, rule: str | None = None) -> dict:
    return {"rule": rule, "code": code, "message": message, "severity": "error"}


TOO_MANY = _problem("usage.rate-limit", Msg('too many requests; wait a minute'))
BUSY = _problem("lock.timeout", Msg('the season is busy; try again in a moment'))


class Web:
    """The application's state: the season, the limits, the templates."""

    def __init__(self, config: Config):
        self.config = config
        self.season = Season(config.root, config.season, config.lock_timeout)
        # issue 26: a token's checks (the form's as-you-type check.json, the API's check) never
        # spend its budget for sending, opening and answering
        self.by_token = {"send": guard.RateLimit(config.per_token, config.window),
                         "check": guard.RateLimit(config.per_token_check, config.window)}
        self.by_client = guard.RateLimit(config.per_client, config.window)
        self._env = None

    # ------------------------------------------------------------------ common steps
    def client_refused(self, request: Request) -> tuple | None:
        """``None``, or the 429 refusal ``(status, problem, headers)`` of the client's address limit."""
        key = request.client.host if request.client else "-"
        if self.by_client.allow(key):
            return None
        return 429, TOO_MANY, {"Retry-After": str(self.by_client.retry_after(key))}

    def token_grant(self, token: str):
        """``(grant, None)`` or ``(None, (403, problem, None))`` for a token's signature (no limit spent)."""
        from ..store.capability import read_secret, verify_token

        grant, problem = verify_token(read_secret(self.season.dir), self.config.season, token)
        if grant is None:
            return None, (403, problem.to_json() if problem else {}, None)
        return grant, None

    def token_refused(self, token: str, kind: str = "send") -> tuple | None:
        """``None``, or the 429 refusal ``(status, problem, headers)`` once the token's ``kind``
        budget (``check`` or ``send``) is spent; ``Retry-After`` says when it may ask again."""
        limit, key = self.by_token[kind], guard.token_key(token)
        if limit.allow(key):
            return None
        return 429, TOO_MANY, {"Retry-After": str(limit.retry_after(key))}

    def grant(self, token: str, kind: str = "send"):
        """``(grant, None)`` or ``(None, (status, problem, headers))`` for a token and its limit."""
        grant, refused = self.token_grant(token)
        if refused is None:
            refused = self.token_refused(token, kind)
        return (None, refused) if refused else (grant, None)

    def view(self, grant, verb: str | None = None) -> dict:
        """The granted match's state, read under the season lock; :class:`Refusal` when the
        token does not open it (403) or it is closed (409) for ``verb``."""
        from ..app.captains import open_view

        with self.season.session() as session:
            return open_view(session, grant, verb)

    def sheet(self, grant, verb: str, body: bytes, lang: str = "en", refuse_closed: bool = True,
              parsed=None) -> tuple[int, dict]:
        """Check or send a sheet for the granted match (:func:`dbfcli.app.captains.check_sent_sheet`,
        :func:`~dbfcli.app.captains.send_sheet`: one transaction with its sender, or the form-error
        sheet kept for the TD): ``(HTTP status, JSON document)``. A send is refused (409) once
        the match is closed, decided under the same lock as the write."""
        from ..app.captains import check_sent_sheet, open_view, send_sheet

        actor = f"web: captain of {grant.team} (dbf result {verb})"
        with self.season.session(actor, write=verb == "submit") as session:
            if refuse_closed or verb == "submit":   # 403/409 decided in the same session as the check
                open_view(session, grant, verb)
            if verb == "submit":
                outcome = send_sheet(session, grant, body, parsed=parsed)
            else:
                outcome = check_sent_sheet(session, grant, body, parsed=parsed)
        doc = outcome.json()
        _loser_warning(doc, grant.team)
        return status_of(outcome.exit, doc, verb), doc

    def form_check(self, grant, build) -> tuple[int, dict, dict]:
        """The captain's form checked as they type, in ONE read session (one season state for
        all of it): the match's view (409 once closed), the blank's facts, the sheet
        ``build(facts)`` makes of the form -> ``(YAML text, field of each line)``, its check.
        ``(HTTP status, JSON document, the fields)``."""
        from ..app.captains import check_sent_sheet, open_view, sheet_facts

        with self.season.session(f"web: captain of {grant.team} (dbf result check)") as session:
            open_view(session, grant, "check")
            text, where = build(sheet_facts(session, grant))
            outcome = check_sent_sheet(session, grant, text.encode("utf-8"))
        doc = outcome.json()
        _loser_warning(doc, grant.team)
        return status_of(outcome.exit, doc, "check"), doc, where

    def answer(self, grant, verb: str, body: bytes = b"", note: str = "") -> dict:
        """The other captain's Confirm or Dispute (§1.5.14), in one locked session."""
        from ..app.captains import confirm, dispute

        with self.season.session(f"web: captain of {grant.team} ({verb})", write=True) as session:
            if verb == "confirm":
                return confirm(session, grant)
            return dispute(session, grant, body, note=note)

    def templates(self):
        if self._env is None:
            import jinja2

            from ..rules.text import page_value

            self._env = jinja2.Environment(
                loader=jinja2.ChoiceLoader([jinja2.PackageLoader("dbfcli.web", "templates"),
                                            jinja2.PackageLoader("dbfcli.publish", "templates")]),
                autoescape=True, undefined=jinja2.StrictUndefined, finalize=page_value)
        return self._env


def _loser_warning(doc: dict, team: str) -> None:
    """§1.5.14 (issue 26): the losing side's captain checking or sending is told that sending
    is the winner's job (still allowed): a warning in the document's ``warnings``."""
    from ..rules.sheet.recording import loser_sends

    if doc.get("division"):   # §1.5.14 is the cup's: either division captain sends (docs/readings/division-results.md)
        return
    warning = loser_sends(doc.get("winner") if isinstance(doc.get("winner"), str) else None, team)
    if warning is not None and isinstance(doc.get("warnings"), list):
        doc["warnings"].append(warning.to_json())


async def _api_request(request: Request):
    """``(web, grant, body)`` of an API request, or the refusal's answer: the rate limits
    (429), the bearer token (403), the body cap (413)."""
    web: Web = request.app.state.web
    refused = web.client_refused(request)
    if refused:
        return _error(*refused)
    auth = request.headers.get("authorization", "")
    if not auth.lower().startswith("bearer "):
        return _error(403, _problem("usage.token", Msg('no token: send Authorization: Bearer TOKEN')))
    grant, refused = web.grant(auth[7:].strip(), "check" if request.url.path.endswith("/check") else "send")
    if refused:
        return _error(*refused)
    try:
        body = await guard.read_body(request, web.config.body_limit)
    except guard.TooLarge:
        return _error(413, _problem("usage.too-large", Msg('the request is larger than 64 KiB')))
    return web, grant, body


async def api_sheet(request: Request) -> Response:
    got = await _api_request(request)
    if isinstance(got, Response):
        return got
    verb = "check" if request.url.path.endswith("/check") else "submit"
    run = read_soon if verb == "check" else run_in_threadpool
    return await run(_api_sheet, got[0], got[1], verb, got[2], request.headers.get("content-type", ""))


async def api_answer(request: Request) -> Response:
    """``POST /api/v1/sheets/confirm`` (no body) and ``/dispute`` (the sheet the other captain
    says is right, ``?note=``): the other captain's answer to the recorded sheet (§1.5.14)."""
    got = await _api_request(request)
    if isinstance(got, Response):
        return got
    web, grant, body = got
    verb = request.url.path.rsplit("/", 1)[-1]
    note = request.query_params.get("note", "")
    return await run_in_threadpool(_api_answer, web, grant, verb, body, request.headers.get("content-type", ""), note)


def _api_answer(web: Web, grant, verb: str, body: bytes, content_type: str, note: str) -> Response:
    from ..store.servefiles import PENDING_KEYS

    try:
        if verb == "confirm":
            view = web.answer(grant, "confirm")
            return JSONResponse({"ok": True, "match": view["match"], "confirmed_by": grant.team,
                                 "already_confirmed": view["already_confirmed"], "errors": [], "warnings": []})
        as_yaml = json_to_yaml(body) if "json" in content_type.lower() else body
        if as_yaml is None:
            return _error(400, _problem("format.json", Msg('the body is not JSON')))
        body = as_yaml
        match, _ = sheet_match(body)
        if match is None:
            return _error(400, _problem("format.sheet", Msg('a dispute is the sheet you say is right, '
                                                            'with its match')))
        if match.lower() != grant.match.lower():
            return _error(403, _problem("usage.token", Msg('this token is for {}, not {}', grant.match, match)))
        doc = web.answer(grant, "dispute", body, note=note)
    except Refusal as exc:
        return _error(exc.status, exc.problem.to_json())
    except Busy:
        return _error(503, BUSY, {"Retry-After": "5"})
    return JSONResponse({"ok": True, "match": grant.match, "pending": {k: doc.get(k) for k in PENDING_KEYS},
                         "errors": [], "warnings": []})


def _api_sheet(web: Web, grant, verb: str, body: bytes, content_type: str) -> Response:
    if "json" in content_type.lower():
        as_yaml = json_to_yaml(body)
        if as_yaml is None:
            return _error(400, _problem("format.json", Msg('the body is not JSON')))
        body = as_yaml
    match, parsed = sheet_match(body)
    try:
        if match is not None and match.lower() != grant.match.lower():
            return _error(403, _problem("usage.token", Msg('this token is for {}, not {}', grant.match, match)))
        status, doc = web.sheet(grant, verb, body, refuse_closed=match is not None, parsed=parsed)
    except Refusal as exc:
        return _error(exc.status, exc.problem.to_json())
    except Busy:
        return _error(503, BUSY, {"Retry-After": "5"})
    return JSONResponse(doc, status_code=status)


# --------------------------------------------------------------------------- the application
async def index(request: Request) -> Response:
    web: Web = request.app.state.web
    site = (web.season.dir / "site" / "index.html").is_file()
    from .text import translator

    body = web.templates().get_template("serve-index.html.j2").render(season=web.config.season, site=site, lang="en",
                                                                      token="", t=translator("en"), other_lang="da")
    return HTMLResponse(body)


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    files = {"style.css": (HERE.parent / "publish" / "static" / "style.css", "text/css"),
             "serve.css": (HERE / "static" / "serve.css", "text/css"),
             "form.js": (HERE / "static" / "form.js", "text/javascript")}
    if name not in files:
        return PlainTextResponse("not found", status_code=404)
    path, kind = files[name]
    return Response(path.read_bytes(), media_type=kind, headers={"Cache-Control": "max-age=300"})


async def not_found(request: Request, exc) -> Response:
    status = getattr(exc, "status_code", 404)
    return PlainTextResponse("not found" if status == 404 else "refused", status_code=status)


async def server_error(request: Request, exc) -> Response:
    log.error("internal error on %s: %s", guard.redact(request.url.path), type(exc).__name__)
    return PlainTextResponse("internal error; the TD is told", status_code=500)


class Site:
    """``/site/``: the published site (``dbf publish``), 404 while there is none (issue 26: not
    a 500 with a traceback in the log); the folder is looked for on every request, so a site
    published while the server runs is served at once."""

    def __init__(self, directory: Path):
        self.directory, self.files = directory, None

    async def __call__(self, scope, receive, send):
        if not self.directory.is_dir():
            return await PlainTextResponse("not found", status_code=404)(scope, receive, send)
        if self.files is None:
            from starlette.staticfiles import StaticFiles

            self.files = StaticFiles(directory=self.directory, html=True)
        await self.files(scope, receive, send)


def create_app(config: Config) -> guard.Guard:
    """The application over ``config``'s season (the ASGI callable uvicorn serves)."""
    from .pages import page_check_json, page_get, page_post

    routes = [
        Route("/", index),
        Route("/static/{name}", static),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/s/{token}", page_get, methods=["GET"]),
        Route("/s/{token}", page_post, methods=["POST"]),
        Route("/s/{token}/check.json", page_check_json, methods=["POST"]),
        Route("/api/v1/sheets/check", api_sheet, methods=["POST"]),
        Route("/api/v1/sheets", api_sheet, methods=["POST"]),
        Route("/api/v1/sheets/confirm", api_answer, methods=["POST"]),
        Route("/api/v1/sheets/dispute", api_answer, methods=["POST"]),
        Mount("/site", app=Site(config.root / config.season / "site")),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found, 500: server_error})
    app.state.web = Web(config)
    return guard.Guard(app, config.body_limit, config.access_log)
