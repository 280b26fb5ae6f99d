"""``dbf schedule DIV``: a division's all-play-all over its weekends (§1.1.2.1, §1.1.3.1,
§1.1.4.1), seeded so that last season's nos. 1-4 meet last (§1.1.2.3).

``cli/schedule.py`` mounts :func:`register_divisions` under ``dbf schedule``; the work is in
:func:`show`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr, division_name
from .common import RUN, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt, UsageProblem, check, command, command_line, emit, fail, load_snapshot, write_csv
from ..rules.problems import Msg

IcsOpt = Annotated[Optional[Path], typer.Option("--ics", help="Also write the matches to this iCalendar file.")]
TeamOpt = Annotated[Optional[str], typer.Option("--team", metavar="TEAM", help="With --ics: only this team's matches.")]
FreezeOpt = Annotated[bool, typer.Option("--freeze", help="Store the schedule (divisions/schedule-DIV.yaml): "
                                                          "its match ids never change again.")]
RefreezeOpt = Annotated[bool, typer.Option("--refreeze", help="With --freeze: replace a stored schedule "
                                                              "(only while no result of the division is recorded).")]


def register_divisions(schedule: typer.Typer) -> None:
    """One ``schedule DIV`` command per division id (1div, 2div, 3div-a, 3div-b)."""
    from ..rules.model import DIVISIONS

    for div in DIVISIONS:
        _register_one(schedule, div)


def _register_one(schedule: typer.Typer, div: str) -> None:
    def run(json_: JsonOpt = False, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, ics: IcsOpt = None,
            freeze: FreezeOpt = False, refreeze: RefreezeOpt = False, dry_run: DryRunOpt = False,
            team: TeamOpt = None) -> None:
        show(div, json_, csv, ics, freeze=freeze, refreeze=refreeze, dry_run=dry_run, team=team)

    run.__doc__ = (f"{div}: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\n"
                   "Last season's nos. 1-4 (the first four of the entry order) meet in the last three "
                   "rounds. Byes show as away null. Once frozen (--freeze, or the first recorded result) "
                   "the stored schedule is shown and used, whatever the roster or the algorithm.\n\n"
                   f"Example: dbf schedule {div} --json")
    run.__name__ = f"schedule_{div.replace('-', '_')}"
    command(schedule, div, writes=lambda kw: bool(kw.get("freeze") or kw.get("refreeze")),
            help=run.__doc__)(run)


def show(division_id: str, json_: bool = False, csv: bool = False, ics: Path | None = None, *,
         freeze: bool = False, refreeze: bool = False, dry_run: bool = False, team: str | None = None) -> None:
    """Load the division and the settings, build (or read the stored) schedule, print it
    (``--freeze``: store it; ``--ics``: write a calendar)."""
    from ..rules.divisions.roundrobin import round_venues

    snap = load_snapshot()
    store = snap.store
    division, problems = snap.division(division_id)
    check(problems)
    if division is None or not division.teams:
        fail(Msg('no teams entered in {}', division_id), hint=Msg('run `dbf division enter {} FILE`', division_id), code="state.not-entered")
    settings = snap.settings().division(division_id)
    if refreeze and not freeze:
        fail(Msg('--refreeze goes with --freeze'), hint=f"dbf schedule {division_id} --freeze --refreeze", code="usage.conflict")
    written = _freeze(snap, division, settings, refreeze, dry_run) if freeze else False
    stored, rounds, warnings = _rounds(snap, division_id, division, settings, written and dry_run)
    names = {t.id: t.name for t in division.teams}
    venue = round_venues(rounds, settings)
    doc = _schedule_doc(division_id, store.season, division, settings, stored is not None, rounds, venue, warnings)
    if written:
        from ..store.divisions.results import schedule_file

        doc["stored_in"] = schedule_file(division_id)
        doc["dry_run"] = dry_run
    if team is not None:
        _check_team_option(division_id, team, ics, names)
    if ics is not None:
        doc["ics"] = _write_ics(snap, division_id, rounds, names, venue, settings.boards, team, ics)
    if csv and not (json_ or RUN.json):
        _write_schedule_csv(rounds, names)
        return

    def human(out) -> None:
        rows = []
        for r in rounds:
            for k, m in enumerate(r.matches):
                date = (r.date.isoformat() if r.date else "") if k == 0 else ""
                rows.append((r.number if k == 0 else "", date, m.id, names[m.home],
                             names[m.away] if m.away else tr("bye_cell")))
        state = tr("schedule:stored") if doc["frozen"] else tr("schedule:computed")
        out.table(tr("div_schedule_title", div=division_name(division_id), season=store.season,
                     rounds=count(len(rounds), "round", en_plural=True), boards=count(settings.boards, "board", en_plural=True), state=state),
                  heads("round", "date", "match", "home", "away"), rows)
        if written:
            out.line(tr("froze_schedule", verb=tr("verb:would freeze" if dry_run else "verb:froze"),
                        file=doc["stored_in"]))
        if ics is not None:
            out.line(tr("wrote_events", events=count(doc["ics"]["events"], "event", en_plural=True), file=ics))

    emit(doc, human)



def _rounds(snap, division_id: str, division, settings, would_store: bool):
    """(the stored schedule or None, the rounds shown -- stored, else computed --, the warnings
    on them): a malformed stored schedule exits 2, one that breaks a rule exits 1 (§1.1.2.1)."""
    from ..rules.divisions.roundrobin import check_frozen, division_schedule, schedule_problems

    stored, stored_teams, problems = snap.frozen(division_id, settings)   # read after the write
    if problems:                                   # a malformed stored schedule: exit 2
        raise UsageProblem(problems)
    if would_store:
        stored = None                      # show what would be stored
    rounds = stored if stored is not None else division_schedule(division, settings)
    found = schedule_problems(division, settings, rounds)
    if stored is not None:
        found += check_frozen(division, stored_teams, stored)
    return stored, rounds, check(found)


def _write_schedule_csv(rounds, names: dict) -> None:
    """``--csv``: one row per match (a bye's away team empty, named "bye")."""
    write_csv(["round", "date", "match", "home", "away", "home_name", "away_name"],
              [(r.number, r.date.isoformat() if r.date else "", m.id, m.home, m.away or "",
                names[m.home], names.get(m.away or "", "bye")) for r in rounds for m in r.matches])


def _schedule_doc(division_id: str, season: str, division, settings, frozen: bool, rounds, venue, warnings) -> dict:
    """The ``--json`` document of a division's schedule."""
    return {
        "division": division_id,
        "season": season,
        "teams": len(division.teams),
        "boards": settings.boards,
        "frozen": frozen,
        "rounds": [{"round": r.number, "date": r.date, "venue": venue.get(r.number),
                    "matches": [{"id": m.id, "home": m.home, "away": m.away} for m in r.matches]} for r in rounds],
        "warnings": [p.to_json() for p in warnings],
    }


def _check_team_option(division_id: str, team: str, ics: Path | None, names: dict) -> None:
    """``--team`` goes with ``--ics`` and names a team of the division (exit 2)."""
    if ics is None:
        fail(Msg('--team goes with --ics'), hint=f"dbf schedule {division_id} --ics team.ics --team {team}",
             code="usage.conflict")
    if team not in names:
        fail(Msg('unknown team {}: not a team of {}', team, division_id), hint=f"dbf division teams {division_id}",
             code="unknown.team")


def _write_ics(snap, division_id: str, rounds, names: dict, venue, boards: int, team: str | None, ics: Path) -> dict:
    """Write the division's matches (``team``'s only, when given) to the iCalendar file ``ics``."""
    from ..i18n import current_lang
    from ..store.ics import division_calendar
    from .common import write_out

    _, streets, _ = snap.clubs()
    division, _ = snap.division(division_id)
    data, events = division_calendar(division_id, snap.store.season, rounds, names, venue, boards,
                                     current_lang(), streets, team, {t.id: t for t in division.teams} if division else {})
    write_out(ics, data, "--ics")
    return {"file": str(ics), "events": events}


def _freeze(snap, division, settings, refreeze: bool, dry_run: bool) -> bool:
    """Store the schedule (unless stored and not ``refreeze``); refused (exit 2) when a stored
    schedule would be replaced while results use its match ids
    (:func:`dbfcli.store.divisions.results.refreeze_refusal`)."""
    import datetime as dt

    from ..store.divisions.results import freeze_schedule

    refusal = snap.refreeze_refusal(division.id) if refreeze else None
    if refusal is not None:
        raise UsageProblem([refusal])
    store = snap.store
    with store.transaction(command_line(), f"froze the {division.id} schedule", dry_run, RUN.lock_timeout) as tx:
        return freeze_schedule(tx, store, division, settings, on=dt.date.today().isoformat(), refreeze=refreeze)
