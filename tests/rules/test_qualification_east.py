"""§1.1.5.2 the east tournament's field, schedule ids and VP; §1.1.2.1 a stored schedule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dbfcli.rules.model import Division, Team
from dbfcli.rules.divisions.qualification import EAST_BOARDS, check_east_field, east_schedule, wbf_vp
from dbfcli.rules.divisions.roundrobin import check_frozen, division_schedule
from dbfcli.rules.settings import DivisionSettings

FIELD = [("B1", "bornholm"), ("C1", "copenhagen"), ("C2", "copenhagen"), ("K1", "kreds2"), ("K2", "kreds2"),
         ("K3", "kreds2")]


@pytest.mark.parametrize("field, agreed, errors, warnings", [
    (FIELD, False, 0, 0),                                                       # 1 + 2 + 3
    (FIELD[:-1] + [("C3", "copenhagen")], False, 2, 0),                         # 3 Copenhagen, 2 Kreds II
    (FIELD[:-1] + [("C3", "copenhagen")], True, 0, 2),                          # the areas agreed
    (FIELD[1:], False, 1, 0),                                                   # no Bornholm team
    (FIELD[:-1] + [("X1", "fyn")], True, 1, 1),                                 # unknown region: always an error
])
def test_1_1_5_2_east_field(field, agreed, errors, warnings):
    problems = check_east_field(field, agreed=agreed)
    assert sum(p.is_error for p in problems) == errors and sum(not p.is_error for p in problems) == warnings
    assert all(p.rule == "1.1.5.2" for p in problems)


@pytest.mark.parametrize("n", [5, 6])
def test_1_1_5_2_east_schedule_ids_all_play_all(n):
    teams = [f"T{i}" for i in range(n)]
    rounds = east_schedule(teams)
    ids = [mid for rnd in rounds for mid, _, _ in rnd]
    assert len(ids) == len(set(ids)) and all(mid.startswith("QE-R") for mid in ids)
    pairs = [frozenset((h, a)) for rnd in rounds for _, h, a in rnd if a]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    for r, rnd in enumerate(rounds, 1):           # numbered 1.. within the round, a bye last
        assert [mid for mid, _, _ in rnd] == [f"QE-R{r:02d}-{k:02d}" for k in range(1, len(rnd) + 1)]
        assert all(a is not None for _, _, a in rnd[:-1])


@pytest.mark.parametrize("margin, expected", [(0, (10, 10)), (10, (Fraction(1233, 100), Fraction(767, 100)))])
def test_1_1_5_2_vp_for_24_boards(margin, expected):
    """§1.1.5.2: 24-board matches on the WBF 20-VP scale (dbfcli.rules.divisions.vp): a 10-IMP win at 24
    boards is 12.33-7.67 in the WBF table."""
    assert wbf_vp(margin, EAST_BOARDS) == expected


def _division(n=6):
    return Division("2div", tuple(Team(f"T{i}", f"Team {i}", 1, 1, "5000") for i in range(n)))


def test_1_1_3_1_frozen_schedule_checks():
    d = _division()
    rounds = division_schedule(d, DivisionSettings())
    teams = tuple(t.id for t in d.teams)
    assert check_frozen(d, teams, rounds) == []
    moved = Division("2div", d.teams[::-1])
    (p,) = check_frozen(moved, teams, rounds)                  # same teams, another order: a warning
    assert not p.is_error and p.rule == "1.1.3.1" and "roster changed" in p.message
    from dbfcli.rules.value import replace
    broken = (replace(rounds[0], matches=rounds[1].matches),) + rounds[1:]   # round 2's pairs twice
    problems = check_frozen(d, teams, broken)
    assert any("meet twice" in p.message for p in problems) and any("lacks" in p.message for p in problems)
    assert any("does not name round 1" in p.message for p in problems)
