"""Schedules as use cases: :func:`cup_schedule` (``dbf schedule cup --round N``: home, venue,
date, time, km and UP of each match of a drawn cup round, §1.5.4-§1.5.8, §1.5.13, §1.5.16),
:func:`set_cup_schedule` (``dbf schedule cup set MATCH``: what the captains agreed, §1.5.6,
§1.5.8, one journaled write) and :func:`division_schedule` (``dbf schedule DIV [--freeze]``: a division's all-play-all over its
weekends, §1.1.2.1, §1.1.2.3; ``freeze`` stores it, one transaction).

What home and away are, and why, is ``rules.cup.home`` (``ScheduledMatch.basis``: the key the
table's "why" column shows); the round robin is ``rules.divisions.roundrobin``. A calendar
(``ics``) is made here as bytes (:class:`IcsFile`): the face writes the file the user named.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, UsageProblem, fail, not_drawn, outcome_noting, outcome_of, refuse
from .session import Session


class IcsFile(Value, kw_only=True):
    """An iCalendar file to write (``--ics FILE``): where, its bytes, how many events."""

    path: Path
    data: bytes
    events: int


# --------------------------------------------------------------------------- the cup
class CupScheduleRequest(Value, kw_only=True):
    """``dbf schedule cup --round N [--ics FILE [--team TEAM]]``; ``lang``: the calendar's
    (None: the run's, ``i18n.current_lang()`` when it is made)."""

    round: int | None
    ics: Path | None = None
    team: str | None = None
    lang: str | None = None


class CupSchedule(MutableValue, kw_only=True):
    """What :func:`cup_schedule` decided: the round and its matches
    (``rules.cup.home.ScheduledMatch``), and the calendar to write (or None)."""

    round: int
    rows: list[Any]
    ics: IcsFile | None = None


def cup_schedule(session: Session, request: CupScheduleRequest) -> Outcome:
    """``dbf schedule cup --round N`` (§1.5.4-§1.5.8, §1.5.13, §1.5.16): refused (exit 2) for no
    ``--round``, a round not drawn, ``--team`` without ``--ics`` or of no match of the round.
    ``doc``: the round's matches with the warnings; ``plan``: :class:`CupSchedule` (also on a
    refusal for the errors found in the schedule, exit 1: the tables are shown with them);
    ``notes``: the warnings."""
    return outcome_of(_cup_schedule, session, request)


def _cup_schedule(session: Session, request: CupScheduleRequest) -> Outcome:
    round_no = request.round
    if round_no is None:
        fail(Msg('give --round N (or a subcommand: set)'), hint="dbf schedule cup --round 1", code="usage.missing")
    snap = session.snap
    draw, rows, problems = snap.scheduled(snap.settings(), round_no)
    if draw is None:
        not_drawn(round_no)
    doc = cup_schedule_doc(round_no, rows)
    warnings = [p for p in problems if not p.is_error]
    doc["warnings"] = [p.to_json() for p in warnings]
    if request.team is not None:
        _check_cup_team(round_no, request.team, request.ics, rows)
    plan = CupSchedule(round=round_no, rows=list(rows))
    if request.ics is not None:
        plan.ics = _cup_ics(snap, round_no, rows, request)
        doc["ics"] = {"file": str(plan.ics.path), "events": plan.ics.events}
    if any(p.is_error for p in problems):
        return Outcome(doc=doc, problems=list(problems), plan=plan, show="schedule")
    return Outcome(doc=doc, notes=warnings, plan=plan, show="schedule")


def cup_schedule_doc(round_no: int, rows: Sequence[Any]) -> dict[str, Any]:
    """The ``--json`` document of a cup round's schedule: each match as seated (§1.5.5/§1.5.13;
    §1.5.7: as seated at DBF's venue; §1.5.16: the two teams as drawn while a place is pending)."""
    from ..rules.cup.home import seating_sides

    def one(s: Any) -> dict[str, Any]:
        home, away = (s.home, s.away) if s.pending else seating_sides(s)[:2]
        row = {"id": s.id, "home": home, "away": away, "venue_postcode": s.venue, "distance_km": s.distance_km,
               "up": s.up, "date": s.date, "time": s.time, "neutral": s.neutral,
               "travel": {t: {"km": km, "up": up} for t, (km, up) in s.travel.items()},
               "reason": s.reason, "hum": [v.to_json() for v in s.hum]}
        if s.dispensation:
            row["dispensation"] = s.dispensation
        if s.pending:   # §1.5.16: home and away wait for the awaited result
            row["teams"], row["pending"] = list(s.teams), list(s.pending)
        return row

    return {"round": round_no, "matches": [one(s) for s in rows]}


def _check_cup_team(round_no: int, team: str, ics: Path | None, rows: Sequence[Any]) -> None:
    """``--team`` goes with ``--ics`` and names a team that plays in the round (exit 2)."""
    if ics is None:
        fail(Msg('--team goes with --ics'), hint=f"dbf schedule cup --round {round_no} --ics team.ics --team {team}",
             code="usage.conflict")
    if not any(team in s.teams for s in rows):
        fail(Msg('unknown team {}: it plays no match of cup round {}', team, round_no), hint="dbf cup teams",
             code="unknown.team")


def _cup_ics(snap: Any, round_no: int, rows: Sequence[Any], request: CupScheduleRequest) -> IcsFile:
    """The round's matches (``--team``'s only, when given) as an iCalendar file."""
    from ..store.ics import cup_calendar

    assert request.ics is not None
    _, streets, _ = snap.clubs()
    teams, _ = snap.cup_teams()
    names = {t.id: t.name for t in teams}
    data, events = cup_calendar(snap.season, round_no, rows, names, request.lang, streets, request.team,
                                {t.id: t for t in teams})
    return IcsFile(path=request.ics, data=data, events=events)


# --------------------------------------------------------------------------- the divisions
class DivisionScheduleRequest(Value, kw_only=True):
    """``dbf schedule DIV [--freeze [--refreeze]] [--ics FILE [--team TEAM]]``; ``on``: the day a
    freeze records (default: today); ``lang``: the calendar's (None: the run's)."""

    division: str
    freeze: bool = False
    refreeze: bool = False
    dry_run: bool = False
    ics: Path | None = None
    team: str | None = None
    lang: str | None = None
    on: dt.date | None = None


class DivisionSchedule(MutableValue, kw_only=True):
    """What :func:`division_schedule` decided: the rounds shown (the stored schedule, else the
    computed one; ``rules.divisions.roundrobin``), the teams' names, the boards per match,
    whether a stored schedule is shown (``frozen``), whether the freeze wrote (or, with
    ``dry_run``, would write) it, and the calendar to write (or None)."""

    division: str
    season: str
    rounds: list[Any]
    names: dict[str, str]
    boards: int
    frozen: bool
    stored: bool = False
    dry_run: bool = False
    ics: IcsFile | None = None


def division_schedule(session: Session, request: DivisionScheduleRequest) -> Outcome:
    """``dbf schedule DIV`` (§1.1.2.1, §1.1.2.3: last season's nos. 1-4 meet last): refused
    (exit 2) for a division without teams, ``--refreeze`` without ``--freeze``, a refreeze while
    results use the stored match ids, a malformed stored schedule, ``--team`` without ``--ics``
    or of another division; exit 1 for a stored schedule that breaks §1.1.2.1. ``freeze``
    stores the schedule (one journaled write). ``doc``: the rounds; ``plan``:
    :class:`DivisionSchedule`; ``notes``: the warnings."""
    return outcome_noting(_division_schedule, session, request)


def _division_schedule(session: Session, request: DivisionScheduleRequest, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.roundrobin import round_venues
    from ..store.divisions.results import schedule_file

    snap, division_id = session.snap, request.division
    division, problems = snap.division(division_id)
    notes += refuse(problems)
    if division is None or not division.teams:
        fail(Msg('no teams entered in {}', division_id), hint=Msg('run `dbf division enter {} FILE`', division_id),
             code="state.not-entered")
    settings = snap.settings().division(division_id)
    if request.refreeze and not request.freeze:
        fail(Msg('--refreeze goes with --freeze'), hint=f"dbf schedule {division_id} --freeze --refreeze",
             code="usage.conflict")
    stored = _freeze(session, division, settings, request) if request.freeze else False
    frozen, rounds, warnings = _rounds(snap, division_id, division, settings, stored and request.dry_run)
    notes += warnings
    names = {t.id: t.name for t in division.teams}
    venue = round_venues(rounds, settings)
    doc = _division_doc(division_id, snap.store.season, division, settings, frozen, rounds, venue, warnings)
    if stored:
        doc["stored_in"] = schedule_file(division_id)
        doc["dry_run"] = request.dry_run
    if request.team is not None:
        _check_division_team(division_id, request.team, request.ics, names)
    plan = DivisionSchedule(division=division_id, season=snap.store.season, rounds=list(rounds), names=names,
                            boards=settings.boards, frozen=frozen, stored=stored, dry_run=request.dry_run)
    if request.ics is not None:
        plan.ics = _division_ics(snap, division, rounds, names, venue, settings.boards, request)
        doc["ics"] = {"file": str(plan.ics.path), "events": plan.ics.events}
    return Outcome(doc=doc, notes=list(notes), written=stored and not request.dry_run, plan=plan, show="schedule")


def _freeze(session: Session, division: Any, settings: Any, request: DivisionScheduleRequest) -> bool:
    """Store the schedule (unless stored and not ``refreeze``), one transaction; refused (exit 2)
    when a stored schedule would be replaced while results use its match ids
    (:func:`dbfcli.store.divisions.results.refreeze_refusal`). True when it writes."""
    from ..store.divisions.results import freeze_schedule

    snap = session.snap
    refusal = snap.refreeze_refusal(division.id) if request.refreeze else None
    if refusal is not None:
        raise UsageProblem([refusal])
    store = snap.store
    on = (request.on or dt.date.today()).isoformat()
    with store.transaction(session.actor, Msg("froze the {} schedule", division.id), request.dry_run,
                           session.lock_timeout) as tx:
        written: bool = freeze_schedule(tx, store, division, settings, on=on, refreeze=request.refreeze)
    return written


def _rounds(snap: Any, division_id: str, division: Any, settings: Any, would_store: bool
            ) -> tuple[bool, list[Any], list[Problem]]:
    """(a stored schedule is shown, the rounds shown -- stored, else computed --, the warnings
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
    return stored is not None, list(rounds), refuse(found)


def _division_doc(division_id: str, season: str, division: Any, settings: Any, frozen: bool, rounds: Sequence[Any],
                  venue: dict[int, Any], warnings: Sequence[Problem]) -> dict[str, Any]:
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


def _check_division_team(division_id: str, team: str, ics: Path | None, names: dict[str, str]) -> None:
    """``--team`` goes with ``--ics`` and names a team of the division (exit 2)."""
    if ics is None:
        fail(Msg('--team goes with --ics'), hint=f"dbf schedule {division_id} --ics team.ics --team {team}",
             code="usage.conflict")
    if team not in names:
        fail(Msg('unknown team {}: not a team of {}', team, division_id), hint=f"dbf division teams {division_id}",
             code="unknown.team")


def _division_ics(snap: Any, division: Any, rounds: Sequence[Any], names: dict[str, str], venue: dict[int, Any],
                  boards: int, request: DivisionScheduleRequest) -> IcsFile:
    """The division's matches (``--team``'s only, when given) as an iCalendar file."""
    from ..store.ics import division_calendar

    assert request.ics is not None
    _, streets, _ = snap.clubs()
    data, events = division_calendar(request.division, snap.store.season, rounds, names, venue, boards,
                                     request.lang, streets, request.team, {t.id: t for t in division.teams})
    return IcsFile(path=request.ics, data=data, events=events)


# --------------------------------------------------------------------------- an agreement (§1.5.6, §1.5.8)
class ScheduleAgreement(Value, kw_only=True):
    """``dbf schedule cup set MATCH [--date D] [--time HH:MM] [--venue POSTCODE] [--dispensation
    TEXT] [--clear]``: what the captains agreed (§1.5.6, §1.5.8) or the TD set (§1.5.16)."""

    match: str
    date: str | None = None
    time: str | None = None
    venue: str | None = None
    dispensation: str | None = None
    clear: bool = False
    dry_run: bool = False


def set_cup_schedule(session: Session, agreement: ScheduleAgreement) -> Outcome:
    """``dbf schedule cup set MATCH`` (§1.5.6, §1.5.8, §1.5.16): record an agreed date, time or
    venue of a drawn cup match, or a dispensation, in ``cup/schedule.yaml`` (one journaled
    write); exit 2 for nothing to set, a date, time or postcode that is none, an unknown match;
    exit 1 for a date after the round's official day without a dispensation (§1.5.6). ``doc``:
    the match as scheduled now; ``plan``: its ``rules.cup.home.ScheduledMatch``."""
    return outcome_noting(_set_cup_schedule, session, agreement)


def _set_cup_schedule(session: Session, a: ScheduleAgreement, notes: list[Problem]) -> Outcome:
    from ..rules.cup.home import schedule_match
    from ..store.cup.draws import SCHEDULE, schedule_data

    snap = session.snap
    settings = snap.settings()
    day, venue = _set_options(a)
    with snap.store.transaction(session.actor, Msg("cup schedule of {}", a.match), a.dry_run, session.lock_timeout) as tx:
        draws, _, problems = snap.draws()
        agreements, _, more = snap.schedule()
        agreements = dict(agreements)   # today's, and the one changed below
        notes += refuse(problems + more)
        found = next((m for d in draws.values() for m in d.matches if m.id == a.match), None)
        if found is None:
            fail(Msg('unknown match {}: no drawn cup match has that id', a.match), hint="dbf schedule cup --round N",
                 code="unknown.match")
        new = _agreed(agreements.get(a.match), a, day, venue)
        teams, _ = snap.cup_teams()
        scheduled, problems = schedule_match(found, settings.cup, {t.id: t.postcode for t in teams}, {}, new)
        refuse([p for p in problems if p.rule == "1.5.6" and p.is_error])   # §1.5.6: a later day needs a dispensation
        agreements[a.match] = new
        tx.write_yaml(SCHEDULE, schedule_data(agreements),
                      header="cup schedule: agreed dates, times, venues, dispensations (dbf schedule cup set)")
        changes = tx.changes()
    doc = {"ok": True, "match": a.match, "date": scheduled.date, "time": scheduled.time,
           "venue_postcode": scheduled.venue, "dispensation": new.dispensation, "dry_run": a.dry_run,
           "changes": [{"file": f, "action": act} for f, act in changes]}
    return Outcome(doc=doc, notes=list(notes), written=not a.dry_run, plan=scheduled, show="set")


def _set_options(a: ScheduleAgreement) -> tuple[dt.date | None, str | None]:
    """(the agreed day, the venue's postcode) of ``dbf schedule cup set``; exit 2 for nothing to
    set, a date, time or postcode that is none."""
    import re

    from ..rules.dates import RANGE_HINT, date_of
    from ..store.geodata import load_postcodes

    given = [v for v in (a.date, a.time, a.venue, a.dispensation) if v is not None]
    if not given and not a.clear:
        fail(Msg('nothing to set'), hint=Msg('give --date, --time, --venue, --dispensation or --clear'),
             code="usage.missing")
    day = date_of(a.date) if a.date else None
    if a.date and day is None:
        fail(Msg('--date {} is not {}', f'{a.date!r}', RANGE_HINT), code="usage.option")
    if a.time is not None and not re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]", a.time):
        fail(Msg('--time {} is not HH:MM', f'{a.time!r}'), code="usage.option")
    venue = a.venue
    if venue is not None:
        venue = venue.strip().zfill(4)
        if venue not in load_postcodes():
            fail(Msg('--venue {} is not a Danish postcode', venue), code="unknown.postcode")
    return day, venue


def _agreed(old: Any, a: ScheduleAgreement, day: dt.date | None, venue: str | None) -> Any:
    """The match's agreement after ``set``: today's (none with ``--clear``) with what is given."""
    from ..rules.cup.home import Agreement
    from ..rules.value import replace

    old = Agreement() if a.clear or old is None else old
    return replace(old, **{k: v for k, v in (("date", day), ("time", a.time), ("venue", venue),
                                             ("dispensation", a.dispensation)) if v is not None})


__all__ = ["CupSchedule", "CupScheduleRequest", "DivisionSchedule", "DivisionScheduleRequest", "IcsFile",
           "ScheduleAgreement", "cup_schedule", "cup_schedule_doc", "division_schedule", "set_cup_schedule"]
