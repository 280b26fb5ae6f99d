"""The season rollover as a use case (§1.1.1.1, §1.1.2.2, §1.1.3.2-3, §1.1.4.1-3, §1.1.5):
:func:`rollover` (``dbf season rollover --to SEASON``) builds next season's divisions from this
season's final standings, the play-off and the qualifiers, and writes the new season folder.

The reasoning is ``rules.divisions.rollover`` (through ``store.divisions.rollover.rollover_plan``,
which reads this season); the new season is written in one step (``store.newseason.creating``:
a staging folder renamed into place) while this season's lock is held, then made current in
``DIR/dbf.toml``. The plan (``store.divisions.rollover.RolloverPlan``: the steps, the new
divisions, the document) is the Outcome's, so a face shows every step before the result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, RuleBroken, UsageProblem, fail, outcome_of
from .session import Session


class RolloverRequest(Value, kw_only=True):
    """``dbf season rollover --to SEASON --qualifiers FILE``: ``vacancies`` dissolved teams
    (§1.1.1.1), ``winners`` the winners of deciding matches as given (``MATCH=TEAM``: 3div-PO3,
    Q-PO1 ...), ``too_late_for_match`` (§1.1.1.1: draw lots instead), ``too_late_to_promote``
    (§1.1.1.1: the TD resolves it), ``seed`` of the lots (default: the play-off's, else the
    season's digits)."""

    to: str
    qualifiers: Path | None
    vacancies: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    too_late_for_match: bool = False
    too_late_to_promote: bool = False
    seed: int | None = None
    dry_run: bool = False


class Rollover(MutableValue, kw_only=True):
    """What :func:`rollover` decided: ``plan`` (``store.divisions.rollover.RolloverPlan``: the
    steps, the new divisions in seeding order, where the new season goes), ``source`` this
    season, ``finished`` (the new season was there already, exactly what this rollover writes: an
    interrupted rollover, only made current now), ``current`` (``DIR/dbf.toml`` now names it)."""

    plan: Any
    source: str
    finished: bool = False
    current: bool = False


def rollover(session: Session, request: RolloverRequest) -> Outcome:
    """``dbf season rollover --to SEASON`` (§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3, §1.1.5):
    refused (exit 2) for a ``--to`` that is not the next season or a season that is there and not
    what this rollover writes, no ``--qualifiers``, a malformed or unused ``--winner``; exit 1
    when the 1st-division play-off cannot be paired (§1.1.2.8, no plan) or the plan needs
    matches still to be played (the plan, with its steps, and nothing written). ``doc``: the
    plan's document (``current``: the season made current); ``plan``: :class:`Rollover` (also on
    a refusal of the plan or of its write); ``notes``: the warnings."""
    return outcome_of(_rollover, session, request)


def _rollover(session: Session, request: RolloverRequest) -> Outcome:
    from ..store.divisions.rollover import new_season_refusal, rollover_plan

    store, to = session.store, request.to
    refusal = new_season_refusal(store, to)
    if refusal is not None and refusal.code != "state.exists":
        raise UsageProblem([refusal])
    if request.qualifiers is None:
        fail(Msg('give --qualifiers FILE: the 6 teams from the qualification (§1.1.4.3, §1.1.5)'),
             hint=Msg('YAML with west, east_direct, east_tournament and teams '
                      '(docs/readings/playoff-rollover.md)'), code="usage.missing")
    found, problems = rollover_plan(store, to, request.qualifiers, list(request.vacancies), winners_of(request.winners),
                                   too_late_for_match=request.too_late_for_match,
                                   too_late_to_promote=request.too_late_to_promote, seed=request.seed,
                                   dry_run=request.dry_run)
    plan = _refused_or_plan(refusal, found, problems)
    made = Rollover(plan=plan, source=store.season, finished=refusal is not None)
    if any(x.is_error for x in problems):
        return Outcome(doc=plan.doc, problems=list(problems), plan=made)
    warnings = [x for x in problems if not x.is_error]
    written = outcome_of(_write_new_season, session, made, request.dry_run)
    if written.refused:
        return Outcome(problems=written.problems, notes=warnings, plan=made)
    made.current = bool(written.plan)
    plan.doc["current"] = to if made.current else None
    return Outcome(doc=plan.doc, notes=warnings, written=not request.dry_run, plan=made, show="rollover")


def _already_built(plan: Any) -> bool:
    from ..store.divisions.rollover import already_built, rollover_files

    built: bool = already_built(plan.target, rollover_files(plan))
    return built


def _refused_or_plan(refusal: Problem | None, plan: Any, problems: Sequence[Problem]) -> Any:
    """The plan; exit 2 when a season is there and it is not what this rollover writes, or a
    ``--winner`` decides no place; exit 1 when the 1st-division play-off cannot be paired
    (§1.1.2.8)."""
    if refusal is not None and (plan is None or any(x.is_error for x in problems) or plan.unused_winners
                                or not _already_built(plan)):
        raise UsageProblem([refusal])      # a season is there, and not what this rollover writes
    if plan is None:                       # the 1st-division play-off cannot be paired (§1.1.2.8)
        raise RuleBroken(list(problems))
    if plan.unused_winners:
        raise UsageProblem([Problem.error(None, Msg('--winner {}=...: no match {} decides a place in this '
                                                    'rollover', k, k),
                                          hint=Msg("the matches: {}", ", ".join(plan.doc.get("matches", [])) or Msg("none")),
                                          code="unknown.match")
                            for k in plan.unused_winners])
    return plan


def _write_new_season(session: Session, made: Rollover, dry_run: bool) -> Outcome:
    """Write the new season in one step (store/newseason.py, issue 15.6) and make it current
    (``plan``: True when ``dbf.toml`` changed). A season there already, exactly what this
    rollover writes and untouched since (``made.finished``: a rollover killed after its rename,
    before ``dbf.toml`` was changed), is only made current. This season's lock is held (the
    session's) before the new season's is taken."""
    from ..store.atomic import fault_point
    from ..store.divisions.rollover import rollover_files, set_current
    from ..store.newseason import creating

    plan = made.plan
    to = plan.target.season
    if dry_run:
        return Outcome(plan=False)
    store = session.store
    if not made.finished:
        with creating(store.root, to, session.actor, Msg("rollover {} -> {}", store.season, to), session.lock_timeout,
                      made_from=store.season) as tx:
            for rel, text in rollover_files(plan).items():
                tx.write_text(rel, text)
        fault_point("before-current")
    return Outcome(plan=set_current(store.root, to))


def winners_of(winner: Sequence[str]) -> dict[str, str]:
    """``--winner MATCH=TEAM``: a match that has no recorded result (exit 2 when malformed)."""
    decided: dict[str, str] = {}
    for w in winner:
        mid, sep, team = w.partition("=")
        if not sep or not mid.strip() or not team.strip():
            fail(Msg('--winner {}: expected MATCH=TEAM, e.g. 3div-PO3=ODE-B', f'{w!r}'), code="usage.option")
        decided[mid.strip()] = team.strip()
    return decided


__all__ = ["Rollover", "RolloverRequest", "rollover", "winners_of"]
