"""Result sheets: the value objects and the validation (§1.5.9-§1.5.15, §2.11).

A :class:`Sheet` is what the winning team sends the TD (§1.5.14): the
segments' IMPs, who played how many boards, substitutes marked, the UP
claimed. Every part carries ``where`` (file, line) from the parse, so each
problem names its spot. :func:`validate_cup_sheet` is pure: it takes the
sheet and a :class:`CupContext` (teams, draws, the season's other recorded
matches, additions, settings, the UP the tool computes) and returns a
:class:`SheetCheck` with *all* problems, the winner, GP and UP.

The checks live by topic in :mod:`.sheet_scores` (match, boards, winner,
deadline, UP) and :mod:`.sheet_players` (roster, additions, substitutes).

Errors "of form" (how the sheet is filled in, §1.5.14) may be recorded by
the TD with ``--accept-with-penalty`` (1 GP per winning player); errors "of
substance" (who may play, how many boards, who won) may not. See
docs/sheets.md.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Collection, Mapping

from ..cup.home import HumPair
from ..model import CupDraw, CupMatch, Team, all_play_all_rule
from ..cup.outcome import Outcome, Score
from ..problems import Msg, Problem, Verdict, Where
from ..cup.records import Addition, Appearance, Join, RecordedMatch, Withdrawal  # noqa: F401 - re-exported
from ..settings import Settings
from ..value import Located, Value, field

if TYPE_CHECKING:
    from ..divisions.roundrobin import DivMatch

#: §1.5.14: errors of form -- the sheet is filled in incorrectly, the match
#: itself was valid. Recordable with the 1 GP per player penalty.
FORM_RULES: frozenset[str] = frozenset({"1.5.14"})


def is_form_error(p: Problem) -> bool:
    """An error of form (§1.5.14) -- see :data:`FORM_RULES` and docs/sheets.md."""
    return p.is_error and p.rule in FORM_RULES


class SheetPlayer(Located):
    """One row of ``players``: member number, boards played (§1.5.14), and for a
    substitute (§1.5.12) the mark, name, club (§2.11) and division if any.
    ``opponent_allowed``: the opponent allowed this substitute to play for a
    second team against it (§2.11)."""

    id: int
    boards: int
    substitute: bool = False
    name: str | None = None
    club: int | None = None
    division: int | None = None
    opponent_allowed: bool = False
    where: Where | None = None


class SheetSide(Located):
    """``home:`` or ``away:`` of a sheet. ``up`` is the UP claimed (§1.5.4),
    ``None`` when the sheet notes none; ``fee_paid_kr`` the next round's fee
    enclosed (§1.5.15); ``natural_pairs``: registered HUM pairs that did not
    play their HUM system together in this match (§1.5.1.2, docs/sheets.md)."""

    team: str
    players: tuple[SheetPlayer, ...] = ()
    up: int | None = None
    ferries: tuple[str, ...] = ()
    fee_paid_kr: int | None = None
    __uncompared__ = ('where', 'up_where', 'ferries_where',)
    where: Where | None = None
    up_where: Where | None = None
    natural_pairs: tuple[tuple[int, int], ...] = ()
    ferries_where: Where | None = None

    def boards_by_player(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for p in self.players:
            out[p.id] = out.get(p.id, 0) + p.boards
        return out


class Sheet(Located):
    """A result sheet (docs/interface.md "Result sheet"). ``lines`` maps top-level
    keys to their line, see :meth:`where_of`."""

    match: str
    home: SheetSide
    away: SheetSide
    segments: tuple[Score, ...] = ()
    played_on: dt.date | None = None
    start: str | None = None
    submitted_at: dt.datetime | None = None
    total_points: tuple[int, int] | None = None
    extra_segments: tuple[Score, ...] = ()
    signed_by: int | None = None
    agreement: str | None = None
    #: §1.5.14: when play ended, as the sheet says (a time on ``played_on``, or a date and time)
    finished_at: dt.datetime | None = None
    __uncompared__ = ('file', 'lines',)
    file: str | None = None
    lines: tuple[tuple[str, int], ...] = ()

    def where_of(self, key: str | None = None) -> Where:
        """Where(file, line of ``key``); the file alone when the key is absent."""
        for k, line in self.lines:
            if k == key:
                return Where(self.file, line)
        return Where(self.file, 1 if key is None else None)

    @property
    def sides(self) -> tuple[SheetSide, SheetSide]:
        return (self.home, self.away)

    @property
    def boards(self) -> int:
        """Boards of the ordinary match (§1.5.9)."""
        return sum(s.boards for s in self.segments)

    @property
    def all_boards(self) -> int:
        """Boards including the extra segments (§1.5.10)."""
        return self.boards + sum(s.boards for s in self.extra_segments)


class CupContext(Value):
    """What the validation of one cup sheet needs besides the sheet.

    ``computed_up``: team id -> (UP the tool computes for this match, why),
    from ``dbfcli.rules.cup.up`` (absent: no comparison). ``expected_home``: the
    home team of the schedule (§1.5.5), when known. ``division_players``:
    member number -> division number (1-3) this season (§1.5.12c).
    ``hum_pairs``: pairs registered with a HUM card (§1.5.1.2, §2.10.5);
    ``scheduled_on``: the match's scheduled date (when the sheet has no
    ``played_on``); ``route_ferries``: team id -> the crossings of the route the
    tool computes for its trip (§1.5.4), absent when unknown."""

    teams: Mapping[str, Team]
    draws: Mapping[int, CupDraw]
    settings: Settings = field(default_factory=Settings)
    recorded: tuple[RecordedMatch, ...] = ()
    additions: tuple[Addition, ...] = ()
    division_players: Mapping[int, int] = field(default_factory=dict)
    computed_up: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    expected_home: str | None = None
    now: dt.datetime | None = None
    hum_pairs: tuple[HumPair, ...] = ()
    scheduled_on: dt.date | None = None
    route_ferries: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: §1.5.6: the round's official match day, and the dispensation recorded for this match
    #: (``dbf schedule cup set --dispensation``) with the date it allows
    official_on: dt.date | None = None
    dispensation: str | None = None
    #: §1.5.11: players the TD withdrew from a team (``dbf cup withdraw-player``)
    withdrawals: tuple[Withdrawal, ...] = ()

    def find_match(self, match_id: str) -> CupMatch | None:
        for draw in self.draws.values():
            m = draw.match(match_id)
            if m is not None:
                return m
        return None

    def knocked_out(self, team: str) -> int | None:
        """The round ``team`` lost in (or withdrew, §1.5.15), ``None`` if still in."""
        rounds = [m.round for m in self.recorded if m.loser == team]
        return min(rounds) if rounds else None

    def entry_round(self, team: Team) -> int:
        """§1.5.3: the round a team enters (:func:`dbfcli.rules.cup.entry.entry_round`)."""
        from ..cup.entry import entry_round

        return entry_round(team, self.settings.cup.entry_round, self.division_players)

    def team_of(self, player_id: int) -> list[str]:
        """Cup teams with ``player_id`` on the roster or as an addition."""
        out = [t.id for t in self.teams.values() if player_id in t.player_ids]
        out += [a.team for a in self.additions if a.player.id == player_id and a.team not in out]
        return out


class SheetCheck(Value, Verdict):
    """The verdict on one sheet: every problem, and what recording it means.
    ``gp`` in hundredths per member number (§1.5.10, §1.5.14 penalty applied
    when ``penalty``); ``up``: UP credited per team (§1.5.4)."""

    problems: tuple[Problem, ...]
    round: int | None = None
    outcome: Outcome | None = None
    winner: str | None = None
    loser: str | None = None
    gp: Mapping[int, int] = field(default_factory=dict)
    up: Mapping[str, int] = field(default_factory=dict)
    substitutes: tuple[tuple[str, int], ...] = ()
    joins: tuple[Join, ...] = ()

    @property
    def only_form_errors(self) -> bool:
        """True when every error is of form (§1.5.14) -- recordable with penalty."""
        return bool(self.errors) and all(is_form_error(p) for p in self.errors)


def validate_cup_sheet(sheet: Sheet, ctx: CupContext, penalty: bool = False) -> SheetCheck:
    """§1.5.9-§1.5.15, §2.11: every problem of a cup result sheet.

    ``penalty``: the TD records it with ``--accept-with-penalty`` (§1.5.14),
    so the GP are computed with 1 GP per winning player deducted.
    """
    from ..cup import gp as gp_rules
    from .players import check_hum, check_players
    from .scores import (check_boards, check_deadline, check_ferries, check_match, check_played_on, check_up,
                               decide_sheet, player_boards)

    problems: list[Problem] = []
    match, round_no, match_problems = check_match(sheet, ctx)
    problems += match_problems
    if match is None or round_no is None or any(p.is_error for p in match_problems):
        # §1.5.16: a sheet of another match, or a team id that is not the match's: the cause
        # once, not its consequences (every player "not on the team", §1.5.14, §1.5.12)
        return SheetCheck(tuple(problems))
    problems += check_boards(sheet, round_no)
    outcome = decide_sheet(sheet)
    problems += outcome.problems
    problems += player_boards(sheet)
    players = check_players(sheet, round_no, ctx)
    problems += players.problems
    problems += check_hum(sheet, ctx)
    problems += check_played_on(sheet, ctx)
    problems += check_deadline(sheet, ctx.settings, ctx.now)
    up, up_problems = check_up(sheet, ctx.computed_up)
    problems += up_problems
    problems += check_ferries(sheet, ctx.route_ferries)
    winner = loser = None
    gp: dict[int, int] = {}
    if outcome.winner is not None:
        win_side, lose_side = sheet.sides[outcome.winner], sheet.sides[1 - outcome.winner]
        winner, loser = win_side.team, lose_side.team
        gp = gp_rules.match_gp(round_no, win_side.boards_by_player(), penalty=penalty)
    return SheetCheck(tuple(problems), round_no, outcome, winner, loser, gp, up,
                      players.substitutes, players.joins)


def same_sheet(a: Sheet, b: Sheet) -> bool:
    """An identical resubmit (lines and file name aside, and ``submitted_at``)."""
    from ..value import replace
    return replace(a, submitted_at=None) == replace(b, submitted_at=None)


# --------------------------------------------------------------------------- division sheets
class DivisionContext(Value):
    """What a division sheet is checked against: the division's schedule
    (``matches``: id -> its :class:`dbfcli.rules.divisions.roundrobin.DivMatch`), its teams and its boards
    per match (§1.1.2.1: ``DivisionSettings.boards``, 36 with screens, 40 without)."""

    division: str
    matches: "Mapping[str, DivMatch]"
    teams: Mapping[str, Team]
    boards: int = 36
    recorded: tuple[RecordedMatch, ...] = ()
    dates: Mapping[int, dt.date] = field(default_factory=dict)   # round -> scheduled date


class DivisionCheck(Value, Verdict):
    problems: tuple[Problem, ...]
    round: int | None = None
    imps: tuple[int, int] | None = None


def _unknown_teams(sheet: Sheet, ctx: DivisionContext) -> list[Problem]:
    """A team of the sheet that is not in the division: an unknown id (rule None), with the
    nearest id of the division as the hint ("did you mean ALL-A?")."""
    import difflib

    out = []
    lower = {t.lower(): t for t in ctx.teams}
    for side in sheet.sides:
        if side.team in ctx.teams:
            continue
        near = difflib.get_close_matches(side.team.lower(), list(lower), n=1, cutoff=0.5)
        hint = Msg('did you mean {}?', lower[near[0]]) if near else Msg('see `dbf division teams {}`', ctx.division)
        out.append(Problem.error(None, Msg('unknown team {}: not a team of {}', f'{side.team!r}', ctx.division), side.where,
                                 hint=hint, code="unknown.team"))
    return out


def _weekend(sheet: Sheet, ctx: DivisionContext, round_no: int) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): the division plays over 4 weekends, so a match is played
    on the weekend of its round: the Saturday or Sunday of the scheduled date (the date itself
    when it is a weekday). Another date is a warning, not an error: §1.1 has no rule on a match
    the TD moves, so dbf records it and says so (docs/readings/divisions-standings.md)."""
    day = ctx.dates.get(round_no)
    if day is None or sheet.played_on is None:
        return []
    allowed = {day}
    if day.weekday() == 5:
        allowed.add(day + dt.timedelta(days=1))
    elif day.weekday() == 6:
        allowed.add(day - dt.timedelta(days=1))
    if sheet.played_on in allowed:
        return []
    rule = all_play_all_rule(ctx.division)
    return [Problem.warning(rule, Msg('{} is a round {} match of the weekend of {}; the sheet says it was '
                                      'played on {}', sheet.match, round_no, day, sheet.played_on), sheet.where_of("played_on"),
                            hint=Msg('played_on: {} (or the date the TD moved the match to)', day.isoformat()),
                            code="sheet.date")]


def _follows_from_boards(p: Problem) -> bool:
    """A player-boards problem that only repeats a wrong board count (§1.1.2.1): one measured
    against the match's boards (``sheet.player-boards``), decided on its code, never its text."""
    return p.code == "sheet.player-boards"


def _division_sides(sheet: Sheet, m: "DivMatch", rule: str) -> list[Problem]:
    """§1.1.2.1/§1.1.3.1/§1.1.4.1 (``rule``, the division's): the sheet names the scheduled teams (home and away swapped: a warning)."""
    want = (m.home, m.away)
    got = (sheet.home.team, sheet.away.team)
    if got == want:
        return []
    if got == want[::-1]:
        return [Problem.warning(
            rule, Msg('the schedule has {} at home and {} away; the sheet the other way round', want[0],
                      want[1]),
            sheet.home.where, code="sheet.home-away")]
    return [Problem.error(
        rule, Msg('match {} is {} v {}, the sheet names {} v {}', sheet.match, want[0], want[1], got[0],
                  got[1]),
        sheet.home.where, code="sheet.teams")]


def _off_roster(side: SheetSide, roster: Collection[int]) -> list[Problem]:
    """§2.11: a player not on the division team's entered roster plays as a substitute, so he is
    marked as one, with his DBF club. An unmarked one is a sheet error of §2.11 (exit 1), not a
    malformed sheet: §1.1 has no roster paragraph of its own, and §2.11 is the substitutes' rule
    the divisions apply (docs/readings/sheets.md, issue 25.15)."""
    problems = []
    for p in side.players:
        if p.id in roster:
            continue
        if not p.substitute:
            problems.append(Problem.error(
                "2.11", Msg("player {} is not on {}'s roster; a substitute must be marked", p.id, side.team), p.where,
                hint=Msg('add substitute: true, name: and club: to the row (a substitute is a member of a '
                         'DBF club)'), code="player.not-on-team"))
        elif p.club is None or p.club <= 0:
            problems.append(Problem.error(
                "2.11", Msg('substitute {} must be a member of a DBF club; the sheet gives no club number',
                            p.id),
                p.where, hint=Msg('add club: <club number>'), code="player.substitute-club"))
    return problems


def validate_division_sheet(sheet: Sheet, ctx: DivisionContext) -> DivisionCheck:
    """§1.1.2.1/§1.1.3.1/§1.1.4.1, the division's own (boards: the season's 36 or 40), §2.11 (substitutes): a division
    match sheet. IMPs may tie (standings score VP); no extra segments.
    Problems about how the sheet is filled in have ``rule=None`` here (§1.5.14
    is a cup rule)."""
    from ..value import replace as _replace

    from .scores import player_boards

    problems: list[Problem] = []
    rule = all_play_all_rule(ctx.division)      # the division's own paragraph, not always the 1st's
    m = ctx.matches.get(sheet.match)
    if m is None:
        return DivisionCheck((Problem.error(
            rule, Msg('match {} is not in the {} schedule', sheet.match, ctx.division), sheet.where_of("match"),
            hint=Msg('use an id printed by `dbf schedule {}`', ctx.division), code="div.not-scheduled"),))
    unknown = _unknown_teams(sheet, ctx)
    if unknown:      # docs/interface.md: an unknown team is exit 2 (no §), not a cascade of roster errors
        return DivisionCheck(tuple(unknown))
    problems += _division_sides(sheet, m, rule)
    problems += _weekend(sheet, ctx, getattr(m, "round"))
    if not sheet.segments:
        problems.append(Problem.error(rule, Msg('the sheet has no segments'), sheet.where_of("segments"),
                                      code="sheet.no-segments"))
    elif sheet.boards != ctx.boards:
        problems.append(Problem.error(
            rule, Msg('{} played; a {} match is {} boards this season (36 with screens, 40 '
                      'without)', Msg.counted(sheet.boards, "board"), ctx.division, ctx.boards), sheet.where_of("segments"),
            code="sheet.boards"))
    if sheet.extra_segments:
        problems.append(Problem.error(None, Msg('a division match has no extra segments; a tie in IMPs '
                                                'stands'),
                                      sheet.where_of("extra_segments"), code="format.sheet"))
    boards_wrong = bool(sheet.segments) and sheet.boards != ctx.boards
    problems += [_replace(p, rule=None, code="format.sheet") for p in player_boards(sheet)
                 if not (boards_wrong and _follows_from_boards(p))]   # §1.1.2.1 says it once
    for side in sheet.sides:
        team = ctx.teams.get(side.team)
        problems += _off_roster(side, team.player_ids if team else frozenset())
    imps = (sum(s.imps[0] for s in sheet.segments), sum(s.imps[1] for s in sheet.segments))
    return DivisionCheck(tuple(problems), getattr(m, "round"), imps)
