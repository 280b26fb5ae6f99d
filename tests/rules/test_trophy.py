"""§1.5.1: the challenge trophy -- 3 finals in a row or 5 in all."""

import pytest

from dbfcli.rules.cup.trophy import Final, new_outright, trophy_status


def hist(*captains):
    return [Final(f"{2000 + i}-{(i + 1) % 100:02d}", c, f"Captain {c}") for i, c in enumerate(captains)]


@pytest.mark.parametrize("captains,trophy,holder,outright", [
    ([], 1, None, []),
    ([1], 1, 1, []),
    ([1, 1], 1, 1, []),
    ([1, 1, 1], 2, None, [(1, "3 in a row", 1)]),
    ([1, 2, 1, 2, 1, 2, 1, 3, 1], 2, None, [(1, "5 in all", 1)]),
    ([1, 2, 1, 2, 1, 2, 1, 3], 1, 3, []),                         # 1 has 4 in all
    ([1, 1, 2, 1, 1, 2, 2, 2], 2, None, [(2, "3 in a row", 1)]),  # 1 stops at 4 in all; 2 makes 3 in a row
    ([1, 1, 2, 2, 1, 1, 3, 1], 2, None, [(1, "5 in all", 1)]),    # interleaved: 1's fifth final
    ([1, 2, 1, 2, 1, 1, 1], 2, None, [(1, "3 in a row", 1)]),     # both at once: named "3 in a row"
    ([1, 1, 1, 2, 2], 2, 2, [(1, "3 in a row", 1)]),              # new trophy: 2 holds it
])
def test_1_5_1_outright(captains, trophy, holder, outright):
    status, problems = trophy_status(hist(*captains))
    assert problems == []
    got = [(o.captain, o.how, o.trophy) for o in status.outright]
    assert (status.trophy, status.holder.captain if status.holder else None, got) == (trophy, holder, outright)


def test_1_5_1_counting_restarts_on_a_new_trophy():
    """§1.5.1 reading: after an outright win every captain starts from 0 on the new trophy."""
    status, _ = trophy_status(hist(1, 1, 1, 1, 1))
    assert status.trophy == 2 and status.standings[0].wins == 2 and status.standings[0].streak == 2
    status, _ = trophy_status(hist(1, 1, 1, 1, 1, 1))
    assert [(o.captain, o.trophy) for o in status.outright] == [(1, 1), (1, 2)] and status.trophy == 3


def test_1_5_1_closest_captain():
    status, _ = trophy_status(hist(2, 2, 1, 2, 3, 1, 1))
    # 1: 3 wins, streak 2 -> needs 1; 2: 3 wins -> needs 2; 3: 1 win -> needs 3
    assert [(r.captain, r.needed) for r in status.standings] == [(1, 1), (2, 2), (3, 3)]
    assert status.holder.captain == 1


def test_1_5_1_new_outright_announces():
    before = hist(4, 4)
    assert new_outright(before, Final("2002-03", 4, "Captain 4")).how == "3 in a row"
    assert new_outright(before, Final("2002-03", 5, "Captain 5")) is None


def test_1_5_1_order_by_season_and_duplicates():
    h = hist(1, 2, 1)
    status, _ = trophy_status(list(reversed(h)))
    assert status.holder.captain == 1 and status.standings[0].wins == 2
    _, problems = trophy_status(h + [Final(h[0].season, 9)])
    assert [p.rule for p in problems] == ["1.5.1"]
