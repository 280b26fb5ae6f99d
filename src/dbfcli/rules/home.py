"""§1.5.5-§1.5.8, §1.5.16: home team, venue, date and time of a cup match; draw deadlines.

* Home (§1.5.5): the team with most UP credited so far in this season's cup;
  on equal UP the team drawn first (``CupMatch.teams[0]``).
* Venue (§1.5.8): the home captain's postcode unless a venue is recorded.
* Date and time (§1.5.6): the agreed date/time when recorded, else the
  round's official match day at ``start_time`` (13:00). A date after the
  official day needs a recorded dispensation.
* Semi-finals and final (§1.5.7): Saturday and Sunday of the final weekend at
  the venue DBF chose; no home team, both teams travel.
* Draw deadlines (§1.5.16): the draw of round N+1 by the Thursday after round
  N's official match day, sent to the teams by the Sunday of that week.

Distances and UP come from an injected ``trip(from_postcode, to_postcode,
round_no) -> (km, up)`` (the CLI passes one built on rules.geography and
rules.up), so these rules stay independent of the road network.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .model import CupMatch
from .problems import Problem
from .settings import CupSettings

SEMI_FINAL, FINAL = 8, 9
Trip = Callable[[str, str, int], "tuple[float | None, int | None]"]


@dataclass(frozen=True, slots=True)
class Agreement:
    """What cup/schedule.yaml records for one match (all optional)."""

    date: dt.date | None = None
    time: str | None = None
    venue: str | None = None
    dispensation: str | None = None


@dataclass(frozen=True, slots=True)
class ScheduledMatch:
    """When and where a cup match is played. ``home`` is None at a neutral venue (§1.5.7);
    ``up``/``distance_km`` are the away team's, ``travel`` every travelling team's (km, UP)."""

    id: str
    round: int
    teams: tuple[str, str]
    home: str | None
    away: str | None
    venue: str | None
    date: dt.date | None
    time: str
    distance_km: float | None
    up: int | None
    travel: Mapping[str, tuple[float | None, int | None]]
    dispensation: str | None = None

    @property
    def neutral(self) -> bool:
        return self.home is None


def home_team(match: CupMatch, up_totals: Mapping[str, int]) -> tuple[str, str]:
    """(home, away) by §1.5.5: most UP so far is home; equal UP: the team drawn first.

    >>> m = CupMatch("C3-001", 3, ("A", "B"))
    >>> home_team(m, {"B": 12, "A": 7}), home_team(m, {"A": 5, "B": 5}), home_team(m, {})
    (('B', 'A'), ('A', 'B'), ('A', 'B'))
    """
    a, b = match.teams
    if up_totals.get(b, 0) > up_totals.get(a, 0):
        return b, a
    return a, b


def official_day(round_no: int, settings: CupSettings) -> dt.date | None:
    """The official match day of a round (§1.5.6); the semi-finals on the Saturday and
    the final on the Sunday of the final weekend (§1.5.7)."""
    if round_no == SEMI_FINAL:
        return settings.final_weekend
    if round_no == FINAL:
        return settings.final_weekend + dt.timedelta(days=1) if settings.final_weekend else None
    return settings.match_days.get(round_no)


def schedule_match(
    match: CupMatch,
    settings: CupSettings,
    postcodes: Mapping[str, str],
    up_totals: Mapping[str, int],
    agreed: Agreement | None = None,
    trip: Trip | None = None,
) -> tuple[ScheduledMatch, list[Problem]]:
    """Home, venue, date, time and the away team's UP of one drawn match (§1.5.5-§1.5.8).

    ``postcodes``: team -> captain's postcode; ``up_totals``: team -> UP credited so far.
    """
    problems: list[Problem] = []
    agreed = agreed or Agreement()
    r = match.round
    official = official_day(r, settings)
    if r >= SEMI_FINAL:
        home, away = None, None
        venue = agreed.venue or settings.final_venue
        if venue is None:
            problems.append(Problem.warning("1.5.7", f"{match.id}: no venue for the semi-finals and final",
                                            hint="set cup.final_venue in season.toml"))
        travellers = match.teams
    else:
        home, away = home_team(match, up_totals)
        venue = agreed.venue or postcodes.get(home)
        travellers = (away,)
    if official is None:
        problems.append(Problem.warning(
            "1.5.7" if r >= SEMI_FINAL else "1.5.6", f"{match.id}: no official match day for round {r}",
            hint="set cup.final_weekend" if r >= SEMI_FINAL else f"set cup.match_days.{r} in season.toml"))
    date = agreed.date or official
    if agreed.date and official and agreed.date > official and not agreed.dispensation:
        problems.append(Problem.error(
            "1.5.6", f"{match.id}: agreed date {agreed.date} is after the official match day {official}; "
                     "only a dispensation allows that",
            hint="record the dispensation (players selected for DBF, opponents accept) or move the match"))
    travel: dict[str, tuple[float | None, int | None]] = {}
    for t in travellers:
        if trip is not None and venue and postcodes.get(t):
            travel[t] = trip(postcodes[t], venue, r)
        else:
            travel[t] = (None, None)
    mine = travel.get(away) if away else travel.get(match.teams[1])
    km, up = mine if mine else (None, None)
    return ScheduledMatch(match.id, r, match.teams, home, away, venue, date, agreed.time or settings.start_time,
                          km, up, travel, agreed.dispensation), problems


@dataclass(frozen=True, slots=True)
class DrawDeadline:
    """A §1.5.16 deadline of the draw (``done`` when the round's draw is recorded)."""

    what: str
    due: dt.date
    rule: str
    done: bool


def thursday_after(day: dt.date) -> dt.date:
    """The first Thursday after ``day`` (a Thursday itself gives the next one).

    >>> thursday_after(dt.date(2026, 11, 14)), thursday_after(dt.date(2026, 11, 19))
    (datetime.date(2026, 11, 19), datetime.date(2026, 11, 26))
    """
    return day + dt.timedelta(days=(3 - day.weekday() - 1) % 7 + 1)


def draw_deadlines(settings, recorded_rounds: Iterable[int]) -> list[DrawDeadline]:
    """§1.5.16: for each round N with an official match day (N = 1-7), the draw of round
    N+1 is due the Thursday after and must be sent by the Sunday of that week.
    ``settings``: Settings or CupSettings; ``recorded_rounds``: rounds whose draw is recorded."""
    cup = getattr(settings, "cup", settings)
    done = set(recorded_rounds)
    out: list[DrawDeadline] = []
    for n in sorted(cup.match_days):
        if not 1 <= n <= 7:
            continue
        thu = thursday_after(cup.match_days[n])
        out.append(DrawDeadline(f"draw of cup round {n + 1}", thu, "1.5.16", n + 1 in done))
        out.append(DrawDeadline(f"send the draw of cup round {n + 1} to the teams", thu + dt.timedelta(days=3),
                                "1.5.16", n + 1 in done))
    return out
