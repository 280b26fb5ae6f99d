"""Sheet checks about the players: roster and announced additions (§1.5.11),
substitutes (§1.5.12 a-c, §2.11), unmarked players (§1.5.14).

Readings (docs/readings/sheets.md):

- A team's *own* players in round r: its roster, the additions announced
  for round r or earlier (§1.5.11), and substitutes who joined it by playing
  for it a second time before round r (§1.5.12).
- "Only if it cannot field 4 players" (§1.5.12): substitutes are allowed
  only when fewer than 4 own players are on the sheet.
- §1.5.12 base rule: a substitute is not entered in the cup, or comes from a
  team knocked out in a round *before* this one. A substitute who joined a
  team by playing for it twice is entered on that team (b and the base rule
  then apply to him as to its other players).
- §1.5.12b: a player of a team that is, was or is sure to be in the 1/32
  final (round 4) is never a substitute: a team knocked out in round 4 or
  later, a team still in the cup in round 4 or later, and a team entering
  in round 4 or later (§1.5.3) even before it plays.
- §1.5.12c: a division player is not a substitute before the entry round of
  his division (§1.5.3, ``CupSettings.entry_round``).
- §1.5.12a: nobody plays for two teams in one round (all sheets of the round).
- §2.11: a substitute names a DBF club; a player substitutes for two
  different teams against one opponent only if that opponent allowed it.
- A player not on the team and not marked ``substitute`` is an error of form
  (§1.5.14); the substance rules for substitutes are still applied to him.
"""

from __future__ import annotations


import datetime as dt
from typing import TYPE_CHECKING, Iterable, Mapping

from ..model import ROUND_NAMES
from ..problems import Msg, Problem
from ..cup.records import Join, withdrawn_from
from ..value import MutableValue, field

if TYPE_CHECKING:
    from ..cup.records import Addition, RecordedMatch, Withdrawal
    from ..model import Team
    from ..problems import Where
    from .validate import CupContext, Sheet, SheetPlayer

OWN_MINIMUM = 4   # §1.5.12: a team may use substitutes only if it cannot field 4 players
TEAM_MAXIMUM = 6  # §1.5.11


class PlayerCheck(MutableValue):
    problems: list[Problem] = field(default_factory=list)
    substitutes: tuple[tuple[str, int], ...] = ()
    joins: tuple[Join, ...] = ()


def earlier_substitutions(ctx: "CupContext", team: str, player: int, round_no: int) -> list[int]:
    """Rounds before ``round_no`` where ``player`` substituted for ``team``."""
    return sorted(m.round for m in ctx.recorded if m.round < round_no
                  for a in m.appearances if a.player == player and a.team == team and a.substitute)


def joined_teams(ctx: "CupContext", player: int, round_no: int) -> list[str]:
    """§1.5.12 "Hvis en substitut deltager mere end én gang på samme hold, indtræder han på
    holdet": the teams ``player`` joined by substituting for them twice before ``round_no``."""
    teams = sorted({a.team for m in ctx.recorded if m.round < round_no for a in m.appearances
                    if a.player == player and a.substitute})
    return [t for t in teams if len(earlier_substitutions(ctx, t, player, round_no)) >= 2]


def own_players(ctx: "CupContext", team_id: str, round_no: int, played_on: dt.date | None = None) -> tuple[set[int], list[Addition]]:
    """§1.5.11/§1.5.12: member numbers of ``team_id``'s own players in ``round_no``,
    and the additions that do not count yet (announced for a later round or
    after the match)."""
    team = ctx.teams.get(team_id)
    own = set(team.player_ids) if team else set()
    late = []
    for a in ctx.additions:
        if a.team != team_id:
            continue
        if a.round <= round_no and (played_on is None or a.announced_on is None or a.announced_on <= played_on):
            own.add(a.player.id)
        else:
            late.append(a)
    joined = {ap.player for m in ctx.recorded if m.round < round_no for ap in m.appearances
              if ap.team == team_id and ap.substitute and len(earlier_substitutions(ctx, team_id, ap.player, round_no)) >= 2}
    return (own | joined) - withdrawn_from(ctx.withdrawals, team_id, round_no), late


def team_players(team: Team, additions: Iterable[Addition], joins: Iterable[Join], withdrawals: Iterable[Withdrawal]) -> set[int]:
    """§1.5.11 with §1.5.12: every player ``team`` has or will have: its roster, all its
    additions (any round), joined substitutes, less the players the TD withdrew
    (``dbf cup withdraw-player``). At most :data:`TEAM_MAXIMUM`."""
    own = set(team.player_ids) | {a.player.id for a in additions if a.team == team.id}
    own |= {j.player for j in joins if j.team == team.id}
    return own - withdrawn_from(withdrawals, team.id)


def _join_problem(ctx: "CupContext", team_id: str, player: int, first: int, where: Where | None) -> list[Problem]:
    """§1.5.11 against §1.5.12 (reading, docs/readings/sheets.md): a substitute's second
    appearance joins him to the team; refused when the team would then have more than 6."""
    team = ctx.teams.get(team_id)
    if team is None:
        return []
    joins = [Join(ap.player, ap.team, m.round, m.round) for m in ctx.recorded for ap in m.appearances
             if ap.team == team_id and ap.substitute and len(earlier_substitutions(ctx, team_id, ap.player, 10)) >= 2]
    have = team_players(team, ctx.additions, joins, ctx.withdrawals) - {player}
    if len(have) + 1 <= TEAM_MAXIMUM:
        return []
    return [Problem.error(
        "1.5.11", Msg('substitute {} plays for {} a second time (first in round {}) and would join it '
                      '(§1.5.12) as its {}th player; a team has at most {}', player, team_id, first,
                      len(have) + 1, TEAM_MAXIMUM), where,
        hint=Msg('withdraw a player of {} who has not played (dbf cup withdraw-player {} MEMBER), or '
                 'field a substitute who has not played for it before', team_id, team_id),
        code="roster.too-many-players")]


def check_team_size(ctx: "CupContext", team_id: str, round_no: int, where: Where | None) -> list[Problem]:
    """§1.5.11: roster plus additions up to 6 players."""
    own, _ = own_players(ctx, team_id, round_no)
    if len(own) > TEAM_MAXIMUM:
        return [Problem.error("1.5.11", Msg('{} has {} players with its additions; a team has at most {}',
                                            team_id, len(own), TEAM_MAXIMUM), where,
                              hint=Msg('withdraw a player who has not played: dbf cup withdraw-player {} '
                                       'MEMBER', team_id), code="roster.too-many-players")]
    return []


def check_players(sheet: "Sheet", round_no: int, ctx: "CupContext") -> PlayerCheck:
    """All player checks of one sheet (see the module docstring)."""
    out = PlayerCheck()
    subs: list[tuple[str, int]] = []
    joins: list[Join] = []
    for idx, side in enumerate(sheet.sides):
        opponent = sheet.sides[1 - idx].team
        own, late = own_players(ctx, side.team, round_no, sheet.played_on)
        out.problems += check_team_size(ctx, side.team, round_no, side.where)
        late_ids = {a.player.id: a for a in late}
        own_listed = [p for p in side.players if p.id in own]
        side_subs = []
        for p in side.players:
            if p.id in own:
                continue
            if p.id in late_ids:
                a = late_ids[p.id]
                when = (Msg('from round {}', a.round) if a.round > round_no
                        else Msg('on {}, after the match', a.announced_on))
                out.problems.append(Problem.error(
                    "1.5.11", Msg('player {} was announced as an addition to {} {}; additions must be '
                                  'told to the TD before the match', p.id, side.team, when), p.where,
                    code="roster.announced-late"))
                continue
            if not p.substitute:
                out.problems.append(Problem.error(
                    "1.5.14", Msg("player {} is not on {}'s team; a substitute must be marked on the "
                                  'sheet', p.id, side.team),
                    p.where, hint=Msg('add substitute: true, name: and club: to the row'), code="player.not-on-team"))
            side_subs.append(p)
        if side_subs and len(own_listed) >= OWN_MINIMUM:
            out.problems.append(Problem.error(
                "1.5.12", Msg('{} fielded {} of its own players; substitutes ({}) only when a team cannot '
                              'field {}', side.team, len(own_listed), ', '.join(str(p.id) for p in side_subs),
                              OWN_MINIMUM),
                side_subs[0].where, code="player.substitute-not-needed"))
        for p in side_subs:
            subs.append((side.team, p.id))
            out.problems += _substitute(p, side.team, opponent, round_no, ctx)
            before = earlier_substitutions(ctx, side.team, p.id, round_no)
            if len(before) == 1:
                out.problems += _join_problem(ctx, side.team, p.id, before[0], p.where)
                joins.append(Join(p.id, side.team, before[0], round_no))
                out.problems.append(Problem.warning(
                    "1.5.12", Msg('substitute {} plays for {} a second time (first in round {}) and joins '
                                  'the team; round fees are due from round {}', p.id, side.team, before[0],
                                  before[0]), p.where, code="player.substitute-joins"))
    out.problems += _two_teams(sheet, round_no, ctx)
    out.substitutes = tuple(subs)
    out.joins = tuple(joins)
    return out


def _substitute_club(p: SheetPlayer) -> list[Problem]:
    """§2.11: a substitute is a member of a DBF club."""
    if p.substitute and (p.club is None or p.club <= 0):
        return [Problem.error(
            "2.11", Msg('substitute {} must be a member of a DBF club; the sheet gives no club number', p.id),
            p.where, hint=Msg('add club: <club number>'), code="player.substitute-club")]
    return []


def _substitute_on(p: SheetPlayer, other_id: str, round_no: int, ctx: "CupContext") -> list[Problem]:
    """§1.5.12, §1.5.12b: a substitute ``p`` entered on another team ``other_id``: not entered or
    from a team knocked out in an earlier round, never from a team still in the cup in the
    1/32 final."""
    other = ctx.teams.get(other_id)
    ko = ctx.knocked_out(other_id)
    entry = ctx.entry_round(other) if other else 1
    if ko is not None and ko < round_no:
        if ko >= 4:
            return [Problem.error(
                "1.5.12b", Msg('substitute {} is on {}, which was still in the cup in the 1/32 final (out '
                               'in the {}); its players are never substitutes', p.id, other_id,
                               ROUND_NAMES[ko]), p.where, code="player.substitute-still-in-cup")]
        return []
    if round_no >= 4 or entry >= 4:
        why = Msg('is still in the cup') if round_no >= 4 else Msg('enters in the {} (§1.5.3)', ROUND_NAMES[entry])
        return [Problem.error(
            "1.5.12b", Msg('substitute {} is on {}, which {}; players on a team still in the cup in the '
                           '1/32 final are never substitutes', p.id, other_id, why), p.where,
            code="player.substitute-still-in-cup")]
    state = Msg('is still in the cup') if ko is None else Msg('was knocked out in round {}, not an earlier '
                                                         'round', ko)
    return [Problem.error(
        "1.5.12", Msg('substitute {} is on {}, which {}; a substitute is not entered in the cup or comes '
                      'from a team knocked out in an earlier round', p.id, other_id, state), p.where,
        code="player.substitute-team")]


def _substitute_division(p: SheetPlayer, round_no: int, ctx: "CupContext") -> list[Problem]:
    """§1.5.12c: a division player is a substitute only from its division's entry round."""
    division = p.division or ctx.division_players.get(p.id)
    if division is None:
        return []
    entry = ctx.settings.cup.entry_round.get(division, 1)
    if round_no >= entry:
        return []
    return [Problem.error(
        "1.5.12c", Msg('substitute {} plays in the {}. division; division {} players may be substitutes '
                       'from the {} (round {}), this is round {}', p.id, division, division,
                       ROUND_NAMES[entry], entry, round_no), p.where, code="player.substitute-division")]


def _substitute_same_opponent(p: SheetPlayer, team: str, opponent: str, ctx: "CupContext") -> list[Problem]:
    """§2.11: a substitute for a second team against the same opponent needs its permission."""
    if p.opponent_allowed:
        return []
    return [Problem.error(
        "2.11", Msg('substitute {} already substituted for {} against {} ({}); a second team against the '
                    "same opponent needs {}'s permission", p.id, ap.team, opponent, m.match, opponent),
        p.where, hint=Msg('add opponent_allowed: true to the row if the opponent allowed it'),
        code="player.substitute-same-opponent")
        for m in ctx.recorded for ap in m.appearances
        if ap.player == p.id and ap.substitute and ap.team != team and m.opponent(ap.team) == opponent]


def _substitute(p: SheetPlayer, team: str, opponent: str, round_no: int, ctx: "CupContext") -> list[Problem]:
    """§1.5.12 (base, b, c) and §2.11 for one substitute ``p`` of ``team``."""
    problems = _substitute_club(p)
    entered = ctx.team_of(p.id)
    entered += [t for t in joined_teams(ctx, p.id, round_no) if t not in entered]
    for other_id in entered:
        if other_id != team:
            problems += _substitute_on(p, other_id, round_no, ctx)
    problems += _substitute_division(p, round_no, ctx)
    problems += _substitute_same_opponent(p, team, opponent, ctx)
    return problems


def _two_teams(sheet: "Sheet", round_no: int, ctx: "CupContext") -> list[Problem]:
    """§1.5.12a: no player represents two teams in the same round -- on this
    sheet (both sides) or against every other recorded sheet of the round."""
    problems: list[Problem] = []
    home_ids = {p.id for p in sheet.home.players}
    for p in sheet.away.players:
        if p.id in home_ids:
            problems.append(Problem.error(
                "1.5.12a", Msg('player {} plays for both {} and {}', p.id, sheet.home.team, sheet.away.team), p.where,
                code="player.two-teams"))
    for side in sheet.sides:
        for p in side.players:
            for m in ctx.recorded:
                if m.round != round_no or m.match == sheet.match:
                    continue
                for ap in m.appearances:
                    if ap.player == p.id and ap.team != side.team:
                        problems.append(Problem.error(
                            "1.5.12a", Msg('player {} played for {} in {} in this round ({}); nobody '
                                           'represents two teams in one round', p.id, ap.team, m.match,
                                           ROUND_NAMES[round_no]), p.where, code="player.two-teams"))
    return problems


def check_hum(sheet: "Sheet", ctx: "CupContext") -> list[Problem]:
    """§1.5.1.2, §2.10.5, §1.5.1.1: no registered HUM pair played its HUM system in a
    match where that was not allowed (opponents neither seeded as a division team,
    §1.5.3, nor playing HUM themselves; or the card not sent a week before).

    Reading (docs/readings/sheets.md): the sheet has no line-ups, so a registered
    HUM pair is taken to have played its HUM system together when both players
    are on the team's side of the sheet, unless the side lists the pair under
    ``natural_pairs`` (played a natural system, or did not play together).
    """
    from ..cup.home import hum_verdicts

    if not ctx.hum_pairs:
        return []
    teams = (sheet.home.team, sheet.away.team)
    division_teams = {t for t in teams if t in ctx.teams and ctx.entry_round(ctx.teams[t]) >= 3}
    day = sheet.played_on or ctx.scheduled_on
    verdicts = hum_verdicts(teams, ctx.hum_pairs, division_teams, day, ctx.settings.systems.hum_notice_days)
    problems: list[Problem] = []
    for v in verdicts:
        if v.allowed:
            continue
        side = sheet.home if v.team == sheet.home.team else sheet.away
        rows = {p.id: p for p in side.players}
        if not all(pid in rows for pid in v.pair):
            continue
        if any(set(n) == set(v.pair) for n in side.natural_pairs):
            continue
        a, b = v.pair
        problems.append(Problem.error(
            v.rule, Msg('pair {}-{} of {} is registered with a HUM system and played in this match, where '
                        'HUM was not allowed: {}', a, b, v.team, v.why), rows[a].where or side.where,
            hint=Msg('if the pair played a natural system (or did not play together), add natural_pairs: '
                     '[[{}, {}]] under the team on the sheet', a, b), code="system.hum-played"))
    return problems


def addition_problems(new: Addition, teams: Mapping[str, Team], additions: Iterable[Addition], recorded: Iterable[RecordedMatch], joins: Iterable[Join], match_day: dt.date | None, entry_rounds: Mapping[int, int],
                      withdrawals: Iterable[Withdrawal] = ()) -> list[Problem]:
    """§1.5.11, §1.5.12a, §1.5.3: may ``new`` (an :class:`Addition`) be recorded
    (``dbf cup add-player``)? ``teams``: id -> Team; ``recorded``: RecordedMatch of
    the season; ``joins``: joined substitutes; ``match_day``: the date of the team's
    match in the round (None: unknown); ``entry_rounds``: division -> round (§1.5.3).

    - §1.5.11: a team has at most 6 players: roster, every addition and joined
      substitute (§1.5.12) together, less the players withdrawn (``withdrawals``); the TD is told before the match (``match_day``);
      a team knocked out before the round adds nobody.
    - §1.5.12a: nobody represents two cup teams: the player is on no other team's
      roster and no other team's additions.
    - §1.5.3 (warning): a division player joining before his division's entry round.
    """
    out: list[Problem] = []
    own = team_players(teams[new.team], additions, joins, withdrawals)
    if len(own | {new.player.id}) > TEAM_MAXIMUM:
        out.append(Problem.error("1.5.11", Msg('{} has {} players with its additions; a team has at most '
                                               '{}, so {} cannot be added', new.team, len(own), TEAM_MAXIMUM,
                                               new.player.id), code="roster.too-many-players"))
    out += _added_elsewhere(new, teams, additions)
    out += _addition_too_late(new, recorded, match_day)
    out += _addition_before_entry(new, entry_rounds)
    return out


def _added_elsewhere(new: Addition, teams: Mapping[str, Team], additions: Iterable[Addition]) -> list[Problem]:
    """§1.5.12a: nobody represents two cup teams (another team's roster or additions)."""
    out = [Problem.error("1.5.12a", Msg('player {} is on cup team {}; no player represents two teams',
                                        new.player.id, t.id),
                         code="player.two-teams") for t in teams.values() if t.id != new.team and new.player.id in t.player_ids]
    out += [Problem.error("1.5.12a", Msg('player {} was added to cup team {} from round {}; no player '
                                         'represents two teams', new.player.id, a.team, a.round),
                          code="player.two-teams")
            for a in additions if a.team != new.team and a.player.id == new.player.id]
    return out


def _addition_too_late(new: Addition, recorded: Iterable[RecordedMatch], match_day: dt.date | None) -> list[Problem]:
    """§1.5.11: a team knocked out before the round adds nobody; the TD is told before the match."""
    out = []
    out_in = [m.round for m in recorded if m.loser == new.team]
    if out_in and min(out_in) < new.round:
        out.append(Problem.error("1.5.11", Msg('{} is out of the cup since round {}; it plays no round {}',
                                               new.team, min(out_in), new.round), code="roster.team-out"))
    if match_day is not None and new.announced_on is not None and new.announced_on > match_day:
        out.append(Problem.error("1.5.11", Msg("announced on {}, after {}'s match of round {} on {}; the "
                                               'TD must be told before the match', new.announced_on, new.team,
                                               new.round, match_day),
                                 hint=Msg('add the player from a later round (--round {})', new.round + 1),
                                 code="roster.announced-late"))
    return out


def _addition_before_entry(new: Addition, entry_rounds: Mapping[int, int]) -> list[Problem]:
    """§1.5.3 (warning): a division player joining before his division's entry round."""
    if new.player.division is None:
        return []
    entry = entry_rounds.get(new.player.division)
    if entry is None or new.round >= entry:
        return []
    return [Problem.warning("1.5.3", Msg("player {} plays in the {}. division, whose players' teams enter "
                                         'in round {}; {} adds him in round {}', new.player.id,
                                         new.player.division, entry, new.team, new.round),
                            code="roster.division-addition")]


def withdrawal_problems(w: Withdrawal, team: Team, additions: Iterable[Addition], recorded: Iterable[RecordedMatch], joins: Iterable[Join], withdrawals: Iterable[Withdrawal]) -> list[Problem]:
    """§1.5.11 (reading, docs/readings/sheets.md): may the TD withdraw player ``w.player``
    from ``team`` from round ``w.round`` (``dbf cup withdraw-player``)? ``recorded``:
    RecordedMatch of the season; ``joins``: joined substitutes; ``withdrawals``: earlier ones.

    - he is one of the team's players (roster, addition or joined substitute), else
      ``unknown.player`` (exit 2); withdrawn already: ``state.already-recorded``;
    - he has not played for the team (a player who played stays: the sheets name him, §1.5.14,
      and his GP and fees stand, §1.5.10, §1.5.15);
    - the team is still in the cup and has played no match of round ``w.round`` or later (the
      fees of a recorded round do not change);
    - the team keeps at least 4 players (§1.5.11 "Et hold består af 4-6 spillere").
    """
    players = team_players(team, additions, joins, ())
    if w.player not in players:
        return [Problem.error(None, Msg("player {} is not one of {}'s players", w.player, team.id), code="unknown.player",
                              hint=Msg("dbf cup teams --json lists {}'s players", team.id))]
    if w.player in withdrawn_from(withdrawals, team.id):
        return [Problem.error(None, Msg('player {} is withdrawn from {} already', w.player, team.id),
                              code="state.already-recorded")]
    out = _withdrawal_played(w, team, recorded)
    lost = [m.round for m in recorded if m.loser == team.id]
    if lost:
        out.append(Problem.error("1.5.11", Msg('{} is out of the cup since round {}', team.id, min(lost)),
                                 code="roster.team-out"))
    later = sorted(m.round for m in recorded if team.id in (m.home, m.away) and m.round >= w.round)
    if later and not lost:
        out.append(Problem.error("1.5.11", Msg("{}'s match of round {} is recorded; a withdrawal takes "
                                               'effect from a round not yet played', team.id, later[-1]), hint=Msg('--round {}', later[-1] + 1),
                                 code="roster.withdraw-late"))
    left = players - withdrawn_from(withdrawals, team.id) - {w.player}
    if len(left) < OWN_MINIMUM:
        out.append(Problem.error("1.5.11", Msg('{} would have {}; a team has at least {}', team.id,
                                               Msg.counted(len(left), "player"), OWN_MINIMUM), hint=Msg('a team that cannot field 4 uses substitutes '
                                                            '(§1.5.12)'), code="roster.too-few-players"))
    return out


def _withdrawal_played(w: Withdrawal, team: Team, recorded: Iterable[RecordedMatch]) -> list[Problem]:
    """§1.5.11 (reading): a player who has played for the team stays (the sheets name him)."""
    played = sorted(m.match for m in recorded for a in m.appearances if a.player == w.player and a.team == team.id)
    if not played:
        return []
    return [Problem.error("1.5.11", Msg('player {} has played for {} ({}); only a player who has not '
                                        'played may be withdrawn', w.player, team.id, ', '.join(played)),
                          code="roster.withdraw-played")]
