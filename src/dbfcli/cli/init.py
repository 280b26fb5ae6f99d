"""``dbf init``: a new season folder with a commented season.toml."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import t as tr
from .common import command, DryRunOpt, JsonOpt
from .invocation import RUN
from .usecase import render, session


def register(app: typer.Typer) -> None:
    @command(app, "init", writes=True)
    def init(
        season: Annotated[Optional[str], typer.Option("--season", help="Season to create, e.g. 2026-27.")] = None,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Create DIR/SEASON/ with a commented season.toml of defaults.

        Example: dbf --dir tournaments init --season 2027-28
        """
        from ..app.seasonfolder import InitRequest, init_season

        outcome = init_season(session(), InitRequest(season=season or RUN.season, dir=RUN.dir, dry_run=dry_run))
        render(outcome, lambda out: out.line(tr("created_file", verb=tr("verb:would create" if dry_run else "verb:created"),
                                                file=f"{outcome.plan.dir}/season.toml")))
