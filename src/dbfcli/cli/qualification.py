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
from .common import RUN, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt, check, command, command_line, emit, fail, load_snapshot, load_store, num
from ..rules.problems import Msg

FileArg = Annotated[Path, typer.Argument(help="A teams file (YAML, teams-file form; see docs/readings/playoff-rollover.md).")]


def _east(season, required: bool = True):
    """The east tournament, through the season's snapshot (``season``: it, or the locked store)."""
    from ..store.snapshot import as_snapshot

    ef, problems = as_snapshot(season).east()
    check(problems)
    if ef is None and required:
        fail(Msg('no east tournament entered'), hint="dbf qualification east enter FILE", code="state.not-entered")
    return ef


EAST_STANDINGS = ("#", "team", "name", "region", "played", "IMPs+", "IMPs-", "VP")
EAST_SCHEDULE = ("round", "match", "home", "away", "IMPs")


def _no_east(columns: tuple[str, ...], doc: dict) -> None:
    """The east tournament's table before its teams are entered (§1.1.5.2): empty, with a
    warning that names what to do, exit 0; ``--csv`` prints the header row (issue 28)."""
    from ..rules.problems import Problem

    warnings = check([Problem.warning("1.1.5.2", Msg('no east tournament entered'), hint="dbf qualification east enter FILE",
                                      code="state.not-entered")])
    doc["warnings"] = [p.to_json() for p in warnings]

    def human(o):
        if o.csv:
            o.table(None, heads(*columns), [])

    emit(doc, human)


def _table(ef):
    """:func:`dbfcli.rules.divisions.qualification.east_table` of the east tournament (§1.1.5.2)."""
    from ..rules.divisions.qualification import east_table

    return east_table([t.id for t in ef.teams], ef.results)


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
        from ..store.divisions.playoff import EAST, check_east, east_data, parse_east, read_entry

        ef, problems = parse_east(read_entry(file, "teams file"))
        check(problems)
        ef.agreed = ef.agreed or agreed
        ef.results = {}
        if not ef.teams:
            fail(Msg('no teams under teams:'), hint=Msg("the tournament's field, each with region:"), code="format.qualification")
        doc = {"ok": True, "teams": [{"id": t.id, "name": t.name, "region": ef.regions.get(t.id)} for t in ef.teams],
               "direct": [t.id for t in ef.direct], "agreed": ef.agreed, "dry_run": dry_run}
        check(check_east(ef), doc)
        store = load_store()
        with store.transaction(command_line(), "east qualification: teams entered", dry_run, RUN.lock_timeout) as tx:
            old = _east(store, required=False)
            if old is not None and old.results:
                fail(Msg('{} east result(s) are recorded; the field can no longer change', len(old.results)),
                     hint=Msg('undo the results first (dbf undo)'), code="state.already-recorded")
            tx.write_yaml(EAST, east_data(ef), header="east qualification tournament (§1.1.5.2, dbf qualification east)")
        emit(doc, lambda o: o.line(tr("qual_entered", verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                      teams=count(len(ef.teams), "team"),
                                      list=", ".join(f"{t.id} {ef.regions.get(t.id)}" for t in ef.teams))
                                   + (tr("qual_direct", teams=", ".join(doc["direct"])) if ef.direct else "")))

    @command(east, "schedule")
    def east_schedule_cmd(csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The east tournament's all-play-all (§1.1.5.2): 5 rounds of 24-board matches over one
        weekend, match ids QE-Rnn-mm (circle method over the entry order).

        Example: dbf qualification east schedule --json
        """
        from ..rules.divisions.qualification import EAST_BOARDS

        ef = _east(load_store(), required=False)
        if ef is None:
            return _no_east(EAST_SCHEDULE, {"boards": EAST_BOARDS, "rounds": []})
        _, schedule, _ = _table(ef)
        names = {t.id: t.name for t in ef.teams}
        doc = {"boards": EAST_BOARDS,
               "rounds": [{"round": r, "matches": [{"id": mid, "home": h, "away": a, "imps": list(ef.results[mid])
                                                    if mid in ef.results else None} for mid, h, a in rnd]}
                          for r, rnd in enumerate(schedule, 1)]}

        def human(o):
            rows = [(r["round"] if k == 0 else "", m["id"], names[m["home"]], names.get(m["away"] or "", tr("bye_cell")),
                     "" if m["imps"] is None else f"{m['imps'][0]}-{m['imps'][1]}")
                    for r in doc["rounds"] for k, m in enumerate(r["matches"])]
            o.table(tr("east_schedule_title", rounds=count(len(schedule), "round", en_plural=True),
                       boards=count(EAST_BOARDS, "board", en_plural=True)),
                    heads(*EAST_SCHEDULE), rows)

        emit(doc, human)

    @command(east, "result", writes=True)
    def east_result(match: Annotated[str, typer.Argument(help="Match id, e.g. QE-R01-02.")],
                    imps: Annotated[tuple[int, int], typer.Option("--imps", help="IMPs of the home team, then the away team.")],
                    dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Record one east-tournament match (24 boards, §1.1.5.2): IMPs home first. Re-recording
        a match replaces its result.

        Example: dbf qualification east result QE-R01-01 --imps 52 31
        """
        from ..rules.divisions.qualification import EAST_BOARDS, wbf_vp
        from ..store.divisions.playoff import EAST, east_data

        if min(imps) < 0:
            fail(Msg('IMPs are whole numbers >= 0'), code="usage.option")
        store = load_store()
        with store.transaction(command_line(), f"east qualification: {match}", dry_run, RUN.lock_timeout) as tx:
            ef = _east(store)
            _, schedule, _ = _table(ef)
            found = {mid: (h, a) for rnd in schedule for mid, h, a in rnd}
            if match not in found or found[match][1] is None:
                fail(Msg('no match {} in the east tournament', match), hint="dbf qualification east schedule", code="unknown.match")
            ef.results[match] = (imps[0], imps[1])
            tx.write_yaml(EAST, east_data(ef), header="east qualification tournament (§1.1.5.2, dbf qualification east)")
        home, away = found[match]
        w, lo = wbf_vp(abs(imps[0] - imps[1]), EAST_BOARDS)
        vp = (w, lo) if imps[0] >= imps[1] else (lo, w)
        doc = {"ok": True, "match": match, "home": home, "away": away, "imps": list(imps),
               "vp": [float(vp[0]), float(vp[1])], "dry_run": dry_run}
        emit(doc, lambda o: o.line(tr("east_result", match=match, home=home, a=imps[0], b=imps[1], away=away,
                                      va=decimal(f"{float(vp[0]):.2f}"), vb=decimal(f"{float(vp[1]):.2f}"))
                                   + (tr("dry_run_nothing") if dry_run else "")))

    @command(east, "standings")
    def east_standings(csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The east tournament's table (§1.1.5.2): VP by the WBF 20-VP scale for 24 boards, then IMP
        difference, then the mutual match; teams still level are flagged for lots. The first two
        qualify (Kreds II's direct team takes the third east place).

        Example: dbf qualification east standings --json
        """
        ef = _east(load_store(), required=False)
        if ef is None:
            return _no_east(EAST_STANDINGS, {"boards": 24, "matches_played": 0, "matches_total": 0, "complete": False,
                                             "rows": []})
        rows, schedule, problems = _table(ef)
        total = sum(1 for rnd in schedule for _, _, a in rnd if a)
        names = {t.id: t.name for t in ef.teams}
        doc = {"boards": 24, "matches_played": len(ef.results), "matches_total": total,
               "complete": len(ef.results) >= total,
               "rows": [{"rank": r.rank, "team": r.team, "name": names[r.team], "region": ef.regions.get(r.team),
                         "played": r.played, "imps_for": r.imps_for, "imps_against": r.imps_against,
                         "vp": round(float(r.vp), 2), "tied": r.tied} for r in rows]}
        if not doc["complete"]:   # level teams mid-tournament are no news; lots only at the end
            problems = [p for p in problems if p.is_error]
        warnings = check(problems, doc)
        doc["warnings"] = [p.to_json() for p in warnings]

        def human(o):
            o.table(tr("east_standings_title", played=doc["matches_played"], total=total),
                    heads(*EAST_STANDINGS),
                    [(f"{r['rank']}{'=' if r['tied'] else ''}", r["team"], r["name"], r["region"], r["played"],
                      r["imps_for"], r["imps_against"], num(f"{r['vp']:.2f}")) for r in doc["rows"]],
                    justify=["right", "left", "left", "left", "right", "right", "right", "right"])

        emit(doc, human)

    @command(west, "enter", writes=True)
    def west_enter(file: FileArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Enter Kreds IV's teams in its ranking order, best first (§1.1.5.2: Kreds IV finds the
        three west teams; the 4th and on are the reserves of §1.1.1.1).

        Example: dbf qualification west enter kreds4.yaml
        """
        from ..store.divisions.playoff import WEST, read_entry
        from ..store.teams import parse_teams_yaml, teams_file_data

        teams, _, problems = parse_teams_yaml(read_entry(file, "teams file"))
        check(problems)
        if not teams:
            fail(Msg('no teams under teams:'), code="format.qualification")
        store = load_store()
        with store.transaction(command_line(), "west qualification: Kreds IV's ranking", dry_run, RUN.lock_timeout) as tx:
            tx.write_yaml(WEST, teams_file_data(teams), header="Kreds IV's qualifiers, best first (§1.1.5.2)")
        emit({"ok": True, "west": [t.id for t in teams], "dry_run": dry_run},
             lambda o: o.line(tr("west_entered", verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                 teams=", ".join(t.id for t in teams))))

    @command(qual, "qualifiers")
    def qualifiers(out: Annotated[Optional[Path], typer.Option("--out", help="Write the qualifiers file here.")] = None,
                   membership: Annotated[Optional[tuple[int, int]], typer.Option("--membership", help="Members west and east of the Great Belt (§1.1.5.1).")] = None,
                   json_: JsonOpt = False) -> None:
        """The qualifiers file for `dbf season rollover --qualifiers` (§1.1.5.1-2): Kreds IV's
        ranking (west), Kreds II's direct team and the east tournament's final ranking, with a
        team record for each. Needs the east tournament complete (exit 1 otherwise).

        Example: dbf qualification qualifiers --membership 5200 4800 --out qualifiers.yaml
        """
        from ..rules.problems import Problem
        from ..rules.divisions.qualification import Qualifiers, allocate_places
        from ..store.teams import team_to_data
        from ..store.yamlio import dump_yaml

        snap = load_snapshot()
        ef = _east(snap)
        west, problems = snap.west()
        check(problems)
        if west is None:
            fail(Msg("Kreds IV's teams are not entered"), hint="dbf qualification west enter FILE", code="state.not-entered")
        rows, schedule, problems = _table(ef)
        total = sum(1 for rnd in schedule for _, _, a in rnd if a)
        if len(ef.results) < total:
            problems.append(Problem.error("1.1.5.2", Msg('the east tournament is not complete ({} of {} '
                                                         'matches)', len(ef.results), total), hint="dbf qualification east result MATCH --imps A B",
                                          code="qualify.incomplete"))
        places = (3, 3)
        if membership is not None:
            alloc = allocate_places(*membership)
            places = (alloc.west, alloc.east)
        q = Qualifiers(tuple(t.id for t in west), tuple(r.team for r in rows), tuple(t.id for t in ef.direct), *places)
        problems += q.check()
        doc: dict = {"schema": 1}
        if membership is not None:
            doc["membership"] = {"west": membership[0], "east": membership[1]}
        doc.update(west=list(q.west), east_direct=list(q.east_direct), east_tournament=list(q.east_tournament),
                   teams=[team_to_data(t) for t in west + ef.direct + ef.teams])
        check(problems, {"qualifiers": doc})
        qualified = [t for t, _, _ in q.qualified()]
        if out is not None:
            from .common import write_out

            write_out(out, dump_yaml(doc, "qualifiers for dbf season rollover --qualifiers (§1.1.5)").encode())

        def human(o):
            if out is None:
                o.stream.write(dump_yaml(doc))
            else:
                o.line(tr("qualifiers_written", file=out, teams=", ".join(qualified), west=places[0], east=places[1]))

        emit({"ok": True, "qualified": qualified, "places": {"west": places[0], "east": places[1]},
              "file": None if out is None else str(out), "qualifiers": doc}, human)
