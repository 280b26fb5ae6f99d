"""§2.10.11 (HUM), §2.10.17 (Åbent forsvar), §2.10.4, §2.10.5, §1.5.1.2, §1.5.13, §1.1.1.2:
system cards. Cards are written in the YAML form of docs/system-card.md."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from dbfcli.rules.systems.cards import Call, classify, merge_ranges, min_strength, Variant, Promise
from dbfcli.rules.systems.changes import (change_problems, description_problems, hum_allowed_in_cup,
                                         hum_forces_away, late_fine, one_month_before, protest_problems,
                                         supplement_problems)
from dbfcli.store.systems import card_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "systems"
NATURAL = {"pass": "0-11", "1C": {"hcp": "12-21", "suits": {"C": 3}}, "1D": {"hcp": "12-21", "suits": {"D": 4}},
           "1H": {"hcp": "12-21", "suits": {"H": 5}}, "1S": {"hcp": "12-21", "suits": {"S": 5}}}


def card(openings: dict | None = None, overcalls: dict | None = None, base: bool = True):
    ops = dict(NATURAL) if base else {}
    ops.update(openings or {})
    ops = {k: ({"hcp": v} if isinstance(v, str) else v) for k, v in ops.items()}
    c, problems = card_from_dict({"name": "t", "openings": ops, "overcalls": overcalls or {}})
    assert problems == []
    return c


def rules_of(c) -> list[str]:
    cls, problems = classify(c)
    assert problems == []
    return sorted({r.rule for r in cls.reasons})


# -- the shipped example cards ------------------------------------------------------------------

EXPECTED = {
    "standard": (False, False, []),
    "dbs-acol": (False, False, []),
    "precision": (False, False, []),                      # §2.10.11 exception: strong club system
    "polish-club": (False, False, []),                    # §2.10.11 exception: ambiguous 1C
    "strong-pass": (True, False, ["2.10.11a", "2.10.11b", "2.10.11c"]),
    "light-openings": (True, False, ["2.10.11b"]),
    "three-card-major": (True, False, ["2.10.11c"]),
    "multi": (False, False, []),                          # §2.10.17.1 exception: weak two in a major
    "weak-two-suiter": (False, True, ["2.10.17.1"]),
    "two-suited-overcall": (False, True, ["2.10.17.2", "2.10.17.3"]),
    "ekren-muiderberg": (False, False, []),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_2_10_11_and_2_10_17_example_cards(name):
    """§2.10.11/§2.10.17: every example card classifies as documented in its header."""
    path = EXAMPLES / f"{name}.yaml"
    c, problems = card_from_dict(yaml.safe_load(path.read_text()), str(path))
    assert problems == []
    cls, problems = classify(c)
    assert problems == []
    assert (cls.hum, cls.open_defence, sorted({r.rule for r in cls.reasons})) == EXPECTED[name]


def test_every_example_card_is_tested():
    assert {p.stem for p in EXAMPLES.glob("*.yaml")} == set(EXPECTED)


# -- §2.10.11a strong pass ----------------------------------------------------------------------

@pytest.mark.parametrize("passes,hum", [
    (["0-11"], False),
    (["0-37"], False),
    (["0-7", "8-12"], False),              # touching ranges are one range
    (["13+"], True),                       # strong pass
    (["0-7", "13+"], True),                # gap
    (["3-11"], True),                      # does not start at 0
])
def test_2_10_11a_strong_pass(passes, hum):
    c = card({"pass": [{"hcp": h} for h in passes]})
    assert ("2.10.11a" in rules_of(c)) is hum


# -- §2.10.11b a king below average -------------------------------------------------------------

@pytest.mark.parametrize("bid,variant,hum", [
    ("1NT", {"hcp": "10-12", "shape": "balanced"}, False),    # mini notrump is fine
    ("1NT", {"hcp": "8-10", "shape": "balanced"}, False),     # 8 HCP: not under 8
    ("1NT", {"hcp": "7-10", "shape": "balanced"}, True),      # 7 = a king below 10
    ("1D", {"hcp": "5-10", "suits": {"D": 4}}, True),         # any shape: HCP count
    ("1S", {"hcp": "6-10", "shape": "unbalanced", "suits": {"S": 6}}, False),   # 6 + 2 length points
    ("1S", {"hcp": "6-10", "shape": "unbalanced", "suits": {"S": 5}}, True),    # 6 + 1 = 7
    ("1H", {"hcp": "7-11", "shape": "unbalanced", "suits": {"H": 5}}, False),   # 7 + 1 = 8
])
def test_2_10_11b_one_level_a_king_below_average(bid, variant, hum):
    assert ("2.10.11b" in rules_of(card({bid: variant}))) is hum


def test_2_10_11b_length_points_reading():
    v = Variant(hcp=(6, 10), shape="unbalanced", promises=(Promise(("S",), 6), Promise(("C", "D"), 5)))
    assert min_strength(v) == 6 + 2 + 1


# -- §2.10.11c 1-level suit opening without 4 cards, and the exceptions -------------------------

@pytest.mark.parametrize("openings,hum,why", [
    ({"1H": {"hcp": "12-21", "suits": {"H": 3}}}, True, "3-card 1H"),
    ({"1S": [{"hcp": "12-21", "suits": {"S": 5}}, {"hcp": "12-14", "shape": "balanced"}]}, True,
     "1S sometimes without spades"),
    ({"1D": {"hcp": "11-15", "suits": {"D": 3}}}, True, "3-card 1D, no exception"),
    ({"1C": {"hcp": "12-21", "suits": {"C": 2}}}, True, "2-card 1C, not balanced: no prepared club"),
    ({"1C": [{"hcp": "12-21", "suits": {"C": 3}}, {"hcp": "12-14", "shape": "balanced"}]}, False,
     "prepared club"),
    ({"1C": {"hcp": "16+", "strong": True}, "1D": {"hcp": "11-15"}}, False, "strong club system: 1D 0+ cards"),
    ({"1D": {"hcp": "16+", "strong": True}, "1C": {"hcp": "11-15"}}, False, "strong diamond system"),
    ({"1D": [{"hcp": "11-15", "suits": {"D": 5}}, {"hcp": "11-15", "shape": "three-suited"}]}, False,
     "1D on a three-suiter"),
    ({"1D": [{"hcp": "11-15", "suits": {"D": 5}}, {"hcp": "11-15", "shape": "unbalanced"}]}, True,
     "1D short, not three-suited"),
    ({"1C": [{"hcp": "12-14", "shape": "balanced"}, {"hcp": "15-17", "suits": {"C": 5}},
             {"hcp": "18+", "strong": True}]}, False, "Polish club: ambiguous strong or natural clubs"),
    ({"1D": [{"hcp": "11-15", "suits": {"C": 4}}, {"hcp": "18+", "strong": True}]}, False,
     "ambiguous 1D: strong or natural clubs"),
    ({"1D": [{"hcp": "11-15", "suits": {"H": 4}}, {"hcp": "18+", "strong": True}]}, True,
     "ambiguous 1D with hearts: no exception"),
    ({"1C": [{"hcp": "11-13", "shape": "balanced"}, {"hcp": "16+"}]}, False,
     "ambiguous 1C: balanced 11-13 or 16+ any (last exception)"),
    ({"1C": [{"hcp": "11-13", "shape": "unbalanced"}, {"hcp": "16+"}]}, True,
     "ambiguous 1C, natural variant not balanced, no clubs"),
    ({"1C": [{"hcp": "9-11", "shape": "balanced"}, {"hcp": "15-17", "shape": "balanced"}, {"hcp": "16+"}]}, True,
     "balanced ranges not contiguous"),
])
def test_2_10_11c_suit_length_and_exceptions(openings, hum, why):
    assert ("2.10.11c" in rules_of(card(openings))) is hum, why


def test_2_10_11_exceptions_do_not_excuse_weakness():
    """§2.10.11 reading: the exceptions excuse a short 1C/1D (c), not a weak one (b)."""
    c = card({"1C": {"hcp": "16+", "strong": True}, "1D": {"hcp": "0-7"}})
    assert rules_of(c) == ["2.10.11b"]


# -- §2.10.17.1 openings 2C-3S --------------------------------------------------------------------

@pytest.mark.parametrize("bid,variants,af,why", [
    ("2H", [{"hcp": "6-10", "suits": {"H": 6}}], False, "natural weak two"),
    ("2C", [{"hcp": "6-10", "suits": {"D": 6}}], False, "weak 2C with diamonds: a specific suit"),
    ("2D", [{"hcp": "6-10", "suits": {"H|S": 6}}, {"hcp": "20-21", "shape": "balanced"}], False, "Multi"),
    ("2D", [{"hcp": "6-10", "suits": {"H|S": 6}}, {"hcp": "11-15", "suits": {"D": 6}}], True,
     "Multi with an intermediate minor variant"),
    ("2D", [{"hcp": "3-9", "suits": {"H": 4, "S": 4}}], False, "Ekren: 4 hearts"),
    ("2H", [{"hcp": "6-10", "suits": {"H": 5, "C|D": 4}}], False, "Muiderberg"),
    ("2D", [{"hcp": "5-10", "suits": {"C|D|H|S": 5}}], True, "any two-suiter"),
    ("2S", [{"hcp": "6-10", "suits": {"C|D": 6}}], True, "weak unspecified minor"),
    ("2S", [{"hcp": "6-10", "suits": {"C|D": 6}}, {"hcp": "22+", "strong": True}], True,
     "weak minor + strong: the weak variant names no suit"),
    ("2C", [{"hcp": "6-10", "suits": {"S": 4, "C|D": 5}}, {"hcp": "16+", "strong": True}], False,
     "exception 1: weak always 4 spades, others 16+"),
    ("2C", [{"hcp": "6-10", "suits": {"S": 4, "C|D": 5}}, {"hcp": "15+", "strong": True}], True,
     "exception 1 fails: strong variant 15+"),
    ("2C", [{"hcp": "22+", "strong": True}], False, "strong 2C: never under 10"),
    ("2NT", [{"hcp": "5-10", "suits": {"C|D": 5, "H|S": 5}}], True, "2NT lies between 2S and 3S"),
    ("2NT", [{"hcp": "5-10", "suits": {"C": 5, "D": 5}}], False, "2NT both minors"),
    ("3NT", [{"hcp": "5-10", "suits": {"C|D": 7}}], False, "3NT gambling-like is above 3S: not checked"),
    ("3C", [{"hcp": "9-12", "shape": "balanced"}], True, "3C balanced 9-12"),
    ("3C", [{"hcp": "10-12", "shape": "balanced"}], False, "10+ is not under 10 HCP"),
])
def test_2_10_17_1_openings(bid, variants, af, why):
    assert ("2.10.17.1" in rules_of(card({bid: variants}))) is af, why


# -- §2.10.17.2 and 3: overcalls ---------------------------------------------------------------

@pytest.mark.parametrize("over,bid,variants,rules,why", [
    ("1x", "1S", [{"hcp": "8-16", "suits": {"S": 5}}], [], "natural overcall"),
    ("1x", "2D", [{"hcp": "6-10", "suits": {"H|S": 6}}], ["2.10.17.2"], "multi overcall"),
    ("1C", "2C", [{"hcp": "8-16", "suits": {"H": 5, "S": 5}}], [], "Michaels 5-5: known suits"),
    ("1S", "2S", [{"hcp": "8-16", "suits": {"H": 5, "C|D": 5}}], [], "Michaels over 1S: hearts known"),
    ("1x", "2C", [{"hcp": "6-11", "suits": {"H": 4, "S": 4}}], ["2.10.17.3"], "weak 4-4 majors"),
    ("1x", "2C", [{"hcp": "10-15", "suits": {"H": 4, "S": 4}}], [], "4-4 majors, not weak"),
    ("1x", "2C", [{"hcp": "6-11", "suits": {"H": 5, "S": 4}}], [], "5-4: reading, not 'only 4-4'"),
    ("1x", "2C", [{"hcp": "6-11", "suits": {"C|D": 4, "H|S": 4}}], ["2.10.17.2", "2.10.17.3"],
     "4-4 unknown suits"),
    ("1x", "1NT", [{"hcp": "15-18", "shape": "balanced"}], [], "notrump overcall: not a suit overcall"),
    ("1NT", "2D", [{"hcp": "6-15", "suits": {"H|S": 6}}], [], "over 1NT: (2) does not apply"),
    ("1NT", "2C", [{"hcp": "6-15", "suits": {"H": 4, "S": 4}}], ["2.10.17.3"], "(3) applies over 1NT too"),
])
def test_2_10_17_2_and_3_overcalls(over, bid, variants, rules, why):
    assert rules_of(card(overcalls={over: {bid: variants}})) == rules, why


# -- format problems -------------------------------------------------------------------------------

@pytest.mark.parametrize("doc,fragment", [
    ({"openings": {"1X": {"hcp": "1-2"}}}, "not a bid"),
    ({"openings": {"1H": {"hcp": "15-12"}}}, "impossible"),
    ({"openings": {"1H": {"hcp": "x"}}}, "hcp"),
    ({"openings": {"1H": {"hcp": "11-15", "suits": {"Q": 4}}}}, "suit"),
    ({"openings": {"1H": {"hcp": "11-15", "shape": "round"}}}, "shape"),
    ({"openings": {"1H": {"hcp": "11-15", "color": "red"}}}, "unknown key"),
    ({"openings": {"1NT": {"hcp": "15-17", "shape": "balanced", "suits": {"S": 6}}}}, "balanced"),
    ({"openings": {"1H": {"hcp": "11-15", "suits": {"H": 8, "S": 7}}}}, "add up"),
    ({"overcalls": {"1S": {"1H": {"hcp": "8-16", "suits": {"H": 5}}}}}, "not higher"),
    ({"overcalls": {"pass": {"1H": {"hcp": "8-16"}}}}, "not an opening"),
    ({"openings": {"1H": []}}, "no hand variant"),
])
def test_malformed_cards_give_problems(doc, fragment):
    c, problems = card_from_dict(doc, "card.yaml")
    if c is not None:
        problems += classify(c)[1]
    assert problems and all(p.rule is None for p in problems)
    assert any(fragment in p.message for p in problems), [p.message for p in problems]


def test_json_shape():
    cls, _ = classify(card({"1H": {"hcp": "12-21", "suits": {"H": 3}}}))
    doc = cls.to_json()
    assert set(doc) == {"hum", "open_defence", "reasons"}
    assert doc["reasons"][0] == {"rule": "2.10.11c", "bid": "1H", "message": doc["reasons"][0]["message"]}


def test_call_and_ranges():
    assert [str(Call.parse(x)) for x in ("p", "1n", "2♥", "3sa")] == ["pass", "1NT", "2H", "3NT"]
    assert merge_ranges([(0, 5), (7, 9), (6, 6)]) == [(0, 9)]


# -- §2.10.4 supplement pages ------------------------------------------------------------------

@pytest.mark.parametrize("pages,hum,ok", [(None, False, True), (0, False, True), (1, False, True), (2, False, False),
                                          (2, True, True), (3, True, False)])
def test_2_10_4_supplement_pages(pages, hum, ok):
    problems = supplement_problems(pages, hum)
    assert (problems == []) is ok
    assert all(p.rule == "2.10.4" for p in problems)


# -- §1.5.1.2, §2.10.5, §1.5.13 HUM in the cup -------------------------------------------------

MATCH = dt.date(2026, 11, 14)


@pytest.mark.parametrize("hum,div,opp_hum,sent,rules", [
    (False, False, False, None, []),
    (True, True, False, dt.date(2026, 11, 7), []),                       # exactly a week: in time
    (True, False, True, dt.date(2026, 11, 1), []),
    (True, False, False, dt.date(2026, 11, 1), ["1.5.1.2"]),
    (True, True, False, dt.date(2026, 11, 8), ["2.10.5"]),               # 6 days: late
    (True, False, False, None, ["1.5.1.2", "2.10.5"]),
])
def test_1_5_1_2_and_2_10_5_hum_in_cup(hum, div, opp_hum, sent, rules):
    assert [p.rule for p in hum_allowed_in_cup(hum, div, opp_hum, sent, MATCH)] == rules


def test_2_10_5_copies():
    assert [p.rule for p in hum_allowed_in_cup(True, True, False, dt.date(2026, 11, 1), MATCH, copies=3)] == ["2.10.5"]


@pytest.mark.parametrize("mine,theirs,away", [(True, False, True), (True, True, False), (False, True, False),
                                              (False, False, False)])
def test_1_5_13_hum_team_is_away(mine, theirs, away):
    assert hum_forces_away(mine, theirs) is away


# -- §1.1.1.2 descriptions, fines, protests, changes --------------------------------------------

@pytest.mark.parametrize("sent,fine", [("2026-09-01", 0), ("2026-08-20", 0), ("2026-09-02", 100),
                                       ("2026-09-08", 100), ("2026-09-09", 200), ("2026-09-16", 300)])
def test_1_1_1_2_fine_per_commenced_week(sent, fine):
    assert late_fine(dt.date(2026, 9, 1), dt.date.fromisoformat(sent)) == fine


def test_1_1_1_2_late_and_dbs_acol():
    first = dt.date(2026, 10, 3)
    today = dt.date(2026, 9, 25)
    on_time = description_problems(dt.date(2026, 9, 1), dt.date(2026, 9, 1), first, today)
    late = description_problems(dt.date(2026, 9, 1), dt.date(2026, 9, 10), first, today)
    missing = description_problems(dt.date(2026, 9, 1), None, first, today)
    assert on_time == []
    assert [p.rule for p in late] == ["1.1.1.2"] and "200 kr" in late[0].message
    assert [p.rule for p in missing] == ["1.1.1.2", "1.1.1.2"] and "DBS-Acol" in missing[1].message


@pytest.mark.parametrize("day,ok", [("2026-09-26", True), ("2026-09-27", False)])
def test_1_1_1_2_protest_deadline(day, ok):
    assert (protest_problems(dt.date.fromisoformat(day), dt.date(2026, 10, 3)) == []) is ok


def test_one_month_before():
    assert one_month_before(dt.date(2027, 1, 15)) == dt.date(2026, 12, 15)


HUM_CARD = {"pass": {"hcp": "13+", "strong": True}, "1D": {"hcp": "0-7"}}
AF_2D = {"2D": {"hcp": "5-10", "suits": {"C|D|H|S": 5}}}
PLAY = dt.date(2026, 12, 5)


@pytest.mark.parametrize("old,new,sent,rules,severity", [
    (HUM_CARD, {}, "2026-11-05", [], None),                                   # HUM -> natural
    (AF_2D, {}, "2026-11-05", [], None),                                      # AF removed
    ({}, AF_2D, "2026-11-05", ["1.1.1.2a"], "error"),                         # AF added
    ({}, HUM_CARD, "2026-11-01", ["1.1.1.2a"], "error"),                      # becomes HUM
    (HUM_CARD, {}, "2026-11-06", ["1.1.1.2a"], "error"),                      # less than a month
    ({}, {"1NT": {"hcp": "12-14", "shape": "balanced"}}, "2026-11-01", ["1.1.1.2b"], "warning"),
])
def test_1_1_1_2a_changes(old, new, sent, rules, severity):
    problems = change_problems(card(old), card(new), dt.date.fromisoformat(sent), PLAY)
    assert sorted(p.rule for p in problems) == sorted(rules)
    assert all(p.severity == severity for p in problems)
