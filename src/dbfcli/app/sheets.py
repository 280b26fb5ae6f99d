"""Result sheets as use cases (§1.5.9-§1.5.15, §2.11; divisions §1.1.2.1): check one sheet,
record one (``submit``, ``amend``), record a walkover (§1.5.15).

Each function takes a :class:`~dbfcli.app.session.Session` and the sheet as a value
(:class:`SheetText`: its bytes and the name it has in every problem), and returns an
:class:`~dbfcli.app.outcome.Outcome`. ``dbf result check|submit|amend`` and the captains'
``dbf serve`` both call them: the same parse, rules, plan, transaction, lock and journal.
The rules live in ``dbfcli.rules.sheet.validate*`` and ``dbfcli.rules.sheet.recording``; what a sheet is
checked against is assembled by ``dbfcli.store.sheetcontext``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, RuleBroken, UsageProblem, fail, not_entered, outcome_of, refuse
from .session import Session


class SheetText(Value, kw_only=True):
    """A result sheet as sent: ``data``, its bytes (YAML); ``label``, the name it has in every
    problem (the file as given on the command line, or ``sheet.yaml`` for a sheet sent over
    the web: never a server path)."""

    data: bytes
    label: str
    #: the YAML document of ``data`` under ``label`` (store.yamlio.parse_yaml), when the face
    #: has parsed it already: ``dbf serve`` reads the match a sheet names before the check,
    #: and the sheet is then parsed once, not twice
    parsed: Any = None


class Extra(MutableValue, kw_only=True):
    """What a write records beside the result, in the same transaction and journal entry:
    ``sender``, the team whose captain sent the sheet over the web (``serve/matches``, so the
    other captain confirms, §1.5.14); ``form_to_td``: a sheet whose only errors are of form
    (§1.5.14) is kept for the TD (``serve/pending``, ``dbf result pending``) instead;
    ``texts``: season files written with the result (an import's names map, issue 24)."""

    sender: str | None = None
    form_to_td: bool = False
    sent_at: str | None = None
    #: a file the same write removes (the pending sheet ``dbf result accept`` records)
    settles: str | None = None
    #: §1.5.16: an amendment that changes the winner after the next draw moves the new winner
    #: into the old one's place there (store.cup.winnermove), while that match has no result
    move_to_next_round: bool = False
    #: season files (path: text) the same write writes after the record: the names map an
    #: import used, ``imports/names.yaml`` (issue 24: ``dbf result import --submit --names``)
    texts: dict[str, str] = {}


class Loaded(MutableValue, kw_only=True):
    """A sheet read and the season it is checked against: ``kind`` "cup" (``inputs``: the
    :class:`dbfcli.store.sheetcontext.CupSheetInputs`) or "division"; ``notes``: the season's
    warnings found on the way."""

    kind: str
    sheet: Any
    data: bytes
    store: Any
    inputs: Any = None
    notes: list[Problem] = []


# --------------------------------------------------------------------------- reading
def read_sheet_file(path: Any) -> SheetText:
    """The sheet file named on the command line, read at most to the input limit (exit 2 when
    it cannot be read)."""
    from ..store.yamlio import YamlLoadError, read_input

    try:
        return SheetText(data=read_input(path), label=str(path))
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None


def parse_sheet(text: SheetText) -> Any:
    """The sheet parsed (docs/interface.md "Result sheet"); every problem of form at once."""
    from ..store.cup.results import parse_cup_sheet

    sheet, problems = parse_cup_sheet(text.data, text.label, text.parsed)
    if problems or sheet is None:
        raise UsageProblem(problems)
    return sheet


def load_sheet(session: Session, text: SheetText, now: dt.datetime, amend: bool = False) -> Loaded:
    """Read the sheet and what it is checked against; refuse problems in the season's files and
    a cup match that is not drawn (§1.5.16)."""
    from ..rules.cup.matchstate import allowed
    from ..store.sheetcontext import cup_context
    from ..rules.model import match_division as division_of

    sheet = parse_sheet(text)
    snap = session.snap
    inputs = cup_context(snap, sheet, now, exclude=sheet.match if amend else None)
    notes = refuse(list(inputs.problems))
    if inputs.match is None:
        if division_of(sheet.match):
            return Loaded(kind="division", sheet=sheet, data=text.data, store=snap.store, notes=notes)
        division_typo(snap, sheet)
        raise UsageProblem(allowed(None, "submit", match_id=sheet.match, where=sheet.where_of("match")))
    return Loaded(kind="cup", sheet=sheet, data=text.data, store=snap.store, inputs=inputs, notes=notes)


def plan_sheet(loaded: Loaded, penalty: bool, amend: bool = False) -> Any:
    """:func:`dbfcli.rules.sheet.recording.plan_cup_sheet` on what :func:`load_sheet` read."""
    from ..rules.sheet.recording import plan_cup_sheet

    i = loaded.inputs
    return plan_cup_sheet(loaded.sheet, i.ctx, i.match, joins=[j for r in i.records for j in r.joins],
                          penalty=penalty, amend=amend)


def sheet_doc(sheet: Any, check_: Any, gp_override: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON document of a checked cup sheet (docs/interface.md)."""
    gp = check_.gp if gp_override is None else gp_override
    return {
        "ok": check_.ok, "match": sheet.match, "round": check_.round, "winner": check_.winner,
        "imps": list(check_.outcome.imps) if check_.outcome else None,
        "errors": [p.to_json() for p in check_.errors],
        "warnings": [p.to_json() for p in check_.warnings],
        "gp": {str(k): round(v / 100, 2) for k, v in gp.items()},
        "up": dict(check_.up),
    }


# --------------------------------------------------------------------------- division sheets
def division_typo(snap: Any, sheet: Any) -> None:
    """A match id that looks like a division's but is none (a typo, another case): refused
    (exit 2) with the nearest id of that division's schedule -- not the cup's §1.5.16."""
    import difflib
    import re

    from ..rules.model import DIVISIONS

    mid = sheet.match
    head = next((d for d in sorted(DIVISIONS, key=len, reverse=True) if mid.lower().startswith(d.lower())), None)
    if head is None and "div" not in mid.lower() and not re.search(r"-R\d+-\d+$", mid, re.I):
        return
    ids: list[str] = []
    for div in ([head] if head else list(DIVISIONS)):
        ids += _schedule_ids(snap, div)
    exact = next((i for i in ids if i.lower() == mid.lower()), None)
    near = [exact] if exact else difflib.get_close_matches(mid, ids, n=1, cutoff=0.6)
    where = Msg('the {} schedule', head) if head else Msg("any division's schedule")
    fail(Msg('match {} is not a match of {}', mid, where), where=sheet.where_of("match"),
         hint=Msg('did you mean {}? see `dbf schedule {}`', near[0], head or '1div') if near else
         Msg('see `dbf schedule {}`', head or '1div'), code="unknown.match")


def _schedule_ids(snap: Any, div: str) -> list[str]:
    division, _ = snap.division(div)
    if division is None or not division.teams:
        return []
    return [m.id for r in snap.season_schedule(division, snap.settings().division(div)) for m in r.matches
            if m.away]


def _canonical_teams(sheet: Any, division: Any) -> Any:
    """Team ids are case-insensitive (docs/interface.md): the sheet's sides as the division spells them."""
    from ..rules.value import replace

    ids = {t.id.lower(): t.id for t in division.teams}
    for side in ("home", "away"):
        s = getattr(sheet, side)
        if s.team not in ids.values() and s.team.lower() in ids:
            sheet = replace(sheet, **{side: replace(s, team=ids[s.team.lower()])})
    return sheet


class DivisionVerdict(MutableValue, kw_only=True):
    """A division sheet checked (§1.1.2.1): the sheet with the division's team ids, its
    DivisionCheck (``res``), its JSON document, the division, its settings, the season's
    warnings found on the way (``notes``)."""

    sheet: Any
    res: Any
    doc: dict[str, Any]
    division: Any
    settings: Any
    notes: list[Problem] = []


def division_verdict(store: Any, sheet: Any, contexts: dict[str, Any] | None = None) -> DivisionVerdict:
    """A division sheet checked (§1.1.2.1); refused (exit 2) for a division without teams or a
    match not in its schedule. ``contexts``: a batch's cache of
    :func:`dbfcli.store.sheetcontext.division_context` by division."""
    from ..rules.sheet.validate import validate_division_sheet
    from ..rules.model import match_division as division_of
    from ..store.sheetcontext import division_context

    div = division_of(sheet.match)
    ctx, division, dsettings, problems = division_context(store, sheet, contexts)
    notes = refuse(problems)
    if division is None:
        not_entered(div)
    if ctx is None:
        fail(Msg('match {} is not in the {} schedule', sheet.match, div), where=sheet.where_of("match"),
             hint=f"dbf schedule {div}", code="unknown.match")
    sheet = _canonical_teams(sheet, division)
    res = validate_division_sheet(sheet, ctx)
    doc = {"ok": res.ok, "match": sheet.match, "division": div, "round": res.round, "winner": None,
           "imps": list(res.imps) if res.imps else None,
           "errors": [p.to_json() for p in res.errors], "warnings": [p.to_json() for p in res.warnings],
           "gp": {}, "up": {}}
    if res.imps and res.imps[0] != res.imps[1]:
        doc["winner"] = sheet.home.team if res.imps[0] > res.imps[1] else sheet.away.team
    doc["vp"] = _division_vp(store, sheet, res)
    return DivisionVerdict(sheet=sheet, res=res, doc=doc, division=division, settings=dsettings, notes=notes)


def _division_vp(store: Any, sheet: Any, res: Any) -> dict[str, float] | None:
    """The VP each team scores with a valid division sheet (§1.1.2.1, §1.1.3.1, §1.1.4.1: the
    match counts in the all-play-all's standings), on the season's scale (``vp_scale``,
    :func:`dbfcli.rules.divisions.vp.match_vp`; docs/readings/divisions-standings.md): ``{team: VP}``,
    or None while the sheet has errors or the scale cannot be read."""
    from ..rules.divisions.vp import match_vp, vp_number
    from ..store.snapshotapi import as_snapshot

    if not res.ok or not res.imps:
        return None
    snap = as_snapshot(store)
    scale, _ = snap.vp_scale(snap.settings().vp_scale)
    if scale is None:
        return None
    home, away = match_vp(scale, res.imps[0], res.imps[1], sheet.boards)
    return {sheet.home.team: vp_number(home), sheet.away.team: vp_number(away)}


def write_division(tx: Any, store: Any, verdict: DivisionVerdict, sheet_plain: Any, now: dt.datetime,
                   verb: str) -> None:
    """Plan the write of a valid division sheet: the schedule frozen by the first result, the
    record (``sheet_plain``: the sheet as plain data, kept in it)."""
    from ..store.cup.results import division_match_file, division_record_data
    from ..store.divisions.results import freeze_schedule

    sheet, res = verdict.sheet, verdict.res
    freeze_schedule(tx, store, verdict.division, verdict.settings)  # the first result fixes the match ids
    tx.write_yaml(division_match_file(sheet.match), division_record_data(
        sheet=sheet, sheet_plain=sheet_plain, division=verdict.doc["division"], round_no=res.round,
        imps=res.imps, recorded_at=now), header=f"{sheet.match} (dbf result {verb})")


def _division(session: Session, loaded: Loaded, write: bool, dry_run: bool, amend: bool,
              now: dt.datetime, extra: Extra | None = None) -> Outcome:
    from ..store.cup.results import division_match_file, sheet_data

    store, extra = loaded.store, extra or Extra()
    v = division_verdict(store, loaded.sheet)
    notes = loaded.notes + v.notes + refuse(v.res.problems, v.doc)
    doc = v.doc
    if not write:
        return Outcome(doc=doc, notes=notes, show="valid")
    rel = division_match_file(v.sheet.match)
    with store.transaction(session.actor, Msg("amended {}" if amend else "recorded {}", v.sheet.match), dry_run,
                           session.lock_timeout) as tx:
        if _recorded_already(store, rel, v.sheet, doc, amend):
            return Outcome(doc=doc, notes=notes, show="already")
        write_division(tx, store, v, sheet_data(loaded.data, v.sheet.file or ""), now, "amend" if amend else "submit")
        _write_extra(tx, v.sheet.match, extra)   # a captain's Send: docs/readings/division-results.md
        doc["changes"] = [{"file": f, "action": a} for f, a in tx.changes()]
        doc["recorded_at"] = now.isoformat()   # the receipt's time (issue 26)
    doc.update(recorded=not dry_run, dry_run=dry_run)
    return Outcome(doc=doc, notes=notes, written=not dry_run, show="would" if dry_run else "recorded")


def _write_extra(tx: Any, match_id: str, extra: Extra) -> None:
    """Plan, in the result's transaction, what :class:`Extra` records beside it: who sent the
    sheet, the waiting file it settles, the season files it writes (one journal entry)."""
    if extra.sender:
        from ..store.servefiles import sent_record

        tx.write_yaml(*sent_record(match_id, extra.sender, extra.sent_at))
    if extra.settles:
        tx.delete(extra.settles)
    for rel, text in extra.texts.items():
        tx.write_text(rel, text)


# --------------------------------------------------------------------------- recorded already
def _recorded_already(store: Any, rel: str, sheet: Any, doc: dict[str, Any], amend: bool) -> bool:
    """Inside the write: ``True`` when this match is already recorded with this very sheet and
    this is not an amendment (said so in ``doc``); a different sheet needs ``amend``; an
    amendment of a match that is not recorded is refused (:func:`dbfcli.rules.cup.matchstate.allowed`)."""
    from ..rules.cup.matchstate import allowed

    exists = store.exists(rel)
    if exists and not amend:
        _already(store, rel, sheet, doc)
        return True
    if amend:
        refused = allowed(_sheet_state(sheet, "recorded" if exists else "drawn"), "amend", winner=None)
        if refused:
            raise UsageProblem(refused)
    return False


def _already(store: Any, rel: str, sheet: Any, doc: dict[str, Any]) -> None:
    """An identical resubmit changes nothing; a different one needs ``amend``."""
    from ..rules.cup.matchstate import allowed
    from ..rules.sheet.validate import same_sheet
    from ..store.sheetcontext import recorded_sheet

    old = recorded_sheet(store, rel)
    if old is not None and same_sheet(old, sheet):
        doc.update(recorded=False, already_recorded=True)
        doc["warnings"].append(Problem.warning(None, Msg('{} is already recorded with this sheet; nothing '
                                                         'changed', sheet.match), code="state.already-recorded").to_json())
        return
    raise UsageProblem(allowed(_sheet_state(sheet, "recorded"), "submit", where=sheet.where_of("match"),
                               sheet=sheet.file))


def _sheet_state(sheet: Any, stage: str) -> Any:
    """The match a sheet names, at ``stage``, as :func:`dbfcli.rules.cup.matchstate.allowed` judges it."""
    from ..rules.cup.matchstate import MatchState
    from ..rules.model import CupMatch

    return MatchState(match=CupMatch(sheet.match, 0, (sheet.home.team, sheet.away.team)), stage=stage)


# --------------------------------------------------------------------------- use cases
def check_sheet(session: Session, text: SheetText, now: dt.datetime) -> Outcome:
    """``dbf result check FILE``, and the captain's form checked as he types: one sheet
    validated against every rule (§1.5.9-§1.5.15, §2.11; a division's §1.1.2.1); nothing is
    written, the season is read under a shared lock."""
    return outcome_of(_check, session, text, now)


def _check(session: Session, text: SheetText, now: dt.datetime) -> Outcome:
    loaded = load_sheet(session, text, now)
    if loaded.kind == "division":
        return _division(session, loaded, False, False, False, now)
    res = plan_sheet(loaded, penalty=False).check
    doc = sheet_doc(loaded.sheet, res)
    notes = loaded.notes + refuse(res.problems, doc)
    return Outcome(doc=doc, notes=notes, show="valid")


def submit_sheet(session: Session, text: SheetText, now: dt.datetime, *, penalty: bool = False,
                 dry_run: bool = False, amend: bool = False, extra: Extra | None = None) -> Outcome:
    """``dbf result submit|amend FILE``, and a captain's Send: one sheet decided
    (:func:`dbfcli.rules.sheet.recording.plan_cup_sheet`) and, when it may be recorded, written in
    one transaction with what ``extra`` records beside it (one journal entry: ``dbf undo``
    takes it all back). ``penalty``: record a sheet whose only errors are of form with the
    §1.5.14 penalty."""
    return outcome_of(_submit, session, text, now, penalty, dry_run, amend, extra or Extra())


def _submit(session: Session, text: SheetText, now: dt.datetime, penalty: bool, dry_run: bool, amend: bool,
            extra: Extra) -> Outcome:
    loaded = load_sheet(session, text, now, amend=amend)
    if loaded.kind == "division":
        return _division(session, loaded, True, dry_run, amend, now, extra)
    plan = plan_sheet(loaded, penalty=penalty, amend=amend)
    res = plan.check
    doc = sheet_doc(loaded.sheet, res)
    if not plan.recordable:
        if extra.form_to_td and plan_sheet(loaded, penalty=True, amend=amend).recordable:
            _form_to_td(session, loaded, extra, text, doc)
        raise RuleBroken(list(res.problems), doc)
    if plan.penalty:
        doc.update(ok=True, penalty=True)
    if not _write_cup(session, loaded, plan, doc, dry_run, amend, extra):
        return Outcome(doc=doc, notes=loaded.notes, show="already")
    doc.update(recorded=not dry_run, dry_run=dry_run)
    show = "would" if dry_run else ("amended" if amend else "recorded")
    return Outcome(doc=doc, notes=loaded.notes + list(res.warnings), written=not dry_run, show=show)


def _write_cup(session: Session, loaded: Loaded, plan: Any, doc: dict[str, Any], dry_run: bool, amend: bool,
               extra: Extra) -> bool:
    """Write a valid cup sheet's record under the lock (``False``: it was recorded already,
    and said so), with its sender when a captain sent it (:class:`Extra`); an amendment of a
    locked match (§1.5.16) is refused, and so is a write that would break a season invariant
    (the store's commit checks them all, :func:`dbfcli.store.season.commit_checks`)."""
    from ..store.cup.results import cup_record_data, match_file, sheet_data
    from ..store.sheetcontext import amend_refusal
    from ..store.cup.winnermove import move_winner

    sheet, store, match, res = loaded.sheet, loaded.store, loaded.inputs.match, plan.check
    rel = match_file(match.id)
    move = amend and extra.move_to_next_round
    recorded_at = dt.datetime.now().replace(microsecond=0)
    with store.transaction(session.actor, Msg(
            ("amended {} (--move-to-next-round, §1.5.16)" if move else "amended {}") if amend else "recorded {}",
            match.id), dry_run, session.lock_timeout) as tx:
        if _recorded_already(store, rel, sheet, doc, amend):
            return False
        if amend:   # §1.5.16, read under the lock: rules.cup.matchstate.allowed(state, "amend")
            refusal = amend_refusal(store, rel, match, res.winner, loaded.inputs.ctx.draws)
            if refusal is not None and not (move and refusal.code == "state.already-drawn"):
                raise UsageProblem([refusal])
        if move:   # §1.5.16: rules.cup.winnermove decides, store.cup.winnermove plans the draw and schedule
            doc["moved_to_next_round"], problems = move_winner(tx, store, match, res.winner, loaded.inputs.ctx.draws)
            refuse(problems)
        tx.write_yaml(rel, cup_record_data(
            sheet=sheet, sheet_plain=sheet_data(loaded.data, sheet.file or ""), check=res, match=match,
            fees=plan.fees, penalty=plan.penalty, problems_accepted=list(plan.accepted),
            recorded_at=recorded_at),
            header=f"{match.id} (dbf result {'amend' if amend else 'submit'})")
        _write_extra(tx, match.id, extra)
        doc["changes"] = [{"file": f, "action": a} for f, a in tx.changes()]
        doc["fees"] = plan.fees
        doc["recorded_at"] = recorded_at.isoformat()   # the receipt's time (issue 26)
    return True


def _form_to_td(session: Session, loaded: Loaded, extra: Extra, text: SheetText, doc: dict[str, Any]) -> None:
    """A captain's sheet whose only errors are of form (§1.5.14) waits for the TD
    (``dbf result pending``): written, journaled, and said so in ``doc["pending"]``."""
    from ..store.servefiles import pending_record

    match = loaded.inputs.match.id
    with session.store.transaction(session.actor, Msg("{}: sheet with form errors from the captain of {}, for the TD", match,
                                       extra.sender), lock_timeout=session.lock_timeout) as tx:
        tx.write_yaml(*pending_record(match, extra.sender or "", "form", text.data, at=extra.sent_at))
    doc["pending"] = {"reason": "form", "rule": "1.5.14"}


# --------------------------------------------------------------------------- walkover
def record_walkover(session: Session, match_id: str, withdrawn: str, received: dt.datetime,
                    dry_run: bool = False) -> Outcome:
    """``dbf result walkover MATCH --withdrawn TEAM`` (§1.5.15): the withdrawing team is fined
    the opponents' fee for the round; the opponents advance and pay no fee for the next round."""
    return outcome_of(_walkover, session, match_id, withdrawn, received, dry_run)


def _walkover(session: Session, match_id: str, withdrawn: str, received: dt.datetime, dry_run: bool) -> Outcome:
    from ..rules.cup.fees import team_players_in_round, walkover
    from ..rules.cup.matchstate import allowed, match_state, walkover_fees
    from ..rules.value import replace
    from ..store.cup.results import match_file, walkover_data
    from ..store.sheetcontext import walkover_context

    snap = session.snap
    store = snap.store
    ctx, match, records, problems = walkover_context(snap, match_id, received)
    notes = refuse(problems)
    state = match_state(ctx.draws, {r.match.match: r.match for r in records}, {}, match_id)
    refused = allowed(state, "walkover", match_id=match_id)   # not drawn (§1.5.16), or recorded already
    if refused:
        raise UsageProblem(refused)
    if withdrawn not in match.teams:
        fail(Msg('{} does not play {} ({} v {})', withdrawn, match.id, match.teams[0], match.teams[1]), code="unknown.team")
    wo, problems = walkover(match.id, match.round, match.teams, withdrawn)
    notes += refuse(problems)
    if state is None or wo is None or wo.winner is None:   # refused above (allowed: not drawn; walkover: its §)
        raise UsageProblem(list(problems))
    joins = [j for r in records for j in r.joins]
    winner_team = ctx.teams.get(wo.winner)
    n = team_players_in_round(winner_team, match.round, ctx.additions, joins) if winner_team else 0
    fine, fees = walkover_fees(state, wo.winner, withdrawn, n, ctx.settings.cup.fee_per_player_round_kr)
    rel = match_file(match.id)
    with store.transaction(session.actor, Msg("walkover {}: {} withdrew", match.id, withdrawn), dry_run,
                           session.lock_timeout) as tx:
        if store.exists(rel):   # recorded since the state was read
            raise UsageProblem(allowed(replace(state, stage="recorded"), "walkover"))
        tx.write_yaml(rel, walkover_data(match, withdrawn, wo.winner, fine, fees, received),
                      header=f"{match.id} walkover (dbf result walkover)")
        changes = [{"file": f, "action": a} for f, a in tx.changes()]
    doc = {"ok": True, "match": match.id, "round": match.round, "winner": wo.winner, "withdrawn": withdrawn,
           "errors": [], "warnings": [], "gp": {}, "up": {}, "fine": fine, "fees": fees,
           "recorded": not dry_run, "dry_run": dry_run, "changes": changes}
    return Outcome(doc=doc, notes=notes, written=not dry_run, show="would" if dry_run else "recorded")


__all__ = ["SheetText", "Extra", "check_sheet", "submit_sheet", "record_walkover", "division_verdict",
           "write_division", "division_typo", "sheet_doc", "read_sheet_file"]
