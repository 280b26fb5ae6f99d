"""§1.1.1.1 vacancy cascades, boundary cases against the Danish text: 2nd division "ved én vakance
vælges 'den anden toer' fra 3.division ...; ved to vakancer spilles en kvalifikationskamp mellem
treerne; ved tre vakancer oprykkes begge treere; osv. Hvis vakancen viser sig for sent til, at det
kan lade sig gøre at arrangere en kvalifikationskamp, trækkes i stedet lod." 3rd division "ved én
vakance spilles en kamp mellem nr. 4 i den jysk-fynske mellemrække og nr. 3 i
østoprykningsturneringen ... Ved 2 vakancer oprykkes begge de nævnte hold osv." and "Hvis man på
grund af vakance bliver spilleberettiget i en højere række ... mister man sin spilleberettigelse i
den lavere række." Season: tests/rules/seasonkit.py (1div A01-A12, 2div B01-B12, 3div Ca/Cb01-12,
west W1-W6, east K2 + E1-E5)."""

from __future__ import annotations

import pytest
from seasonkit import invariants, season

from dbfcli.rules.divisions.rollover import rollover

PO = {"3div-PO": "Cb02"}


@pytest.mark.parametrize("dissolved, decided, late, up2, up3, pending, lots, why", [
    # 2nd division
    (("B04", "B05"), PO, True, {"Ca02", "Cb02", "Ca03|Cb03"}, {"W4", "E3"}, [], ["3div-PO3"],
     "two vacancies, too late for the match of the thirds: lots between them"),
    (("B04", "B05", "Ca03"), PO, False, {"Ca02", "Cb02", "Cb03"}, {"W4", "E3"}, [("Q-PO2", ("W5", "E4"))], [],
     "two vacancies, one third dissolved: the other third goes up without a match"),
    (("B04", "Cb02"), {}, False, {"Ca02"}, {"W4", "E3"}, [("3div-PO3", ("Ca03", "Cb03"))], [],
     "one vacancy, a runner-up dissolved: the other runner-up, then the thirds play for the second place"),
    # 3rd division
    (("Ca05",), PO, True, {"Cb02"}, {"W4|E3"}, [], ["Q-PO1"],
     "one 3div vacancy, too late for west no. 4 v east no. 3: lots"),
    (("Ca05", "Cb06"), PO, True, {"Cb02"}, {"W4", "E3"}, [], [],
     "two 3div vacancies: both go up, no match and no lots"),
    # a vacancy one level up cascades: 1div -> 2div no. 3 -> both runners-up -> 3div short
    (("A12",), PO, False, {"Ca02", "Cb02"}, set(), [("Q-PO1", ("W4", "E3"))], [],
     "a relegated 1div team dissolving leaves no 1div vacancy, but its 2div place is vacant"),
])
def test_1_1_1_1_cascades(dissolved, decided, late, up2, up3, pending, lots, why):
    r = rollover(season(), dissolved, decided=decided, too_late_for_match=late, seed=7)
    invariants(r, dissolved)
    second = set(r.divisions["2div"]) - {"Ca01", "Cb01"}
    from3 = {t for t in second if t.startswith("C")}
    drawn = {lot.key: lot.drawn for lot in r.lots}
    for want in up2:
        if "|" in want:                         # one of the two, by lot
            a, b = want.split("|")
            assert len({a, b} & from3) == 1 and drawn["3div-PO3"] in (a, b), why
        else:
            assert want in from3, why
    assert len(from3) == sum("|" not in w for w in up2) + sum("|" in w for w in up2), why
    third = set(r.divisions["3div"])
    reserves = {t for t in third if t in ("W4", "E3", "W5", "E4")}
    for want in up3:
        if "|" in want:
            a, b = want.split("|")
            assert reserves == {drawn["Q-PO1"]} and drawn["Q-PO1"] in (a, b), why
        else:
            assert want in reserves, why
    assert [(p.id, p.teams) for p in r.pending] == pending, why
    assert sorted(drawn) == lots, why
    assert all(lot.rule == "1.1.1.1" for lot in r.lots)
    assert len(r.divisions["1div"]) == 12
    assert len(r.divisions["2div"]) + sum(p.winner_to == "2div" for p in r.pending) == 12, why
    assert len(third) + len(r.pending) == 24, why


def test_1_1_1_1_promoted_by_vacancy_loses_the_lower_place():
    """§1.1.1.1: B03 moves up to the 1st division and is not also kept in the 2nd; the lots loser
    of the thirds stays in the 3rd division."""
    r = rollover(season(), ["A03", "B05"], decided=PO, too_late_for_match=True, seed=1)
    invariants(r, ["A03", "B05"])
    assert "B03" in r.divisions["1div"] and "B03" not in r.divisions["2div"]
    (lot,) = [lot for lot in r.lots if lot.key == "3div-PO3"]
    loser = ({"Ca03", "Cb03"} - {lot.drawn}).pop()
    assert lot.drawn in r.divisions["2div"] and loser in r.divisions["3div"]


def test_1_1_1_1_too_late_to_promote_keeps_the_ordinary_promotion():
    """§1.1.1.1 'for sent, til at det er praktisk muligt at rykke et ekstra hold op': the TD resolves
    the vacancies; the ordinary §1.1.4.2 promotion (the runners-up match) still stands."""
    r = rollover(season(), ["B04", "B05"], decided=PO, too_late_to_promote=True)
    assert {"Ca01", "Cb01", "Cb02"} <= set(r.divisions["2div"]) and len(r.divisions["2div"]) == 10
    assert "Ca02" in r.divisions["3div"] and len(r.divisions["3div"]) == 24
    assert [(p.rule, p.code) for p in r.problems] == [("1.1.1.1", "rollover.short")] and not r.problems[0].is_error


def test_1_1_1_1_too_late_asks_for_no_lot_that_decides_nothing():
    """Issue 25.9: two 2nd-division vacancies too late for a match: the thirds' lot (3div-PO3) is
    pending, and one of the two thirds stays in the 3rd division whoever it draws, so no Q-PO1
    lot is asked for (before: it was, and the rollover went through without it once 3div-PO3 was
    drawn, both west no. 4 and east no. 3 going up)."""
    from seasonkit import season

    from dbfcli.rules.lots import DrawnLot
    from dbfcli.rules.divisions.rollover import rollover

    r = rollover(season(), ["B05", "B06"], too_late_for_match=True)
    lots = [p.hint.split()[3] for p in r.problems if p.is_error and p.hint and p.hint.startswith("dbf lot draw")]
    assert lots == ["3div-PO3"], [str(p) for p in r.problems]
    assert len(r.divisions["3div"]) == 23             # 22 and the one third that stays, awaiting the lot
    drawn = DrawnLot("3div-PO3", "1.1.1.1", ("Ca03", "Cb03"), ("Ca03", "Cb03"), "TD", ("W",), "2027-06-01T10:00")
    r = rollover(season(), ["B05", "B06"], too_late_for_match=True, lots=[drawn])
    assert [p for p in r.problems if p.is_error] == [] and r.complete
    assert len(r.divisions["3div"]) == 24 and {"W4", "E3"} <= set(r.divisions["3div"])
