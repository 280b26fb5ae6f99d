"""§1.5.2, §1.5.3, §1.5.16: the draw of every cup round."""

import random
from collections import Counter

import pytest

from dbfcli.rules.cup.draw import draw_cup_round, survivors, unfinished
from dbfcli.rules.lots import Urn, draw_lots, draw_pairs

from cupfield import synthetic  # noqa: E402


def play_cup(entry, clubs, pool_of, seed):
    """Draw every round, the first-drawn team winning on odd seeds (a stand-in for results)."""
    draws, winners = {}, {}
    r = 1
    while r <= 9:
        out, problems = draw_cup_round(r, entry=entry, clubs=clubs, pool_of=pool_of, draws=draws,
                                       winners=winners, seed=seed * 100 + r)
        if out is None and problems and "not played" in problems[-1].message:
            r += 1
            continue
        assert problems == [], problems
        draws[r] = out.draw
        pick = random.Random(seed + r)
        for m in out.draw.matches:
            winners[m.id] = m.teams[pick.randrange(2)]
        r += 1
    return draws, winners


def test_1_5_2_no_same_club_in_round_1_over_500_seeds():
    """§1.5.2: no two teams whose captains share a club meet in round 1 (500 seeds)."""
    rng = random.Random(0)
    teams = [f"T{i:02d}" for i in range(31)]
    clubs = {t: rng.choice([1, 1, 1, 1, 2, 2, 3, 4, 5, 6]) for t in teams}   # club 1 near half
    entry = {t: 1 for t in teams}
    pool_of = {t: "east" for t in teams}
    for seed in range(500):
        out, problems = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=seed)
        assert problems == []
        for m in out.draw.matches:
            assert clubs[m.teams[0]] != clubs[m.teams[1]], f"§1.5.2 seed {seed}: {m}"
        seen = [t for m in out.draw.matches for t in m.teams] + list(out.draw.byes)
        assert sorted(seen) == teams
        assert sorted(out.draw.drawn_order) == teams


def test_1_5_2_club_over_half_a_pool_gets_byes_then_plays():
    """§1.5.2: 8 of 10 teams from one club: 6 of them get round-1 byes, all of them play round 2."""
    teams = [f"T{i}" for i in range(10)]
    clubs = {t: (7 if i < 8 else i) for i, t in enumerate(teams)}
    entry = {t: 1 for t in teams}
    pool_of = {t: "east" for t in teams}
    for seed in range(50):
        out1, p1 = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=seed)
        assert p1 == [] and len(out1.draw.matches) == 2 and len(out1.draw.byes) == 6
        assert all(clubs[b] == 7 for b in out1.draw.byes)
        winners = {m.id: m.teams[0] for m in out1.draw.matches}
        out2, p2 = draw_cup_round(2, entry=entry, clubs=clubs, pool_of=pool_of, draws={1: out1.draw},
                                  winners=winners, seed=seed)
        assert p2 == []
        played2 = {t for m in out2.draw.matches for t in m.teams}
        assert set(out1.draw.byes) <= played2, "§1.5.2 guarantee"


def test_1_5_2_one_club_pool_everyone_plays_round_2():
    """§1.5.2: a pool of one club cannot play round 1 at all; round 1 is skipped, round 2 gives every team a match."""
    entry = {f"T{i}": 1 for i in range(6)} | {f"D{i}": 3 for i in range(30)}
    clubs = {t: 1 for t in entry}
    out, problems = draw_cup_round(1, entry=entry, clubs=clubs, pool_of={t: "east" for t in entry if t[0] == "T"},
                                   draws={}, winners={}, seed=1)
    assert out is None and "not played" in problems[0].message
    out, problems = draw_cup_round(2, entry=entry, clubs=clubs, pool_of={t: "east" for t in entry if t[0] == "T"},
                                   draws={}, winners={}, seed=1)
    assert problems == [] and len(out.draw.matches) == 3 and out.draw.byes == ()


@pytest.mark.parametrize("n, d4, d3", [(37, 4, 8), (160, 8, 36), (301, 8, 36)], ids=["37", "160", "301"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_1_5_2_whole_cup_guarantee_and_bracket(n, d4, d3, seed):
    """§1.5.2/§1.5.3: every non-division team plays in the pools; one champion; rounds shrink to the final."""
    entry, clubs, pool_of = synthetic(n, d4, d3, seed=seed)
    draws, winners = play_cup(entry, clubs, pool_of, seed)
    pool_rounds = [draws[r] for r in (1, 2) if r in draws]
    played = {t for d in pool_rounds for m in d.matches for t in m.teams}
    assert {t for t, e in entry.items() if e == 1} <= played, "§1.5.2 guarantee"
    if 1 in draws:
        for m in draws[1].matches:
            assert clubs[m.teams[0]] != clubs[m.teams[1]]
    final = draws[9]
    assert len(final.matches) == 1 and final.byes == ()
    assert len(draws[8].matches) == 2
    first = min(r for r in draws if r >= 3)
    seeded_late = {t for t, e in entry.items() if e == first + 1}
    assert seeded_late <= set(draws[first].byes), "§1.5.3: round-4 entrants hold round-3 byes"
    for r, d in draws.items():
        names = [t for m in d.matches for t in m.teams] + list(d.byes)
        assert len(names) == len(set(names))
        if r >= 3 and r > first:
            assert d.byes == ()


def test_1_5_16_same_seed_same_draw():
    """§1.5.16: a recorded seed reproduces the draw exactly; another seed draws differently."""
    entry, clubs, pool_of = synthetic(160, 8, 36)
    a, _ = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=42)
    b, _ = draw_cup_round(1, entry=dict(reversed(list(entry.items()))), clubs=clubs, pool_of=pool_of,
                          draws={}, winners={}, seed=42)
    c, _ = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=43)
    assert a.draw == b.draw
    assert a.draw.matches != c.draw.matches


def test_1_5_16_previous_round_unfinished():
    """§1.5.16: the next round is drawn only when the previous one has every result."""
    entry, clubs, pool_of = synthetic(160, 8, 36)
    out, _ = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=1)
    winners = {m.id: m.teams[1] for m in out.draw.matches[1:]}
    assert unfinished(out.draw, winners) == [out.draw.matches[0].id]
    again, problems = draw_cup_round(2, entry=entry, clubs=clubs, pool_of=pool_of, draws={1: out.draw},
                                     winners=winners, seed=1)
    assert again is None and problems[0].rule == "1.5.16" and out.draw.matches[0].id in problems[0].message
    missing, problems = draw_cup_round(2, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=1)
    assert missing is None and problems[0].rule == "1.5.16"


def test_survivors_are_winners_and_byes():
    entry, clubs, pool_of = synthetic(160, 8, 36)
    out, _ = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=1)
    winners = {m.id: m.teams[1] for m in out.draw.matches}
    assert sorted(survivors(out.draw, winners)) == sorted(list(winners.values()) + list(out.draw.byes))


def test_1_5_3_skipped_round_is_a_problem():
    """§1.5.3: a small field starts its bracket later; the skipped rounds cannot be drawn."""
    entry, clubs, pool_of = synthetic(37, 4, 8)
    out, problems = draw_cup_round(3, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=1)
    assert out is None and problems[0].rule == "1.5.3" and "not played" in problems[0].message


def test_1_5_2_field_too_large_cannot_be_drawn():
    entry, clubs, pool_of = synthetic(1000, 8, 36)
    out, problems = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=1)
    assert out is None and problems[0].rule == "1.5.2"


@pytest.mark.parametrize("counts, byes, possible", [
    ((3, 3), 0, True), ((4, 2), 0, False), ((4, 1, 1), 2, True), ((5, 1), 2, False), ((3, 3), 4, True),
    ((2, 2, 2), 2, True), ((6,), 6, True), ((6,), 4, False),
], ids=str)
def test_1_5_2_lots_feasibility(counts, byes, possible):
    """§1.5.2: byes can absorb a club's excess over half of the teams that play."""
    teams, clubs = [], {}
    for c, k in enumerate(counts):
        for i in range(k):
            teams.append(f"{c}-{i}")
            clubs[f"{c}-{i}"] = c
    for seed in range(20):
        got = draw_lots(teams, byes, random.Random(seed), club_of=clubs)
        assert (got is not None) == possible
        if got:
            assert all(clubs[a] != clubs[b] for a, b in got[1])


def test_urn_pairs_large_even_with_dominant_club():
    teams = [f"T{i}" for i in range(2000)]
    clubs = {t: (0 if i < 1000 else i) for i, t in enumerate(teams)}   # exactly half from club 0
    pairs = draw_pairs(Urn(teams, clubs), random.Random(3))
    assert len(pairs) == 1000
    assert all((clubs[a] == 0) != (clubs[b] == 0) for a, b in pairs)


def test_1_5_3_semi_final_and_final_drawn():
    """Rounds 8 and 9 are drawn like the others (no club rule)."""
    entry = {f"T{i}": 4 for i in range(4)}
    out, problems = draw_cup_round(8, entry=entry, clubs={}, pool_of={}, draws={}, winners={}, seed=9)
    assert problems == [] and len(out.draw.matches) == 2 and [m.id for m in out.draw.matches] == ["C8-001", "C8-002"]
    winners = {m.id: m.teams[0] for m in out.draw.matches}
    fin, problems = draw_cup_round(9, entry=entry, clubs={}, pool_of={}, draws={8: out.draw}, winners=winners, seed=9)
    assert problems == [] and set(fin.draw.matches[0].teams) == set(winners.values())


def test_round_1_byes_drawn_uniformly_enough():
    """Byes by lot: over many seeds each team gets the single bye of a 5-team pool about equally often."""
    teams = ["A", "B", "C", "D", "E"]
    counts = Counter()
    for seed in range(1000):
        got = draw_lots(teams, 1, random.Random(seed), club_of={t: t for t in teams})
        counts[got[0][0]] += 1
    assert set(counts) == set(teams) and max(counts.values()) - min(counts.values()) < 90


def _round1_with_walkovers(n, seed, every):
    """A 250-team-like field's round 1 drawn, every ``every``-th match a walkover (its first team
    advances): (entry, clubs, pool_of, round-1 draw, winners, the walkover ids)."""
    entry, clubs, pool_of = synthetic(n, 8, 22, seed=seed)
    out1, p1 = draw_cup_round(1, entry=entry, clubs=clubs, pool_of=pool_of, draws={}, winners={}, seed=seed)
    assert p1 == []
    winners = {m.id: m.teams[0] for m in out1.draw.matches}
    walkovers = {m.id for i, m in enumerate(out1.draw.matches) if i % every == 0}
    return entry, clubs, pool_of, out1.draw, winners, walkovers


@pytest.mark.parametrize("seed", range(1, 8))
def test_1_5_2_round_1_walkover_winner_gets_no_round_2_bye(seed):
    """§1.5.2 "garanteres mindst én kamp" (docs/readings/walkover-guarantee.md): a team that won its
    round-1 match by walkover has played no match, so round 2 gives it a match, never a bye (7 of 7
    seeds gave one a bye before issue 25)."""
    entry, clubs, pool_of, draw1, winners, walkovers = _round1_with_walkovers(250, seed, 5)
    out2, p2 = draw_cup_round(2, entry=entry, clubs=clubs, pool_of=pool_of, draws={1: draw1}, winners=winners,
                              seed=seed, walkovers=walkovers)
    assert out2 is not None and not [p for p in p2 if p.is_error], p2
    assert out2.draw.byes, "the field gives round-2 byes (else the test proves nothing)"
    no_match = {winners[w] for w in walkovers} | set(draw1.byes)
    played2 = {t for m in out2.draw.matches for t in m.teams}
    assert no_match <= played2 and not no_match & set(out2.draw.byes), "§1.5.2 guarantee"


def test_1_5_2_walkover_winners_a_pool_cannot_all_fit_send_fewer_on_with_a_warning():
    """§1.5.2: when a pool's planned survivors leave too few byes for the teams that have played,
    the pool sends fewer on (a §1.5.2 warning) and the first national round draws the missing
    byes by lot; the whole cup is still drawn to the final."""
    entry, clubs, pool_of, draw1, winners, walkovers = _round1_with_walkovers(250, 3, 2)   # every 2nd a walkover
    out2, p2 = draw_cup_round(2, entry=entry, clubs=clubs, pool_of=pool_of, draws={1: draw1}, winners=winners,
                              seed=3, walkovers=walkovers)
    assert out2 is not None and p2 and {p.rule for p in p2} == {"1.5.2"} and not [p for p in p2 if p.is_error]
    no_match = {winners[w] for w in walkovers} | set(draw1.byes)
    assert not no_match & set(out2.draw.byes)
    winners2 = {m.id: m.teams[1] for m in out2.draw.matches}
    out3, p3 = draw_cup_round(3, entry=entry, clubs=clubs, pool_of=pool_of, draws={1: draw1, 2: out2.draw},
                              winners={**winners, **winners2}, seed=3)
    assert out3 is not None and p3 == [], p3
    assert len(out3.draw.matches) * 2 + len(out3.draw.byes) == len(survivors(out2.draw, winners2)) + 30
    assert len(out3.draw.matches) + len(out3.draw.byes) == 64


def test_1_5_2_pools_of_rounds_1_and_2_are_kept_from_round_2_on():
    """§1.5.2: round 2 is drawn in the pools recorded with round 1 (rules.cup.draw.pools_kept, moved
    out of cli/draw.py)."""
    from dbfcli.rules.cup.draw import pools_kept

    assert pools_kept({"A": "west-1", "B": "east"}, {1: {"A": "east"}}, 2) == {"A": "east", "B": "east"}
    assert pools_kept({"A": "west-1"}, {1: {"A": "east"}}, 1) == {"A": "west-1"}
