"""Result-sheet rules beyond the file catalogue: winner (§1.5.10), joins (§1.5.12),
§2.11 permission, §1.5.11 team size, §1.5.14 penalty and deadline, division sheets (§1.1.2.1)."""

from __future__ import annotations

import datetime as dt

import pytest
from test_sheet_folder import SHEETS, load_context

from dbfcli.rules.cup.outcome import Score, decide
from dbfcli.rules.model import Player, Team
from dbfcli.rules.divisions.roundrobin import DivMatch
from dbfcli.rules.sheet.validate import (Addition, Appearance, DivisionContext, RecordedMatch, is_form_error, same_sheet,
                                validate_cup_sheet, validate_division_sheet)
from dbfcli.store.sheets import parse_sheet

GOOD1 = (SHEETS / "good_round1.yaml").read_text()
SUB_ROWS = """    - {id: 101, boards: 40}
    - {id: 102, boards: 40}
    - {id: 103, boards: 40}
    - {id: 104, boards: 40}
"""


def sheet_of(text, name="s.yaml"):
    sheet, problems = parse_sheet(text, name)
    assert problems == [], [str(p) for p in problems]
    return sheet


def check(text, penalty=False, **over):
    sheet = sheet_of(text)
    return validate_cup_sheet(sheet, load_context(match=sheet.match, **over), penalty=penalty)


def rules(check_):
    return sorted({p.rule for p in check_.errors})


@pytest.mark.parametrize("segments, tp, extras, winner, by", [
    ([(23, 11), (8, 30), (15, 15), (40, 2), (12, 19)], None, [], 0, "imps"),
    ([(10, 12)], None, [], 1, "imps"),
    ([(10, 10)], (5000, 5010), [], 1, "total_points"),
    ([(10, 10)], (5000, 5000), [(2, 2), (0, 6)], 1, "extra"),
    ([(10, 10)], (5000, 5000), [(1, 0)], 0, "extra"),
])
def test_1_5_10_winner(segments, tp, extras, winner, by):
    """§1.5.10: most IMPs; tie -> total points; tie -> 4-board extra segments."""
    o = decide([Score(8, s) for s in segments], tp, [Score(4, s) for s in extras])
    assert (o.winner, o.decided_by, o.problems) == (winner, by, ())


def test_1_5_10_extra_segment_must_be_4_boards():
    o = decide([Score(8, (1, 1))], (10, 10), [Score(8, (3, 0))])
    assert [(p.rule, p.code) for p in o.problems] == [("1.5.10", "result.extra-segment-boards")] and o.winner == 0


def test_good_round1_gp_and_up():
    """§1.5.10 GP to the winner ODE-1 (IMPs 98-77), 8 GP shared by boards; §1.5.4 UP credited as noted."""
    c = check(GOOD1)
    assert c.ok and c.winner == "ODE-1" and c.loser == "KBH-3"
    assert c.gp == {101: 200, 102: 200, 103: 200, 104: 200}
    assert c.up == {"KBH-3": 9}


def test_1_5_14_penalty_is_applied_only_when_accepting():
    """§1.5.14: with --accept-with-penalty, 1 GP less per winning player."""
    assert check(GOOD1, penalty=True).gp == {101: 100, 102: 100, 103: 100, 104: 100}


def test_1_5_14_unsigned_is_form_but_ineligible_player_is_substance():
    unsigned = check(GOOD1.replace("signed_by: 101\n", ""))
    assert unsigned.only_form_errors and all(is_form_error(p) for p in unsigned.errors)
    bad_sub = check((SHEETS / "1_5_12b_player_from_team_still_in.yaml").read_text())
    assert bad_sub.errors and not bad_sub.only_form_errors


def test_1_5_12_second_appearance_joins_team():
    """§1.5.12: a substitute playing a second time for the same team joins it (fees from the first round)."""
    earlier = RecordedMatch("C1-001", 1, "ODE-1", "KBH-3", "ODE-1", "KBH-3",
                            appearances=(Appearance(950, "ODE-1", True, 40),))
    text = (SHEETS / "1_5_12c_division_player_too_early.yaml").read_text().replace("id: 950", "id: 960")
    ctx_over = dict(recorded=load_context().recorded + (
        RecordedMatch("C1-001", 1, "ODE-1", "KBH-3", "ODE-1", "KBH-3", appearances=(Appearance(960, "ODE-1", True, 40),)),))
    c = check(text, **ctx_over)
    assert c.ok, [str(p) for p in c.errors]
    assert [(j.player, j.team, j.first_round, j.joined_round) for j in c.joins] == [(960, "ODE-1", 1, 2)]
    assert [(p.rule, p.code) for p in c.warnings] == [("1.5.12", "player.substitute-joins")]
    assert earlier.opponent("ODE-1") == "KBH-3"


def test_2_11_opponent_may_allow_second_team():
    """§2.11: allowed when the opponent allows it (opponent_allowed: true on the row)."""
    text = (SHEETS / "2_11_substitute_twice_against_same_opponent.yaml").read_text()
    assert rules(check(text)) == ["2.11"]
    assert check(text.replace("club: 1234}", "club: 1234, opponent_allowed: true}")).ok


def test_1_5_12a_same_player_on_both_sides():
    text = GOOD1.replace("{id: 205, boards: 40}", "{id: 104, boards: 40}")
    assert "1.5.12a" in rules(check(text))


def test_1_5_11_team_of_more_than_six():
    more = tuple(Addition("ODE-1", Player(i, f"X{i}"), 1, dt.date(2026, 9, 1)) for i in (107, 108, 109))
    c = check(GOOD1, additions=more)
    assert rules(c) == ["1.5.11"]
    assert {(p.rule, p.code) for p in c.errors} == {("1.5.11", "roster.too-many-players")}   # issue 24


def test_1_5_11_addition_in_time_counts_as_own_player():
    text = GOOD1.replace("{id: 104, boards: 40}", "{id: 106, boards: 40}")
    late = Addition("ODE-1", Player(106, "Ea"), 1, dt.date(2026, 9, 10))
    in_time = Addition("ODE-1", Player(106, "Ea"), 1, dt.date(2026, 9, 1))
    assert rules(check(text, additions=(late,))) == ["1.5.11"]
    assert check(text, additions=(in_time,)).ok


@pytest.mark.parametrize("submitted, late", [
    ("2026-09-06T11:59", None),  # 13:00 + 40 x 7.5 min = 18:00, + 18 h = 12:00 next day
    ("2026-09-06T12:00", None),
    ("2026-09-06T12:19", "19 min"),
    ("2026-09-06T12:01", "1 min"),
    ("2026-09-06T14:30", "2 h 30 min"),    # issue 25: 2.5 hours late, not "3 hour(s)"
    ("2026-09-07T08:00", "20 h"),
])
def test_1_5_14_deadline_18_hours_lateness_in_hours_and_minutes(submitted, late):
    c = check(GOOD1.replace("2026-09-06T08:00", submitted))
    warns = [p for p in c.warnings if p.rule == "1.5.14"]
    if late is None:
        assert warns == []
    else:
        assert len(warns) == 1 and f"came {late} late" in warns[0].message


def test_1_5_4_warning_names_the_computed_up_and_why():
    c = check(GOOD1.replace("up: 9", "up: 12"))
    (w,) = c.warnings
    assert w.rule == "1.5.4" and "computes 9 UP" in w.message and "165 km" in w.message


def test_1_5_4_an_over_claim_is_credited_the_rules_figure():
    """§1.5.4: 1 UP per commenced 30 km: a sheet noting 12 UP for a 9-UP trip is credited 9."""
    assert check(GOOD1.replace("up: 9", "up: 12")).up == {"KBH-3": 9}


def test_1_5_4_an_under_claim_is_credited_as_noted():
    """§1.5.4: the credit is never more than noted (the team asked for less)."""
    c = check(GOOD1.replace("up: 9", "up: 5"))
    assert c.up == {"KBH-3": 5} and [w.rule for w in c.warnings] == ["1.5.4"]


def test_1_5_4_exact_claim_is_credited_without_warning():
    c = check(GOOD1)
    assert c.up == {"KBH-3": 9} and not [w for w in c.warnings if w.rule == "1.5.4"]


def test_problem_lines_point_at_the_row():
    c = check(GOOD1.replace("{id: 204, boards: 20}", "{id: 204, boards: 60}"))
    lines = {p.where.line for p in c.errors}
    row = GOOD1.splitlines().index("    - {id: 204, boards: 20}") + 1
    assert row in lines


def test_identical_resubmit():
    a, b = sheet_of(GOOD1, "a.yaml"), sheet_of(GOOD1.replace("2026-09-06T08:00", "2026-09-06T09:00"), "b.yaml")
    assert same_sheet(a, b)
    assert not same_sheet(a, sheet_of(GOOD1.replace("[12, 19]", "[12, 18]")))


DIV_TEAMS = {t: Team(t, t, n, 1000, "5000", tuple(Player(n + i, f"P{n + i}") for i in range(4)))
             for t, n in (("X", 10), ("Y", 20))}
DIV_SHEET = """match: 1div-R01-01
played_on: 2026-10-10
segments: [[10, 12], [20, 3], [5, 5], {boards: 12, imps: [7, 9]}]
home:
  team: X
  players: [{id: 10, boards: 36}, {id: 11, boards: 36}, {id: 12, boards: 36}, {id: 13, boards: 36}]
away:
  team: Y
  players: [{id: 20, boards: 36}, {id: 21, boards: 36}, {id: 22, boards: 36}, {id: 23, boards: 36}]
signed_by: 10
"""


@pytest.mark.parametrize("boards_setting, text, expected", [
    (36, DIV_SHEET, []),
    (40, DIV_SHEET, ["1.1.2.1"]),
    (36, DIV_SHEET.replace("{id: 23, boards: 36}", "{id: 99, boards: 36, substitute: true}"), ["2.11"]),
    (36, DIV_SHEET.replace("match: 1div-R01-01", "match: 1div-R09-09"), ["1.1.2.1"]),
])
def test_1_1_2_1_division_sheet(boards_setting, text, expected):
    """§1.1.2.1: 36 boards with screens / 40 without, a season setting per division; §2.11 substitutes."""
    ctx = DivisionContext("1div", {"1div-R01-01": DivMatch("1div-R01-01", 1, "X", "Y")}, DIV_TEAMS, boards_setting)
    c = validate_division_sheet(sheet_of(text), ctx)
    assert sorted({p.rule for p in c.errors}) == expected, [str(p) for p in c.problems]
    if not expected:
        assert c.imps == (42, 29) and c.round == 1


def test_division_sheet_boards_that_do_not_add_up_are_format_sheet():
    """§1.5.14 is a cup rule: on a division sheet, boards that do not add up are a malformed
    sheet, named by its code (issue 13.6), never a problem without an id."""
    ctx = DivisionContext("1div", {"1div-R01-01": DivMatch("1div-R01-01", 1, "X", "Y")}, DIV_TEAMS, 36)
    c = validate_division_sheet(sheet_of(DIV_SHEET.replace("{id: 13, boards: 36}", "{id: 13, boards: 12}")), ctx)
    assert c.errors and {(p.rule, p.code) for p in c.errors} == {(None, "format.sheet")}


def test_1_1_2_1_a_wrong_board_count_is_said_once_but_a_player_without_boards_still_is():
    """§1.1.2.1 (issue 24: decided on the problem's code, never its text): with the season's 40
    boards and a sheet of 36, the players' boards measured against the match are not repeated;
    a player listed with no boards is a problem of his own, whatever the count."""
    ctx = DivisionContext("1div", {"1div-R01-01": DivMatch("1div-R01-01", 1, "X", "Y")}, DIV_TEAMS, 40)
    c = validate_division_sheet(sheet_of(DIV_SHEET), ctx)
    assert [(p.rule, p.code) for p in c.errors] == [("1.1.2.1", "sheet.boards")], [str(p) for p in c.errors]
    c = validate_division_sheet(sheet_of(DIV_SHEET.replace("{id: 13, boards: 36}", "{id: 13, boards: 0}")), ctx)
    assert {(p.rule, p.code) for p in c.errors} == {(None, "format.sheet"), ("1.1.2.1", "sheet.boards")}


R2_SUB = (SHEETS / "1_5_12c_division_player_too_early.yaml").read_text()


def test_1_5_12_substitute_from_team_out_in_earlier_round_is_fine():
    """§1.5.12: VEJ-1 lost in round 1, so its 405 (who did not play then) may substitute in round 2."""
    c = check(R2_SUB.replace("id: 950", "id: 405"))
    assert c.ok, [str(p) for p in c.errors]
    assert c.substitutes == (("ODE-1", 405),)


def test_1_5_12b_team_out_in_the_1_32_final_or_later():
    """§1.5.12b: AAR-2 lost in round 4 (it was in the 1/32 final): 304 never substitutes."""
    text = (SHEETS / "good_round6.yaml").read_text().replace(
        "    - {id: 104, boards: 40}", "    - {id: 304, boards: 40, substitute: true, name: Mette, club: 8000}")
    lost4 = RecordedMatch("C4-009", 4, "AAR-2", "RAN-1", "RAN-1", "AAR-2")
    c = check(text, recorded=load_context().recorded + (lost4,))
    assert rules(c) == ["1.5.12b"], [str(p) for p in c.problems]
    lost3 = RecordedMatch("C3-009", 3, "AAR-2", "RAN-1", "RAN-1", "AAR-2")
    assert check(text, recorded=load_context().recorded + (lost3,)).ok


from hypothesis import given, settings as hsettings, strategies as st  # noqa: E402

from dbfcli.rules.cup.outcome import Score as _Score  # noqa: E402
from dbfcli.rules.sheet.validate import Sheet, SheetPlayer, SheetSide  # noqa: E402

KNOWN = {"1.5.4", "1.5.5", "1.5.7", "1.5.9", "1.5.10", "1.5.11", "1.5.12", "1.5.12a", "1.5.12b", "1.5.12c",
         "1.5.14", "1.5.16", "2.11"}
IDS = [101, 102, 103, 104, 106, 201, 202, 205, 304, 405, 601, 602, 901, 902, 950, 999]
_player = st.builds(SheetPlayer, st.sampled_from(IDS), st.integers(-4, 60), st.booleans(),
                    club=st.one_of(st.none(), st.integers(0, 9999)))
_CTX: dict = {}
_seg = st.builds(_Score, st.integers(0, 12), st.tuples(st.integers(0, 60), st.integers(0, 60)))


@hsettings(max_examples=150, deadline=None)
@given(match=st.sampled_from(["C1-001", "C2-001", "C6-001", "C7-001", "C8-001", "C9-001", "C5-555"]),
       teams=st.tuples(st.sampled_from(["ODE-1", "KBH-3", "AAR-2", "X"]), st.sampled_from(["ODE-1", "KBH-3", "AAR-2"])),
       home=st.lists(_player, max_size=7), away=st.lists(_player, max_size=7),
       segs=st.lists(_seg, max_size=7), extras=st.lists(_seg, max_size=2),
       tp=st.one_of(st.none(), st.tuples(st.integers(0, 9), st.integers(0, 9))),
       up=st.one_of(st.none(), st.integers(-2, 30)), agreement=st.one_of(st.none(), st.just("agreed")),
       signed=st.one_of(st.none(), st.sampled_from(IDS)))
def test_any_sheet_gives_problems_never_an_exception(match, teams, home, away, segs, extras, tp, up, agreement, signed):
    """Errors are data: whatever the sheet says, validation returns problems with a known § and a place."""
    sheet = Sheet(match, SheetSide(teams[0], tuple(home)), SheetSide(teams[1], tuple(away), up=up), tuple(segs),
                  played_on=dt.date(2026, 9, 5), total_points=tp, extra_segments=tuple(extras), signed_by=signed,
                  agreement=agreement, file="h.yaml")
    if match not in _CTX:
        _CTX[match] = load_context(match=match)
    c = validate_cup_sheet(sheet, _CTX[match])
    for p in c.problems:
        assert p.rule in KNOWN, str(p)
    if c.ok:
        assert c.winner in teams and sum(c.gp.values()) > 0


# -- §1.5.1.2 / §2.10.5: HUM pairs on a cup sheet; §1.5.4 ferries; §1.5.11 additions ----------------

from dbfcli.rules.cup.home import HumPair  # noqa: E402


@pytest.mark.parametrize("pairs, natural, rules_", [
    ([HumPair("ODE-1", (101, 102), dt.date(2026, 8, 1))], (), ["1.5.1.2"]),          # KBH-3: no HUM, no division
    ([HumPair("ODE-1", (101, 102), dt.date(2026, 8, 1))], ((102, 101),), []),        # declared natural
    ([HumPair("ODE-1", (101, 109), dt.date(2026, 8, 1))], (), []),                   # 109 did not play
    ([HumPair("ODE-1", (101, 102), dt.date(2026, 8, 1)),
      HumPair("KBH-3", (201, 202), dt.date(2026, 8, 1))], (), []),                   # both play HUM
    ([HumPair("ODE-1", (101, 102), dt.date(2026, 8, 1)),
      HumPair("KBH-3", (201, 202), dt.date(2026, 9, 1))], (), ["1.5.1.2", "2.10.5"]),  # KBH-3's card late
], ids=["not-allowed", "natural", "half-pair", "both-hum", "opponent-late"])
def test_1_5_1_2_hum_pair_on_the_sheet(pairs, natural, rules_):
    """§1.5.1.2, §2.10.5: a registered HUM pair on the sheet where HUM was not allowed is an error."""
    from dbfcli.rules.value import replace

    sheet = sheet_of(GOOD1)
    sheet = replace(sheet, home=replace(sheet.home, natural_pairs=natural))
    c = validate_cup_sheet(sheet, load_context(match=sheet.match, hum_pairs=tuple(pairs)))
    assert rules(c) == rules_
    assert all(not p.is_error or p.where.line for p in c.problems)


def test_1_5_1_2_hum_allowed_against_a_division_team():
    """§1.5.1.2: the opponents seeded as a division team (a 1st-division player, §1.5.3)."""
    c = check(GOOD1, hum_pairs=(HumPair("ODE-1", (101, 102), dt.date(2026, 8, 1)),),
              division_players={201: 1})
    assert c.ok, [str(p) for p in c.errors]


@pytest.mark.parametrize("route, warned", [(("storebaelt",), False), (("kattegat",), True), ((), True)])
def test_1_5_4_ferries_against_the_route(route, warned):
    """§1.5.4: the sheet's ferries (storebaelt) against the tool's route crossings."""
    c = check(GOOD1, route_ferries={"KBH-3": route})
    assert any(p.rule == "1.5.4" and "ferr" in p.message for p in c.warnings) == warned


@pytest.mark.parametrize("pid, team, extra, rules_", [
    (900, "ODE-1", (), []),                                       # 4 + 1
    (900, "KBH-3", (Addition("KBH-3", Player(901, "X"), 2),), ["1.5.11"]),   # 5 + 1 + 1 > 6
    (301, "ODE-1", (), ["1.5.12a"]),                              # on AAR-2's roster
    (900, "ODE-1", (Addition("AAR-2", Player(900, "X"), 2),), ["1.5.12a"]),  # added to AAR-2
], ids=["ok", "seven", "other-roster", "other-addition"])
def test_1_5_11_1_5_12a_addition_problems(pid, team, extra, rules_):
    """§1.5.11 (at most 6), §1.5.12a (not on two cup teams) for `dbf cup add-player`."""
    from dbfcli.rules.sheet.players import addition_problems

    ctx = load_context()
    new = Addition(team, Player(pid, "New"), 3, dt.date(2027, 1, 1))
    got = addition_problems(new, ctx.teams, extra, ctx.recorded, (), dt.date(2027, 1, 31), {1: 4})
    assert sorted(p.rule for p in got if p.is_error) == rules_


def test_1_5_12_1_5_15_refused_sheet_says_nothing_of_what_recording_would_do():
    """§1.5.12/§1.5.15 (issue 25 item 7): a sheet refused (here unsigned, §1.5.14, without
    --accept-with-penalty) does not warn that its substitute "joins the team" or that "... kr are
    due" with it: nothing is recorded. The same sheet signed, recorded, warns of both."""
    from dbfcli.rules.sheet.recording import plan_cup_sheet

    text = (SHEETS / "1_5_12c_division_player_too_early.yaml").read_text().replace("id: 950", "id: 960")
    text = text.replace("home:\n  team: ODE-1\n", "home:\n  team: ODE-1\n  fee_paid_kr: 10\n", 1)
    ctx = load_context(match="C2-001", recorded=load_context().recorded + (
        RecordedMatch("C1-001", 1, "ODE-1", "KBH-3", "ODE-1", "KBH-3", appearances=(Appearance(960, "ODE-1", True, 40),)),))
    match = next(m for d in ctx.draws.values() for m in d.matches if m.id == "C2-001")
    good = plan_cup_sheet(sheet_of(text), ctx, match)
    assert good.recordable and {p.rule for p in good.check.warnings} >= {"1.5.12", "1.5.15"}, good.check.problems
    refused = plan_cup_sheet(sheet_of(text.replace("signed_by: 101\n", "")), ctx, match)
    assert not refused.recordable and refused.check.errors
    assert not {p.rule for p in refused.check.warnings} & {"1.5.12", "1.5.15"}, refused.check.problems
