"""``dbf cup``: registering the cup's teams, listing them, and players added before a
match (§1.5.3, §1.5.11, §1.5.12a)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt
from .usecase import entry_file, render, session

FileArg = Annotated[Path, typer.Argument(help="Teams file, YAML or CSV (docs/interface.md).")]


def register(app: typer.Typer) -> None:
    cup = typer.Typer(help="The cup (Pokalturneringen, §1.5): teams, added players.", no_args_is_help=True)
    app.add_typer(cup, name="cup")

    @command(cup, "enter", writes=True)
    def enter(file: FileArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Register cup teams from FILE; re-entering an existing id updates that team.

        Checks §1.5.11 (4-6 players), the captain, postcodes (§1.5.8) and players on
        two teams (§1.5.12a) over the whole cup after the update.

        Example: dbf cup enter teams.yaml
        """
        from ..app.cup import CupEntry, enter_cup_teams

        outcome = enter_cup_teams(session(), CupEntry(file=entry_file(file), dry_run=dry_run))
        plan = outcome.plan
        render(outcome, lambda out: out.line(tr("entered_teams_1" if plan.added == 1 else "entered_teams",
                                                verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                                teams=count(plan.entered, "team"), added=plan.added,
                                                updated=plan.entered - plan.added, total=plan.total)))

    @command(cup, "teams")
    def teams(csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's teams with club, postcode, entry round (§1.5.3) and players: the roster,
        additions (§1.5.11) and joined substitutes (§1.5.12), less players withdrawn.

        Example: dbf cup teams --json
        """
        from ..app.cup import cup_teams

        outcome = cup_teams(session())
        view = outcome.plan

        def human(out):
            out.table(tr("cup_teams_title", season=view.season, n=len(view.teams)),
                      heads("team", "name", "club", "postcode", "entry", "players"),
                      [(t.id, t.name, t.club, t.postcode, view.rounds[t.id], view.players[t.id]) for t in view.teams],
                      justify=["left", "left", "right", "right", "right", "right"])

        render(outcome, human)

    @command(cup, "add-player", writes=True)
    def add_player(
        team: Annotated[str, typer.Argument(help="Cup team id, e.g. ODE-1.")],
        round_: Annotated[int, typer.Option("--round", min=1, max=9, help="The round the player enters (1-9).")],
        player_id: Annotated[int, typer.Option("--id", min=1, help="The player's member number.")],
        name: Annotated[str, typer.Option("--name", help="The player's name.")],
        club: Annotated[Optional[int], typer.Option("--club", help="The player's club number.")] = None,
        division: Annotated[Optional[int], typer.Option("--division", min=1, max=3,
                                                        help="The player's division this season (1-3).")] = None,
        announced_on: Annotated[Optional[str], typer.Option(
            "--announced-on", help="When the TD was told (YYYY-MM-DD; default today).")] = None,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Record that a team of 4-5 adds a player from round N (§1.5.11), told to the TD
        before the match; written to cup/additions.yaml. Refused (exit 1) when the team
        would have more than 6 players (§1.5.11), when the player is on another cup team
        (§1.5.12a), when the TD is told after the team's match of that round, or when the
        team is already out. Round fees are due for the player from that round (`dbf fees`).

        Example: dbf cup add-player ODE-1 --round 3 --id 100240 --name "Eva Berg" --club 4100
        """
        from ..app.cup import PlayerAddition, add_player

        outcome = add_player(session(), PlayerAddition(team=team, round=round_, player=player_id, name=name, club=club,
                                                       division=division, announced_on=announced_on, dry_run=dry_run))
        render(outcome, lambda out: out.line(tr("added_player", verb=tr("verb:would add" if dry_run else "verb:added"),
                                                name=name, id=player_id, team=team, round=round_)))

    @command(cup, "withdraw-player", writes=True)
    def withdraw_player(
        team: Annotated[str, typer.Argument(help="Cup team id, e.g. ODE-1.")],
        member: Annotated[int, typer.Argument(min=1, help="The player's member number.")],
        round_: Annotated[Optional[int], typer.Option(
            "--round", min=1, max=9, help="The first round he is off the team (default: the team's next round).")] = None,
        on: Annotated[Optional[str], typer.Option("--on", help="When the TD decided (YYYY-MM-DD; default today).")] = None,
        note: Annotated[str, typer.Option("--note", help="Why, for the journal and the file.")] = "",
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Take a player who has not played off a team from round N (§1.5.11), so that a
        substitute may join it (§1.5.12) or a player be added without making it more than 6;
        written to cup/withdrawals.yaml. Refused (exit 1, §1.5.11) when he has played for the
        team, when the team is out, when its match of that round is recorded, or when it would
        keep fewer than 4 players; exit 2 for an unknown team or a player not on it. He pays no
        round fee from that round (`dbf fees`).

        Example: dbf cup withdraw-player ODE-1 100240 --note "moved abroad"
        """
        from ..app.cup import PlayerWithdrawal, withdraw_player

        outcome = withdraw_player(session(), PlayerWithdrawal(team=team, player=member, round=round_, on=on, note=note,
                                                              dry_run=dry_run))
        render(outcome, lambda out: out.line(tr("withdrew_player", verb=tr("verb:would withdraw" if dry_run
                                                                           else "verb:withdrew"),
                                                id=member, team=team, round=outcome.doc["round"])))
