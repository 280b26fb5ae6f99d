"""§1.5.12 (base rule, b, c) and §2.11 substitutes, boundary cases against the Danish text:
"En substitut skal enten være en spiller, der ikke er tilmeldt turneringen, eller en spiller, hvis
hold er slået ud i en tidligere runde." -- "b. Spillere, der er tilmeldt et hold, der stadig er med
i turneringen i 1/32-finalen, må ikke anvendes som substitutter." -- "c. Divisionsspillere må ikke
være substitutter før den runde, hvor hold med spillere fra deres division træder ind i
turneringen." -- §2.11 "en substitut skal være medlem af en klub under DBF. Endvidere kan en spiller
ikke være substitut på to forskellige hold mod den samme modstander, medmindre modstanderholdet
tillader det." Rounds: 3 = 1/64, 4 = 1/32 final; default entry rounds 1st division 4, 2nd/3rd 3."""

from __future__ import annotations

import pytest

from dbfcli.rules.settings import Settings
from dbfcli.rules.sheet.players import _substitute


class Row:
    def __init__(self, pid=900, club=11, division=None, allowed=False):
        self.id, self.club, self.division, self.opponent_allowed = pid, club, division, allowed
        self.substitute, self.where = True, None


class Ap:
    def __init__(self, player, team, substitute=True):
        self.player, self.team, self.substitute = player, team, substitute


class Rec:
    def __init__(self, match, round_no, home, away, appearances):
        self.match, self.round, self.home, self.away, self.appearances = match, round_no, home, away, appearances

    def opponent(self, team):
        return self.away if team == self.home else self.home


class Ctx:
    """The part of a CupContext that :func:`_substitute` reads: the player's other team ``OTHER``
    (entering in ``entry``, knocked out in ``ko``), and the recorded matches."""

    def __init__(self, on_team=True, ko=None, entry=1, recorded=()):
        self.teams = {"OTHER": object()} if on_team else {}
        self._ko, self._entry, self.recorded = ko, entry, recorded
        self.settings, self.division_players = Settings(), {}

    def team_of(self, pid):
        return ["OTHER"] if self.teams else []

    def knocked_out(self, team):
        return self._ko

    def entry_round(self, team):
        return self._entry


def rules_for(round_no, ctx, row=None):
    return sorted(p.rule for p in _substitute(row or Row(), "MINE", "OPP", round_no, ctx))


@pytest.mark.parametrize("round_no, on_team, ko, entry, rules, why", [
    (1, False, None, 1, [], "not entered in the cup: a substitute from round 1"),
    (2, True, 1, 1, [], "his team went out in round 1, an earlier round"),
    (2, True, 2, 1, ["1.5.12"], "his team went out in this round (another match recorded first)"),
    (2, True, None, 1, ["1.5.12"], "his team is still in the cup"),
    (2, True, None, 3, ["1.5.12"], "his team enters in round 3 (2nd/3rd division): entered, not out"),
    (3, True, None, 4, ["1.5.12b"], "his team enters in the 1/32 final: it will be in it"),
    (4, True, 3, 1, [], "out in the 1/64 final: never in the 1/32 final"),
    (5, True, 4, 1, ["1.5.12b"], "out in the 1/32 final: it was still in the cup then"),
    (9, True, 8, 4, ["1.5.12b"], "out in the semi-final"),
    (4, True, None, 1, ["1.5.12b"], "still in the cup in the 1/32 final"),
])
def test_1_5_12_and_1_5_12b_whose_players_may_substitute(round_no, on_team, ko, entry, rules, why):
    assert rules_for(round_no, Ctx(on_team, ko, entry)) == rules, why


@pytest.mark.parametrize("division, round_no, ok", [
    (1, 3, False), (1, 4, True),          # 1st division teams enter in round 4 (1/32 final)
    (2, 2, False), (2, 3, True),          # 2nd and 3rd division teams in round 3 (1/64 final)
    (3, 2, False), (3, 3, True),
    (None, 1, True),                       # not a division player
])
def test_1_5_12c_division_player_from_his_division_s_entry_round(division, round_no, ok):
    got = rules_for(round_no, Ctx(on_team=False), Row(division=division))
    assert got == ([] if ok else ["1.5.12c"])


@pytest.mark.parametrize("club, ok", [(11, True), (None, False), (0, False)])
def test_2_11_substitute_is_a_member_of_a_dbf_club(club, ok):
    assert rules_for(1, Ctx(on_team=False), Row(club=club)) == ([] if ok else ["2.11"])


@pytest.mark.parametrize("earlier, allowed, rules, why", [
    ([Rec("C1-001", 1, "T2", "OPP", [Ap(900, "T2")])], False, ["2.11"], "substituted for T2 against OPP"),
    ([Rec("C1-001", 1, "T2", "OPP", [Ap(900, "T2")])], True, [], "OPP allowed it"),
    ([Rec("C1-001", 1, "T2", "X", [Ap(900, "T2")])], False, [], "against another opponent"),
    ([Rec("C1-001", 1, "MINE", "OPP", [Ap(900, "MINE")])], False, [], "the same team again (§1.5.12: he joins)"),
    ([Rec("C1-001", 1, "T2", "OPP", [Ap(900, "T2", substitute=False)])], False, [],
     "played for T2 as its own player, not as a substitute"),
])
def test_2_11_two_teams_against_the_same_opponent(earlier, allowed, rules, why):
    ctx = Ctx(on_team=False, recorded=tuple(earlier))
    assert rules_for(2, ctx, Row(allowed=allowed)) == rules, why


@pytest.mark.parametrize("appearances, ko, rules, why", [
    ([(1, "T2"), (2, "T2")], None, ["1.5.12"], "joined T2 (twice its substitute), T2 still in the cup"),
    ([(1, "T2"), (2, "T2")], 2, [], "joined T2, which went out in round 2: an earlier round"),
    ([(1, "T2")], None, [], "substituted once for T2: not entered on it"),
    ([(1, "T2"), (1, "T3")], None, [], "once each for two teams joins neither"),
])
def test_1_5_12_a_joined_substitute_is_entered_on_his_new_team(appearances, ko, rules, why):
    """§1.5.12 'Hvis en substitut deltager mere end én gang på samme hold, indtræder han på holdet':
    from then on he is a player entered on that team, and 'En substitut skal enten være en spiller,
    der ikke er tilmeldt turneringen, eller en spiller, hvis hold er slået ud i en tidligere runde'."""
    recorded = tuple(Rec(f"C{r}-00{i}", r, team, "X", [Ap(900, team)]) for i, (r, team) in enumerate(appearances))
    assert rules_for(3, Ctx(on_team=False, ko=ko, recorded=recorded)) == rules, why
