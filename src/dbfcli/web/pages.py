"""The captain's pages of ``dbf serve`` (issue 19): the sheet form pre-filled as ``dbf result
blank``, checked by ``dbf result check`` (a Check button without JavaScript, as-you-type with
it), sent by ``dbf result submit``; the receipt; confirm or dispute for the other captain.

Every page is rendered by Jinja2 with autoescape on (team and player names are hostile
input); every form carries a CSRF value bound to a cookie and to the link."""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from . import guard
from ..app.captains import Refusal
from .form import field_names, from_sheet, initial, place_problems, rows, sheet_yaml
from .season import Busy, read_soon
from .text import pick_lang, shown_problems, translator

COOKIE = "dbf_csrf"
#: the most fields a posted form may have (the largest sheet form has about 150)
FORM_FIELDS = 500


class Page:
    """One request to a captain's page: the web, the token, the language, the CSRF cookie."""

    def __init__(self, request: Request):
        self.request = request
        self.web = request.app.state.web
        self.token = request.path_params["token"]
        q = request.query_params.get("lang")
        self.lang = pick_lang(q, request.cookies.get("dbf_lang"), request.headers.get("accept-language"))
        self.lang_set = q in ("en", "da")
        self.t = translator(self.lang)
        self.cookie = request.cookies.get(COOKIE) or ""
        self.new_cookie = not self.cookie
        if self.new_cookie:
            self.cookie = guard.new_csrf_cookie()

    def key(self) -> bytes:
        from ..store.capability import read_secret

        secret = read_secret(self.web.season.dir)
        return secret.key if secret else b""

    def render(self, template: str, status: int = 200, headers: dict | None = None, **ctx) -> Response:
        env = self.web.templates()
        body = env.get_template(template).render(
            t=self.t, lang=self.lang, other_lang="en" if self.lang == "da" else "da", token=self.token,
            csrf=guard.csrf_field(self.key(), self.cookie, self.token), **ctx)
        resp = HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store", **(headers or {})})
        secure = (self.web.config.base_url or "").startswith("https:")
        if self.new_cookie:
            resp.set_cookie(COOKIE, self.cookie, httponly=True, samesite="strict", secure=secure, path="/s/")
        if self.lang_set:
            resp.set_cookie("dbf_lang", self.lang, samesite="lax", secure=secure, max_age=365 * 86400)
        return resp

    def refused(self, status: int, problem: dict, headers: dict | None = None) -> Response:
        """A refusal's page in the captain's language; a 429's title says to wait (issue 26)."""
        title = self.t({409: "closed", 429: "wait"}.get(status, "refused"))
        return self.render("serve-message.html.j2", status=status, headers=headers, title=title,
                           problems=shown_problems([problem], self.lang), message="")


def _facts(web, grant):
    """The blank sheet's facts of the granted match (``dbf result blank``), read under the lock."""
    from ..app.captains import sheet_facts

    with web.season.session() as session:
        return sheet_facts(session, grant)


async def page_get(request: Request) -> Response:
    page = Page(request)
    refused = page.web.client_refused(request)
    if refused:
        return page.refused(*refused)
    grant, refused = page.web.grant(page.token)
    if refused:
        return page.refused(*refused)
    return await read_soon(_guarded, page, _show, grant)


def _guarded(page: Page, fn, *args) -> Response:
    try:
        return fn(page, *args)
    except Refusal as exc:
        return page.refused(exc.status, exc.problem.to_json())
    except Busy:
        return page.render("serve-message.html.j2", status=503, title=page.t("busy"), problems=[], message="")


def _retry(resp: Response) -> dict | None:
    """The ``Retry-After`` of a refusal's answer, carried to the JSON answer of check.json."""
    value = resp.headers.get("retry-after")
    return {"Retry-After": value} if value else None


def guard_problem(code: str, message: str) -> dict:
    return {"rule": None, "code": code, "message": message, "severity": "error"}


def _show(page: Page, grant, message: str = "") -> Response:
    view = page.web.view(grant)
    if view["locked"]:
        page.web.view(grant, "check")   # raises the 409 Refusal with its §
    facts = _facts(page.web, grant)
    pending = view["pending"]
    if view["stage"] in ("recorded", "walkover"):
        return _recorded(page, view, facts, message)
    values = initial(facts)
    if pending and pending.get("by") == grant.team and isinstance(pending.get("sheet"), dict):
        values = from_sheet(facts, pending["sheet"])
        message = message or page.t("to_td")
    return _form(page, facts, values, {}, [], message=message)


def _recorded(page: Page, view: dict, facts: dict, message: str) -> Response:
    sent = view["sent"] or {}
    rec = view["record"] or {}
    mine = sent.get("sent_by") == view["team"]
    confirmed = sent.get("confirmed_by") == view["team"]
    disputed = bool(view["pending"]) and view["pending"].get("by") == view["team"]
    values = from_sheet(facts, rec.get("sheet") or {}) if isinstance(rec.get("sheet"), dict) else initial(facts)
    return page.render("serve-recorded.html.j2", facts=facts, view=view, record=rec, sent=sent, mine=mine,
                       confirmed=confirmed, disputed=disputed, message=message,
                       rows=rows(facts, values), values=values, fields={}, general=[])


def _form(page: Page, facts: dict, values: dict, fields: dict, general: list, *, message: str = "",
          ok: bool = False, status: int = 200, headers: dict | None = None, vp: dict | None = None) -> Response:
    """The sheet form; ``vp``: a division sheet's victory points once it checks clean (§1.1.2.1)."""
    fields = {name: shown_problems(items, page.lang) for name, items in fields.items()}
    return page.render("serve-form.html.j2", status=status, headers=headers, facts=facts, values=values, rows=rows(facts, values),
                       fields=fields, general=shown_problems(general, page.lang), message=message, ok=ok, vp=vp)


async def _posted(page: Page) -> dict | Response:
    """The posted form (urlencoded, at most 64 KiB), after the client's rate limit, the token
    and CSRF. The token's own limit is the caller's: it depends on the action (issue 26)."""
    refused = page.web.client_refused(page.request)
    if refused:
        return page.refused(*refused)
    grant, refused = page.web.token_grant(page.token)
    if refused:
        return page.refused(*refused)
    try:
        body = await guard.read_body(page.request, page.web.config.body_limit)
    except guard.TooLarge:
        return page.refused(413, guard_problem("usage.too-large", "the request is larger than 64 KiB"))
    try:
        form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=FORM_FIELDS))
    except ValueError:   # more fields than any form of dbf has: refused, not an internal error
        return page.refused(413, guard_problem("usage.too-large", f"the form has more than {FORM_FIELDS} fields"))
    origin = page.request.headers.get("origin")   # "null" under Referrer-Policy: no-referrer
    if origin and origin != "null" and origin != f"{page.request.url.scheme}://{page.request.url.netloc}" and \
            origin != (page.web.config.base_url or "").rstrip("/"):
        return page.refused(403, guard_problem("usage.csrf", "this form was sent from another site"))
    if not guard.csrf_ok(page.key(), page.request.cookies.get(COOKIE), page.token, form.get("csrf")):
        return page.refused(403, guard_problem("usage.csrf", "the form has expired or was not sent from "
                                                             "this page: open the link again"))
    return {"grant": grant, "form": form}


async def page_post(request: Request) -> Response:
    page = Page(request)
    got = await _posted(page)
    if isinstance(got, Response):
        return got
    action = got["form"].get("action", "check")
    handler = {"check": _act_sheet, "send": _act_sheet, "confirm": _act_confirm, "dispute": _act_dispute}.get(action)
    if handler is None:
        return page.refused(400, guard_problem("usage.option", "unknown action"))
    refused = page.web.token_refused(page.token, "check" if action == "check" else "send")
    if refused and handler is _act_sheet:
        return await run_in_threadpool(_guarded, page, _limited_form, got["grant"], got["form"], refused)
    if refused:
        return page.refused(*refused)
    return await run_in_threadpool(_guarded, page, handler, got["grant"], got["form"], action)


def _limited_form(page: Page, grant, form: dict, refused: tuple) -> Response:
    """A Check or Send over the token's limit (issue 26): the form again with everything the
    captain typed, the refusal among its problems in the captain's language, 429 and
    ``Retry-After``; nothing is checked or written."""
    status, problem, headers = refused
    facts = _facts(page.web, grant)
    values = {k: form[k] for k in field_names(facts) if k in form}
    return _form(page, facts, values, {}, [problem], status=status, headers=headers)


def _act_sheet(page: Page, grant, form: dict, action: str) -> Response:
    verb = "submit" if action == "send" else "check"
    page.web.view(grant, verb)
    facts = _facts(page.web, grant)
    values = {k: form[k] for k in field_names(facts) if k in form}
    text, where = sheet_yaml(facts, values)
    status, doc = page.web.sheet(grant, verb, text.encode("utf-8"), lang=page.lang)
    fields, general = place_problems(doc, where)
    if verb == "submit" and status == 200 and doc.get("recorded"):
        told = [w for w in doc.get("warnings") or [] if w.get("code") == "sheet.sent-by-loser"]   # §1.5.14
        return page.render("serve-receipt.html.j2", facts=facts, doc=doc, team=grant.team,
                           warnings=shown_problems(told, page.lang))
    message = page.t("form_only") if doc.get("pending") else ""
    ok = status == 200 and not doc.get("errors")
    return _form(page, facts, values, fields, general, message=message, ok=ok,
                 status=200 if status in (200, 422) else status, vp=doc.get("vp"))


def _act_confirm(page: Page, grant, form: dict, action: str) -> Response:
    view = page.web.answer(grant, "confirm")
    return page.render("serve-message.html.j2", title=page.t("receipt"), problems=[],
                       message=page.t("confirmed", match=view["match"]))


def _act_dispute(page: Page, grant, form: dict, action: str) -> Response:
    facts = _facts(page.web, grant)
    values = {k: form[k] for k in field_names(facts) if k in form}
    text, _ = sheet_yaml(facts, values)
    page.web.answer(grant, "dispute", text.encode("utf-8"), note=form.get("note", ""))
    return page.render("serve-message.html.j2", title=page.t("receipt"), problems=[], message=page.t("to_td"))


async def page_check_json(request: Request) -> Response:
    """The form checked as the captain types: ``{"ok", "fields": {name: [problem]}, "general": [problem]}``."""
    page = Page(request)
    got = await _posted(page)
    if isinstance(got, Response):
        return JSONResponse({"ok": False}, status_code=got.status_code, headers=_retry(got))
    refused = page.web.token_refused(page.token, "check")
    if refused:
        return JSONResponse({"ok": False, "general": shown_problems([refused[1]], page.lang), "fields": {}},
                            status_code=refused[0], headers=refused[2])

    def sheet_of(facts):
        return sheet_yaml(facts, {k: got["form"][k] for k in field_names(facts) if k in got["form"]})

    def run():
        try:
            status, doc, where = page.web.form_check(got["grant"], sheet_of)
        except Refusal as exc:   # closed by a draw, or no facts to check against: say so
            return JSONResponse({"ok": False, "general": shown_problems([exc.problem.to_json()], page.lang),
                                 "fields": {}}, status_code=exc.status)
        except Busy:             # the TD's dbf held the season past the lock timeout: 503, never a 500
            return JSONResponse({"ok": False, "general": [], "fields": {}}, status_code=503,
                                headers={"Retry-After": "5"})
        fields, general = place_problems(doc, where)
        return JSONResponse({"ok": bool(doc.get("ok")), "vp": doc.get("vp"), "general": shown_problems(general, page.lang),
                             "fields": {k: shown_problems(v, page.lang) for k, v in fields.items()}})

    return await read_soon(run)
