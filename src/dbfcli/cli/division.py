"""``dbf division``: registering a division's teams in seeding order (§1.1.2.3)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import count, heads, t as tr, division_name
from .common import check, command, command_line, CsvDialectOpt, CsvOpt, DryRunOpt, fail, JsonOpt, load_snapshot
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

DivArg = Annotated[str, typer.Argument(help="Division: 1div, 2div, 3div-a or 3div-b.")]


def _division_id(value: str) -> str:
    from ..rules.model import DIVISIONS

    if value not in DIVISIONS:
        fail(Msg('unknown division {}', f'{value!r}'), hint=Msg("one of: {}", ", ".join(DIVISIONS)), code="unknown.division")
    return value


def register(app: typer.Typer) -> None:
    division = typer.Typer(help="The divisions (§1.1): teams.", no_args_is_help=True)
    app.add_typer(division, name="division")

    @command(division, "enter", writes=True)
    def enter(div: DivArg, file: Annotated[Path, typer.Argument(help="Teams file, YAML or CSV.")],
              dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Register DIV's teams from FILE, in seeding order (last season's order, §1.1.2.3).

        The file replaces the division's roster. Checks 12 teams (§1.1.2.1), captains,
        postcodes, and that no team or player is in two divisions.

        Example: dbf division enter 1div first-division.yaml
        """
        from ..rules.cup.roster import check_divisions
        from ..store.geodata import load_postcodes
        from ..store.teams import division_file, read_entry_file, teams_file_data

        div = _division_id(div)
        teams, declared, problems = read_entry_file(file)
        if declared is not None and declared != div:
            problems.append(_mismatch(declared, div, file))
        check(problems)
        snap = load_snapshot()
        with snap.store.transaction(command_line(), Msg("entered {} teams in {}", len(teams), div), dry_run,
                                    RUN.lock_timeout) as tx:
            divisions, problems = snap.divisions()
            check(problems)
            from ..rules.model import Division

            divisions = {**divisions, div: Division(div, teams)}
            check(check_divisions(divisions, load_postcodes()))
            check(_orphans(snap, div, teams))
            tx.write_yaml(division_file(div), teams_file_data(teams, div),
                          header=f"{div} teams in seeding order (dbf division enter)")
        emit({"ok": True, "division": div, "teams": len(teams), "dry_run": dry_run},
             lambda out: out.line(tr("entered_div", verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                     teams=count(len(teams), "team"), div=div)))

    @command(division, "teams")
    def teams(div: DivArg, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """DIV's teams in seeding order.

        Example: dbf division teams 2div --json
        """
        div = _division_id(div)
        snap = load_snapshot()
        d, problems = snap.division(div)
        check(problems)
        rows = d.teams if d else ()
        doc = {"division": div, "teams": [
            {"id": t.id, "name": t.name, "club": t.club, "postcode": t.postcode, "captain": t.captain,
             "players": [{"id": p.id, "name": p.name, "club": p.club} for p in t.players]} for t in rows]}
        emit(doc, lambda out: out.table(tr("div_teams_title", div=division_name(div), season=snap.season),
                                        heads("seed", "team", "name", "club", "postcode", "players"),
                                        [(i, t.id, t.name, t.club, t.postcode, len(t.players))
                                         for i, t in enumerate(rows, 1)]))

    _fees_command(division)


def _fees_command(division: typer.Typer) -> None:
    @command(division, "fees")
    def fees(div: Annotated[str | None, typer.Argument(help="Division (default: all four).")] = None,
             csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Entry fees of the division teams (§1.1.1.3): base amount + travel refund pool
        contribution per team, from season.toml, and each division's pool total.

        Example: dbf division fees 1div --json
        """
        from ..rules.cup.fees import division_fees
        from ..rules.model import DIVISIONS
        snap = load_snapshot()
        settings = snap.settings()
        doc: dict = {"rule": "1.1.1.3", "divisions": {}}
        rows = []
        for d in ([_division_id(div)] if div else list(DIVISIONS)):
            division, problems = snap.division(d)
            check(problems)
            ds = settings.division(d)
            teams = [t.id for t in division.teams] if division else []
            team_fees, pool = division_fees(teams, ds.fee_base_kr, ds.fee_travel_pool_kr)
            doc["divisions"][d] = {"teams": [{"team": f.team, "base_kr": f.base_kr, "travel_pool_kr": f.travel_pool_kr,
                                              "total_kr": f.total_kr} for f in team_fees],
                                   "travel_pool_total_kr": pool, "total_kr": sum(f.total_kr for f in team_fees)}
            name = division_name(d)   # "1. division" in Danish (issue 18.5)
            rows += [(name, f.team, f.base_kr, f.travel_pool_kr, f.total_kr) for f in team_fees]
            rows.append((name, tr("total_row"), "", pool, sum(f.total_kr for f in team_fees)))
        emit(doc, lambda out: out.table(tr("div_fees_title", season=snap.season),
                                        heads("division", "team", "base", "travel pool", "total"), rows,
                                        justify=["left", "left", "right", "right", "right"]))


def _orphans(snap, div: str, teams) -> list:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): recorded matches count in the all-play-all of the teams
    that played them. A new roster without a team that has recorded matches would orphan
    them (standings, play-off and check would break): refused, with the matches named."""
    from ..rules.problems import Problem
    results, _ = snap.div_results(div)
    keep = {t.id for t in teams}
    lost: dict[str, list[str]] = {}
    for r in results:
        for side in (r.home, r.away):
            if side not in keep:
                lost.setdefault(side, []).append(r.match_id)
    from ..rules.model import all_play_all_rule

    rule = all_play_all_rule(div)
    return [Problem.error(rule, Msg('{} has {} recorded {} match ({}{}) and is not in the new roster: the results would be orphaned'
                                    if len(ids) == 1 else '{} has {} recorded {} matches ({}{}) and is not in the new '
                                    'roster: the results would be orphaned', team, len(ids), div,
                                    ', '.join(sorted(ids)[:3]), ' ...' if len(ids) > 3 else ''), hint=Msg('keep {} in the file (a renamed team keeps its id), '
                                                     'or remove its recorded matches first', team),
                          code="div.results-orphaned")
            for team, ids in sorted(lost.items())]


def _mismatch(declared: str, div: str, file: Path):
    from ..rules.problems import Problem, Where

    return Problem.error(None, Msg('the file says division {}, the command says {}', f'{declared!r}',
                                   f'{div!r}'), Where(str(file)), code="format.mismatch")
