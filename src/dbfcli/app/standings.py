"""A division's table as a use case: :func:`standings_view` (``dbf standings DIV``): played,
won/drawn/lost, IMPs and VP from the recorded matches (§1.1.2.1), the rank with its tie-breaks
and the lots recorded (§1.1.3.2), and the marks (§1.1.2.5, §1.1.3.2-3, §1.1.4.2-3). It reads and
writes nothing else."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, UsageProblem, fail, outcome_noting, refuse
from .session import Session


class StandingsRequest(Value, kw_only=True):
    """``dbf standings DIV [--round N]``: ``after_round`` the table after round N (later rounds
    left out)."""

    division: str
    after_round: int | None = None


class StandingsView(MutableValue, kw_only=True):
    """The table (:class:`dbfcli.rules.divisions.standings.Standings`), the teams' names, the VP
    scale's name and the season, as the faces show them."""

    table: Any
    names: dict[str, str]
    scale: str
    season: str


def standings_view(session: Session, request: StandingsRequest) -> Outcome:
    """``dbf standings DIV`` (§1.1.2.1, §1.1.3.2): refused (exit 2) for an unknown division, one
    with no teams, a VP scale that cannot be used, a malformed match or lots file or a round out
    of range; exit 1 when a recorded match breaks the schedule. ``doc``: the table as ``--json``
    prints it; ``plan``: :class:`StandingsView`; the warnings (a pending lot) are ``notes``."""
    return outcome_noting(_standings_view, session, request)


def _standings_view(session: Session, request: StandingsRequest, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.standings import standings
    from ..rules.model import DIVISIONS

    div = request.division
    if div not in DIVISIONS:
        fail(Msg('unknown division {}', f'{div!r}'), hint=Msg("one of: {}", ", ".join(DIVISIONS)),
             code="unknown.division")
    snap = session.snap
    settings = snap.settings()
    division, scale = _division_and_scale(snap, settings, div, notes)
    results, problems = _results(snap, settings, division, div, request.after_round)
    lots, lot_problems = snap.lots()
    notes += refuse([x for x in lot_problems if x.rule is None])      # a malformed lots file: exit 2
    table, more = standings(division, results, scale, lots)
    problems += more
    names = {t.id: t.name for t in division.teams}
    doc: dict[str, Any] = {"division": div, "season": snap.season, "vp_scale": scale.name,
                           "after_round": request.after_round, "rounds_played": table.rounds_played,
                           "matches_played": table.matches_played, "matches_total": table.matches_total,
                           "complete": table.complete, "rows": [_row_doc(r, names) for r in table.rows]}
    warnings = refuse(problems, doc)
    notes += warnings
    doc["warnings"] = [p.to_json() for p in warnings]
    return Outcome(doc=doc, notes=list(notes),
                   plan=StandingsView(table=table, names=names, scale=scale.name, season=snap.season))


def _division_and_scale(snap: Any, settings: Any, div: str, notes: list[Problem]) -> tuple[Any, Any]:
    """The division's teams and the season's VP scale; exit 2 when either cannot be used."""
    division, problems = snap.division(div)
    notes += refuse(problems)
    if division is None or not division.teams:
        fail(Msg('no teams entered in {}', div), hint=Msg('run `dbf division enter {} FILE`', div),
             code="state.not-entered")
    scale, scale_problems = snap.vp_scale(settings.vp_scale)
    if scale is None:
        notes += refuse(scale_problems or [])
        fail(Msg('vp_scale {} cannot be used', f'{settings.vp_scale!r}'), code="format.vp-table")
    return division, scale


def _results(snap: Any, settings: Any, division: Any, div: str, after_round: int | None) -> tuple[list[Any], list[Problem]]:
    """The division's recorded matches (up to ``--round``) and their problems against the
    (frozen) schedule (§1.1.2.1); exit 2 on a malformed match file or a round out of range."""
    from ..rules.divisions.standings import check_against_schedule

    results, problems = snap.div_results(div)
    if any(p.is_error and p.rule is None for p in problems):  # malformed files: exit 2
        raise UsageProblem(list(problems))
    schedule = snap.season_schedule(division, settings.division(div))   # the frozen one when stored
    problems = list(problems) + check_against_schedule(results, schedule)
    if after_round is not None:
        if not 1 <= after_round <= len(schedule):
            fail(Msg('--round {}: {} has rounds 1-{}', after_round, div, len(schedule)), code="usage.option")
        results = [r for r in results if r.round <= after_round]
    return list(results), problems


def _row_doc(r: Any, names: dict[str, str]) -> dict[str, Any]:
    """One row of the table in the ``--json`` document."""
    from ..rules.divisions.vp import vp_number

    q = r.imp_quotient
    return {"rank": r.rank, "team": r.team, "name": names[r.team], "played": r.played, "won": r.won,
            "drawn": r.drawn, "lost": r.lost, "imps_for": r.imps_for, "imps_against": r.imps_against,
            "imp_quotient": None if q is None else round(float(q), 4), "vp": vp_number(r.vp),
            "marks": [m.name for m in r.marks], "mark_rules": [m.rule for m in r.marks],
            "tie_break": r.tie_break, "lots": r.lots, "lot_drawn": r.lot_drawn}
