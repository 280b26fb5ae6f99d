"""The facts of each match's pre-filled result sheet (``dbf result blank``, the captain's form
of ``dbf serve``, the sheet ``dbf notify draw`` attaches): rosters, boards, computed UP, HUM
pairs, the §1.5.14 deadline, for the matches asked for (§1.5.16: drawn, teams known); and
``dbf result blank`` itself, the sheets written (:func:`write_blank_sheets`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .outcome import Outcome, UsageProblem, fail, not_drawn, not_entered, outcome_of, refuse
from .session import Session
from ..rules.problems import Msg
from ..rules.value import Value

#: the formats of ``dbf result blank --format``
FORMATS = ("yaml", "html")


class BlankRequest(Value, kw_only=True):
    """``dbf result blank [MATCH]... | --round N [--out DIR] [--format yaml|html] [--dry-run]``:
    the ``matches`` or every match of cup ``round`` (one or the other), the folder they go to
    (``out``; None: here), one YAML sheet a match or one printable HTML file."""

    matches: tuple[str, ...] = ()
    round: int | None = None
    out: Path | None = None
    format: str = "yaml"
    dry_run: bool = False


class BlankFiles(Value, kw_only=True):
    """The plan of ``dbf result blank``: the ``facts`` of each sheet (:func:`blank_sheets`) and
    the ``files`` written (or, in a dry run, that would be)."""

    facts: tuple[dict[str, Any], ...]
    files: tuple[Path, ...]


def write_blank_sheets(session: Session, request: BlankRequest) -> Outcome:
    """``dbf result blank``: the blank sheet of each match asked for (§1.5.4-§1.5.14, §1.5.16),
    as YAML (one file a match) or HTML (one A4 page a match), written by the store into the
    folder the user named (never through a link, issue 16.3); nothing of the season changes.
    An option refused (exit 2) before the season is read."""
    return outcome_of(_write_blanks, session, request)


def _write_blanks(session: Session, request: BlankRequest) -> Outcome:
    from ..store.cup.blanks import blank_yaml
    from ..store.outfiles import write_out_folder

    if request.format not in FORMATS:
        fail(Msg('--format {}: yaml or html', f'{request.format!r}'), code="usage.option")
    if bool(request.matches) == (request.round is not None):
        fail(Msg('give match ids or --round N (not both)'), hint="dbf result blank --round 1 --out sheets/",
             code="usage.conflict")
    snap = session.snap
    facts = blank_sheets(snap, list(request.matches), request.round)
    target = request.out or Path(".")
    files: list[tuple[Path, str]] = []
    if request.format == "yaml":
        files = [(target / f"{f['match']}.yaml", blank_yaml(f)) for f in facts]
    else:
        from ..publish.blanksheet import render_blank_sheets

        name = f"round-{request.round:02d}.html" if request.round is not None else f"{facts[0]['match']}.html" \
            if len(facts) == 1 else "sheets.html"
        files = [(target / name, render_blank_sheets(facts, snap.store.season))]
    if not request.dry_run:
        write_out_folder(target, [(path.name, text.encode("utf-8")) for path, text in files])
    doc = {"ok": True, "format": request.format, "sheets": facts, "files": [str(p) for p, _ in files],
           "dry_run": request.dry_run, "errors": [], "warnings": []}
    return Outcome(doc=doc, show="blank", plan=BlankFiles(facts=tuple(facts), files=tuple(p for p, _ in files)))


def blank_sheets(season: Any, match_ids: list[str], round_no: int | None) -> list[dict[str, Any]]:
    """The facts of the blank sheet of each match (``store.cup.blanks.blank_facts``), from the
    season's snapshot (or its store): exit 2 for a round not drawn or a match not in any draw."""
    from ..rules.cup.home import seating_sides
    from ..rules.sheet.validate import Sheet, SheetSide
    from ..store.cup.blanks import blank_facts
    from ..store.sheetcontext import computed_trips
    from ..store.snapshotapi import as_snapshot

    snap = as_snapshot(season)
    if round_no is None and _division_ids(match_ids):
        return [division_blank(snap, m) for m in match_ids]
    settings = snap.settings()
    teams, problems = snap.cup_teams()
    draws, _, more = snap.draws()
    additions, more2 = snap.additions()
    withdrawals, more3 = snap.cup_part("withdrawals")
    refuse([p for p in problems + more + more2 + more3 if p.is_error])
    team_map = {t.id: t for t in teams}
    wanted = _wanted(draws, match_ids, round_no)
    regs, _ = snap.registry()
    hum: dict[str, list[Any]] = {}
    for r in regs:
        if r.hum:
            hum.setdefault(r.team, []).append(r.pair)
    rows_of: dict[int, dict[str, Any]] = {}
    out = []
    for r, mid in wanted:
        if r not in rows_of:
            _, rows, _ = snap.scheduled(settings, r)
            rows_of[r] = {s.id: s for s in rows}
        s = rows_of[r][mid]
        home, away, _ = seating_sides(s)   # §1.5.5/§1.5.13/§1.5.7: the one answer to who is at home
        match = draws[r].match(mid)
        probe = Sheet(match=mid, home=SheetSide(home), away=SheetSide(away))
        _, ferries = computed_trips(probe, match, team_map, settings)
        out.append(blank_facts(s, team_map, additions, settings, ferries, hum, withdrawals))
    return out


def _division_ids(match_ids: list[str]) -> bool:
    """True when every match asked for is a division's (§1.1.2.1, §1.1.3.1, §1.1.4.1); a mix
    with cup matches is refused (exit 2)."""
    from ..rules.model import match_division

    divisions = [m for m in match_ids if match_division(m)]
    if divisions and len(divisions) != len(match_ids):
        fail(Msg('give cup matches or division matches, not both'), hint="dbf result blank 1div-R01-01 1div-R01-02",
             code="usage.conflict")
    return bool(divisions)


def division_blank(snap: Any, match_id: str) -> dict[str, Any]:
    """The facts of a division match's blank sheet (``store.cup.blanks.division_blank_facts``): its
    teams, home and away and round date as the season's schedule has them (§1.1.2.1, §1.1.3.1,
    §1.1.4.1; the frozen schedule once stored); exit 2 for a match not in its division's schedule."""
    from ..rules.model import match_division
    from ..store.cup.blanks import division_blank_facts

    div = match_division(match_id) or ""
    division, problems = snap.division(div)
    refuse([p for p in problems if p.is_error])
    if division is None or not division.teams:
        not_entered(div)
    dsettings = snap.settings().division(div)
    for r in snap.season_schedule(division, dsettings):
        m = next((m for m in r.matches if m.id == match_id and m.away), None)
        if m is not None:
            return division_blank_facts(m, r.date, {t.id: t for t in division.teams}, dsettings.boards, div)
    fail(Msg('match {} is not in the {} schedule', match_id, div), hint=f"dbf schedule {div}", code="unknown.match")


def _wanted(draws: Any, match_ids: list[str], round_no: int | None) -> list[tuple[int, str]]:
    """(round, match id) of each sheet asked for: every match of ``round_no`` whose teams are
    known, else each of ``match_ids`` (§1.5.16: drawn, and no pending place; exit 2 or 1)."""
    from ..rules.cup.draw_pending import unresolved

    if round_no is not None:
        if round_no not in draws:
            not_drawn(round_no)
        # §1.5.16: a match with a pending place gets its sheet once its teams are known
        return [(round_no, m.id) for m in draws[round_no].matches if not unresolved(m)]
    wanted = []
    for mid in match_ids:
        r = next((n for n, d in draws.items() if d.match(mid) is not None), None)
        if r is None:
            fail(Msg('match {} is not in any recorded draw', mid), rule="1.5.16",
                 hint=Msg('use the id printed by `dbf draw cup` / `dbf schedule cup`'), code="unknown.match")
        wanted.append((r, mid))
    _refuse_pending([draws[r].match(mid) for r, mid in wanted])
    return wanted


def _refuse_pending(matches: Any) -> None:
    """§1.5.16: no sheet for a match with a pending place: one of its teams is not known yet."""
    from ..rules.cup.matchstate import MatchState, allowed

    refused = [p for m in matches for p in allowed(MatchState(match=m, stage="drawn"), "submit")]
    if refused:
        raise UsageProblem(refused)
