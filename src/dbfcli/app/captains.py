"""What a captain does through ``dbf serve`` (§1.5.14, §1.5.16), as use cases: see where the
granted match stands, check and send the sheet, confirm or dispute the other captain's.

The web app calls these in-process with the sheet as a value; a Send is ONE transaction
(the result, who sent it, or the form-error sheet kept for the TD): one journal entry, so
``dbf undo`` takes it back whole and the link can send again.

State kept for the captains, beside the season's own files (:mod:`dbfcli.store.servefiles`,
the one reader; ``dbf check`` ignores them):

- ``serve/matches/MATCH.yaml``: who sent the recorded sheet over the web (``sent_by``), who
  confirmed it (``confirmed_by``);
- ``serve/pending/MATCH.yaml``: what waits for the TD (``dbf result pending``): a sheet with
  only errors of form (§1.5.14, ``reason: form``) or the other captain's dispute of the
  recorded sheet (``reason: dispute``, with the sheet they say is right and their note).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg, Problem
from ..store.servefiles import SHEET_LABEL, pending_record, sent_file
from .outcome import Outcome
from .session import Session
from .sheets import Extra, SheetText, check_sheet, submit_sheet



class Refusal(Exception):
    """A link that does not open this match now: ``status`` 403 (not this match, not this
    captain's word) or 409 (recorded already, or locked by the next round's draw); ``problem``
    says why (with its § or code)."""

    def __init__(self, status: int, problem: Problem):
        super().__init__(problem.message)
        self.status, self.problem = status, problem


def _refusal(status: int, code: str, message: str, rule: str | None = None, hint: str | None = None) -> Refusal:
    return Refusal(status, Problem.error(rule, message, None, hint, code=code))


# --------------------------------------------------------------------------- where the match stands
def match_view(session: Session, grant: Any) -> dict[str, Any]:
    """Where the granted match stands: ``match, kind`` ("cup" or "division"), ``division``,
    ``round, teams, team, opponent, stage, locked, record`` (the recorded file's data or None),
    ``sent`` (serve/matches) and ``pending``. :class:`Refusal` 403 when the match is not drawn
    or scheduled, or the team does not play it (§1.5.16; a division's §1.1.2.1, §1.1.3.1,
    §1.1.4.1)."""
    from ..rules.model import match_division

    snap = session.snap
    div = match_division(grant.match)
    found = _division_match(snap, div, grant.match) if div else _cup_match(snap, grant.match)
    if found is None or grant.team not in found["teams"]:
        raise _refusal(403, "usage.token", "this link is not valid for this match",
                       _all_play_all(div) if div else "1.5.16",
                       "ask the tournament director for a new link (`dbf serve links`)")
    rec, sent, pending = snap.captain_files(grant.match, found["stage"] in ("recorded", "walkover"))
    a, b = found["teams"]
    return dict(found, match=grant.match, teams=[a, b], team=grant.team, opponent=b if grant.team == a else a,
                record=rec.data if rec is not None else None,
                sent=sent.data if sent is not None and isinstance(sent.data, dict) else None,
                pending=pending.data if pending is not None and isinstance(pending.data, dict) else None)


def _cup_match(snap: Any, match_id: str) -> dict[str, Any] | None:
    """A cup match's life (:func:`dbfcli.rules.cup.matchstate.match_state`): None when not drawn (§1.5.16)."""
    from ..rules.cup.matchstate import match_state

    draws, _, _ = snap.draws()
    records, _ = snap.cup_records()
    state = match_state(draws, {r.match.match: r.match for r in records}, {}, match_id)
    if state is None:
        return None
    return {"kind": "cup", "division": None, "round": state.match.round, "teams": tuple(state.match.teams),
            "stage": state.stage, "locked": state.locked, "locked_by": state.locked_by, "rule": "1.5.14"}


def _all_play_all(div: str) -> str:
    from ..rules.model import all_play_all_rule

    return all_play_all_rule(div)


def _division_match(snap: Any, div: str, match_id: str) -> dict[str, Any] | None:
    """A division match of the season's schedule (the frozen one once stored; §1.1.2.1,
    §1.1.3.1, §1.1.4.1), home team first, or None. It is never locked: a division has no
    draw that closes its results (docs/readings/division-results.md); a recorded match is
    changed by the TD (``dbf result amend``, ``dbf result accept``)."""
    division, _ = snap.division(div)
    if division is None or not division.teams:
        return None
    rounds = snap.season_schedule(division, snap.settings().division(div))
    m = next((m for r in rounds for m in r.matches if m.id == match_id and m.away), None)
    if m is None:
        return None
    results, _ = snap.div_results(div)
    recorded = any(r.match_id == match_id for r in results)
    return {"kind": "division", "division": div, "round": m.round, "teams": (m.home, m.away),
            "stage": "recorded" if recorded else "scheduled", "locked": False, "locked_by": None,
            "rule": _all_play_all(div)}


def refuse_if_closed(view: dict[str, Any], sending: bool = True) -> None:
    """409 once the match is locked by the next round's draw (§1.5.16), and, for a new sheet
    (``sending``), once it is recorded: a recorded sheet is changed by the TD (`dbf result amend`)."""
    if view["locked"]:
        raise _refusal(409, "state.locked", f"{view['match']} is closed: cup round {view['locked_by']} is "
                       "drawn, so its result can no longer change", "1.5.16", "write to the tournament director")
    if sending and view["stage"] in ("recorded", "walkover"):
        raise _refusal(409, "state.already-recorded", f"{view['match']} is already recorded", None,
                       "the other captain confirms or disputes it from their link")


def refuse_own_sheet(view: dict[str, Any]) -> None:
    """403 when the captain who sent the recorded sheet (``serve/matches``' ``sent_by``) would
    confirm or dispute it: that is the other captain's word (§1.5.14; a division match's by the
    reading of docs/readings/division-results.md, under its §1.1.2.1, §1.1.3.1 or §1.1.4.1). A
    sheet recorded by the TD has no sender, so either captain may confirm or dispute it."""
    if view["stage"] not in ("recorded", "walkover"):
        raise _refusal(409, "state.not-recorded", f"{view['match']} is not recorded yet", None, "send the sheet first")
    if (view["sent"] or {}).get("sent_by") == view["team"]:
        raise _refusal(403, "usage.own-sheet", "you sent this sheet: the other captain confirms or disputes it",
                       view.get("rule") or "1.5.14")


def open_view(session: Session, grant: Any, verb: str | None = None) -> dict[str, Any]:
    """:func:`match_view`, refused (:class:`Refusal`) when closed for ``verb`` ("check", "submit")."""
    view = match_view(session, grant)
    if verb is not None:
        refuse_if_closed(view, sending=verb == "submit")
    return view


def sheet_facts(session: Session, grant: Any) -> Any:
    """The blank sheet's facts of the granted match (``dbf result blank``: teams, players,
    segments, the home team, UP), for the captain's form; :class:`Refusal` 400 when they cannot
    be had (the problem of :func:`dbfcli.app.blanks.blank_sheets`)."""
    from .blanks import blank_sheets
    from .outcome import RuleBroken, UsageProblem

    try:
        return blank_sheets(session.snap, [grant.match], None)[0]
    except (UsageProblem, RuleBroken) as exc:
        raise Refusal(400, exc.problems[0]) from None


# --------------------------------------------------------------------------- the sheet
def check_sent_sheet(session: Session, grant: Any, sheet: bytes, now: dt.datetime | None = None,
                     parsed: Any = None) -> Outcome:
    """The captain's sheet checked, as ``dbf result check`` checks it (nothing written);
    ``parsed``: its YAML document under :data:`SHEET_LABEL` when the face has read it already."""
    return check_sheet(session, SheetText(data=sheet, label=SHEET_LABEL, parsed=parsed), now or _now())


def send_sheet(session: Session, grant: Any, sheet: bytes, now: dt.datetime | None = None,
               parsed: Any = None) -> Outcome:
    """The captain's Send (§1.5.14): the sheet recorded as ``dbf result submit`` records it,
    with who sent it, in one transaction; a sheet whose only errors are of form waits for the
    TD instead (``doc["pending"]``). The session must hold the season lock exclusively."""
    when = now or _now()
    return submit_sheet(session, SheetText(data=sheet, label=SHEET_LABEL, parsed=parsed), when,
                        extra=Extra(sender=grant.team, form_to_td=True, sent_at=when.isoformat()))


def confirm(session: Session, grant: Any) -> dict[str, Any]:
    """The other captain confirms the recorded sheet (§1.5.14). Confirming again changes
    nothing: ``view["already_confirmed"]`` is then True and nothing is written."""
    view = match_view(session, grant)
    refuse_if_closed(view, sending=False)
    refuse_own_sheet(view)
    view["already_confirmed"] = (view["sent"] or {}).get("confirmed_by") == grant.team
    if view["already_confirmed"]:
        return view
    doc = dict(view["sent"] or {"schema": 1, "match": view["match"]})
    doc["confirmed_by"] = grant.team
    doc["confirmed_at"] = _now().isoformat()
    with session.store.transaction(session.actor, Msg("{}: confirmed by the captain of {}", view['match'], grant.team),
                                   lock_timeout=session.lock_timeout) as tx:
        tx.write_yaml(sent_file(view["match"]), doc)
    return view


def dispute(session: Session, grant: Any, sheet: bytes, note: str = "") -> dict[str, Any]:
    """The other captain disputes the recorded sheet (§1.5.14) with the sheet they say is right:
    it waits for the TD (``dbf result pending``); the document written (a later one replaces it)."""
    view = match_view(session, grant)
    refuse_if_closed(view, sending=False)
    refuse_own_sheet(view)
    rel, doc = pending_record(grant.match, grant.team, "dispute", sheet, note=note)
    with session.store.transaction(session.actor, Msg("{}: dispute from the captain of {}, for the TD", grant.match,
                                       grant.team), lock_timeout=session.lock_timeout) as tx:
        tx.write_yaml(rel, doc)
    return doc


def _now() -> dt.datetime:
    return dt.datetime.now().replace(microsecond=0)
