"""``dbf cup``: registering the cup's teams, listing them, and players added before a
match (§1.5.3, §1.5.11, §1.5.12a)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr
from .common import check, command, command_line, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt, load_snapshot
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

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
        from ..rules.cup.roster import check_cup_teams, duplicate_team_ids
        from ..store.geodata import load_postcodes
        from ..store.teams import CUP_TEAMS, read_entry_file, teams_file_data

        new, _, problems = read_entry_file(file)
        check(problems + duplicate_team_ids(new))   # else the last of two silently replaces the first
        snap = load_snapshot()
        with snap.store.transaction(command_line(), Msg("entered {} cup teams from {}", len(new), file.name), dry_run,
                                    RUN.lock_timeout) as tx:
            old, problems = snap.cup_teams()
            check(problems)
            merged = {t.id: t for t in old}
            added = sum(t.id not in merged for t in new)
            merged.update({t.id: t for t in new})
            check(check_cup_teams(merged.values(), load_postcodes()))
            tx.write_yaml(CUP_TEAMS, teams_file_data(merged.values()), header="cup teams (dbf cup enter)")
            changes = tx.changes()
        emit({"ok": True, "added": added, "updated": len(new) - added, "teams": len(merged), "dry_run": dry_run,
              "changes": [{"file": f, "action": a} for f, a in changes]},
             lambda out: out.line(tr("entered_teams_1" if added == 1 else "entered_teams",
                                     verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                     teams=count(len(new), "team"), added=added, updated=len(new) - added,
                                     total=len(merged))))

    @command(cup, "teams")
    def teams(csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's teams with club, postcode, entry round (§1.5.3) and players: the roster,
        additions (§1.5.11) and joined substitutes (§1.5.12), less players withdrawn.

        Example: dbf cup teams --json
        """
        from ..rules.cup.entry import entry_rounds
        from ..rules.cup.roster import division_players
        from ..rules.sheet.players import team_players
        snap = load_snapshot()
        settings = snap.settings()
        cup, problems = snap.cup(frozenset(("teams", "additions", "withdrawals", "records")))
        cup_teams = cup.teams
        divisions, more = snap.divisions()
        rounds, entry_problems = entry_rounds(cup_teams, settings.cup.entry_round, division_players(divisions))
        check(problems + more + entry_problems)
        joins = [j for r in cup.records for j in r.joins]
        # §1.5.11/§1.5.12: the team's players are its roster, its additions and joined substitutes,
        # less those withdrawn (dbf cup withdraw-player)
        count = {t.id: len(team_players(t, cup.additions, joins, cup.withdrawals)) for t in cup_teams}
        doc = {"teams": [
            {"id": t.id, "name": t.name, "club": t.club, "postcode": t.postcode, "entry_round": rounds[t.id],
             "captain": t.captain,
             "players": [{"id": p.id, "name": p.name, "club": p.club, "division": p.division} for p in t.players],
             "added": [{"id": a.player.id, "name": a.player.name, "round": a.round}
                       for a in cup.additions if a.team == t.id],
             "joined": [{"id": j.player, "first_round": j.first_round} for j in joins if j.team == t.id],
             "withdrawn": [{"id": w.player, "round": w.round} for w in cup.withdrawals if w.team == t.id],
             "player_count": count[t.id]}
            for t in cup_teams]}

        def human(out):
            out.table(tr("cup_teams_title", season=snap.season, n=len(cup_teams)),
                      heads("team", "name", "club", "postcode", "entry", "players"),
                      [(t.id, t.name, t.club, t.postcode, rounds[t.id], count[t.id]) for t in cup_teams],
                      justify=["left", "left", "right", "right", "right", "right"])

        emit(doc, human)

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
        from ..rules.model import Player
        from ..rules.sheet.validate import Addition
        from ..rules.sheet.players import addition_problems
        from ..store.cup.results import ADDITIONS, additions_data
        from .common import fail, today

        day = today(announced_on)
        snap = load_snapshot()
        store = snap.store
        settings = snap.settings()
        with store.transaction(command_line(), Msg("{} adds player {} from cup round {}", team, player_id, round_), dry_run,
                               RUN.lock_timeout) as tx:
            teams, problems = snap.cup_teams()
            additions, more = snap.additions()
            records, more2 = snap.cup_records()
            withdrawals, more3 = snap.withdrawals()
            check(problems + more + more2 + more3)
            by_id = {t.id: t for t in teams}
            if team not in by_id:
                fail(Msg('unknown cup team {}', f'{team!r}'), hint="dbf cup teams", code="unknown.team")
            if player_id in by_id[team].player_ids or any(a.team == team and a.player.id == player_id
                                                          for a in additions):
                fail(Msg('player {} is already on {}', player_id, team), code="state.already-recorded")
            new = Addition(team, Player(player_id, name, club, division), round_, day)
            joins = [j for r in records for j in r.joins]
            warns = check(addition_problems(new, by_id, additions, [r.match for r in records], joins,
                                    snap.team_match_day(settings, team, round_), settings.cup.entry_round,
                                    withdrawals))
            tx.write_yaml(ADDITIONS, additions_data(list(additions) + [new]),
                          header="players added to cup teams before a match (§1.5.11; dbf cup add-player)")
            changes = tx.changes()
        doc = {"ok": True, "team": team, "round": round_, "player": {"id": player_id, "name": name, "club": club,
                                                                     "division": division},
               "announced_on": day.isoformat(), "dry_run": dry_run, "warnings": [w.to_json() for w in warns],
               "changes": [{"file": f, "action": a} for f, a in changes]}
        emit(doc, lambda out: out.line(tr("added_player", verb=tr("verb:would add" if dry_run else "verb:added"),
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
        from ..rules.cup.records import Withdrawal
        from ..rules.sheet.players import withdrawal_problems
        from ..store.cup.results import WITHDRAWALS, withdrawals_data
        from .common import fail, today

        day = today(on)
        snap = load_snapshot()
        store = snap.store
        with store.transaction(command_line(), Msg("{}: player {} withdrawn (§1.5.11)", team, member), dry_run,
                               RUN.lock_timeout) as tx:
            state, problems = snap.cup(frozenset(("teams", "additions", "withdrawals", "records")))
            check(problems)
            by_id = {t.id: t for t in state.teams}
            if team not in by_id:
                fail(Msg('unknown cup team {}', f'{team!r}'), hint="dbf cup teams", code="unknown.team")
            recorded = [r.match for r in state.records]
            if round_ is None:
                round_ = max((m.round for m in recorded if team in (m.home, m.away)), default=0) + 1
            new = Withdrawal(team, member, min(round_, 9), day, note)
            joins = [j for r in state.records for j in r.joins]
            check(withdrawal_problems(new, by_id[team], state.additions, recorded, joins, state.withdrawals))
            tx.write_yaml(WITHDRAWALS, withdrawals_data(list(state.withdrawals) + [new]),
                          header="players withdrawn from cup teams before they played (§1.5.11; "
                                 "dbf cup withdraw-player)")
            changes = tx.changes()
        doc = {"ok": True, "team": team, "player": member, "round": new.round, "on": day.isoformat(), "note": note,
               "dry_run": dry_run, "changes": [{"file": f, "action": a} for f, a in changes]}
        emit(doc, lambda out: out.line(tr("withdrew_player", verb=tr("verb:would withdraw" if dry_run
                                                                     else "verb:withdrew"),
                                          id=member, team=team, round=new.round)))
