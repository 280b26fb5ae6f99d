"""Seating in a cup match as a use case: :func:`seating` (``dbf seating MATCH``): who seats first
in each segment (§1.5.13: the away team first in odd segments, last in even), home and away as
the schedule decides them (§1.5.5 most UP, §1.5.13 a team with a HUM pair away, §1.5.7 DBF's
venue: :func:`dbfcli.rules.cup.home.seating_sides`) unless the TD names them, and with line-ups
the §1.5.13 checks on unchanged pairs. It reads and writes nothing else."""

from __future__ import annotations

from typing import Any, Callable

from ..rules.ids import cup_round_of
from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_of, refuse
from .session import Session

#: the line-ups the TD gives (``--lineups FILE``), read when the match is known: ``(line-ups,
#: no_consecutive demanded in the file, ordinary_segments)`` (cli/seating.py ``read_lineups``)
LineupsReader = Callable[[], tuple[list[Any], bool, "int | None"]]


class SeatingRequest(Value, kw_only=True):
    """``dbf seating MATCH``: ``home``/``away`` the TD's sides (default the schedule's, §1.5.5),
    ``segments`` (default 5; 6 from the quarter-final, §1.5.9), ``no_consecutive`` a captain
    demanded unchanged pairs not in consecutive segments (§1.5.13)."""

    match: str
    home: str | None = None
    away: str | None = None
    segments: int | None = None
    no_consecutive: bool = False


class SeatingPlan(MutableValue, kw_only=True):
    """The sides, each segment's ``(segment, seats first, seats last)``, the notes (why these
    sides) and how many segments of line-ups were checked (None: none given)."""

    home: str
    away: str
    order: list[tuple[int, str, str]]
    notes: list[str]
    checked: int | None


def seating(session: Session, request: SeatingRequest, lineups: LineupsReader | None = None) -> Outcome:
    """``dbf seating MATCH [--lineups FILE]`` (§1.5.13): refused (exit 2) for a match with a
    pending place (§1.5.16), one in no draw without both sides, a team not in the match; exit 1
    for line-ups that break §1.5.13. ``doc``: as ``--json`` prints it; ``plan``: :class:`SeatingPlan`."""
    return outcome_of(_seating, session, request, lineups)


def _seating(session: Session, request: SeatingRequest, lineups: LineupsReader | None) -> Outcome:
    from ..rules.cup.seating import seating_order

    snap = session.snap
    match = request.match
    round_no = cup_round_of(match)
    notes: list[str] = []
    row = _scheduled(snap, match, round_no)
    home, away = _sides(match, row, request.home, request.away, notes)
    hum = _hum_pairs(snap, row, home, away)
    n = request.segments or (6 if round_no and round_no >= 7 else 5)
    order = seating_order(n, home, away)
    problems: list[Problem] = []
    checked = None
    if lineups is not None:
        problems, checked = _checked_lineups(lineups, n, request.no_consecutive, hum[home], hum[away])
    doc: dict[str, Any] = {"match": match, "home": home, "away": away, "notes": notes,
                           "segments": [{"segment": s, "seats_first": f, "seats_last": last} for s, f, last in order],
                           "lineups_checked": checked}
    warnings = refuse(problems, doc)
    return Outcome(doc=doc, notes=warnings,
                   plan=SeatingPlan(home=home, away=away, order=list(order), notes=notes, checked=checked))


def _scheduled(snap: Any, match: str, round_no: int | None) -> Any:
    """The match as `dbf schedule cup` has it (rules.cup.home.schedule_match), None when it is in
    no recorded draw; exit 2 while a place is pending (§1.5.16: a team is not known yet)."""
    if round_no is None:
        return None
    _, rows, _ = snap.scheduled(snap.settings(), round_no)
    row = next((r for r in rows if r.id == match), None)
    if row is not None and row.pending:   # §1.5.16: a team is the winner of a match not played yet
        fail(Msg('{} has a pending place: a team is the winner of {}, not known yet', match,
                 ', '.join(row.pending)),
             rule="1.5.16", hint=Msg('record the result of {} first', row.pending[0]), code="state.pending-place")
    return row


def _sides(match: str, row: Any, home: str | None, away: str | None, notes: list[str]) -> tuple[str, str]:
    """Home and away: §1.5.5/§1.5.13/§1.5.7 as the schedule decides them (rules.cup.home.seating_sides,
    the one answer; its reason is a note), unless ``--home``/``--away`` say otherwise (a note then
    says what the schedule has). Exit 2 for a match not drawn without both, or a team not in it."""
    from ..rules.cup.home import seating_sides

    if row is None:
        if not (home and away):
            fail(Msg('match {} is not in a recorded draw', match), hint=Msg('give --home TEAM --away TEAM'),
                 code="unknown.match")
        return home, away
    sched_home, sched_away, why = seating_sides(row)
    teams = row.teams
    if (home or away) not in (None, *teams) or (away or home) not in (None, *teams):
        fail(Msg('{} does not play {} ({})', home or away, match, ' v '.join(teams)), code="unknown.team")
    given_home = home or (teams[1] if away == teams[0] else teams[0] if away else None)
    if given_home is None or given_home == sched_home:
        notes.append(why)
        return sched_home, sched_away
    notes.append(Msg('--home {}: the schedule has {} at home ({})', given_home, sched_home, why))
    return given_home, teams[1] if teams[0] == given_home else teams[0]


def _hum_pairs(snap: Any, row: Any, home: str, away: str) -> dict[str, frozenset[frozenset[int]]]:
    """Each team's pairs that play HUM in the match (§1.5.13: they may be met every segment): the
    schedule's HUM verdicts (§1.5.1.2, §2.10.5); for a match in no draw, the registered HUM pairs."""
    if row is not None:
        return {t: frozenset(frozenset(v.pair) for v in row.hum if v.team == t and v.allowed) for t in (home, away)}
    regs, _ = snap.registry()
    return {t: frozenset(frozenset(r.pair) for r in regs if r.team == t and r.hum) for t in (home, away)}


def _checked_lineups(lineups: LineupsReader, n: int, no_consecutive: bool, home_hum: frozenset[frozenset[int]],
                     away_hum: frozenset[frozenset[int]]) -> tuple[list[Problem], int]:
    """§1.5.13 the line-ups checked (unchanged pairs; HUM pairs may be met every segment): (the
    problems, the segments checked)."""
    from ..rules.cup.seating import check_lineups

    lus, demanded, ordinary = lineups()
    problems = check_lineups(lus, ordinary_segments=ordinary or n,
                             no_consecutive_demanded=no_consecutive or demanded,
                             home_hum_pairs=home_hum, away_hum_pairs=away_hum)
    return problems, len(lus)
