"""§2.10.11 (HUM) and §2.10.17 (Åbent forsvar): boundary cases checked against the Danish text
(seeds/000_…, §2.10.11 a-c with its five exceptions, §2.10.17 1-3 with the two exceptions of 1).
The readings are in docs/readings/systems.md; the cards use the YAML form of docs/system-card.md."""

from __future__ import annotations

import pytest
from test_systems import card, rules_of


# -- §2.10.11a "en 'stærk' pas, der ikke viser en vilkårlig hånd i et sammenhængende styrkeområde,
#    hvis nederste grænse er 0" ------------------------------------------------------------------

@pytest.mark.parametrize("passes,hum,why", [
    (["0-0"], False, "a range from 0, however narrow"),
    (["0-7", "9-12"], True, "a one-point gap (8 HCP) breaks the range"),
    (["9-12", "0-8"], False, "order of the variants does not matter: 0-8 and 9-12 touch"),
    (["0-5", "3-11"], False, "overlapping variants are one range"),
    (["1-11"], True, "the range must start at 0, 1 is not enough"),
    (["0-7", "8-11", "16+"], True, "a strong variant after a gap (12-15 not passed)"),
])
def test_2_10_11a_contiguous_range_from_zero(passes, hum, why):
    assert ("2.10.11a" in rules_of(card({"pass": [{"hcp": h} for h in passes]}))) is hum, why


# -- §2.10.11b "en konge eller mere under gennemsnitsstyrke (dvs. under 8 hp for så vidt angår
#    relativt jævne hænder)" ------------------------------------------------------------------------

@pytest.mark.parametrize("bid,variants,hum,why", [
    ("1C", [{"hcp": "8-10", "shape": "balanced"}], False, "8 HCP balanced: not under 8"),
    ("1C", [{"hcp": "7-10", "shape": "balanced"}], True, "7 HCP balanced: a king below 10"),
    ("1NT", [{"hcp": "7-9", "shape": "unbalanced"}], True, "unbalanced, no promised length: HCP alone"),
    ("1S", [{"hcp": "7-10", "suits": {"S": 6}}], True, "any shape: no length points (reading)"),
    ("1S", [{"hcp": "7-10", "shape": "three-suited", "suits": {"S": 4}}], True, "4-card suits add nothing"),
    ("1H", [{"hcp": "12-21", "suits": {"H": 5}}, {"hcp": "6-9", "shape": "balanced"}], True,
     "one weak variant is enough"),
])
def test_2_10_11b_king_below_average_boundaries(bid, variants, hum, why):
    assert ("2.10.11b" in rules_of(card({bid: variants}))) is hum, why


# -- §2.10.11c and the exceptions -------------------------------------------------------------------

@pytest.mark.parametrize("openings,hum,why", [
    # "1klr og 1ruder i et stærkt klør-/rudersystem": only 1C and 1D, not the majors
    ({"1C": {"hcp": "16+", "strong": True}, "1H": {"hcp": "11-15", "suits": {"H": 3}}}, True,
     "strong club system: a 3-card 1H is still HUM"),
    ({"1C": [{"hcp": "16+", "strong": True}, {"hcp": "11-13", "shape": "unbalanced"}],
      "1D": {"hcp": "11-15"}}, True, "1C not strong in every variant: no strong club system, 1D short"),
    # "Forberedende klør": 3+ clubs or balanced
    ({"1C": [{"hcp": "12-21", "suits": {"C": 3}}, {"hcp": "12-14", "shape": "balanced", "suits": {"C": 2}}]},
     False, "prepared club with 2 clubs when balanced"),
    ({"1C": [{"hcp": "12-21", "suits": {"C": 3}}, {"hcp": "12-14", "shape": "unbalanced", "suits": {"C": 2}}]},
     True, "2 clubs on an unbalanced hand is not a prepared club"),
    ({"1D": {"hcp": "11-15", "suits": {"D": 3}}, "1C": {"hcp": "11-15", "suits": {"C": 3}}}, True,
     "prepared club excuses 1C only; a 3-card 1D stays HUM"),
    # "1ruder på trefarve"
    ({"1D": [{"hcp": "11-15", "shape": "three-suited"}]}, False, "1D always a three-suiter"),
    ({"1C": [{"hcp": "11-15", "shape": "three-suited"}]}, True, "three-suiter exception is for 1D, not 1C"),
    # "Tvetydig 1klr/ruder, der viser enten en stærk klør/ruder eller en naturlig kløråbning"
    ({"1C": [{"hcp": "11-15", "suits": {"C": 3}}, {"hcp": "16+", "strong": True}]}, False,
     "1C natural clubs or strong"),
    ({"1C": [{"hcp": "11-15", "suits": {"D": 4}}, {"hcp": "16+", "strong": True}]}, True,
     "1C natural diamonds or strong: not a natural club opening"),
    ({"1D": [{"hcp": "11-15", "suits": {"D": 4}}, {"hcp": "16+", "strong": True}]}, True,
     "1D natural diamonds or strong: the text names a natural club opening only (reading)"),
    ({"1C": [{"hcp": "11-15", "suits": {"C": 2}}, {"hcp": "16+", "strong": True}]}, True,
     "1C with 2 clubs, unbalanced, or strong: not natural clubs"),
    # "Tvetydig 1klr, der viser enten en jævn hånd i et sammenhængende styrkeområde begyndende med
    #  mindst 9 hp eller mindst 16 hp uanset fordeling"
    ({"1C": [{"hcp": "9-11", "shape": "balanced"}, {"hcp": "16+"}]}, False, "balanced from exactly 9"),
    ({"1C": [{"hcp": "8-10", "shape": "balanced"}, {"hcp": "16+"}]}, True, "balanced from 8: under 9"),
    ({"1C": [{"hcp": "11-13", "shape": "balanced"}, {"hcp": "15+"}]}, True, "other variant 15+: under 16"),
    ({"1C": [{"hcp": "11-13", "shape": "balanced"}, {"hcp": "14-16", "shape": "balanced"}, {"hcp": "17+"}]},
     False, "two balanced ranges that touch are one range"),
    ({"1C": [{"hcp": "11-13", "shape": "balanced"}, {"hcp": "16+", "shape": "unbalanced"}]}, False,
     "16+ of a given shape is within 'uanset fordeling'"),
    ({"1D": [{"hcp": "11-13", "shape": "balanced"}, {"hcp": "16+"}]}, True,
     "the last exception is for 1C only"),
])
def test_2_10_11c_exception_boundaries(openings, hum, why):
    assert ("2.10.11c" in rules_of(card(openings))) is hum, why


def test_2_10_11_hum_a_b_c_are_reported_together():
    """§2.10.11: 'en eller flere åbningsmeldinger af en af følgende typer' -- every type found is named."""
    c = card({"pass": [{"hcp": "13+", "strong": True}], "1H": {"hcp": "0-7", "suits": {"H": 3}}})
    assert rules_of(c) == ["2.10.11a", "2.10.11b", "2.10.11c"]


# -- §2.10.17.1 "Åbningsmeldinger fra 2klr til 3spar, der kan indeholde under 10 hp og ikke lover 4
#    kort i én bestemt farve", with its two exceptions ----------------------------------------------

@pytest.mark.parametrize("bid,variants,af,why", [
    ("3S", [{"hcp": "6-10", "suits": {"C|D|H|S": 7}}], True, "3S is the top of the range"),
    ("2C", [{"hcp": "9-15", "shape": "balanced"}], True, "9 HCP is under 10"),
    ("3C", [{"hcp": "6-10", "suits": {"C": 3}}], True, "3 cards in the named suit is not 4"),
    ("2H", [{"hcp": "6-10", "suits": {"H": 4}}], False, "4 cards in a named suit is enough"),
    # exception 1: "altid viser 4 kort i en bestemt farve, såfremt den er svag, og de øvrige varianter
    # viser mindst 16 hp"
    ("2C", [{"hcp": "6-10", "suits": {"S": 4, "C|D": 5}}, {"hcp": "11-15", "suits": {"C": 6}}], True,
     "exception 1 fails: an intermediate 11-15 variant"),
    ("2D", [{"hcp": "6-9", "suits": {"S": 4}}, {"hcp": "6-9", "suits": {"H": 4}}, {"hcp": "16+"}], True,
     "exception 1 fails: the weak variants name different suits"),
    ("2S", [{"hcp": "6-10", "suits": {"S": 4, "C|D": 4}}, {"hcp": "16+"}], False, "exception 1 holds"),
    # exception 2: "en svag 2-åbning i enten hjerter eller spar, uanset om den kan indeholde stærk(e)
    # variant(er)"
    ("2D", [{"hcp": "6-10", "suits": {"H": 6}}, {"hcp": "6-10", "suits": {"S": 6}}], False,
     "Multi written as two weak variants"),
    ("2H", [{"hcp": "5-10", "suits": {"H|S": 5}}], False, "5-card weak two in either major"),
    ("2D", [{"hcp": "6-10", "suits": {"H|S": 6}}, {"hcp": "15-18", "shape": "balanced"}], True,
     "the other variant 15-18 is not strong (16+, reading)"),
    ("2D", [{"hcp": "6-10", "suits": {"H|S": 6}}, {"hcp": "16-18", "shape": "balanced"}], False,
     "the other variant 16+"),
    ("3D", [{"hcp": "5-10", "suits": {"H|S": 7}}], True,
     "a 7-card preempt in an unknown major is a weak three, not 'en svag 2-åbning'"),
    ("2D", [{"hcp": "5-10", "suits": {"H|S": 7}}, {"hcp": "22+", "strong": True}], True,
     "7+ cards in an unknown major: not a weak two even at the 2-level"),
    ("3C", [{"hcp": "5-10", "suits": {"H|S": 6}}], False, "a weak two hand shown by a 3-level bid"),
])
def test_2_10_17_1_boundaries(bid, variants, af, why):
    assert ("2.10.17.1" in rules_of(card({bid: variants}))) is af, why


# -- §2.10.17.2 "Farveindmeldinger på naturlige åbninger 1 træk i farve, der ikke viser mindst 4
#    kort i en bestemt farve"; §2.10.17.3 "Svage 2-farvede indmeldinger, der viser mindst 4 kort i
#    hver af de viste farver" (reading: may be 4-4) -------------------------------------------------

@pytest.mark.parametrize("over,bid,variants,rules,why", [
    ("1x", "2C", [{"hcp": "6-11", "suits": {"H": 6}}, {"hcp": "6-11", "suits": {"S": 6}}], ["2.10.17.2"],
     "hearts or spades, not known which: no specific suit"),
    ("1x", "1S", [{"hcp": "8-16", "suits": {"S": 4}}], [], "exactly 4 cards is enough"),
    ("1C", "2H", [{"hcp": "8-16", "suits": {"H": 3}}], ["2.10.17.2"], "3 cards is not"),
    ("1D", "2D", [{"hcp": "8-16", "suits": {"H": 5, "S": 5}}], [], "cue-bid two-suiter with known suits"),
    ("1NT", "2C", [{"hcp": "6-15", "suits": {"C|D|H|S": 6}}], [], "over 1NT a one-suiter: (2) does not apply"),
    ("1x", "2NT", [{"hcp": "6-10", "suits": {"C": 4, "D": 4}}], ["2.10.17.3"],
     "(3) is not limited to suit overcalls"),
    ("1x", "2C", [{"hcp": "9-12", "suits": {"H": 4, "S": 4}}], ["2.10.17.3"], "9 HCP is weak"),
    ("1x", "2C", [{"hcp": "10-15", "suits": {"H": 4, "S": 4}}, {"hcp": "6-9", "suits": {"H": 5, "S": 5}}], [],
     "4-4 only when not weak; weak means 5-5"),
])
def test_2_10_17_2_and_3_boundaries(over, bid, variants, rules, why):
    assert rules_of(card(overcalls={over: {bid: variants}})) == rules, why
