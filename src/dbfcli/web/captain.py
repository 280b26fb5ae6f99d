"""What a captain's link opens (issue 19), without Starlette: the match the token grants and
where it stands, the web's own state files, and the form <-> sheet translation.

State kept by the web, beside the season's own files (each written through a transaction, so
journaled and undoable; ``dbf check`` ignores them):

- ``serve/matches/MATCH.yaml``: who sent the recorded sheet over the web (``sent_by``), who
  confirmed it (``confirmed_by``);
- ``serve/pending/MATCH.yaml``: what waits for the TD (``dbf result pending``): a sheet with
  only errors of form (§1.5.14, ``reason: form``) or the other captain's dispute of the
  recorded sheet (``reason: dispute``, with the sheet they say is right and their note).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from ..store.servefiles import PENDING, SENT, pending_file, sent_file  # noqa: F401 - the web's files (store)


class Refusal(Exception):
    """A token that does not open this match now: ``status`` 403 (not this match or season)
    or 409 (recorded already, or locked by the next round's draw); ``problem`` says why."""

    def __init__(self, status: int, problem: dict):
        super().__init__(problem["message"])
        self.status, self.problem = status, problem


def _problem(code: str, message: str, rule: str | None = None, hint: str | None = None) -> dict:
    doc = {"rule": rule, "code": code, "message": message, "severity": "error"}
    if hint:
        doc["hint"] = hint
    return doc


def match_view(store, grant) -> dict:
    """Where the granted match stands: ``match, round, teams, team, opponent, stage, locked,
    record`` (the recorded file's data or None), ``sent`` (serve/matches) and ``pending``.
    :class:`Refusal` 403 when the match is not drawn or the team does not play it (§1.5.16)."""
    from ..rules.matchstate import match_state
    from ..store.snapshot import Snapshot

    snap = Snapshot(store)   # the request's session holds the season lock
    draws, _, _ = snap.draws()
    records, _ = snap.cup_records()
    state = match_state(draws, {r.match.match: r.match for r in records}, {}, grant.match)
    if state is None or grant.team not in state.match.teams:
        raise Refusal(403, _problem("usage.token", "this link is not valid for this match", "1.5.16",
                                    "ask the tournament director for a new link (`dbf serve links`)"))
    rec, sent, pending = snap.captain_files(grant.match, state.stage in ("recorded", "walkover"))
    a, b = state.match.teams
    return {"match": grant.match, "round": state.match.round, "teams": [a, b], "team": grant.team,
            "opponent": b if grant.team == a else a, "stage": state.stage, "locked": state.locked,
            "locked_by": state.locked_by, "record": rec.data if rec is not None else None,
            "sent": sent.data if sent is not None and isinstance(sent.data, dict) else None,
            "pending": pending.data if pending is not None and isinstance(pending.data, dict) else None}


def refuse_if_closed(view: dict, sending: bool = True) -> None:
    """409 once the match is locked by the next round's draw (§1.5.16), and, for a new sheet
    (``sending``), once it is recorded: a recorded sheet is changed by the TD (`dbf result amend`)."""
    if view["locked"]:
        raise Refusal(409, _problem("state.locked", f"{view['match']} is closed: cup round {view['locked_by']} is "
                                    "drawn, so its result can no longer change", "1.5.16",
                                    "write to the tournament director"))
    if sending and view["stage"] in ("recorded", "walkover"):
        raise Refusal(409, _problem("state.already-recorded", f"{view['match']} is already recorded", None,
                                    "the other captain confirms or disputes it from their link"))


def sheet_match(body: bytes) -> tuple[str | None, dict | None]:
    """The ``match`` a sheet names (for the token check before anything else), or None."""
    from ..store.yamlio import YamlLoadError, parse_yaml

    try:
        doc = parse_yaml(body, "sheet.yaml").data
    except (YamlLoadError, ValueError, RecursionError):
        return None, None
    if not isinstance(doc, dict):
        return None, None
    match = doc.get("match")
    return (str(match) if isinstance(match, (str, int)) else None), doc


def json_to_yaml(body: bytes) -> bytes | None:
    """A JSON sheet as the YAML ``dbf result`` reads (JSON is not quite YAML 1.1: re-written
    with JSON strings, which are YAML double-quoted scalars). None when not JSON."""
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return (_yaml_value(doc, 0) + "\n").encode("utf-8")


def _yaml_value(v: Any, depth: int) -> str:
    if depth > 40:
        raise ValueError("too deep")
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {_yaml_value(x, depth + 1)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_yaml_value(x, depth + 1) for x in v) + "]"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v)
    return json.dumps(str(v), ensure_ascii=False)


# --------------------------------------------------------------------------- the web's own state files
def record_sent(season, view: dict, team: str, actor: str) -> None:
    """``serve/matches/MATCH.yaml``: the sheet was sent by ``team``'s captain over the web."""
    with season.session(write=True) as store:
        with store.transaction(actor, f"{view['match']}: sheet sent by the captain of {team}",
                               lock_timeout=season.lock_timeout) as tx:
            tx.write_yaml(sent_file(view["match"]), {"schema": 1, "match": view["match"], "sent_by": team,
                                                     "sent_at": _now()})


def refuse_own_sheet(view: dict) -> None:
    """403 when the captain who sent the recorded sheet (``serve/matches``' ``sent_by``) would
    confirm or dispute it: that is the other captain's word (§1.5.14). A sheet recorded by the
    TD has no sender, so either captain may confirm or dispute it."""
    if view["stage"] not in ("recorded", "walkover"):
        raise Refusal(409, _problem("state.not-recorded", f"{view['match']} is not recorded yet", None,
                                    "send the sheet first"))
    if (view["sent"] or {}).get("sent_by") == view["team"]:
        raise Refusal(403, _problem("usage.own-sheet", "you sent this sheet: the other captain confirms or disputes it",
                                    "1.5.14"))


def confirm(season, grant, actor: str) -> dict:
    """The other captain confirms the recorded sheet (§1.5.14). Confirming again changes
    nothing: ``view["already_confirmed"]`` is then True and nothing is written."""
    with season.session(write=True) as store:
        view = match_view(store, grant)
        refuse_if_closed(view, sending=False)
        refuse_own_sheet(view)
        view["already_confirmed"] = (view["sent"] or {}).get("confirmed_by") == grant.team
        if view["already_confirmed"]:
            return view
        doc = dict(view["sent"] or {"schema": 1, "match": view["match"]})
        doc["confirmed_by"] = grant.team
        doc["confirmed_at"] = _now()
        with store.transaction(actor, f"{view['match']}: confirmed by the captain of {grant.team}",
                               lock_timeout=season.lock_timeout) as tx:
            tx.write_yaml(sent_file(view["match"]), doc)
        return view


def to_td(season, grant, actor: str, reason: str, sheet: bytes, note: str = "") -> dict:
    """``serve/pending/MATCH.yaml``: a sheet with only errors of form (``reason`` form) or a
    dispute of the recorded sheet (``reason`` dispute) waits for the TD; the document written
    (a later one of the same match replaces it)."""
    from ..store.cupresults import sheet_data

    with season.session(write=True) as store:
        view = match_view(store, grant)
        refuse_if_closed(view, sending=reason == "form")
        if reason == "dispute":
            refuse_own_sheet(view)
        doc = {"schema": 1, "match": grant.match, "reason": reason, "by": grant.team, "at": _now(),
               "note": note[:2000], "sheet": sheet_data(sheet, "sheet.yaml"),
               "sheet_text": sheet.decode("utf-8", "replace")}
        with store.transaction(actor, f"{grant.match}: {'dispute' if reason == 'dispute' else 'sheet with form errors'}"
                               f" from the captain of {grant.team}, for the TD", lock_timeout=season.lock_timeout) as tx:
            tx.write_yaml(pending_file(grant.match), doc)
        return doc


def _now() -> str:
    return dt.datetime.now().replace(microsecond=0).isoformat()
