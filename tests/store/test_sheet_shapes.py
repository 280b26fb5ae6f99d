"""A result sheet whose text fields hold a list or mapping is malformed (rule None, exit 2,
with its line): the message never shows the parser's internals (``Node(value=...)``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dbfcli.store.sheets import parse_sheet

GOOD1 = (Path(__file__).resolve().parents[1] / "sheets" / "good_round1.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, line, what", [
    ("match: C1-001", "match: [C1-001]", 2, "match"),
    ("match: C1-001", "match: {id: C1-001}", 2, "match"),
    ("  team: KBH-3", "  team: [KBH-3]", 19, "team"),
    ("  team: ODE-1", "  team: {id: ODE-1}", 12, "team"),
    ("  ferries: [storebaelt]", "  ferries: [{name: storebaelt}]", 21, "ferr"),
    ("signed_by: 101", "signed_by: 101\nagreement: {boards: 36}", 29, "agreement"),
    ("    - {id: 205, boards: 40}", "    - {id: 205, boards: 40, substitute: true, name: [Per, Sø], club: 1234}", 27, "name"),
])
def test_non_scalar_text_field_is_a_clear_form_error(old, new, line, what):
    assert old in GOOD1
    sheet, problems = parse_sheet(GOOD1.replace(old, new), "s.yaml")
    assert problems, "the sheet should be malformed"
    assert all(p.rule is None for p in problems)
    assert not any("Node(" in p.message for p in problems), [p.message for p in problems]
    assert any(what in p.message and p.where.line == line for p in problems), [str(p) for p in problems]


@pytest.mark.parametrize("old, new, line", [
    ("  - [23, 11]", "  - [-23, 11]", 6),
    ("  - {boards: 8, imps: [15, 15]}", "  - {boards: 8, imps: [15, -1]}", 8),
])
def test_negative_imps_are_a_form_error(old, new, line):
    """A team's IMPs in a segment are the IMPs it won: 0 or more. ``-23`` is a typo that
    would otherwise decide the match (§1.5.10) and the GP."""
    sheet, problems = parse_sheet(GOOD1.replace(old, new), "s.yaml")
    assert [(p.rule, p.where.line) for p in problems] == [(None, line)], [str(p) for p in problems]
    assert "IMPs" in problems[0].message or "imps" in problems[0].message


def test_27_a_huge_number_is_refused_with_a_bound_a_person_would_write():
    """Issue 27: -10^30 IMPs gave "must be -999999999-inf"; 10^30 boards-worth gives a plain bound."""
    from dbfcli.store.cup.results import parse_cup_sheet

    text = ("match: C1-001\nplayed_on: 2026-12-13\nhome: {team: A, players: []}\naway: {team: B, players: []}\n"
            "segments:\n  - [" + str(10 ** 30) + ", 3]\n  - [-" + str(10 ** 30) + ", 3]\n")
    _, problems = parse_cup_sheet(text, "s.yaml")
    messages = " ".join(p.message for p in problems)
    assert "inf" not in messages and "999999999" not in messages, messages
