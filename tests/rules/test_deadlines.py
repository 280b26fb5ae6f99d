"""Deadlines: §1.5.14 sheets, §1.5.1.1/§2.10.5 HUM cards, §1.1.1.2 descriptions, §1.1.2.8 choice."""

import datetime as dt

import pytest

from dbfcli.rules.deadlines import (Item, description_deadlines, hum_card_deadlines, merge, open_items,
                                    playoff_choice_deadline, sheet_deadlines)

NOW = dt.datetime(2026, 11, 15, 8, 0)


@pytest.mark.parametrize("due,done,overdue", [
    (dt.date(2026, 11, 14), False, True),
    (dt.date(2026, 11, 15), False, False),            # a date is due by the end of that day
    (dt.datetime(2026, 11, 15, 7, 0), False, True),
    (dt.datetime(2026, 11, 15, 7, 0), True, False),   # done is never overdue
    (dt.datetime(2026, 11, 15, 9, 0), False, False),
])
def test_merge_marks_overdue(due, done, overdue):
    (d,) = merge([[Item("x", due, "1.5.14", done)]], NOW)
    assert d.overdue is overdue and d.done is done


def test_merge_sorts_sources_by_due():
    a = [Item("b", dt.date(2026, 12, 1), "1.1.1.2")]
    b = [Item("a", dt.datetime(2026, 11, 20, 12, 0), "1.5.14")]
    assert [d.what for d in merge([a, b], NOW)] == ["a", "b"]


def test_1_5_14_sheet_due_18_hours_after_the_end_of_play():
    from dbfcli.rules.sheet.scores import sheet_due

    due = sheet_due(dt.datetime(2026, 11, 14, 13, 0), 40, 18)   # 40 boards end at 18:00
    assert due == dt.datetime(2026, 11, 15, 12, 0)
    (i,) = sheet_deadlines([("C3-001", due, False)])
    assert i.due == due and i.rule == "1.5.14"
    assert not merge([[i]], NOW)[0].overdue                                  # 08:00 the next morning: not yet
    assert merge([[i]], dt.datetime(2026, 11, 15, 12, 1))[0].overdue


def test_1_5_14_one_function_dates_every_sheet_deadline():
    """Issue 24: the §1.5.14 deadline is computed by rules.sheet.scores.sheet_due alone; no
    other module of dbf adds the deadline's hours to a time itself."""
    import pathlib
    import re

    src = pathlib.Path(__file__).resolve().parents[2] / "src" / "dbfcli"
    found = [str(p.relative_to(src)) for p in src.rglob("*.py")
             if re.search(r"timedelta\(hours=[^)]*(sheet_deadline_hours|hours\))", p.read_text(encoding="utf-8"))
             and p.relative_to(src).as_posix() != "rules/sheet/scores.py"]
    assert found == []
    assert sheet_due(None, 40, 18) is None and sheet_due(dt.datetime(9999, 12, 31, 23, 0), 40, 18) is None


from dbfcli.rules.sheet.scores import sheet_due  # noqa: E402


def test_1_5_1_1_hum_card_a_week_before():
    (i,) = hum_card_deadlines([("ODE-1 pair 1-2 vs KBH-3", dt.date(2026, 11, 21), False)])
    assert i.due == dt.date(2026, 11, 14) and i.rule == "1.5.1.1"


def test_1_1_1_2_descriptions_and_1_1_2_8_choice():
    assert description_deadlines(None, [("p", False)]) == []
    (i,) = description_deadlines(dt.date(2026, 9, 1), [("1div ODE pair 1-2", True)])
    assert i.done and i.rule == "1.1.1.2"
    (c,) = playoff_choice_deadline(dt.date(2027, 3, 1))
    assert c.due == dt.date(2027, 3, 9) and c.rule == "1.1.2.8"


def test_open_items_horizon():
    items = [Item("late", dt.date(2026, 11, 1), "x"), Item("soon", dt.date(2026, 11, 20), "x"),
             Item("far", dt.date(2027, 1, 1), "x"), Item("done", dt.date(2026, 11, 1), "x", True)]
    assert [d.what for d in open_items(merge([items], NOW), NOW)] == ["late", "soon"]
