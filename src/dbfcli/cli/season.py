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

from .common import RUN, DryRunOpt, JsonOpt, RuleBroken, check, command, command_line, emit, fail, load_store


def register(app: typer.Typer) -> None:
    season = typer.Typer(help="Seasons: `season rollover` builds the next one (§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3).",
                         no_args_is_help=True)
    app.add_typer(season, name="season")

    @command(season, "rollover")
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
        from ..rules.groups import split_groups
        from ..rules.qualification import Qualifiers, allocate_places
        from ..rules.rollover import SeasonResult, rollover
        from ..store.geodata import load_postcodes
        from ..store.playoff import read_qualifiers
        from ..store.playoffstate import division_orders
        from ..store.season import SEASON_NAME, SeasonStore
        from ..store.settings import default_season_toml
        from ..store.teams import division_file, load_divisions, teams_file_data
        from .playoff import state

        store = load_store()
        if not SEASON_NAME.match(to) or int(to[5:]) != (int(to[2:4]) + 1) % 100:
            fail(f"season {to!r} is not of the form 2027-28 (two consecutive years)")
        if to == store.season:
            fail("--to names this season; give the next one")
        target = SeasonStore(store.root, to)
        if target.dir.exists() and any(p.name != ".dbf.lock" for p in target.dir.iterdir()):
            fail(f"season {to} already exists: {target.dir}", hint="remove it or pick another --to")
        if qualifiers is None:
            fail("give --qualifiers FILE: the 6 teams from the qualification (§1.1.4.3, §1.1.5)",
                 hint="YAML with west, east_direct, east_tournament and teams (docs/readings/playoff-rollover.md)")
        decided: dict[str, str] = {}
        for w in winner:
            mid, sep, team = w.partition("=")
            if not sep or not mid or not team:
                fail(f"--winner {w!r}: expected MATCH=TEAM, e.g. 3div-PO3=ODE-B")
            decided[mid.strip()] = team.strip()

        orders, problems = division_orders(store)
        divisions, p = load_divisions(store)
        problems += p
        teams = {t.id: t for d in divisions.values() for t in d.teams}
        first = orders["1div"]
        po1 = state(store, seed)
        problems += [x for x in po1["problems"] if x.is_error]
        run_seed = po1["seed"]
        if po1.get("champion"):
            first = po1["final_order"]
        else:
            problems.append(_warn("1.1.2.4", "the 1st-division play-off is not finished: 1div is seeded by the round robin"))
        po3 = state(store, seed, div="3div")
        rec = po3["decisions"].get("3div-PO")
        if rec and rec[1] is not None and "3div-PO" not in decided:
            decided["3div-PO"] = rec[1].winner

        qf, p = read_qualifiers(qualifiers)
        problems += p
        teams.update({t.id: t for t in qf.teams})
        places = qf.current
        if qf.membership is not None:
            alloc = allocate_places(*qf.membership, current=qf.current)
            places = (alloc.west, alloc.east)
        q = Qualifiers(qf.west, qf.east_tournament, qf.east_direct, places[0], places[1])
        result = SeasonResult(first, orders["2div"], orders["3div-a"], orders["3div-b"], q)
        r = rollover(result, vacancy, decided=decided, too_late_for_match=too_late_for_match,
                     too_late_to_promote=too_late_to_promote, seed=run_seed)
        from ..rules.value import replace as _replace

        waits = {pm.id: pm for pm in r.pending}
        for x in r.problems:
            pm = next((waits[k] for k in waits if f"waits for {k}:" in x.message), None)
            if pm is not None:
                how = ("dbf playoff 3div result 3div-PO --half A-B ..." if pm.id == "3div-PO"
                       else f"--winner {pm.id}=TEAM, or --too-late-for-match to draw lots")
                x = _replace(x, hint=how)
            problems.append(x)
        steps = list(r.steps)
        if qf.membership is not None:
            from ..rules.vacancy import Step

            steps.insert(0, Step("1.1.5.1", f"qualification places: west {places[0]}, east {places[1]} ({alloc.reason})"))

        blocked = any(x.is_error for x in problems)
        postcodes = load_postcodes()
        coords = {}
        for t in r.divisions["3div"]:
            pt = postcodes.point(teams[t].postcode) if t in teams else None
            if pt is not None:
                coords[t] = (pt.lat, pt.lon)
        split, p = split_groups(r.divisions["3div"], coords) if r.divisions["3div"] and not blocked else (None, [])
        problems += p
        new = {"1div": r.divisions["1div"], "2div": r.divisions["2div"]}
        if split is not None:
            from ..rules.vacancy import Step

            new.update(split.groups())
            steps.append(Step("1.1.4.1", f"3div split by geography (least within-group distance): 3div-a (west) "
                                         f"{split.travel_west:.0f} km, 3div-b (east) {split.travel_east:.0f} km"))
        doc = r.to_json()
        doc.update({"from": store.season, "to": to, "seed": run_seed, "dry_run": dry_run,
                    "steps": [{"rule": s.rule, "text": s.text} for s in steps],
                    "new_divisions": {d: list(v) for d, v in new.items()},
                    "travel_km": None if split is None else {"3div-a": round(split.travel_west, 1),
                                                             "3div-b": round(split.travel_east, 1)}})
        if not RUN.json:
            for s in steps:
                typer.echo(str(s), err=True)
        missing = [t for d in new.values() for t in d if t not in teams]
        if missing:
            problems.append(_err(None, f"no team record for {', '.join(missing)}"))
        if any(x.is_error for x in problems):
            raise RuleBroken(problems, doc)
        check(problems)

        with target.transaction(command_line(), f"rollover {store.season} -> {to}", dry_run, RUN.lock_timeout,
                                create=True) as tx:
            tx.write_text("season.toml", default_season_toml(to))
            for d, ids in new.items():
                tx.write_yaml(division_file(d), teams_file_data([teams[t] for t in ids], d),
                              header=f"{d} teams in seeding order (dbf season rollover from {store.season})")
            tx.write_yaml("cup/teams.yaml", {"schema": 1, "teams": []}, header="cup teams (dbf cup enter)")
            tx.write_yaml("divisions/rollover.yaml", {"schema": 1, "from": store.season, "seed": run_seed,
                                                      "vacancies": list(vacancy), "steps": doc["steps"],
                                                      "lots": doc["lots"]},
                          header=f"how {to}'s divisions were built (dbf season rollover)")

        def human(o):
            for d, ids in new.items():
                o.line(f"{d}: {', '.join(ids)}")
            o.line(f"{'would write' if dry_run else 'wrote'} {target.dir}")

        emit(doc, human)


def _warn(rule, message):
    from ..rules.problems import Problem

    return Problem.warning(rule, message)


def _err(rule, message):
    from ..rules.problems import Problem

    return Problem.error(rule, message)
