"""``dbf schedule cup --round N`` and ``dbf schedule cup set MATCH``: home team, venue,
date, time and UP of each cup match (§1.5.4-§1.5.8, §1.5.16). Mounted by ``schedule.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, round_name, t as tr
from .params import dress
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt
from .invocation import RUN
from .output import emit, Out
from .usecase import render, session

app = typer.Typer(invoke_without_command=True)   # help: the callback's docstring
_inner = typer.Typer()   # only lends @command's error handling to the callback below

RoundOpt = Annotated[Optional[int], typer.Option("--round", min=1, max=9, help="Cup round 1-9.")]
IcsOpt = Annotated[Optional[Path], typer.Option("--ics", help="Also write the matches as an iCalendar file.")]
TeamOpt = Annotated[Optional[str], typer.Option("--team", metavar="TEAM", help="With --ics: only this team's matches.")]
COLUMNS = ["id", "home", "away", "venue_postcode", "distance_km", "up", "date", "time"]


def _trips(s) -> tuple:
    """The km and UP cells: the away team's trip; at DBF's venue (§1.5.7, rounds 8-9) both
    teams travel, so both trips, in the order of the teams (issue 14)."""
    if not s.neutral:
        return (None if s.distance_km is None else f"{s.distance_km:g}", s.up)
    legs = [s.travel.get(t, (None, None)) for t in s.teams]
    km = " / ".join("?" if k is None else f"{k:g}" for k, _ in legs)
    up = " / ".join("?" if u is None else str(u) for _, u in legs)
    return km, up


def _short_reason(s) -> str:
    """The table's "why" column: the § that decided home and away (``rules.cup.home``
    ``ScheduledMatch.basis``)."""
    if s.basis == "pending":
        return tr("why:pending", match=", ".join(s.pending))
    if s.basis in ("neutral", "neutral_hum"):
        return tr("why:neutral") + (tr("why:neutral_hum") if s.basis == "neutral_hum" else "")
    if s.basis == "hum":
        return tr("why:hum", team=s.away)
    return tr("why:" + s.basis)


def _sides(s) -> tuple[str, str]:
    """The table's home and away columns: §1.5.7 both teams at DBF's venue; a match with a
    pending place (§1.5.16) shows its two teams, "winner of C1-032" included, as drawn."""
    from ..i18n import team_label

    from ..rules.cup.home import seating_sides

    if s.pending:
        return team_label(s.teams[0]), team_label(s.teams[1])
    home, away, _ = seating_sides(s)
    return (home, away) if s.home else (f"{home} ({tr('neutral')})", away)


@command(_inner, "show")
def show(round_no: int | None, json_: bool, csv: bool, ics: Path | None, team: str | None = None) -> None:
    from ..app.schedules import CupScheduleRequest, cup_schedule
    from .common import print_problems, report, write_out

    outcome = cup_schedule(session(), CupScheduleRequest(round=round_no, ics=ics, team=team))
    plan = outcome.plan
    if plan is None:
        render(outcome)
    if plan.ics is not None:
        write_out(plan.ics.path, plan.ics.data, "--ics")
    _render(outcome.doc, plan.round, plan.rows, ics, csv, outcome.refused)
    if outcome.refused:
        report(outcome.problems, outcome.doc)
    if outcome.notes and not RUN.json:
        print_problems(outcome.notes)


def _render(doc: dict, round_no: int, rows, ics: Path | None, csv: bool, errors: bool) -> None:
    """``--csv``, else the document (``--json``) or the tables; with errors, the tables only
    (the document goes with the error)."""
    from .output import write_csv

    if csv and not RUN.json:
        write_csv(COLUMNS, [[doc_row[c] for c in COLUMNS] for doc_row in doc["matches"]])
        return

    def human(out):
        _human(out, round_no, rows, ics)

    if not errors:
        emit(doc, human)
    elif not RUN.json:
        human(Out())


def _human(out, round_no: int, rows, ics: Path | None) -> None:
    """The round's schedule as a table, and the HUM verdicts per pair (§1.5.1.2, §2.10.5)."""
    out.table(tr("cup_schedule_title", round=round_name(round_no), matches=count(len(rows), "match")),
              heads("match", "home", "away", "venue", "km", "UP", "date", "time", "why"),
              [(s.id, *_sides(s), s.venue, *_trips(s), s.date, s.time, _short_reason(s))
               for s in rows], justify=["left", "left", "left", "right", "right", "right", "left", "left",
                                        "left"])
    hum = [s for s in rows if s.hum]
    if hum:
        out.table(tr("hum_title"), heads("match", "pair", "HUM", "why"),
                  [(s.id, f"{v.team} {v.pair[0]}-{v.pair[1]}", tr("allowed") if v.allowed else tr("not_allowed"),
                    f"§{v.rule}: {v.why}") for s in hum for v in s.hum])
    if ics is not None:
        out.line(tr("wrote_file", file=ics))


@app.callback()
def cup(ctx: typer.Context, round_: RoundOpt = None, json_: JsonOpt = False, csv: CsvOpt = False,
        csv_dialect: CsvDialectOpt = None, ics: IcsOpt = None, team: TeamOpt = None) -> None:
    """The cup's schedule of a round: home, venue, date, time, km and UP (§1.5.4-§1.5.8).

    Home team (§1.5.5: most UP, else the team drawn first; §1.5.13: a team with HUM
    pairs against one without is always away), HUM per pair (§1.5.1.2: only against a
    division team or a HUM team; §2.10.5: card sent a week before), venue (§1.5.8: the home
    captain's postcode), date and time (§1.5.6: the official day at 13:00 unless agreed),
    km and UP of the away team's trip (§1.5.4). Semi-finals and final: DBF's venue on the
    final weekend, no home team (§1.5.7). --csv and --ics FILE export the table
    (--team ID: one team's calendar); `set MATCH` records what the captains agreed.

    Example: dbf schedule cup --round 1 --ics round1.ics
    """
    if ctx.invoked_subcommand is None:
        show(round_, json_, csv, ics, team)




dress(cup)   # metavars: --round N, --ics FILE (issue 18.9)


@command(app, "set", writes=True)
def set_(
    match: Annotated[str, typer.Argument(help="Match id, e.g. C1-007.")],
    date: Annotated[Optional[str], typer.Option("--date", help="Agreed date YYYY-MM-DD.")] = None,
    time: Annotated[Optional[str], typer.Option("--time", help="Agreed start HH:MM.")] = None,
    venue: Annotated[Optional[str], typer.Option("--venue", help="Venue postcode (§1.5.8).")] = None,
    dispensation: Annotated[Optional[str], typer.Option("--dispensation", help="Why a later date is allowed (§1.5.6).")] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Forget what was recorded for the match.")] = False,
    dry_run: DryRunOpt = False,
    json_: JsonOpt = False,
) -> None:
    """Record an agreed date, time or venue of a cup match, or a dispensation (§1.5.6,
    §1.5.8, §1.5.16: the TD sets conditions when captains disagree). A date after the
    round's official day is refused without --dispensation (§1.5.6).

    Example: dbf schedule cup set C1-007 --date 2026-12-12 --time 10:00 --venue 5000
    """
    from ..app.schedules import ScheduleAgreement, set_cup_schedule

    outcome = set_cup_schedule(session(), ScheduleAgreement(match=match, date=date, time=time, venue=venue,
                                                            dispensation=dispensation, clear=clear, dry_run=dry_run))
    s, doc = outcome.plan, outcome.doc
    render(outcome, lambda out: out.line(tr("schedule_set", match=match, date=s.date, time=s.time, venue=s.venue)
                                         + (tr("dispensation_note", text=doc["dispensation"]) if doc["dispensation"]
                                            else "")
                                         + (tr("dry_run_note") if dry_run else "")))
