"""Sheet checks about the match and its scores: the match in the draw
(§1.5.16), boards and segments (§1.5.9), the winner (§1.5.10), boards per
player and signature (§1.5.14), the 18-hour deadline (§1.5.14), UP (§1.5.4).
Every function is pure and returns all problems it finds."""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING, Mapping

from ..model import CupMatch
from ..cup.outcome import Outcome, decide
from ..problems import Msg, Problem
from ..settings import Settings

if TYPE_CHECKING:
    from .validate import CupContext, Sheet

#: §1.5.9: segments are 8 boards; 40 boards through the 1/8 final (round 6),
#: 48 in the quarter-final, semi-final and final (rounds 7-9).
SEGMENT_BOARDS = 8
LAST_AGREEMENT_ROUND = 7        # §1.5.9: captains may agree other boards through the quarter-final
#: reading (docs/readings/sheets.md): a team match takes 7.5 minutes a board
SECONDS_PER_BOARD = 450


def match_boards(round_no: int) -> int:
    """§1.5.9: the boards of a cup match in ``round_no``.

    >>> match_boards(6), match_boards(7), match_boards(9)
    (40, 48, 48)
    """
    return 40 if round_no <= 6 else 48


def check_match(sheet: "Sheet", ctx: "CupContext") -> tuple[CupMatch | None, int | None, list[Problem]]:
    """§1.5.16: the match is in the draw of its round and the sheet names its two teams."""
    m = ctx.find_match(sheet.match)
    if m is None:
        return None, None, [Problem.error(
            "1.5.16", Msg('match {} is not in any recorded draw', sheet.match), sheet.where_of("match"),
            hint=Msg('use the id printed by `dbf draw cup` / `dbf schedule cup`'), code="match.not-drawn")]
    problems: list[Problem] = []
    named = (sheet.home.team, sheet.away.team)
    for side, team in zip(sheet.sides, named):
        if team not in m.teams:
            other = [t for t in m.teams if t not in named]
            problems.append(Problem.error(
                "1.5.16", Msg('team {} does not play match {} ({} v {})', team, m.id, m.teams[0], m.teams[1]), side.where,
                hint=Msg('did you mean {}? (team: {})', other[0], other[0]) if len(other) == 1 else
                Msg('the match is {} v {}', m.teams[0], m.teams[1]), code="sheet.teams"))
    if not problems and named[0] == named[1]:
        problems.append(Problem.error("1.5.16", Msg('home and away are both {}', named[0]), sheet.away.where,
                                      code="sheet.teams"))
    if not problems:
        problems += _home_named(sheet, m, ctx)
    return m, m.round, problems


def _home_named(sheet: "Sheet", m: CupMatch, ctx: "CupContext") -> list[Problem]:
    """§1.5.5/§1.5.13 (a warning): the sheet's ``home`` is the schedule's home team; §1.5.7 at
    DBF's venue the team seated as home (``ctx.expected_home``: rules.cup.home.sheet_home)."""
    if m.round >= 8:
        seated = ctx.expected_home or m.teams[0]
        if sheet.home.team != seated:
            return [Problem.warning(
                "1.5.7", Msg("in the {} 'home' is the team seated as home, {}",
                             ('semi-final', 'final')[m.round - 8], seated),
                sheet.home.where, code="sheet.home-away")]
    elif ctx.expected_home and sheet.home.team != ctx.expected_home:
        return [Problem.warning(
            "1.5.5", Msg('the schedule has {} at home, the sheet {}', ctx.expected_home, sheet.home.team), sheet.home.where,
            code="sheet.home-away")]
    return []


def check_boards(sheet: "Sheet", round_no: int) -> list[Problem]:
    """§1.5.9: 40 boards in rounds 1-6, 48 in rounds 7-9, in segments of 8 --
    unless the captains agreed otherwise (``agreement:``), allowed through
    the quarter-final only."""
    problems: list[Problem] = []
    if not sheet.segments:
        return [Problem.error("1.5.9", Msg('the sheet has no segments'), sheet.where_of("segments"),
                              hint=Msg('segments: [[home IMPs, away IMPs], ...] (8 boards each)'),
                              code="sheet.no-segments")]
    for seg in sheet.segments:
        if seg.boards <= 0:
            problems.append(Problem.error("1.5.9", Msg('a segment of {} boards', seg.boards), seg.where,
                                          code="sheet.segment-boards"))
    want = match_boards(round_no)
    if sheet.agreement is not None:
        if round_no > LAST_AGREEMENT_ROUND:
            problems.append(Problem.error(
                "1.5.9", Msg('the captains may change the boards only through the quarter-final; round {} '
                             'is played over {} boards in segments of {}', round_no, want, SEGMENT_BOARDS),
                sheet.where_of("agreement"), hint=Msg('remove agreement and record the full match'),
                code="sheet.agreed-boards"))
        else:
            return problems
    for seg in sheet.segments:
        if seg.boards > 0 and seg.boards != SEGMENT_BOARDS:
            problems.append(Problem.error(
                "1.5.9", Msg('a segment has {}; segments are {} boards unless the captains agreed '
                             'otherwise', Msg.counted(seg.boards, "board"), SEGMENT_BOARDS), seg.where,
                hint=Msg('record the captains\' agreement: agreement: "..."') if round_no <= LAST_AGREEMENT_ROUND else None,
                code="sheet.segment-boards"))
    if sheet.boards != want:
        problems.append(Problem.error(
            "1.5.9", Msg('{} played; round {} is {} boards', Msg.counted(sheet.boards, "board"), round_no, want), sheet.where_of("segments"),
            hint=Msg('record the captains\' agreement: agreement: "..."') if round_no <= LAST_AGREEMENT_ROUND else None,
            code="sheet.boards"))
    return problems


def check_agreed_boards(agreed: int | None, boards: int, round_no: int, cup: bool) -> list[Problem]:
    """§1.5.9: boards the captains agreed (``dbf result import --agreed-boards``) are the boards
    played, and only a cup match through the quarter-final may agree them (the sheet's
    ``agreement:`` is checked by :func:`check_boards` for the round)."""
    if agreed is None:
        return []
    if not cup:
        return [Problem.error("1.5.9", Msg("the captains' agreement on boards is the cup's (§1.5.9); a "
                                           "division match is played over the season's boards"), hint=Msg('drop --agreed-boards'),
                              code="sheet.agreed-boards")]
    if agreed != boards:
        return [Problem.error("1.5.9", Msg('the captains agreed {} boards; the file records {}', agreed,
                                           boards),
                              hint=Msg('give the boards agreed, or import the whole match'),
                              code="sheet.agreed-boards")]
    return []


def decide_sheet(sheet: "Sheet") -> Outcome:
    """§1.5.10 on a sheet (see :func:`dbfcli.rules.cup.outcome.decide`)."""
    if not sheet.segments:
        return Outcome(None, (0, 0))
    return decide(sheet.segments, sheet.total_points, sheet.extra_segments,
                  where=sheet.where_of("segments"), total_points_where=sheet.where_of("total_points"))


def player_boards(sheet: "Sheet") -> list[Problem]:
    """§1.5.14: the sheet names who played and how many boards: each player
    0 < boards <= the match's boards, listed once, a side's boards add up to
    4 x the boards (two tables, two players a side each); signed."""
    problems: list[Problem] = []
    total = sheet.all_boards
    for name, side in (("home", sheet.home), ("away", sheet.away)):
        if not side.players:
            problems.append(Problem.error("1.5.14", Msg('{} ({}): the sheet must name who played', name,
                                                        side.team),
                                          side.where, hint=Msg('players: [{{id: 100234, boards: 40}}, ...]'),
                                          code="sheet.players"))
            continue
        seen: set[int] = set()
        for p in side.players:
            if p.id in seen:
                problems.append(Problem.error("1.5.14", Msg('player {} is listed twice for {}', p.id,
                                                            side.team), p.where, code="sheet.players"))
            seen.add(p.id)
            if p.boards <= 0:
                problems.append(Problem.error("1.5.14", Msg('player {} has {} boards', p.id, p.boards), p.where,
                                              hint=Msg('list only those who played'), code="sheet.player-no-boards"))
            elif total and p.boards > total:
                problems.append(Problem.error(
                    "1.5.14", Msg('player {} has {}; the match was {} boards', p.id, Msg.counted(p.boards, "board"), total), p.where,
                    code="sheet.player-boards"))
        got = sum(p.boards for p in side.players)
        if total and got != 4 * total:
            problems.append(Problem.error(
                "1.5.14", Msg("{}'s players add up to {}; {} at two tables are {} "
                              'player-boards', side.team, Msg.counted(got, "board"), Msg.counted(total, "board"),
                              4 * total), side.where, code="sheet.player-boards"))
    if sheet.signed_by is None:
        problems.append(Problem.error("1.5.14", Msg('the sheet is not signed'), sheet.where_of(None),
                                      hint=Msg('signed_by: <member number of the captain>'), code="sheet.signature"))
    else:
        listed = {p.id for s in sheet.sides for p in s.players}
        if sheet.signed_by not in listed:
            problems.append(Problem.error(
                "1.5.14", Msg('signed by {}, who is not on the sheet', sheet.signed_by), sheet.where_of("signed_by"),
                code="sheet.signature"))
    return problems


def match_end(sheet: "Sheet", settings: Settings) -> dt.datetime | None:
    """§1.5.14 reading (docs/readings/sheets.md): play ended when the sheet says so
    (``finished_at``); else at its start (the sheet's ``start`` or the season's start
    time) plus 7.5 minutes a board."""
    if getattr(sheet, "finished_at", None) is not None:
        return sheet.finished_at
    if sheet.played_on is None:
        return None
    hh, mm = (sheet.start or settings.cup.start_time).split(":")
    start = dt.datetime.combine(sheet.played_on, dt.time(int(hh), int(mm)))
    return end_of_play(start, sheet.all_boards)


def sheet_due(start: dt.datetime | None, boards: int, hours: int, *, end: dt.datetime | None = None) -> dt.datetime | None:
    """§1.5.14: THE time a cup result sheet (and with it the next round's fee, §1.5.15) is due:
    ``hours`` (``settings.cup.sheet_deadline_hours``) after the end of play: ``end`` when the
    sheet says when play ended (``finished_at``), else ``start`` plus 7.5 minutes a board
    (docs/readings/sheets.md). ``None`` when neither is known, or past the calendar. The sheet
    check, ``dbf deadlines``, ``dbf fees``, ``dbf notify``, the blank sheet, the captains'
    mail and ``dbf serve`` all call this one function.

    >>> sheet_due(dt.datetime(2026, 12, 13, 13, 0), 40, 18)
    datetime.datetime(2026, 12, 14, 12, 0)
    >>> sheet_due(None, 40, 18, end=dt.datetime(2026, 12, 13, 19, 30))
    datetime.datetime(2026, 12, 14, 13, 30)
    """
    if end is None:
        end = end_of_play(start, boards) if start is not None else None
    if end is None:
        return None
    try:
        return end + dt.timedelta(hours=hours)
    except OverflowError:
        return None


def end_of_play(start: dt.datetime, boards: int) -> dt.datetime | None:
    """The reading of docs/readings/sheets.md: play ends 7.5 minutes a board after the start
    (``None`` past the end of the calendar or for absurd boards, which §1.5.9 reports).

    >>> end_of_play(dt.datetime(2026, 12, 13, 13, 0), 40)
    datetime.datetime(2026, 12, 13, 18, 0)
    """
    try:
        return start + dt.timedelta(seconds=SECONDS_PER_BOARD * boards)
    except OverflowError:
        return None


def season_span(season: str) -> tuple[dt.date, dt.date] | None:
    """The first and last day of a DBF season ``"2026-27"``: 1 July 2026 to 30 June 2027
    (docs/readings/sheets.md); None when ``season`` is not of that form.

    >>> season_span("2026-27")
    (datetime.date(2026, 7, 1), datetime.date(2027, 6, 30))
    """
    if len(season) != 7 or season[4] != "-" or not (season[:4] + season[5:]).isascii() \
            or not (season[:4] + season[5:]).isdigit():
        return None
    year = int(season[:4])
    return dt.date(year, 7, 1), dt.date(year + 1, 6, 30)


def check_played_on(sheet: "Sheet", ctx: "CupContext") -> list[Problem]:
    """§1.5.6: the date a cup match was played. "Normally no later than the official day;
    dispensation only for teams with players selected to represent DBF, and only with the
    opponents' acceptance": a sheet dated after the round's official match day is an error
    unless a dispensation is recorded for the match (``dbf schedule cup set --dispensation``),
    and then no later than the date agreed with it. A date outside the season, and a sheet
    received before the match began, cannot be right either (errors; §1.5.14 for the second).
    Nothing is checked when the sheet gives no ``played_on`` or the round has no official day."""
    day = sheet.played_on
    if day is None:
        return []
    where = sheet.where_of("played_on")
    span = season_span(ctx.settings.season)
    if span is not None and not span[0] <= day <= span[1]:
        return [Problem.error("1.5.6", Msg('played_on {} is outside the season {} ({} to {})', day,
                                           ctx.settings.season, span[0], span[1]), where, hint=Msg('check the year of played_on'),
                              code="sheet.date")]
    problems: list[Problem] = []
    official = ctx.official_on
    if official is not None and day > official:
        allowed = ctx.scheduled_on if ctx.dispensation and ctx.scheduled_on else None
        if allowed is None:
            problems.append(Problem.warning(
                "1.5.6", Msg('played on {}, after the official match day {}, with no dispensation '
                             'recorded', day, official),
                where, hint=Msg('record the dispensation: dbf schedule cup set {} --date {} '
                                '--dispensation "why" (players selected for DBF, opponents accept)',
                                sheet.match, day), code="match.after-match-day"))
        elif day > allowed:
            problems.append(Problem.warning(
                "1.5.6", Msg('played on {}, after {}, the date the dispensation allows', day, allowed), where,
                hint=Msg("dbf schedule cup set {} --date {} if the dispensation covers it", sheet.match, day),
                code="match.after-dispensation"))
    received = sheet.submitted_at      # as the sheet states it (a check run ahead of the match is no receipt)
    if received is not None:
        hh, mm = (sheet.start or ctx.settings.cup.start_time).split(":")
        begun = dt.datetime.combine(day, dt.time(int(hh), int(mm)))
        if received < begun:
            problems.append(Problem.error(
                "1.5.6", Msg('the sheet was received {}, before the match began ({})',
                             f'{received:%Y-%m-%d %H:%M}', f'{begun:%Y-%m-%d %H:%M}'), sheet.where_of("submitted_at") if sheet.submitted_at else where,
                hint=Msg('check played_on, start and submitted_at'), code="sheet.received-early"))
    return problems


def hours_minutes(span: dt.timedelta) -> str:
    """§1.5.14 (issue 25): how late a sheet came, in hours and minutes (a started minute counts),
    not rounded up to whole hours.

    >>> hours_minutes(dt.timedelta(hours=2, minutes=30)), hours_minutes(dt.timedelta(seconds=61))
    ('2 h 30 min', '2 min')
    >>> hours_minutes(dt.timedelta(hours=20)), hours_minutes(dt.timedelta(minutes=45))
    ('20 h', '45 min')
    """
    minutes = math.ceil(span.total_seconds() / 60)
    h, m = divmod(minutes, 60)
    return " ".join(part for part in (f"{h} h" if h else "", f"{m} min" if m else "") if part) or "0 min"


def check_deadline(sheet: "Sheet", settings: Settings, now: dt.datetime | None = None) -> list[Problem]:
    """§1.5.14: the sheet is due 18 hours after the match (a warning, with the hours late)."""
    end = match_end(sheet, settings)
    received = sheet.submitted_at or now
    if end is None or received is None:
        return []
    hours = settings.cup.sheet_deadline_hours
    due = sheet_due(None, 0, hours, end=end)
    if due is None:
        return []
    late = received - due
    if late <= dt.timedelta(0):
        return []
    return [Problem.warning(
        "1.5.14", Msg('the sheet came {} late: due {} hours after the end of play ({} {}), received {}',
                      hours_minutes(late), hours, 'finished_at' if sheet.finished_at else 'about',
                      f'{end:%Y-%m-%d %H:%M}', f'{received:%Y-%m-%d %H:%M}'),
        sheet.where_of("submitted_at") if sheet.submitted_at else sheet.where_of(None), code="sheet.late")]


def check_up(sheet: "Sheet", computed: Mapping[str, tuple[int, str]]) -> tuple[dict[str, int], list[Problem]]:
    """§1.5.4: UP are credited only when noted on the sheet, and then as the rule gives them:
    1 UP per commenced 30 km plus the ferry and overnight UP, which the tool computes for the
    trip (on the season's known road distances, ``distances.csv``, where the TD has settled
    one). The credit is never more than noted: a claim above the rule's figure is credited the
    rule's figure, a claim below it as noted (the team asked for less), each with a warning.
    Where the tool has no route for the team, the claim is credited as noted
    (docs/readings/sheets.md)."""
    up: dict[str, int] = {}
    problems: list[Problem] = []
    for side in sheet.sides:
        want = computed.get(side.team)
        if side.up is None:
            if want is not None and want[0] > 0:
                problems.append(Problem.warning(
                    "1.5.4", Msg('{} notes no UP, so none are credited; the tool computes {} UP ({})',
                                 side.team, want[0], want[1]),
                    side.where, hint=Msg('add up: {} under the team if that is right', want[0]), code="sheet.up-claim"))
            continue
        if side.up < 0:
            problems.append(Problem.error("1.5.4", Msg('{} claims {} UP', side.team, side.up), side.up_where,
                                          code="sheet.up-claim"))
            continue
        up[side.team] = side.up if want is None else min(side.up, want[0])
        if want is not None and want[0] < side.up:
            problems.append(Problem.warning(
                "1.5.4", Msg("{} claims {} UP; the tool computes {} UP ({}); the rule's {} are credited",
                             side.team, side.up, want[0], want[1], want[0]), side.up_where or side.where,
                hint=Msg("if the real road distance is longer, add it to the season's distances.csv "
                         '(from,to,km) and amend the sheet'), code="sheet.up-claim"))
        elif want is not None and want[0] > side.up:
            problems.append(Problem.warning(
                "1.5.4", Msg('{} claims {} UP; the tool computes {} UP ({}); {} (as noted) are credited',
                             side.team, side.up, want[0], want[1], side.up), side.up_where or side.where,
                code="sheet.up-claim"))
    return up, problems


FERRY_NAMES = {"storebaelt": "Storebælt", "kattegat": "Kattegat", "oestersoeen": "Østersøen"}


def check_ferries(sheet: "Sheet", route_ferries: Mapping[str, tuple[str, ...]]) -> list[Problem]:
    """§1.5.4: the ferries a team lists on the sheet (``ferries``: storebaelt,
    kattegat, oestersoeen) against the crossings of the route the tool computes
    for its trip (``route_ferries``: team -> the §1.5.4 UP classes of the
    route's crossings). Compared as sets (a ferry listed for the way there and
    back counts once). A difference is a warning naming the tool's crossings; a
    team the tool has no route for is not compared, nor a side that lists no
    ferries (its UP claim is compared by :func:`check_up`).

    >>> s = type("S", (), {"sides": (type("X", (), {"team": "A", "ferries": ("kattegat",), "ferries_where": None,
    ...                                              "where": None})(),)})()
    >>> [p.message for p in check_ferries(s, {"A": ("storebaelt",)})]
    ['A lists the ferry Kattegat; the route the tool computes crosses Storebælt']
    """
    problems: list[Problem] = []
    for side in sheet.sides:
        if not side.ferries or side.team not in route_ferries:
            continue
        tool = tuple(dict.fromkeys(route_ferries[side.team]))
        if set(side.ferries) == set(tool):
            continue
        listed = Msg.join(', ', (FERRY_NAMES.get(f, f) for f in side.ferries))
        crossed = Msg.join(', ', (FERRY_NAMES.get(f, f) for f in tool)) if tool else Msg('no ferry')
        problems.append(Problem.warning(
            "1.5.4", Msg('{} lists the ferries {}; the route the tool computes crosses {}' if len(side.ferries) > 1 else
                         '{} lists the ferry {}; the route the tool computes crosses {}', side.team, listed, crossed), side.ferries_where or side.where,
            hint=Msg('check the route, or correct ferries and up on the sheet'), code="sheet.up-ferry"))
    return problems


#: What a sheet built from a scoring program's file cannot know, so the TD confirms it (``dbf
#: result import``): the UP of the away team's trip (§1.5.4, ``sheet.up-claim``) and who signed
#: (§1.5.14, ``sheet.signature``), by (rule, code).
LEFT_TO_CONFIRM = frozenset({("1.5.4", "sheet.up-claim"), ("1.5.14", "sheet.signature")})


def left_to_confirm(p: Problem) -> bool:
    """§1.5.4, §1.5.14: ``p`` is left for the TD to confirm on an imported sheet, not an error
    of the import (:data:`LEFT_TO_CONFIRM`).

    >>> left_to_confirm(Problem.error("1.5.14", "the sheet is not signed", code="sheet.signature"))
    True
    >>> left_to_confirm(Problem.error("1.5.14", "player 1 has 8 boards", code="sheet.player-boards"))
    False
    """
    return (p.rule, p.code) in LEFT_TO_CONFIRM
