"""``dbf result``: result sheets (§1.5.9-§1.5.15, §2.11; divisions §1.1.2.1).

``check`` validates, ``submit`` validates and records, ``amend`` replaces a
recorded sheet, ``walkover`` records a team withdrawing (§1.5.15). The rules
live in ``dbfcli.rules.sheet*``; this module parses, loads, calls, saves, renders.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from ..i18n import decimal, heads, t as tr
from ..rules.value import Value
from .common import RUN, DryRunOpt, JsonOpt, RuleBroken, UsageProblem, check, command, command_line, emit, fail, load_snapshot, load_store

FileArg = Annotated[Path, typer.Argument(help="Result sheet, YAML (docs/interface.md \"Result sheet\").")]
FilesArg = Annotated[list[Path], typer.Argument(
    metavar="FILE... | DIR", help="Result sheets, YAML (docs/interface.md \"Result sheet\"), or a folder of them "
                                  "(its *.yaml in name order): each is also checked against the others.")]
AllOrNothingOpt = Annotated[bool, typer.Option("--all-or-nothing",
                                               help="With many sheets: record none unless every one is valid.")]
NowOpt = Annotated[str | None, typer.Option("--now", help="When the sheet was received, if the sheet has no "
                                            "submitted_at (YYYY-MM-DDTHH:MM; default: now).")]
PenaltyOpt = Annotated[bool, typer.Option("--accept-with-penalty",
                                          help="Record a sheet whose only errors are of form (§1.5.14): "
                                               "1 GP less per winning player.")]


def _now(value: str | None) -> dt.datetime:
    if value:
        from ..rules.dates import datetime_of

        when = datetime_of(value)
        if when is None:
            fail(f"--now {value!r} is not a date and time (YYYY-MM-DDTHH:MM) in the years 1900-2999", code="usage.option")
        return when
    return dt.datetime.now().replace(microsecond=0)


def _read_sheet(file: Path):
    from ..store.cupresults import parse_cup_sheet

    from ..store.yamlio import YamlLoadError, read_input

    try:
        data = read_input(file)   # at most 8 MiB: `result check /dev/zero` is refused, not read for ever
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    sheet, problems = parse_cup_sheet(data, str(file))
    if problems or sheet is None:
        raise UsageProblem(problems)
    return sheet, data


# --------------------------------------------------------------------------- cup context
class Loaded(Value, kw_only=True):
    """A sheet read and the season it is checked against: ``kind`` "cup" (``inputs``: the
    :class:`dbfcli.store.sheetcontext.CupSheetInputs`) or "division"."""

    kind: str
    sheet: object
    data: bytes
    store: object
    inputs: object = None


def _doc(sheet, check_, gp_override=None) -> dict:
    gp = check_.gp if gp_override is None else gp_override
    return {
        "ok": check_.ok, "match": sheet.match, "round": check_.round, "winner": check_.winner,
        "imps": list(check_.outcome.imps) if check_.outcome else None,
        "errors": [p.to_json() for p in check_.errors],
        "warnings": [p.to_json() for p in check_.warnings],
        "gp": {str(k): round(v / 100, 2) for k, v in gp.items()},
        "up": dict(check_.up),
    }


def _human(doc: dict, verb_key: str):
    def show(out):
        if doc.get("winner"):
            imps = doc.get("imps") or ["?", "?"]
            out.line(tr("result_winner", match=doc["match"], verb=tr(verb_key), winner=doc["winner"], a=imps[0], b=imps[1]))
        else:
            out.line(tr("result_plain", match=doc["match"], verb=tr(verb_key)))
        if doc.get("gp"):
            out.table(tr("gp_short_title"), heads("player", "GP"), [(p, decimal(f"{g:.2f}")) for p, g in sorted(doc["gp"].items())],
                      justify=["left", "right"])
        if doc.get("up"):
            out.line(tr("up_credited_line", list=", ".join(f"{t} {u}" for t, u in doc["up"].items())))
    return show


def _load(file: Path, now_opt: str | None, amend: bool = False) -> Loaded:
    """Read the sheet and what it is checked against; exit on problems in the season's files
    and for a cup match that is not drawn (§1.5.16)."""
    from ..rules.matchstate import allowed
    from ..store.sheetcontext import cup_context, division_of

    sheet, data = _read_sheet(file)
    snap = load_snapshot()
    store = snap.store
    inputs = cup_context(snap, sheet, _now(now_opt), exclude=sheet.match if amend else None)
    check(list(inputs.problems))
    if inputs.match is None:
        if division_of(sheet.match):
            return Loaded(kind="division", sheet=sheet, data=data, store=store)
        _division_typo(snap, sheet)
        raise UsageProblem(allowed(None, "submit", match_id=sheet.match, where=sheet.where_of("match")))
    return Loaded(kind="cup", sheet=sheet, data=data, store=store, inputs=inputs)


def _plan(loaded: Loaded, penalty: bool, amend: bool = False):
    """:func:`dbfcli.rules.recording.plan_cup_sheet` on what :func:`_load` read."""
    from ..rules.recording import plan_cup_sheet

    i = loaded.inputs
    return plan_cup_sheet(loaded.sheet, i.ctx, i.match, joins=[j for r in i.records for j in r.joins],
                          penalty=penalty, amend=amend)


# --------------------------------------------------------------------------- division sheets
def _division_typo(snap, sheet) -> None:
    """A match id that looks like a division's but is none (a typo, another case): exit 2 with
    the nearest id of that division's schedule -- not the cup's §1.5.16 nor `dbf draw cup`."""
    import difflib

    from ..rules.model import DIVISIONS

    mid = sheet.match
    head = next((d for d in sorted(DIVISIONS, key=len, reverse=True) if mid.lower().startswith(d.lower())), None)
    import re

    if head is None and "div" not in mid.lower() and not re.search(r"-R\d+-\d+$", mid, re.I):
        return
    ids = []
    for div in ([head] if head else list(DIVISIONS)):
        ids += _schedule_ids(snap, div)
    exact = next((i for i in ids if i.lower() == mid.lower()), None)
    near = [exact] if exact else difflib.get_close_matches(mid, ids, n=1, cutoff=0.6)
    where = f"the {head} schedule" if head else "any division's schedule"
    fail(f"match {mid} is not a match of {where}", where=sheet.where_of("match"),
         hint=(f"did you mean {near[0]}? " if near else "") + f"see `dbf schedule {head or '1div'}`", code="unknown.match")


def _schedule_ids(snap, div: str) -> list[str]:
    division, _ = snap.division(div)
    if division is None or not division.teams:
        return []
    return [m.id for r in snap.season_schedule(division, snap.settings().division(div)) for m in r.matches
            if m.away]


def _canonical_teams(sheet, division):
    """Team ids are case-insensitive (docs/interface.md): the sheet's sides as the division spells them."""
    from ..rules.value import replace

    ids = {t.id.lower(): t.id for t in division.teams}
    for side in ("home", "away"):
        s = getattr(sheet, side)
        if s.team not in ids.values() and s.team.lower() in ids:
            sheet = replace(sheet, **{side: replace(s, team=ids[s.team.lower()])})
    return sheet


def division_verdict(store, sheet, contexts: dict | None = None):
    """A division sheet checked (§1.1.2.1): ``(sheet with the division's team ids, its
    DivisionCheck, its JSON document, the division, its settings)``; exit 2 for a division
    without teams or a match not in its schedule. ``contexts``: a batch's cache of
    :func:`dbfcli.store.sheetcontext.division_context` by division."""
    from ..rules.sheet import validate_division_sheet
    from ..store.sheetcontext import division_context, division_of

    div = division_of(sheet.match)
    ctx, division, dsettings, problems = division_context(store, sheet, contexts)
    check(problems)
    if division is None:
        fail(f"no teams entered in {div}", hint=f"dbf division enter {div} FILE", code="state.not-entered")
    if ctx is None:
        fail(f"match {sheet.match} is not in the {div} schedule", where=sheet.where_of("match"),
             hint=f"dbf schedule {div}", code="unknown.match")
    sheet = _canonical_teams(sheet, division)
    res = validate_division_sheet(sheet, ctx)
    doc = {"ok": res.ok, "match": sheet.match, "division": div, "round": res.round, "winner": None,
           "imps": list(res.imps) if res.imps else None,
           "errors": [p.to_json() for p in res.errors], "warnings": [p.to_json() for p in res.warnings],
           "gp": {}, "up": {}}
    if res.imps and res.imps[0] != res.imps[1]:
        doc["winner"] = sheet.home.team if res.imps[0] > res.imps[1] else sheet.away.team
    return sheet, res, doc, division, dsettings


def write_division(tx, store, sheet, sheet_plain, res, division, dsettings, now: dt.datetime, verb: str) -> None:
    """Plan the write of a valid division sheet: the schedule frozen by the first result, the
    record (``sheet_plain``: the sheet as plain data, kept in it)."""
    from ..store.cupresults import division_match_file, division_record_data
    from ..store.divresults import freeze_schedule
    from ..store.sheetcontext import division_of

    freeze_schedule(tx, store, division, dsettings)  # the first result fixes the match ids
    tx.write_yaml(division_match_file(sheet.match), division_record_data(
        sheet=sheet, sheet_plain=sheet_plain, division=division_of(sheet.match), round_no=res.round,
        imps=res.imps, recorded_at=now), header=f"{sheet.match} (dbf result {verb})")


def _division(store, sheet, data, write: bool, dry_run: bool, amend: bool, now: dt.datetime) -> None:
    from ..store.cupresults import division_match_file, sheet_data

    sheet, res, doc, division, dsettings = division_verdict(store, sheet)
    check(res.problems, doc)
    if not write:
        emit(doc, _human(doc, "verb:sheet_valid"))
        return
    rel = division_match_file(sheet.match)
    with store.transaction(command_line(), f"{'amended' if amend else 'recorded'} {sheet.match}", dry_run,
                           RUN.lock_timeout) as tx:
        if _recorded_already(store, rel, sheet, doc, amend):
            return
        write_division(tx, store, sheet, sheet_data(data, sheet.file or ""), res, division, dsettings, now,
                       "amend" if amend else "submit")
        doc["changes"] = [{"file": f, "action": a} for f, a in tx.changes()]
    doc.update(recorded=not dry_run, dry_run=dry_run)
    emit(doc, _human(doc, "verb:would be recorded" if dry_run else "verb:recorded_p"))


def _recorded_already(store, rel: str, sheet, doc: dict, amend: bool) -> bool:
    """Inside the write: ``True`` when this match is already recorded and this is not an
    amendment (an identical sheet is said so; a different one needs ``amend``); an
    amendment of a match that is not recorded is refused (:func:`dbfcli.rules.matchstate.allowed`)."""
    from ..rules.matchstate import MatchState, allowed
    from ..rules.model import CupMatch

    exists = store.exists(rel)
    if exists and not amend:
        _already(store, rel, sheet, doc)
        return True
    state = MatchState(match=CupMatch(sheet.match, 0, (sheet.home.team, sheet.away.team)),
                       stage="recorded" if exists else "drawn")
    if amend:
        refused = allowed(state, "amend", winner=None)
        if refused:
            raise UsageProblem(refused)
    return False


def _already(store, rel, sheet, doc) -> None:
    """An identical resubmit changes nothing; a different one needs ``amend``."""
    from ..rules.problems import Problem
    from ..rules.sheet import same_sheet
    from ..store.sheetcontext import recorded_sheet

    old = recorded_sheet(store, rel)
    if old is not None and same_sheet(old, sheet):
        doc.update(recorded=False, already_recorded=True)
        doc["warnings"].append(Problem.warning(None, f"{sheet.match} is already recorded with this sheet; "
                                               "nothing changed", code="state.already-recorded").to_json())
        emit(doc, lambda out: out.line(tr("already_recorded", match=sheet.match)))
        return
    from ..rules.matchstate import MatchState, allowed
    from ..rules.model import CupMatch

    state = MatchState(match=CupMatch(sheet.match, 0, (sheet.home.team, sheet.away.team)), stage="recorded")
    raise UsageProblem(allowed(state, "submit", where=sheet.where_of("match"), sheet=sheet.file))


def record_sheet(file: Path, now: str | None, penalty: bool, dry_run: bool, amend: bool) -> None:
    """``dbf result submit|amend FILE``: one sheet decided (:func:`_plan`) and written."""
    loaded = _load(file, now, amend=amend)
    sheet, store = loaded.sheet, loaded.store
    if loaded.kind == "division":
        _division(store, sheet, loaded.data, True, dry_run, amend, _now(now))
        return
    plan = _plan(loaded, penalty=penalty, amend=amend)
    res = plan.check
    doc = _doc(sheet, res)
    if not plan.recordable:
        if penalty:
            doc["errors"] = [dict(e, substance=True) for e in doc["errors"]]
        raise RuleBroken(list(res.problems), doc)
    if plan.penalty:
        doc.update(ok=True, penalty=True)
    if not _write_cup(loaded, plan, doc, dry_run, amend):
        return
    doc.update(recorded=not dry_run, dry_run=dry_run)
    if not RUN.json and res.warnings:
        from .common import print_problems

        print_problems(res.warnings)
    emit(doc, _human(doc, "verb:would be recorded" if dry_run else ("verb:amended" if amend else "verb:recorded_p")))


def _write_cup(loaded: Loaded, plan, doc: dict, dry_run: bool, amend: bool) -> bool:
    """Write a valid cup sheet's record under the lock (``False``: it was recorded already,
    and said so); an amendment of a locked match, or a write that would break a season
    invariant (issue 13.5), is refused."""
    from ..store.cupresults import cup_record_data, match_file, sheet_data
    from ..store.sheetcontext import amend_refusal
    from ..store.snapshot import refusals

    sheet, store, match, res = loaded.sheet, loaded.store, loaded.inputs.match, plan.check
    rel = match_file(match.id)
    with store.transaction(command_line(), f"{'amended' if amend else 'recorded'} {match.id}", dry_run,
                           RUN.lock_timeout) as tx:
        if _recorded_already(store, rel, sheet, doc, amend):
            return False
        if amend:   # §1.5.16, read under the lock: rules.matchstate.allowed(state, "amend")
            refusal = amend_refusal(store, rel, match, res.winner, loaded.inputs.ctx.draws)
            if refusal is not None:
                raise UsageProblem([refusal])
        tx.write_yaml(rel, cup_record_data(
            sheet=sheet, sheet_plain=sheet_data(loaded.data, sheet.file or ""), check=res, match=match,
            fees=plan.fees, penalty=plan.penalty, problems_accepted=list(plan.accepted),
            recorded_at=dt.datetime.now().replace(microsecond=0)),
            header=f"{match.id} (dbf result {'amend' if amend else 'submit'})")
        check(refusals(store, tx.writes))   # issue 13.5: a write that would break a season invariant
        doc["changes"] = [{"file": f, "action": a} for f, a in tx.changes()]
        doc["fees"] = plan.fees
    return True


def write_batch(store, rows: list, dry_run: bool, hold: bool) -> None:
    """``dbf result submit FILE... | DIR`` (cli/result_batch.py judged the sheets, ``rows``):
    each valid sheet its own write and journal entry (``dbf undo`` undoes one), the writes
    made durable together (:meth:`dbfcli.store.season.SeasonStore.transaction_group`);
    ``hold``: none. A dry run plans each write and keeps none."""
    todo = [j for j in rows if j.write is not None]
    if hold or not todo:
        for j in todo:
            j.status = "not recorded"
        return
    done = []
    with store.transaction_group(RUN.lock_timeout, dry_run) as group:
        for j in todo:
            with group.transaction(command_line(), f"recorded {j.doc['match']}") as tx:
                j.write(tx)
                j.doc["changes"] = [{"file": f, "action": a} for f, a in tx.changes()]
            j.status = "would be recorded" if dry_run else "recorded"
            done.append((j, tx))
    for j, tx in done:
        if tx.journal_file:
            j.doc["journal"] = tx.journal_file


# --------------------------------------------------------------------------- commands
def register(app: typer.Typer) -> None:
    result = typer.Typer(help="Result sheets (§1.5.9-§1.5.15, §2.11): check, submit, amend, walkover.",
                         no_args_is_help=True)
    app.add_typer(result, name="result")
    from .result_input import attach  # import, blank (issue 17): their own module on this group

    attach(result)
    from .result_pending import attach as attach_pending   # pending, accept, reject (issue 19)

    attach_pending(result)

    @command(result, "check")
    def check_cmd(file: FilesArg, now: NowOpt = None, json_: JsonOpt = False) -> None:
        """Validate result sheets; record nothing. Every problem is listed with file:line and §.

        Many sheets (or a folder): a summary table, each sheet also checked against the
        others (§1.5.12a: nobody plays for two teams in one round; one sheet a match).

        Example: dbf result check C3-007.yaml --json   |   dbf result check sheets/
        """
        from .result_batch import many, run_batch

        if many(file):
            run_batch(file, False, False, False, False, _now(now))
            return
        file = file[0]
        loaded = _load(file, now)
        if loaded.kind == "division":
            _division(loaded.store, loaded.sheet, loaded.data, False, False, False, _now(now))
            return
        res = _plan(loaded, penalty=False).check
        doc = _doc(loaded.sheet, res)
        check(res.problems, doc)
        emit(doc, _human(doc, "verb:sheet_valid"))

    @command(result, "submit", writes=True)
    def submit(file: FilesArg, accept_with_penalty: PenaltyOpt = False, dry_run: DryRunOpt = False,
               now: NowOpt = None, all_or_nothing: AllOrNothingOpt = False, json_: JsonOpt = False) -> None:
        """Validate result sheets and record each one only if valid (§1.5.9-§1.5.15, §2.11).

        A sheet whose only errors are of form (§1.5.14) is recorded with
        --accept-with-penalty (1 GP less per winning player). Resubmitting the
        same sheet changes nothing; a different sheet for a recorded match needs
        `dbf result amend`. Many sheets (or a folder: a whole round): one lock and
        one read of the season, each sheet also checked against the others
        (§1.5.12a), each valid one recorded as its own write (`dbf log`, `dbf undo`),
        a summary table, exit 1 if any was rejected; --all-or-nothing records none
        unless all are valid.

        Example: dbf result submit C3-007.yaml --json   |   dbf result submit sheets/
        """
        from .result_batch import many, run_batch

        if many(file):
            run_batch(file, True, accept_with_penalty, dry_run, all_or_nothing, _now(now))
            return
        record_sheet(file[0], now, accept_with_penalty, dry_run, amend=False)

    @command(result, "amend", writes=True)
    def amend(file: FileArg, accept_with_penalty: PenaltyOpt = False, dry_run: DryRunOpt = False,
              now: NowOpt = None, json_: JsonOpt = False) -> None:
        """Replace the recorded sheet of a match with FILE (validated like submit).

        Refused when the amendment changes the winner and the next round is already drawn.

        Example: dbf result amend C3-007.yaml
        """
        record_sheet(file, now, accept_with_penalty, dry_run, amend=True)

    @command(result, "walkover", writes=True)
    def walkover_cmd(match_id: Annotated[str, typer.Argument(metavar="MATCH", help="Match id, e.g. C3-007.")],
                     withdrawn: Annotated[str, typer.Option("--withdrawn", help="The team that withdrew.")],
                     dry_run: DryRunOpt = False, now: NowOpt = None, json_: JsonOpt = False) -> None:
        """Record a walkover (§1.5.15): the withdrawing team is fined the opponents' fee for
        the round; the opponents advance and pay no fee for the next round.

        Example: dbf result walkover C3-007 --withdrawn ODE-1
        """
        from ..rules.fees import team_players_in_round, walkover
        from ..rules.matchstate import allowed, match_state, walkover_fees
        from ..rules.value import replace
        from ..store.cupresults import match_file, walkover_data
        from ..store.sheetcontext import walkover_context

        snap = load_snapshot()
        store = snap.store
        received = _now(now)
        ctx, match, records, problems = walkover_context(snap, match_id, received)
        check(problems)
        state = match_state(ctx.draws, {r.match.match: r.match for r in records}, {}, match_id)
        refused = allowed(state, "walkover", match_id=match_id)   # not drawn (§1.5.16), or recorded already
        if refused:
            raise UsageProblem(refused)
        if withdrawn not in match.teams:
            fail(f"{withdrawn} does not play {match.id} ({match.teams[0]} v {match.teams[1]})", code="unknown.team")
        wo, problems = walkover(match.id, match.round, match.teams, withdrawn)
        check(problems)
        joins = [j for r in records for j in r.joins]
        winner_team = ctx.teams.get(wo.winner)
        n = team_players_in_round(winner_team, match.round, ctx.additions, joins) if winner_team else 0
        fine, fees = walkover_fees(state, wo.winner, withdrawn, n, ctx.settings.cup.fee_per_player_round_kr)
        rel = match_file(match.id)
        with store.transaction(command_line(), f"walkover {match.id}: {withdrawn} withdrew", dry_run,
                               RUN.lock_timeout) as tx:
            if store.exists(rel):   # recorded since the state was read
                raise UsageProblem(allowed(replace(state, stage="recorded"), "walkover"))
            tx.write_yaml(rel, walkover_data(match, withdrawn, wo.winner, fine, fees, received),
                          header=f"{match.id} walkover (dbf result walkover)")
            from ..store.snapshot import refusals
            check(refusals(store, tx.writes))   # issue 13.5: a write that would break a season invariant
            changes = [{"file": f, "action": a} for f, a in tx.changes()]
        doc = {"ok": True, "match": match.id, "round": match.round, "winner": wo.winner, "withdrawn": withdrawn,
               "errors": [], "warnings": [], "gp": {}, "up": {}, "fine": fine, "fees": fees,
               "recorded": not dry_run, "dry_run": dry_run, "changes": changes}
        emit(doc, lambda out: out.line(tr("walkover_would" if dry_run else "walkover_line", match=match.id,
                                          winner=wo.winner, team=withdrawn, kr=fine["amount_kr"])))
