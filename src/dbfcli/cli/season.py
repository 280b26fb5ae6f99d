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
from .common import command, DryRunOpt, JsonOpt
from .invocation import RUN
from .usecase import render, session


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
        from ..app.rollover import RolloverRequest, rollover

        outcome = rollover(session(), RolloverRequest(
            to=to, qualifiers=qualifiers, vacancies=tuple(vacancy), winners=tuple(winner),
            too_late_for_match=too_late_for_match, too_late_to_promote=too_late_to_promote, seed=seed,
            dry_run=dry_run))
        made = outcome.plan
        if made is not None and not RUN.json:
            for s in made.plan.steps:   # the rollover's reasoning, in this run's language
                typer.echo(f"§{s.rule}: {problem_text(s.text)}", err=True)
        render(outcome, lambda o: _show_rollover(o, made, to, dry_run))


def _show_rollover(o, made, to: str, dry_run: bool) -> None:
    """The new divisions (:class:`dbfcli.app.rollover.Rollover`), the folder written, the season
    made current."""
    for d, ids in made.plan.new.items():
        o.line(f"{d}: {', '.join(ids)}")
    if made.finished:
        o.line(f"{to} was already built by an interrupted rollover (its files are what this one writes)")
    o.line(tr("recorded_file", verb=tr("verb:would write" if dry_run else "verb:wrote"), file=made.plan.target.dir))
    if made.current:
        o.line(tr("now_current", to=to, season=made.source))
