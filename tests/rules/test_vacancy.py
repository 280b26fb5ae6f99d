"""§1.1.1.1: vacancies -- 0-4 in the 2nd division, 1-3 in the 3rd, a dissolved 1st-division team with cascade."""

import pytest



from seasonkit import invariants, season  # noqa: E402,F401
from dbfcli.rules.divisions.rollover import rollover  # noqa: E402
from dbfcli.rules.divisions.vacancy import fill_from_pairs  # noqa: E402

PO = {"3div-PO": "Cb02"}


# §1.1.1.1, 2nd division: 1 -> the other runner-up; 2 -> match of the thirds; 3 -> both thirds; 4 -> match of the fourths
@pytest.mark.parametrize("dissolved, up_from_3div, pending2, q_up, pending3", [
    ((), {"Cb02"}, [], set(), []),
    (("B04",), {"Ca02", "Cb02"}, [], set(), [("Q-PO1", ("W4", "E3"))]),
    (("B04", "B05"), {"Ca02", "Cb02"}, [("3div-PO3", ("Ca03", "Cb03"))], {"W4", "E3"}, []),
    (("B04", "B05", "B06"), {"Ca02", "Cb02", "Ca03", "Cb03"}, [], {"W4", "E3"}, [("Q-PO2", ("W5", "E4"))]),
    (("B04", "B05", "B06", "B07"), {"Ca02", "Cb02", "Ca03", "Cb03"}, [("3div-PO4", ("Ca04", "Cb04"))],
     {"W4", "E3", "W5", "E4"}, []),
])
def test_1_1_1_1_vacancies_in_2div(dissolved, up_from_3div, pending2, q_up, pending3):
    r = rollover(season(), dissolved, decided=PO)
    invariants(r, dissolved)
    second = set(r.divisions["2div"])
    assert {t for t in second if t.startswith("C")} - {"Ca01", "Cb01"} == up_from_3div
    assert [(p.id, p.teams) for p in r.pending] == pending2 + pending3
    assert {t for t in r.divisions["3div"] if t[0] in "WE" and t not in ("W1", "W2", "W3", "E1", "E2")} == q_up
    for p in r.pending:
        assert p.rule == "1.1.1.1"
    if not pending2 and not pending3:
        assert r.complete
    assert len(second) + sum(p.winner_to == "2div" for p in r.pending) == 12
    assert len(r.divisions["3div"]) + len(r.pending) == 24


def test_1_1_1_1_one_2div_vacancy_makes_the_runners_up_match_unnecessary():
    r = rollover(season(), ["B04"])                 # the match was not played
    assert "3div-PO" not in [p.id for p in r.pending]
    assert any("3div-PO is not needed" in s.text for s in r.steps)


def test_1_1_1_1_second_vacancy_match_then_decided():
    r = rollover(season(), ["B04", "B05"], decided={**PO, "3div-PO3": "Ca03", "Q-PO1": "E3"})
    invariants(r, ["B04", "B05"])
    assert "Ca03" in r.divisions["2div"] and "Cb03" in r.divisions["3div"] and r.pending == ()
    assert r.complete


# §1.1.1.1, 3rd division: 1 -> west no. 4 v east no. 3; 2 -> both; 3 -> both + next match
@pytest.mark.parametrize("dissolved, up, pending", [
    (("Ca05",), set(), [("Q-PO1", ("W4", "E3"))]),
    (("Ca05", "Cb06"), {"W4", "E3"}, []),
    (("Ca05", "Cb06", "B11"), {"W4", "E3"}, [("Q-PO2", ("W5", "E4"))]),
    (("Ca05", "Cb06", "B11", "W2"), {"W4", "E3", "W5", "E4"}, []),          # a dissolved qualifier too
])
def test_1_1_1_1_vacancies_in_3div(dissolved, up, pending):
    r = rollover(season(), dissolved, decided=PO)
    invariants(r, dissolved)
    third = set(r.divisions["3div"])
    assert {t for t in third if t in ("W4", "E3", "W5", "E4")} == up
    assert [(p.id, p.teams) for p in r.pending] == pending
    assert all(p.winner_to == "3div" and p.loser_to is None for p in r.pending)
    assert len(third) + len(pending) == 24
    assert r.divisions["2div"] == rollover(season(), decided=PO).divisions["2div"]


def test_1_1_1_1_dissolved_1div_team_cascades_down():
    r = rollover(season(), ["A05"], decided=PO)
    invariants(r, ["A05"])
    assert r.divisions["1div"][-3:] == ("B01", "B02", "B03")           # best non-promoted 2div team
    assert "B03" not in r.divisions["2div"]                            # loses its 2div place
    assert {"Ca02", "Cb02"} <= set(r.divisions["2div"])                # -> 2div vacancy: the other runner-up
    assert [(p.id, p.teams) for p in r.pending] == [("Q-PO1", ("W4", "E3"))]   # -> 3div vacancy
    texts = [s.text for s in r.steps]
    assert any("passes to B03" in t for t in texts) and any("both Ca02 and Cb02 go up" in t for t in texts)


def test_1_1_1_1_dissolved_promoted_2div_team():
    r = rollover(season(), ["B01"], decided=PO)
    assert r.divisions["1div"][-2:] == ("B02", "B03")
    assert {"Ca02", "Cb02"} <= set(r.divisions["2div"])


def test_1_1_1_1_dissolved_runner_up_walkover():
    r = rollover(season(), ["Ca02"])               # no match possible: Cb02 goes up without it
    invariants(r, ["Ca02"])
    assert "Cb02" in r.divisions["2div"] and [p.id for p in r.pending] == ["Q-PO1"]


def test_1_1_1_1_dissolved_group_winner():
    r = rollover(season(), ["Ca01"], decided=PO)
    assert {"Ca02", "Cb02", "Cb01"} <= set(r.divisions["2div"]) and "Ca01" not in r.divisions["2div"]


@pytest.mark.parametrize("slots, decided, promoted, pending", [
    (1, {}, (), ["M1"]),
    (1, {"M1": "a2"}, ("a2",), []),
    (2, {}, ("a2", "b2"), []),
    (3, {}, ("a2", "b2"), ["M2"]),
    (4, {}, ("a2", "b2", "a3", "b3"), []),
])
def test_1_1_1_1_fill_from_pairs(slots, decided, promoted, pending):
    f = fill_from_pairs(slots, [("a2", "b2"), ("a3", "b3"), ("a4", "b4")], match_ids=["M1", "M2", "M3"], ordinary=1,
                        rule="1.1.1.1", target="2div", seed=0, decided=decided)
    assert f.promoted == promoted and [p.id for p in f.pending] == pending and f.unfilled == 0


def test_1_1_1_1_fill_from_pairs_runs_out():
    f = fill_from_pairs(3, [("x", None)], match_ids=["M1"], ordinary=0, rule="1.1.1.1", target="3div", seed=0)
    assert f.promoted == ("x",) and f.unfilled == 2
