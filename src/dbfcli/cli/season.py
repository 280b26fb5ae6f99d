"""``dbf season rollover``: next season's divisions from this one's results
(§1.1.1.1, §1.1.2.2, §1.1.3.2-3, §1.1.4.1-3, §1.1.5).

Reads the final standings of the four divisions, the play-off
(``divisions/playoff.yaml``: the champion's ranking, the runners-up match)
and a qualifiers file; prints every step of the reasoning; writes
``DIR/SEASON/`` (season.toml of defaults, ``divisions/*.yaml`` in seeding
order, the 3rd division split into its two geographic groups, an empty
``cup/teams.yaml`` and ``divisions/rollover.yaml`` recording steps and lots).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import problem_text, t as tr
from .common import (RUN, DryRunOpt, JsonOpt, RuleBroken, UsageProblem, check, command, command_line, emit, fail,
                     load_store)
from ..rules.problems import Msg


def register(app: typer.Typer) -> None:
    season = typer.Typer(help="Seasons: `season rollover` builds the next one (§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3).",
                         no_args_is_help=True)
    app.add_typer(season, name="season")

    @command(season, "rollover", writes=True)
    def rollover_cmd(
        to: Annotated[str, typer.Option("--to", help="The new season, e.g. 2027-28.")],
        vacancy: Annotated[list[str], typer.Option("--vacancy", help="A dissolved team (§1.1.1.1); repeat for more.")] = [],  # noqa: B006
        qualifiers: Annotated[Optional[Path], typer.Option("--qualifiers", help="Qualifiers file (§1.1.5; see docs).")] = None,
        winner: Annotated[list[str], typer.Option("--winner", help="Winner of a deciding match: MATCH=TEAM (3div-PO3, Q-PO1 ...).")] = [],  # noqa: B006
        too_late_for_match: Annotated[bool, typer.Option("--too-late-for-match", help="§1.1.1.1: too late for a vacancy match: draw lots.")] = False,
        too_late_to_promote: Annotated[bool, typer.Option("--too-late-to-promote", help="§1.1.1.1: too late to promote anyone: the TD resolves it.")] = False,
        seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for lots (default: the play-off's, else the season's digits).")] = None,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Build next season's divisions from this season's results and write DIR/TO/.

        Prints every step: who stays, goes up or down, how vacancies are filled, and which
        matches are still needed (then exit 1 and nothing is written).

        Example: dbf season rollover --to 2027-28 --qualifiers qualifiers.yaml --vacancy KBH-B --dry-run
        """
        from ..store.divisions.rollover import new_season_refusal, rollover_plan

        store = load_store()
        refusal = new_season_refusal(store, to)
        if refusal is not None and refusal.code != "state.exists":
            raise UsageProblem([refusal])
        if qualifiers is None:
            fail(Msg('give --qualifiers FILE: the 6 teams from the qualification (§1.1.4.3, §1.1.5)'),
                 hint=Msg('YAML with west, east_direct, east_tournament and teams '
                          '(docs/readings/playoff-rollover.md)'), code="usage.missing")
        decided = _winners(winner)
        plan, problems = rollover_plan(store, to, qualifiers, vacancy, decided, too_late_for_match=too_late_for_match,
                                       too_late_to_promote=too_late_to_promote, seed=seed, dry_run=dry_run)
        _refuse_plan(refusal, plan, problems)
        if not RUN.json:
            for s in plan.steps:   # the rollover's reasoning, in this run's language
                typer.echo(f"§{s.rule}: {problem_text(s.text)}", err=True)
        if any(x.is_error for x in problems):
            raise RuleBroken(problems, plan.doc)
        check(problems)
        made_current = _write_new_season(store, plan, refusal is not None, dry_run)
        finished = refusal is not None
        plan.doc["current"] = to if made_current else None

        def human(o):
            for d, ids in plan.new.items():
                o.line(f"{d}: {', '.join(ids)}")
            if finished:
                o.line(f"{to} was already built by an interrupted rollover (its files are what this one writes)")
            o.line(tr("recorded_file", verb=tr("verb:would write" if dry_run else "verb:wrote"), file=plan.target.dir))
            if made_current:
                o.line(tr("now_current", to=to, season=store.season))

        emit(plan.doc, human)


def _already_built(plan) -> bool:
    from ..store.divisions.rollover import already_built, rollover_files

    return already_built(plan.target, rollover_files(plan))


def _refuse_plan(refusal, plan, problems) -> None:
    """Exit 2 when a season is there and it is not what this rollover writes, or a ``--winner``
    decides no place; exit 1 when the 1st-division play-off cannot be paired (§1.1.2.8)."""
    if refusal is not None and (plan is None or any(x.is_error for x in problems) or plan.unused_winners
                                or not _already_built(plan)):
        raise UsageProblem([refusal])      # a season is there, and not what this rollover writes
    if plan is None:                       # the 1st-division play-off cannot be paired (§1.1.2.8)
        raise RuleBroken(problems)
    if plan.unused_winners:
        from ..rules.problems import Problem

        raise UsageProblem([Problem.error(None, Msg('--winner {}=...: no match {} decides a place in this '
                                                    'rollover', k, k),
                                          hint=Msg("the matches: {}", ", ".join(plan.doc.get("matches", [])) or Msg("none")),
                                          code="unknown.match")
                            for k in plan.unused_winners])


def _write_new_season(store, plan, built: bool, dry_run: bool) -> bool:
    """Write the new season in one step (store/newseason.py, issue 15.6) and make it current
    (True when ``dbf.toml`` changed). ``built``: the season is there already, exactly what this
    rollover writes and untouched since (a rollover killed after its rename, before ``dbf.toml``
    was changed): it is only made current."""
    from ..store.newseason import creating
    from ..store.divisions.rollover import rollover_files, set_current

    to = plan.target.season
    if dry_run:
        return False
    if not built:
        with creating(store.root, to, command_line(), f"rollover {store.season} -> {to}", RUN.lock_timeout) as tx:
            for rel, text in rollover_files(plan).items():
                tx.write_text(rel, text)
        from ..store.atomic import fault_point

        fault_point("before-current")
    return set_current(store.root, to)


def _winners(winner: list[str]) -> dict[str, str]:
    """``--winner MATCH=TEAM``: a match that has no recorded result (exit 2 when malformed)."""
    decided: dict[str, str] = {}
    for w in winner:
        mid, sep, team = w.partition("=")
        if not sep or not mid.strip() or not team.strip():
            fail(Msg('--winner {}: expected MATCH=TEAM, e.g. 3div-PO3=ODE-B', f'{w!r}'), code="usage.option")
        decided[mid.strip()] = team.strip()
    return decided

