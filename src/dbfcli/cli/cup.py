"""``dbf cup``: registering the cup's teams and listing them (§1.5.3, §1.5.11)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import RUN, DryRunOpt, JsonOpt, check, command, command_line, emit, load_store

FileArg = Annotated[Path, typer.Argument(help="Teams file, YAML or CSV (INTERFACE.md).")]


def register(app: typer.Typer) -> None:
    cup = typer.Typer(help="The cup (Pokalturneringen, §1.5): teams.", no_args_is_help=True)
    app.add_typer(cup, name="cup")

    @command(cup, "enter")
    def enter(file: FileArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Register cup teams from FILE; re-entering an existing id updates that team.

        Checks §1.5.11 (4-6 players), the captain, postcodes (§1.5.8) and players on
        two teams (§1.5.12a) over the whole cup after the update.

        Example: dbf cup enter teams.yaml
        """
        from ..rules.roster import check_cup_teams
        from ..store.geodata import load_postcodes
        from ..store.teams import CUP_TEAMS, load_cup_teams, read_entry_file, teams_file_data

        new, _, problems = read_entry_file(file)
        check(problems)
        store = load_store()
        with store.transaction(command_line(), f"entered {len(new)} cup teams from {file.name}", dry_run,
                               RUN.lock_timeout) as tx:
            old, problems = load_cup_teams(store)
            check(problems)
            merged = {t.id: t for t in old}
            added = sum(t.id not in merged for t in new)
            merged.update({t.id: t for t in new})
            check(check_cup_teams(merged.values(), load_postcodes()))
            tx.write_yaml(CUP_TEAMS, teams_file_data(merged.values()), header="cup teams (dbf cup enter)")
            changes = tx.changes()
        emit({"ok": True, "added": added, "updated": len(new) - added, "teams": len(merged), "dry_run": dry_run,
              "changes": [{"file": f, "action": a} for f, a in changes]},
             lambda out: out.line(f"{'would enter' if dry_run else 'entered'} {len(new)} teams "
                                  f"({added} new, {len(new) - added} updated); the cup has {len(merged)}"))

    @command(cup, "teams")
    def teams(json_: JsonOpt = False) -> None:
        """The cup's teams with club, postcode and entry round (§1.5.3).

        Example: dbf cup teams --json
        """
        from ..rules.entry import entry_rounds
        from ..rules.roster import division_players
        from ..store.settings import load_settings
        from ..store.teams import load_cup_teams, load_divisions

        store = load_store()
        settings = load_settings(store)
        cup_teams, problems = load_cup_teams(store)
        divisions, more = load_divisions(store)
        rounds, entry_problems = entry_rounds(cup_teams, settings.cup.entry_round, division_players(divisions))
        check(problems + more + entry_problems)
        doc = {"teams": [
            {"id": t.id, "name": t.name, "club": t.club, "postcode": t.postcode, "entry_round": rounds[t.id],
             "captain": t.captain,
             "players": [{"id": p.id, "name": p.name, "club": p.club, "division": p.division} for p in t.players]}
            for t in cup_teams]}

        def human(out):
            out.table(f"Cup teams {store.season} ({len(cup_teams)})", ["team", "name", "club", "postcode", "entry", "players"],
                      [(t.id, t.name, t.club, t.postcode, rounds[t.id], len(t.players)) for t in cup_teams],
                      justify=["left", "left", "right", "right", "right", "right"])

        emit(doc, human)
