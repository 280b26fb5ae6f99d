"""§1.5.3: entry round per team (division players are seeded past the pools)."""

import pytest

from dbfcli.rules.cup.entry import entry_round, entry_rounds, team_divisions
from dbfcli.rules.model import Player, Team

DEFAULT = {1: 4, 2: 3, 3: 3}


def team(*divisions, ids=None):
    ids = ids or range(1, len(divisions) + 1)
    return Team("T", "T", 1, 100, "5000", tuple(Player(i, f"P{i}", 100, d) for i, d in zip(ids, divisions)))


@pytest.mark.parametrize("divisions, roster, expected", [
    ((None, None, None, None), {}, 1),          # no division player: pools, round 1
    ((None, 3, None, None), {}, 3),             # 3rd division -> 1/64 final
    ((2, None, None, None), {}, 3),             # 2nd division -> 1/64 final
    ((1, None, None, None), {}, 4),             # 1st division -> 1/32 final
    ((3, 1, None, None), {}, 4),                # the highest division decides
    ((None, None, None, None), {2: 1}, 4),      # on a 1st-division roster only
    ((None, None, None, None), {99: 1}, 1),     # a roster player not on the team
    ((3, None, None, None), {1: 2}, 3),         # field and roster agree on round 3
], ids=["none", "3div", "2div", "1div", "mixed", "roster", "roster-other", "both"])
def test_1_5_3_entry_round_default(divisions, roster, expected):
    """§1.5.3: 1st division -> round 4, 2nd/3rd -> round 3, else round 1."""
    assert entry_round(team(*divisions), DEFAULT, roster) == expected


@pytest.mark.parametrize("setting, expected", [
    ({1: 5, 2: 4, 3: 3}, 5),
    ({1: 3, 2: 3, 3: 3}, 3),
])
def test_1_5_3_entry_round_configurable_per_division(setting, expected):
    """§1.5.3: "Seedningen kan eventuelt være forskellig for de 3 divisioner"."""
    assert entry_round(team(1, 3), setting) == expected


def test_1_5_3_team_divisions_from_field_and_roster():
    assert team_divisions(team(3, None), {2: 1}) == frozenset({1, 3})


@pytest.mark.parametrize("setting, rule_severity", [
    ({1: 10, 2: 3, 3: 3}, "error"),
    ({1: 2, 2: 3, 3: 3}, "warning"),
])
def test_1_5_3_entry_round_settings_checked(setting, rule_severity):
    rounds, problems = entry_rounds([team(None)], setting)
    assert rounds == {"T": 1}
    assert [(p.rule, p.severity) for p in problems] == [("1.5.3", rule_severity)]
