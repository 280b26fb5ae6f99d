"""``dbf qualification``: the qualification to the 3rd division (§1.1.5.1-2).

    dbf qualification east enter FILE [--agreed]     the east tournament's 6 teams (+ Kreds II's direct team)
    dbf qualification east schedule [--json]         all-play-all, 5 rounds of 24-board matches (§1.1.5.2)
    dbf qualification east result MATCH --imps A B   IMPs of one match, home first
    dbf qualification east standings [--json]        VP (WBF 20-VP scale, 24 boards), IMPs, rank
    dbf qualification west enter FILE                Kreds IV's teams, best first
    dbf qualification qualifiers [--out FILE]        the qualifiers file of `dbf season rollover --qualifiers`

State: ``qualification/east.yaml`` and ``qualification/west.yaml`` (see :mod:`dbfcli.store.divisions.playoff`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, decimal, heads, t as tr
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt
from .output import num
from .usecase import render, session

FileArg = Annotated[Path, typer.Argument(help="A teams file (YAML, teams-file form; see docs/readings/playoff-rollover.md).")]


EAST_STANDINGS = ("#", "team", "name", "region", "played", "IMPs+", "IMPs-", "VP")
EAST_SCHEDULE = ("round", "match", "home", "away", "IMPs")


def _empty(o, columns: tuple[str, ...]) -> None:
    """The east tournament's table before its teams are entered (§1.1.5.2): nothing, but
    ``--csv`` prints the header row (issue 28)."""
    if o.csv:
        o.table(None, heads(*columns), [])


def _show_schedule(o, doc: dict, view) -> None:
    """The east tournament's schedule (:class:`dbfcli.app.qualification.EastView`)."""
    from ..rules.divisions.qualification import EAST_BOARDS

    if not view.entered:
        return _empty(o, EAST_SCHEDULE)
    names = view.names
    rows = [(r["round"] if k == 0 else "", m["id"], names[m["home"]], names.get(m["away"] or "", tr("bye_cell")),
             "" if m["imps"] is None else f"{m['imps'][0]}-{m['imps'][1]}")
            for r in doc["rounds"] for k, m in enumerate(r["matches"])]
    o.table(tr("east_schedule_title", rounds=count(len(view.schedule), "round", en_plural=True),
               boards=count(EAST_BOARDS, "board", en_plural=True)),
            heads(*EAST_SCHEDULE), rows)


def _show_standings(o, doc: dict, view) -> None:
    """The east tournament's table (:class:`dbfcli.app.qualification.EastView`)."""
    if not view.entered:
        return _empty(o, EAST_STANDINGS)
    o.table(tr("east_standings_title", played=doc["matches_played"], total=doc["matches_total"]),
            heads(*EAST_STANDINGS),
            [(f"{r['rank']}{'=' if r['tied'] else ''}", r["team"], r["name"], r["region"], r["played"],
              r["imps_for"], r["imps_against"], num(f"{r['vp']:.2f}")) for r in doc["rows"]],
            justify=["right", "left", "left", "left", "right", "right", "right", "right"])


def register(app: typer.Typer) -> None:
    qual = typer.Typer(help="Qualification to the 3rd division (§1.1.5.1-2): the east tournament, Kreds IV, "
                            "the qualifiers file.", no_args_is_help=True)
    app.add_typer(qual, name="qualification")
    east = typer.Typer(help="The east qualification tournament (§1.1.5.2): 1 Bornholm, 2 Copenhagen, 3 Kreds II.",
                       no_args_is_help=True)
    west = typer.Typer(help="Kreds IV's three places west of the Great Belt (§1.1.5.2).", no_args_is_help=True)
    qual.add_typer(east, name="east")
    qual.add_typer(west, name="west")

    @command(east, "enter", writes=True)
    def east_enter(file: FileArg,
                   agreed: Annotated[bool, typer.Option("--agreed", help="The areas agreed another field than 1 + 2 + 3 (§1.1.5.2).")] = False,
                   dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Enter the east tournament's teams, each with `region: bornholm | copenhagen | kreds2`
        (§1.1.5.2: 1 + 2 + 3), and under `direct:` Kreds II's own qualifier. Refused once results
        are recorded (the schedule follows the entry order).

        Example: dbf qualification east enter east.yaml
        """
        from ..app.qualification import EastEntry, enter_east

        outcome = enter_east(session(), EastEntry(file=file, agreed=agreed, dry_run=dry_run))
        ef, doc = outcome.plan, outcome.doc
        render(outcome, lambda o: o.line(tr("qual_entered", verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                            teams=count(len(ef.teams), "team"),
                                            list=", ".join(f"{t.id} {ef.regions.get(t.id)}" for t in ef.teams))
                                         + (tr("qual_direct", teams=", ".join(doc["direct"])) if ef.direct else "")))

    @command(east, "schedule")
    def east_schedule_cmd(csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The east tournament's all-play-all (§1.1.5.2): 5 rounds of 24-board matches over one
        weekend, match ids QE-Rnn-mm (circle method over the entry order).

        Example: dbf qualification east schedule --json
        """
        from ..app.qualification import east_schedule

        outcome = east_schedule(session())
        render(outcome, lambda o: _show_schedule(o, outcome.doc, outcome.plan))

    @command(east, "result", writes=True)
    def east_result(match: Annotated[str, typer.Argument(help="Match id, e.g. QE-R01-02.")],
                    imps: Annotated[tuple[int, int], typer.Option("--imps", help="IMPs of the home team, then the away team.")],
                    dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Record one east-tournament match (24 boards, §1.1.5.2): IMPs home first. Re-recording
        a match replaces its result.

        Example: dbf qualification east result QE-R01-01 --imps 52 31
        """
        from ..app.qualification import EastResult, record_east

        outcome = record_east(session(), EastResult(match=match, imps=(imps[0], imps[1]), dry_run=dry_run))
        doc = outcome.doc
        render(outcome, lambda o: o.line(tr("east_result", match=match, home=doc["home"], a=imps[0], b=imps[1],
                                            away=doc["away"], va=decimal(f"{doc['vp'][0]:.2f}"),
                                            vb=decimal(f"{doc['vp'][1]:.2f}"))
                                         + (tr("dry_run_nothing") if dry_run else "")))

    @command(east, "standings")
    def east_standings(csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The east tournament's table (§1.1.5.2): VP by the WBF 20-VP scale for 24 boards, then IMP
        difference, then the mutual match; teams still level are flagged for lots. The first two
        qualify (Kreds II's direct team takes the third east place).

        Example: dbf qualification east standings --json
        """
        from ..app.qualification import east_standings

        outcome = east_standings(session())
        render(outcome, lambda o: _show_standings(o, outcome.doc, outcome.plan))

    @command(west, "enter", writes=True)
    def west_enter(file: FileArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Enter Kreds IV's teams in its ranking order, best first (§1.1.5.2: Kreds IV finds the
        three west teams; the 4th and on are the reserves of §1.1.1.1).

        Example: dbf qualification west enter kreds4.yaml
        """
        from ..app.qualification import WestEntry, enter_west

        outcome = enter_west(session(), WestEntry(file=file, dry_run=dry_run))
        render(outcome, lambda o: o.line(tr("west_entered", verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                            teams=", ".join(outcome.doc["west"]))))

    @command(qual, "qualifiers")
    def qualifiers(out: Annotated[Optional[Path], typer.Option("--out", help="Write the qualifiers file here.")] = None,
                   membership: Annotated[Optional[tuple[int, int]], typer.Option("--membership", help="Members west and east of the Great Belt (§1.1.5.1).")] = None,
                   json_: JsonOpt = False) -> None:
        """The qualifiers file for `dbf season rollover --qualifiers` (§1.1.5.1-2): Kreds IV's
        ranking (west), Kreds II's direct team and the east tournament's final ranking, with a
        team record for each. Needs the east tournament complete (exit 1 otherwise).

        Example: dbf qualification qualifiers --membership 5200 4800 --out qualifiers.yaml
        """
        from ..app.qualification import QualifiersRequest, qualifiers as qualifiers_of
        from .common import write_out

        outcome = qualifiers_of(session(), QualifiersRequest(membership=membership, out=out))
        made = outcome.plan
        if made is not None and made.data is not None and out is not None:
            write_out(out, made.data)

        def human(o):
            if out is None:
                o.stream.write(made.text)
            else:
                o.line(tr("qualifiers_written", file=out, teams=", ".join(made.qualified), west=made.places[0],
                          east=made.places[1]))

        render(outcome, human)
