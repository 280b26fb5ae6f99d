"""§1.1.2.2, §1.1.3.2-3, §1.1.4.2-3: next season's divisions (no vacancy, seeding, too late, input checks)."""

import pytest



from seasonkit import invariants, season  # noqa: E402,F401
from dbfcli.rules.divisions.rollover import rollover  # noqa: E402


def test_1_1_2_2_and_1_1_3_3_and_1_1_4_3_no_vacancy():
    r = rollover(season(), decided={"3div-PO": "Cb02"})
    invariants(r)
    assert r.complete and r.problems == () and r.pending == () and r.lots == ()
    assert r.divisions["1div"] == tuple(f"A{i:02d}" for i in range(1, 11)) + ("B01", "B02")       # §1.1.2.2, §1.1.3.2
    assert r.divisions["2div"] == ("A11", "A12", "B03", "B04", "B05", "B06", "B07", "B08", "B09",
                                   "Ca01", "Cb01", "Cb02")                                          # §1.1.3.3, §1.1.4.2
    third = r.divisions["3div"]
    assert third[:5] == ("B10", "B11", "B12", "Ca02", "Ca03")                                       # §1.1.4.3 seeding
    assert len(third) == 24 and "Cb02" not in third and third[-6:] == ("W1", "K2", "W2", "E1", "W3", "E2")
    assert r.out == ("Ca10", "Ca11", "Ca12", "Cb10", "Cb11", "Cb12")
    assert any(s.rule == "1.1.4.2" and "Cb02 won the match 3div-PO" in s.text for s in r.steps)


def test_1_1_4_2_runners_up_match_pending():
    r = rollover(season())
    invariants(r)
    assert not r.complete and [p.id for p in r.pending] == ["3div-PO"]
    assert r.pending[0].teams == ("Ca02", "Cb02") and (r.pending[0].winner_to, r.pending[0].loser_to) == ("2div", "3div")
    assert [p.rule for p in r.problems] == ["1.1.4.2"]
    assert len(r.divisions["2div"]) == 11 and len(r.divisions["3div"]) == 23    # + the loser


def test_1_1_4_2_too_late_does_not_replace_the_ordinary_match_by_lots():
    r = rollover(season(), too_late_for_match=True)
    assert [p.id for p in r.pending] == ["3div-PO"] and r.lots == ()


def test_1_1_4_2_recorded_winner_must_be_a_runner_up():
    r = rollover(season(), decided={"3div-PO": "Ca03"})
    assert "1.1.4.2" in [p.rule for p in r.problems if p.is_error] and r.pending


def test_1_1_2_3_seeding_uses_the_final_ranking_given():
    s = season()
    from dbfcli.rules.value import replace
    s = replace(s, first=("A03", "A01", "A02", "A04") + s.first[4:])      # play-off result: A03 champion
    r = rollover(s, decided={"3div-PO": "Ca02"})
    assert r.divisions["1div"][:4] == ("A03", "A01", "A02", "A04")
    assert r.divisions["2div"][-3:] == ("Ca01", "Cb01", "Ca02")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_1_1_1_1_too_late_for_match_lots_reproducible(seed):
    # B05 dissolves: 1 vacancy in 2div -> both runners-up; 3div then lacks one -> W4 v E3, too late -> lots
    r1 = rollover(season(), ["B05"], too_late_for_match=True, seed=seed)
    r2 = rollover(season(), ["B05"], too_late_for_match=True, seed=seed)
    invariants(r1, ["B05"])
    assert r1.complete and r1.divisions == r2.divisions and r1.lots == r2.lots
    (lot,) = r1.lots
    assert (lot.rule, lot.key, lot.seed, lot.candidates) == ("1.1.1.1", "Q-PO1", seed, ("E3", "W4"))
    assert lot.drawn in r1.divisions["3div"] and ({"E3", "W4"} - {lot.drawn}) & set(r1.divisions["3div"]) == set()
    assert any("lots drawn" in s.text and s.rule == "1.1.1.1" for s in r1.steps)


def test_1_1_1_1_too_late_lots_both_outcomes_occur():
    drawn = {rollover(season(), ["B05"], too_late_for_match=True, seed=s).lots[0].drawn for s in range(30)}
    assert drawn == {"E3", "W4"}


def test_1_1_1_1_too_late_to_promote_the_td_resolves():
    r = rollover(season(), ["A05", "Ca05"], decided={"3div-PO": "Ca02"}, too_late_to_promote=True)
    warnings = [p for p in r.problems if not p.is_error]
    assert {p.rule for p in warnings} == {"1.1.1.1"} and all("bye" in p.hint for p in warnings)
    assert len(r.divisions["1div"]) == 11 and len(r.divisions["2div"]) == 12 and len(r.divisions["3div"]) == 23
    assert not [p for p in r.problems if p.is_error] and not r.complete


@pytest.mark.parametrize("vacancy, rule", [("ZZZ", "1.1.1.1")])
def test_1_1_1_1_unknown_dissolved_team(vacancy, rule):
    r = rollover(season(), [vacancy], decided={"3div-PO": "Ca02"})
    assert rule in [p.rule for p in r.problems if p.is_error]


def test_input_sizes_are_checked():
    from dbfcli.rules.value import replace
    s = replace(season(), second=season().second[:11])
    r = rollover(s, decided={"3div-PO": "Ca02"})
    assert "1.1.3.1" in [p.rule for p in r.problems]


def test_relegated_team_dissolving_leaves_no_vacancy():
    r = rollover(season(), ["Ca11"], decided={"3div-PO": "Ca02"})
    assert r.complete and r.pending == () and "Ca11" not in r.out


def test_to_json_shape():
    doc = rollover(season(), decided={"3div-PO": "Ca02"}).to_json()
    assert set(doc) >= {"divisions", "steps", "pending", "lots", "errors", "warnings", "out"}
    assert len(doc["divisions"]["3div"]) == 24 and doc["steps"][0]["rule"]
