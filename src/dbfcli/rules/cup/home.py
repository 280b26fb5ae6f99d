"""§1.5.5-§1.5.8, §1.5.16: home team, venue, date and time of a cup match; draw deadlines.

* Home (§1.5.5): the team with most UP credited so far in this season's cup;
  on equal UP the team drawn first (``CupMatch.teams[0]``).
* Venue (§1.5.8): the home captain's postcode unless a venue is recorded.
* Date and time (§1.5.6): the agreed date/time when recorded, else the
  round's official match day at ``start_time`` (13:00). A date after the
  official day needs a recorded dispensation.
* Semi-finals and final (§1.5.7): Saturday and Sunday of the final weekend at
  the venue DBF chose; no home team, both teams travel.
* HUM (§1.5.13): a team with HUM pairs whose opponent has none is always the
  away team, whatever the UP. §1.5.1.2, §2.10.5, §1.5.1.1: a HUM pair may
  play its system only against a division team (§1.5.3) or a team that
  plays HUM itself, and only with the card sent a week before the match
  (:func:`hum_verdicts`; readings in docs/readings/sheets.md).
* Draw deadlines (§1.5.16): the draw of the next played round by the Thursday
  after the official match day of the round before, sent to the teams by the
  Sunday of that week (rounds a small field skips have no draw).

Distances and UP come from an injected ``trip(from_postcode, to_postcode,
round_no) -> (km, up)`` (the CLI passes one built on rules.geography and
rules.cup.up), so these rules stay independent of the road network.
"""

from __future__ import annotations

from typing import Any, cast

import datetime as dt
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from .draw_pending import unresolved
from ..model import CupMatch
from ..problems import Msg, Problem
from ..settings import CupSettings, Settings
from ..value import Value

SEMI_FINAL, FINAL = 8, 9
Trip = Callable[[str, str, int], "tuple[float | None, int | None]"]


class Agreement(Value):
    """What cup/schedule.yaml records for one match (all optional)."""

    date: dt.date | None = None
    time: str | None = None
    venue: str | None = None
    dispensation: str | None = None


class HumPair(Value):
    """A pair of ``team`` registered with a HUM card (§2.10.11; ``dbf system register``),
    ``sent``: when the card was sent to the opponents (§2.10.5)."""

    team: str
    pair: tuple[int, int]
    sent: dt.date | None = None


class HumVerdict(Value):
    """May ``pair`` of ``team`` play its HUM system in this match? ``rule`` is the §
    that decides it, ``why`` says how (§1.5.1.2, §2.10.5, §1.5.1.1)."""

    team: str
    pair: tuple[int, int]
    allowed: bool
    rule: str | None   # always set: each refusal is of §1.5.1.2 or §2.10.5
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "pair": list(self.pair), "allowed": self.allowed, "rule": self.rule,
                "why": self.why}


class ScheduledMatch(Value):
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
    reason: str = ""
    hum: tuple[HumVerdict, ...] = ()
    pending: tuple[str, ...] = ()    # the matches whose winner a pending place waits for (§1.5.16)
    #: what decided home and away, as a key (the schedule's "why" column reads it, never ``reason``):
    #: ``hum`` §1.5.13, ``up`` §1.5.5 most UP, ``drawn_first`` §1.5.5 equal UP, ``neutral`` /
    #: ``neutral_hum`` §1.5.7 DBF's venue (with §1.5.13 seating one HUM team away), ``pending`` §1.5.16
    basis: str = ""

    @property
    def neutral(self) -> bool:
        """§1.5.7: no home team at DBF's venue (a match waiting for a pending place is not neutral:
        its home team is not decided yet)."""
        return self.home is None and not self.pending

    @property
    def hum_note(self) -> str:
        """One line for the table: what HUM decides in this match ("" when nothing)."""
        parts = []
        for v in self.hum:
            a, b = v.pair
            parts.append(f"{v.team} {a}-{b} HUM {'allowed' if v.allowed else 'NOT allowed'} (§{v.rule})")
        return "; ".join(parts)


def up_credited_before(credits: Iterable[tuple[int, Mapping[str, int]]], round_no: int) -> dict[str, int]:
    """§1.5.5 "UP in total" (reading in docs/regulations.md): UP credited in all earlier rounds of this
    season's cup. ``credits``: ``(round, {team: UP})`` per recorded match or per round.

    >>> up_credited_before([(1, {"A": 3}), (2, {"A": 2, "B": 9}), (3, {"A": 40})], 3)
    {'A': 5, 'B': 9}
    """
    out: dict[str, int] = {}
    for r, teams in credits:
        if r < round_no:
            for team, n in teams.items():
                out[team] = out.get(team, 0) + n
    return out


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


def home_away(match: CupMatch, up_totals: Mapping[str, int], hum_teams: Collection[str] = ()
              ) -> tuple[str, str, str]:
    """(home, away, why): §1.5.13 first -- a team with HUM pairs whose opponent has
    none is always away -- then §1.5.5 (most UP, on equal UP the team drawn first).

    >>> m = CupMatch("C3-001", 3, ("A", "B"))
    >>> home_away(m, {"A": 9}, {"A"})
    ('B', 'A', '§1.5.13: A has HUM pairs and B none: A is the away team whatever the UP (A: 9 UP, B: 0 UP)')
    >>> home_away(m, {"B": 2}, {"A", "B"})[2]
    '§1.5.5: B has most UP (2 v 0); both teams have HUM pairs (§1.5.13 does not apply)'
    """
    home, away, why, _ = home_away_basis(match, up_totals, hum_teams)
    return home, away, why


def home_away_basis(match: CupMatch, up_totals: Mapping[str, int], hum_teams: Collection[str] = ()
                    ) -> tuple[str, str, str, str]:
    """:func:`home_away` with what decided it as a key (:attr:`ScheduledMatch.basis`): ``hum``
    (§1.5.13), ``up`` (§1.5.5: most UP) or ``drawn_first`` (§1.5.5: equal UP).

    >>> home_away_basis(CupMatch("C3-001", 3, ("A", "B")), {"B": 2})[3]
    'up'
    """
    from ..systems.changes import hum_forces_away

    a, b = match.teams
    ua, ub = up_totals.get(a, 0), up_totals.get(b, 0)
    ha, hb = a in hum_teams, b in hum_teams
    for t, o, ht, ho in ((a, b, ha, hb), (b, a, hb, ha)):
        if hum_forces_away(ht, ho):
            return o, t, Msg("§1.5.13: {} has HUM pairs and {} none: {} is the away team whatever the UP "
                             "({}: {} UP, {}: {} UP)", t, o, t, a, ua, b, ub), "hum"
    home, away = home_team(match, up_totals)
    if ua != ub:
        why, basis = Msg("§1.5.5: {} has most UP ({} v {})", home, max(ua, ub), min(ua, ub)), "up"
    else:
        why, basis = Msg("§1.5.5: equal UP ({}), {} was drawn first", ua, a), "drawn_first"
    if ha and hb:
        why = Msg.join("; ", [why, Msg("both teams have HUM pairs (§1.5.13 does not apply)")])
    return home, away, why, basis


def hum_verdicts(teams: tuple[str, str], hum_pairs: Iterable[HumPair], division_teams: Collection[str],
                 match_date: dt.date | None, notice_days: int = 7) -> tuple[HumVerdict, ...]:
    """§1.5.1.2, §2.10.5, §1.5.1.1: for every registered HUM pair of the two teams,
    may it play its HUM system in this match?

    Allowed only against a team seeded as a division team (``division_teams``,
    §1.5.3) or one that itself plays HUM, and only with the card sent at least
    ``notice_days`` before ``match_date``. Reading (docs/readings/sheets.md):
    the opponents "play HUM themselves" when they have a HUM pair that may use
    it in this match, i.e. whose card was sent in time.

    >>> d = dt.date(2027, 1, 31)
    >>> v = hum_verdicts(("A", "B"), [HumPair("A", (1, 2), dt.date(2027, 1, 1))], {"B"}, d)
    >>> v[0].allowed, v[0].rule
    (True, '1.5.1.2')
    >>> v = hum_verdicts(("A", "B"), [HumPair("A", (1, 2), dt.date(2027, 1, 30))], {"B"}, d)
    >>> v[0].allowed, v[0].rule
    (False, '2.10.5')
    """
    from ..systems.changes import hum_allowed_in_cup

    pairs = [p for p in hum_pairs if p.team in teams]

    def in_time(p: HumPair) -> bool:
        if match_date is None:
            return p.sent is not None
        return p.sent is not None and p.sent <= match_date - dt.timedelta(days=notice_days)

    plays_hum = {t: any(in_time(p) for p in pairs if p.team == t) for t in teams}
    out: list[HumVerdict] = []
    for p in sorted(pairs, key=lambda x: (teams.index(x.team), sorted(x.pair))):
        opp = teams[1] if p.team == teams[0] else teams[0]
        division = opp in division_teams
        if match_date is None:
            problems = [q for q in hum_allowed_in_cup(True, division, plays_hum[opp], p.sent, dt.date.max,
                                                      notice_days) if q.rule != "2.10.5"]
        else:
            problems = hum_allowed_in_cup(True, division, plays_hum[opp], p.sent, match_date, notice_days)
        if problems:
            why = [Msg("{} is neither seeded as a division team (§1.5.3) nor plays a HUM system itself; HUM is "
                       "allowed in the cup only against such opponents", opp) if q.rule == "1.5.1.2" else q.message
                   for q in problems]
            out.append(HumVerdict(p.team, p.pair, False, problems[0].rule, Msg.join('; ', why)))
        elif division:
            out.append(HumVerdict(p.team, p.pair, True, "1.5.1.2", Msg('{} is seeded as a division team '
                                                                       '(§1.5.3)', opp)))
        else:
            out.append(HumVerdict(p.team, p.pair, True, "1.5.1.2", Msg('{} plays a HUM system itself', opp)))
    return tuple(out)


def hum_teams_in_match(verdicts: Iterable[HumVerdict]) -> frozenset[str]:
    """§1.5.13 with §1.5.1.2 and §2.10.5: the teams that have a HUM pair *in this match*, i.e.
    a registered HUM pair that may play its system here (:func:`hum_verdicts`). A pair that may
    not (the opponents are neither a division team nor play HUM, or the card came late) plays
    a natural system, so its team is not made the away team for it and §1.5.5 decides
    (docs/readings/sheets.md).

    >>> hum_teams_in_match([HumVerdict("A", (1, 2), False, "2.10.5", "late"), HumVerdict("B", (3, 4), True, "1.5.1.2", "")])
    frozenset({'B'})
    """
    return frozenset(v.team for v in verdicts if v.allowed)


def seating_sides(s: ScheduledMatch) -> tuple[str, str, str]:
    """§1.5.13 with §1.5.5 and §1.5.7: (home, away, why) of a scheduled match as it is seated
    and written on its sheet -- the one answer every command takes (`dbf seating`, the blank
    sheet, the schedule, the sheet check, notify, the site). Up to the quarter-final, the home
    team :func:`schedule_match` decided (most UP, §1.5.13 HUM); at DBF's venue (§1.5.7) no team
    is at home, so the team drawn first sits as home, unless only the other one has a pair that
    may play HUM in the match, which then sits as home (§1.5.13: the HUM team is away). While
    a place is pending (§1.5.16: a team is not known yet) the two as drawn, with the schedule's
    reason (nothing is decided; `dbf seating` refuses such a match).

    >>> m = ScheduledMatch("C8-001", 8, ("A", "B"), None, None, "5000", None, "13:00", None, None, {})
    >>> seating_sides(m)[:2]
    ('A', 'B')
    """
    if s.pending:
        return s.teams[0], s.teams[1], s.reason
    if s.home is not None:
        return s.home, cast(str, s.away), s.reason   # a home team: the other is away
    a, b = s.teams
    hum = hum_teams_in_match(s.hum)
    if hum == {a}:
        return b, a, f"§1.5.7: no home team at DBF's venue; §1.5.13: {a} has HUM pairs and seats as the away team"
    return a, b, f"§1.5.7: no home team at DBF's venue; {a} was drawn first and seats as the home team"


def official_day(round_no: int, settings: CupSettings) -> dt.date | None:
    """The official match day of a round (§1.5.6); the semi-finals on the Saturday and
    the final on the Sunday of the final weekend (§1.5.7)."""
    if round_no == SEMI_FINAL:
        return settings.final_weekend
    if round_no == FINAL:
        return settings.final_weekend + dt.timedelta(days=1) if settings.final_weekend else None
    return settings.match_days.get(round_no)


def match_start(round_no: int, settings: CupSettings, agreed: Agreement | None = None) -> dt.datetime | None:
    """§1.5.6: the agreed date and time of the match (cup/schedule.yaml, ``dbf schedule cup
    set``) where recorded, else the official match day at the default start time (13:00);
    None when the round has neither.

    >>> match_start(1, CupSettings(match_days={1: dt.date(2026, 12, 13)}))
    datetime.datetime(2026, 12, 13, 13, 0)
    """
    day = (agreed.date if agreed is not None and agreed.date else None) or official_day(round_no, settings)
    if day is None:
        return None
    time = (agreed.time if agreed is not None and agreed.time else None) or settings.start_time
    hh, mm = (int(x) for x in time.split(":"))
    return dt.datetime.combine(day, dt.time(hh, mm))


def expected_home(match: CupMatch, settings: CupSettings, up_totals: Mapping[str, int],
                  agreed: Agreement | None = None, *, hum_pairs: Sequence[HumPair] = (),
                  division_teams: Collection[str] = frozenset(), notice_days: int = 7) -> str | None:
    """§1.5.5 with §1.5.13: the home team of a drawn match, as :func:`schedule_match` decides
    it (the sheet is checked against it): most UP credited so far (``up_totals``), else the
    team drawn first; a team with a pair that may play HUM in this match on its agreed (else
    official) day is away. None from the semi-final (§1.5.7: DBF's venue) and while a place
    is pending (§1.5.16)."""
    if match.round >= SEMI_FINAL or unresolved(match):
        return None
    day = (agreed.date if agreed else None) or official_day(match.round, settings)
    verdicts = hum_verdicts(match.teams, hum_pairs, division_teams, day, notice_days)
    return home_away(match, up_totals, hum_teams_in_match(verdicts))[0]


def sheet_home(match: CupMatch, settings: CupSettings, up_totals: Mapping[str, int],
               agreed: Agreement | None = None, *, hum_pairs: Sequence[HumPair] = (),
               division_teams: Collection[str] = frozenset(), notice_days: int = 7) -> str | None:
    """The team a sheet names as ``home``: :func:`expected_home` up to the quarter-final; at DBF's
    venue (§1.5.7) the team seated as home, :func:`seating_sides` (the team drawn first, unless
    only it has a pair that may play HUM in the match, §1.5.13). None while a place is pending."""
    if unresolved(match):
        return None
    if match.round < SEMI_FINAL:
        return expected_home(match, settings, up_totals, agreed, hum_pairs=hum_pairs,
                             division_teams=division_teams, notice_days=notice_days)
    day = (agreed.date if agreed else None) or official_day(match.round, settings)
    verdicts = hum_verdicts(match.teams, hum_pairs, division_teams, day, notice_days)
    return match.teams[1] if hum_teams_in_match(verdicts) == {match.teams[0]} else match.teams[0]


def schedule_match(
    match: CupMatch,
    settings: CupSettings,
    postcodes: Mapping[str, str],
    up_totals: Mapping[str, int],
    agreed: Agreement | None = None,
    trip: Trip | None = None,
    *,
    hum_pairs: Sequence[HumPair] = (),
    division_teams: Collection[str] = frozenset(),
    notice_days: int = 7, recorded: bool = False,
) -> tuple[ScheduledMatch, list[Problem]]:
    """Home, venue, date, time and the away team's UP of one drawn match (§1.5.5-§1.5.8),
    the §1.5.13 HUM rule for home and away, and what HUM decides (§1.5.1.2, §2.10.5).

    ``postcodes``: team -> captain's postcode; ``up_totals``: team -> UP credited so far;
    ``hum_pairs``: registered HUM pairs; ``division_teams``: teams seeded as division
    teams (entry round 3 or later, §1.5.3). Each HUM pair that may not play HUM in the
    match is a warning here (the sheet makes it an error, §1.5.1.2), unless ``recorded`` (issue 14).
    """
    agreed = agreed or Agreement()
    r = match.round
    official = official_day(r, settings)
    date = agreed.date or official
    if unresolved(match):
        return _waiting(match, settings, agreed, date), _late_date(match, agreed, official)
    verdicts = hum_verdicts(match.teams, hum_pairs, division_teams, date, notice_days)
    if r >= SEMI_FINAL:
        travellers: tuple[str, ...]
        (home, away, venue, travellers, reason), problems = _final_weekend_seats(match, settings, agreed,
                                                                               hum_teams_in_match(verdicts))
        basis = "neutral_hum" if len(hum_teams_in_match(verdicts)) == 1 else "neutral"   # §1.5.7, §1.5.13
    else:
        home, away, reason, basis = home_away_basis(match, up_totals, hum_teams_in_match(verdicts))
        venue = agreed.venue or postcodes.get(home)
        travellers, problems = (away,), []
    problems += _no_match_day(match, official)
    problems += _late_date(match, agreed, official)
    travel = _travel(travellers, trip, venue, postcodes, r)
    mine = travel.get(away) if away else travel.get(match.teams[1])
    km, up = mine if mine else (None, None)
    if not recorded:
        problems += _hum_warnings(match, verdicts)
    return ScheduledMatch(match.id, r, match.teams, home, away, venue, date, agreed.time or settings.start_time,
                          km, up, travel, agreed.dispensation, reason, verdicts, basis=basis), problems


def _final_weekend_seats(match: CupMatch, settings: CupSettings, agreed: Agreement, hum_teams: Collection[str]
                         ) -> tuple[tuple[None, None, str | None, tuple[str, str], str], list[Problem]]:
    """§1.5.7: the semi-finals and final at DBF's venue, no home team, both teams travel;
    §1.5.13: a team with HUM pairs seats as the away team. ((home, away, venue, travellers,
    reason), problems)."""
    problems = []
    venue = agreed.venue or settings.final_venue
    if venue is None:
        problems.append(Problem.warning("1.5.7", Msg('{}: no venue for the semi-finals and final', match.id),
                                        hint=Msg('set cup.final_venue in season.toml'), code="match.no-venue"))
    reason = Msg("§1.5.7: DBF's venue on the final weekend, no home team")
    if len(hum_teams) == 1:
        (t,) = hum_teams
        reason = Msg.join("; ", [reason, Msg("§1.5.13: {} has HUM pairs and seats as the away team", t)])
    return (None, None, venue, match.teams, reason), problems


def _no_match_day(match: CupMatch, official: dt.date | None) -> list[Problem]:
    """§1.5.6 (§1.5.7 for the final weekend): a round needs its official match day."""
    if official is not None:
        return []
    r = match.round
    return [Problem.warning(
        "1.5.7" if r >= SEMI_FINAL else "1.5.6", Msg('{}: no official match day for round {}', match.id, r),
        hint=Msg('set cup.final_weekend') if r >= SEMI_FINAL else Msg('set cup.match_days.{} in season.toml', r),
        code="match.no-match-day")]


def _travel(travellers: Iterable[str], trip: Trip | None, venue: str | None, postcodes: Mapping[str, str],
            r: int) -> dict[str, tuple[float | None, int | None]]:
    """Each travelling team's (km, UP) to the venue, (None, None) when unknown."""
    travel: dict[str, tuple[float | None, int | None]] = {}
    for t in travellers:
        if trip is not None and venue and postcodes.get(t):
            travel[t] = trip(postcodes[t], venue, r)
        else:
            travel[t] = (None, None)
    return travel


def _hum_warnings(match: CupMatch, verdicts: Iterable[HumVerdict]) -> list[Problem]:
    """§1.5.1.2, §2.10.5: each HUM pair that may not play its HUM system in the match."""
    return [Problem.warning(
        v.rule, Msg('{}: pair {}-{} of {} may not play its HUM system in this match: {}', match.id, v.pair[0],
                    v.pair[1], v.team, v.why), hint=Msg('a sheet on which this pair played HUM is rejected (§1.5.1.2)'),
        code="system.hum-not-allowed")
        for v in verdicts if not v.allowed]


def _late_date(match: CupMatch, agreed: Agreement, official: dt.date | None) -> list[Problem]:
    """§1.5.6: an agreed date after the official match day needs a recorded dispensation."""
    if agreed.date and official and agreed.date > official and not agreed.dispensation:
        return [Problem.error(
            "1.5.6", Msg('{}: agreed date {} is after the official match day {}; only a dispensation '
                         'allows that', match.id, agreed.date, official),
            hint=Msg('record the dispensation (players selected for DBF, opponents accept) or move the match'),
            code="match.after-match-day")]
    return []


def _waiting(match: CupMatch, settings: CupSettings, agreed: Agreement, date: dt.date | None) -> ScheduledMatch:
    """§1.5.16 with §1.5.5/§1.5.13: a match with a pending place ("winner of C1-032"): home,
    away, the venue of a home captain and the trips wait for the awaited result; an agreed
    venue, or DBF's venue of the final weekend (§1.5.7), is known already."""
    waits = unresolved(match)
    venue = agreed.venue or (settings.final_venue if match.round >= SEMI_FINAL else None)
    who = Msg("{} and {}", *waits) if len(waits) == 2 else Msg.join(", ", waits)
    why = (Msg("§1.5.5/§1.5.13: home and away are decided when {} is recorded (pending place, §1.5.16)", who)
           if len(waits) == 1 else
           Msg("§1.5.5/§1.5.13: home and away are decided when {} are recorded (pending place, §1.5.16)", who))
    return ScheduledMatch(match.id, match.round, match.teams, None, None, venue, date,
                          agreed.time or settings.start_time, None, None, {}, agreed.dispensation, why, (), waits,
                          basis="pending")


class DrawDeadline(Value):
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


def draw_deadlines(settings: "Settings | CupSettings", recorded_rounds: Iterable[int], played_rounds: Iterable[int] | None = None,
                   sent_rounds: Iterable[int] | None = None) -> list[DrawDeadline]:
    """§1.5.16: the draw of each played round R (after the first) is due the Thursday
    after the official match day of the played round before it (rounds 1-7,
    ``cup.match_days``), and must be sent to the teams by the Sunday of that week.
    The final drawn after the semi-finals (same weekend, §1.5.7) has no such deadline.

    ``settings``: Settings or CupSettings; ``recorded_rounds``: rounds whose draw is
    recorded; ``played_rounds``: the rounds this field plays (``CupPlan.played_rounds``,
    §1.5.2/§1.5.3: a small field skips rounds without a match, and a skipped round
    has no draw); ``None``: every round 1-9. ``sent_rounds``: rounds whose draw `dbf notify
    draw` sent (issue 14: "send" is done only then; ``None``: as soon as the draw is recorded).

    >>> cup = CupSettings(match_days={1: dt.date(2026, 12, 13), 2: dt.date(2027, 1, 10)})
    >>> [(d.what, d.due.isoformat()) for d in draw_deadlines(cup, [], [1, 2, 9]) if "send" not in d.what]
    [('draw of cup round 2', '2026-12-17'), ('draw of cup round 9', '2027-01-14')]
    """
    cup = settings.cup if isinstance(settings, Settings) else settings
    done = set(recorded_rounds)
    sent = done if sent_rounds is None else set(sent_rounds)
    played = sorted(set(range(1, 10) if played_rounds is None else played_rounds))
    out: list[DrawDeadline] = []
    for i, r in enumerate(played):
        if i == 0:
            continue
        prev = played[i - 1]
        day = cup.match_days.get(prev) if 1 <= prev <= 7 else None
        if day is None:
            continue
        thu = thursday_after(day)
        out.append(DrawDeadline(Msg('draw of cup round {}', r), thu, "1.5.16", r in done))
        out.append(DrawDeadline(Msg('send the draw of cup round {} to the teams', r), thu + dt.timedelta(days=3),
                                "1.5.16", r in sent))
    return out
