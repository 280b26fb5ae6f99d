"""§1.5.2, §1.5.3, §1.5.16: the draw of one cup round.

* Rounds 1 and 2 are drawn pool by pool (pools in name order, one random
  stream): round 1 with byes by lot and no two teams of one captain's club
  meeting (§1.5.2); round 2 among the pool's survivors (and any round-2
  entrants), byes by lot but never to a team that has not played yet (the
  guarantee of one match, §1.5.2).
* The first national round (round 3 in a normal field) is one draw among the
  pool survivors and every division team (§1.5.3); teams seeded to the next
  round hold byes in it; the other byes the bracket needs go by lot. Later
  rounds, semi-finals and final included, are drawn among the previous
  round's winners.

The draw is reproducible: the same seed and the same state give the same
draw. ``drawn_order`` lists the teams in the order the lots fell (byes drawn
by lot first, then each match's first and second team); teams with byes by
seeding (§1.5.3) are not drawn and are not in it. ``teams[0]`` of a match is
the team drawn first (§1.5.5 home on equal UP).

>>> out, probs = draw_cup_round(1, entry={"A": 1, "B": 1, "C": 1, "D": 1},
...                             clubs={"A": 1, "B": 1, "C": 2, "D": 2}, pool_of={t: "east" for t in "ABCD"},
...                             draws={}, winners={}, seed=7)
>>> clubs = {"A": 1, "B": 1, "C": 2, "D": 2}
>>> probs, [clubs[m.teams[0]] != clubs[m.teams[1]] for m in out.draw.matches]
([], [True, True])
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping

from .bracket import CupPlan, PoolPlan, places, plan_cup
from .draw_pending import awaited, place, unresolved
from ..lots import draw_lots
from ..model import CupDraw, CupMatch, cup_match_id
from ..problems import Msg, Problem
from ..value import Value, field, replace

#: what a lot draws: (byes, pairs) in the order drawn (rules.lots.draw_lots)
Lots = tuple[list[str], list[tuple[str, str]]]


class DrawOutcome(Value):
    """A drawn round, the plan it follows and the pool of every team drawn in rounds 1-2."""

    draw: CupDraw
    plan: CupPlan
    pools: Mapping[str, str] = field(default_factory=dict)


def unfinished(draw: CupDraw, winners: Mapping[str, str]) -> list[str]:
    """Ids of the draw's matches without a recorded winner (one of its two teams)."""
    return [m.id for m in draw.matches if winners.get(m.id) not in m.teams]


def survivors(draw: CupDraw, winners: Mapping[str, str]) -> list[str]:
    """Teams through to the next round: each match's winner and every bye (§1.5.10)."""
    return sorted([winners[m.id] for m in draw.matches if m.id in winners] + list(draw.byes))


def _impossible(round_no: int, what: Msg) -> Problem:
    return Problem.error("1.5.2" if round_no <= 2 else "1.5.3", Msg('round {} cannot be drawn: {}', round_no,
                                                                    what), code="bracket.cannot-draw")


def draw_cup_round(
    round_no: int,
    *,
    entry: Mapping[str, int],
    clubs: Mapping[str, int],
    pool_of: Mapping[str, str],
    draws: Mapping[int, CupDraw],
    winners: Mapping[str, str],
    seed: int,
    dispensations: Collection[str] = (),
    walkovers: Collection[str] = (),
) -> tuple[DrawOutcome | None, list[Problem]]:
    """Draw cup round ``round_no`` (§1.5.2, §1.5.3, §1.5.16).

    ``entry``: team -> entry round (rules.cup.entry); ``clubs``: team -> captain's
    club; ``pool_of``: team -> pool of every pool team (rules.cup.pools, or the pools
    recorded with round 1); ``draws``: recorded draws of earlier rounds;
    ``winners``: match id -> winning team of every recorded result; ``seed``:
    the seed of ``random.Random`` (the CLI picks one from os.urandom when none is given);
    ``dispensations``: match ids with a recorded dispensation (§1.5.6): an unplayed match of
    the previous round among them enters the draw as a pending place ``pending: C1-032``
    (rules.cup.draw_pending), drawn like a team (a match or, by lot, a bye); ``walkovers``: the
    ids of the matches recorded as walkovers (§1.5.15): their winners have not played (§1.5.2).
    """
    plan, problems = plan_cup(entry, pool_of, clubs)
    if plan is None:
        return None, problems
    rp = plan.round(round_no)
    if rp is None:
        return None, problems + [Problem.error(
            "1.5.3", Msg('round {} is not played in this cup: the played rounds are {} (a round without a '
                         'match is skipped)', round_no, ', '.join(map(str, plan.played_rounds))),
            code="bracket.round-not-played")]
    prev = plan.previous_round(round_no)
    alive: list[str] | None = None
    if prev is not None:
        if prev not in draws:
            return None, problems + [Problem.error("1.5.16", Msg('round {} has not been drawn; draw it '
                                                                 'before round {}', prev, round_no),
                                                     code="state.not-drawn")]
        alive, refusal = _through(draws[prev], winners, dispensations)
        if refusal is not None:
            return None, problems + [refusal]
        if round_no == 2:   # a pending place plays in its match's pool (§1.5.2)
            pool_of = {**pool_of, **{place(m.id): m.pool for m in draws[prev].matches
                                     if place(m.id) in alive and m.pool is not None}}
    rng = random.Random(seed)
    if round_no == 1:
        return _draw_round1(plan, entry, clubs, pool_of, rng, seed)
    if round_no == 2:
        return _teams_only(*_draw_round2(plan, entry, pool_of, draws.get(1), alive, rng, seed, walkovers))
    return _draw_national(plan, round_no, entry, alive, rng, seed)


def _teams_only(outcome: DrawOutcome | None, problems: list[Problem]) -> tuple[DrawOutcome | None, list[Problem]]:
    """Round 2's pools as recorded: every pool team's pool, a pending place left out (its
    team's pool is in round 1's file, §1.5.2)."""
    if outcome is None:
        return outcome, problems
    return replace(outcome, pools={t: p for t, p in outcome.pools.items() if not awaited(t)}), problems


def _through(prev: CupDraw, winners: Mapping[str, str], dispensations: Collection[str]
             ) -> tuple[list[str], Problem | None]:
    """The teams through from round ``prev`` (§1.5.10), a pending place for each unplayed
    match with a recorded dispensation (§1.5.16 with §1.5.6); or why the next round cannot
    be drawn yet: a match unplayed without a dispensation, or one whose own teams are not
    all known (a pending place of the round before, still unresolved)."""
    open_ = unfinished(prev, winners)
    blocked = [m for m in open_ if m not in dispensations]
    if blocked:
        return [], Problem.error(
            "1.5.16", Msg('round {} is not finished: no result for {} and {} more', prev.round, ", ".join(blocked[:10]),
                          len(blocked) - 10) if len(blocked) > 10 else
            Msg('round {} is not finished: no result for {}', prev.round, ", ".join(blocked)),
            hint=Msg('a match may wait only with a recorded dispensation (§1.5.6): dbf schedule cup set '
                     'MATCH --date DAY --dispensation WHY'), code="state.round-not-finished")
    waiting = [(m.id, mid) for m in prev.matches if m.id in open_ for mid in unresolved(m)]
    waiting += [(Msg('a bye of round {}', prev.round), mid) for mid in filter(None, map(awaited, prev.byes))]
    if waiting:
        return [], Problem.error(
            "1.5.16", Msg('round {} still has a pending place: {}; the next round cannot be drawn until it is filled',
                          prev.round, Msg.join(", ", [Msg('{} waits for the winner of {}', m, mid) for m, mid in waiting])),
            hint=Msg('record the result of the awaited match first (dbf result submit)'), code="state.pending-place")
    return survivors(prev, winners) + [place(m) for m in open_], None


def draw_pools(
    round_no: int, teams_by_pool: Mapping[str, list[str]], byes_by_pool: Mapping[str, int], rng: random.Random,
    clubs: Mapping[str, int] | None = None, seed: int = 0,
) -> tuple[CupDraw | None, list[Problem]]:
    """Draw the pools one after the other (name order, one random stream): byes by lot,
    then pairs; with ``clubs``, no same-club pair (§1.5.2 round 1). Matches are numbered
    across the pools."""
    problems: list[Problem] = []
    matches: list[CupMatch] = []
    byes: list[str] = []
    order: list[str] = []
    for pool in sorted(teams_by_pool):
        teams = teams_by_pool[pool]
        club_of = {t: clubs.get(t, t) for t in teams} if clubs is not None else None
        got = draw_lots(teams, byes_by_pool.get(pool, 0), rng, club_of=club_of)
        if got is None:
            problems.append(_impossible(round_no, Msg("pool {} cannot be paired without two teams of one club meeting", pool)))
            continue
        _collect(round_no, pool, got, matches, byes, order)
    if problems:
        return None, problems
    return CupDraw(round_no, seed, tuple(matches), tuple(byes), tuple(order)), problems


def _draw_round1(plan: CupPlan, entry: Mapping[str, int], clubs: Mapping[str, int], pool_of: Mapping[str, str],
                 rng: random.Random, seed: int) -> tuple[DrawOutcome | None, list[Problem]]:
    by_pool = {pp.pool: [t for t, e in entry.items() if e == 1 and pool_of.get(t) == pp.pool] for pp in plan.pools}
    draw, problems = draw_pools(1, by_pool, {pp.pool: pp.byes1 for pp in plan.pools}, rng, clubs, seed)
    if draw is None:
        return None, problems
    pools = {t: p for p, teams in by_pool.items() for t in teams}
    pools.update({t: pool_of[t] for t, e in entry.items() if e == 2 and t in pool_of})
    return DrawOutcome(draw, plan, pools), problems


def played_in_pools(draw1: CupDraw | None, walkovers: Collection[str] = ()) -> set[str]:
    """§1.5.2 "garanteres mindst én kamp": the teams that have played a match of round 1. A bye
    is no match, and neither is a walkover (§1.5.15): its winner advanced without playing
    (docs/readings/walkover-guarantee.md).

    >>> d = CupDraw(1, 0, (CupMatch("C1-001", 1, ("A", "B")), CupMatch("C1-002", 1, ("C", "D"))), ("E",))
    >>> sorted(played_in_pools(d, {"C1-002"}))
    ['A', 'B']
    """
    if draw1 is None:
        return set()
    return {t for m in draw1.matches if m.id not in walkovers for t in m.teams}


def pools_kept(pool_of: Mapping[str, str], recorded_pools: Mapping[int, Mapping[str, str]], round_no: int
               ) -> dict[str, str]:
    """§1.5.2: rounds 1-2 are played in the pools of round 1, so from round 2 on the pools
    recorded with the draws of rounds 1-2 win over the pools the teams' postcodes give now.

    >>> pools_kept({"A": "west-1"}, {1: {"A": "east"}}, 2), pools_kept({"A": "west-1"}, {1: {"A": "east"}}, 1)
    ({'A': 'east'}, {'A': 'west-1'})
    """
    pool_of = dict(pool_of)
    if round_no >= 2:
        for r in (1, 2):
            pool_of.update(recorded_pools.get(r, {}))
    return pool_of


def _round2_field(entry: Mapping[str, int], draw1: CupDraw | None, alive: list[str] | None,
                  walkovers: Collection[str] = ()) -> tuple[set[str], set[str]]:
    """Who played in round 1 (:func:`played_in_pools`), and the field of round 2: the survivors
    of round 1 (every round-1 team when round 1 had no match) and the teams that enter in round 2."""
    played = played_in_pools(draw1, walkovers)
    if alive is None:   # round 1 had no match: every pool team is still in
        alive = [t for t, e in entry.items() if e == 1]
    return played, set(alive) | {t for t, e in entry.items() if e == 2}


def _without_pool(plan: CupPlan, field_all: set[str], pool_of: Mapping[str, str]) -> list[Problem]:
    stray = sorted(t for t in field_all if pool_of.get(t) not in {p.pool for p in plan.pools})
    return [_impossible(2, Msg("teams without a pool: {}", ', '.join(stray[:10])))] if stray else []


def round2_byes(pool: str, n: int, survivors: int, must_play: int) -> tuple[int | None, list[Problem]]:
    """§1.5.2: how many round-2 byes a pool of ``n`` teams gives when it is planned to send
    ``survivors`` on and ``must_play`` of its teams have not played yet (a round-1 bye or walkover
    win: the guarantee of one match). The plan's ``2 x survivors - n``, or, when that many
    byes would have to go to teams that must play, the most the others can take (the pool sends
    fewer on, a warning; the first national round draws the missing byes by lot, §1.5.3); None
    with a §1.5.2 problem when even that is impossible.

    >>> round2_byes("east", 10, 6, 2)
    (2, [])
    >>> k, p = round2_byes("east", 10, 6, 9); k, p[0].rule, p[0].severity
    (0, '1.5.2', 'warning')
    >>> round2_byes("east", 3, 2, 3)[0] is None
    True
    """
    k = 2 * survivors - n
    room = n - must_play
    if 0 <= k <= room:
        return k, []
    fewer = room if (room - n) % 2 == 0 else room - 1   # a bye count has n's parity (n - k teams pair up)
    if k < 0 or fewer < 0:
        return None, [_impossible(2, Msg("pool {} has {}, {} of them still without a match, and must send {} on "
                                         "(§1.5.2 guarantee)", pool, Msg.counted(n, "team"), must_play, survivors))]
    sent = (n + fewer) // 2
    return fewer, [Problem.warning(
        "1.5.2", Msg('pool {} sends {} teams on, not {}: {} of its {} teams have not played a match yet '
                     '(a round-1 bye or walkover win) and may not get a round-2 bye', pool, sent, survivors,
                     must_play, n),
        hint=Msg('the first national round draws the missing byes by lot (§1.5.3)'), code="bracket.pool-sends")]


def _draw_pool_round2(pp: PoolPlan, teams: list[str], entry: Mapping[str, int], played: set[str],
                      rng: random.Random) -> tuple[Lots | None, list[Problem]]:
    """One pool's round 2 (§1.5.2): its lots and warnings, or the problem why there are none. A
    team of round 1 that has not played yet gets no bye (every non-division team is guaranteed a
    match): :func:`round2_byes`."""
    no_bye = [t for t in teams if entry.get(t) == 1 and t not in played]
    k, problems = round2_byes(pp.pool, len(teams), pp.survivors, len(no_bye))
    if k is None:
        return None, problems
    got = draw_lots(teams, k, rng, no_bye=no_bye)
    if got is None:
        return None, [_impossible(2, Msg("pool {}: no valid draw", pp.pool))]
    return got, problems


def _draw_round2(plan: CupPlan, entry: Mapping[str, int], pool_of: Mapping[str, str], draw1: CupDraw | None,
                 alive: list[str] | None, rng: random.Random, seed: int,
                 walkovers: Collection[str] = ()) -> tuple[DrawOutcome | None, list[Problem]]:
    problems: list[Problem] = []
    matches: list[CupMatch] = []
    byes: list[str] = []
    order: list[str] = []
    pools: dict[str, str] = {}
    played, field_all = _round2_field(entry, draw1, alive, walkovers)
    for pp in plan.pools:
        teams = sorted(t for t in field_all if pool_of.get(t) == pp.pool)
        pools.update({t: pp.pool for t in teams})
        got, more = _draw_pool_round2(pp, teams, entry, played, rng)
        problems += more
        if got is not None:
            _collect(2, pp.pool, got, matches, byes, order)
    problems += _without_pool(plan, field_all, pool_of)
    if any(p.is_error for p in problems):
        return None, problems
    return DrawOutcome(CupDraw(2, seed, tuple(matches), tuple(byes), tuple(order)), plan, pools), problems


def _national_field(r0: int, round_no: int, entry: Mapping[str, int],
                    alive: list[str] | None) -> tuple[list[str], list[str]]:
    """The teams of a national round and those seeded to a bye (§1.5.3): in the first national
    round ``r0`` the pool survivors and the division teams, the ones that enter in the next
    round holding byes; later, the survivors."""
    if round_no != r0:
        return sorted(alive or []), []
    pool_survivors = alive if alive is not None else [t for t, e in entry.items() if e <= 2]
    teams = sorted(set(pool_survivors) | {t for t, e in entry.items() if e >= 3})
    forced = sorted(t for t in teams if entry.get(t) == r0 + 1) if r0 < 9 else []
    return teams, forced


def _draw_national(plan: CupPlan, round_no: int, entry: Mapping[str, int], alive: list[str] | None,
                   rng: random.Random, seed: int) -> tuple[DrawOutcome | None, list[Problem]]:
    teams, forced = _national_field(plan.first_national_round, round_no, entry, alive)
    k = places(round_no) - len(teams)
    if k < len(forced) or len(teams) - k < 2 or (len(teams) - k) % 2:
        return None, [_impossible(round_no, Msg("{} teams do not fit the {} places of round {} ({} seeded byes)",
                                                len(teams), places(round_no), round_no, len(forced)))]
    rest = [t for t in teams if t not in set(forced)]
    got = draw_lots(rest, k - len(forced), rng)
    if got is None:
        return None, [_impossible(round_no, Msg("no valid draw"))]
    matches: list[CupMatch] = []
    byes: list[str] = list(forced)
    order: list[str] = []
    _collect(round_no, None, got, matches, byes, order)
    return DrawOutcome(CupDraw(round_no, seed, tuple(matches), tuple(byes), tuple(order)), plan, {}), []


def _collect(round_no: int, pool: str | None, got: Lots, matches: list[CupMatch], byes: list[str],
             order: list[str]) -> None:
    drawn_byes, pairs = got
    byes.extend(drawn_byes)
    order.extend(drawn_byes)
    for a, b in pairs:
        matches.append(CupMatch(cup_match_id(round_no, len(matches) + 1), round_no, (a, b), pool))
        order.extend((a, b))
