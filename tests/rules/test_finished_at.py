"""§1.5.14 "senest 18 timer efter kampen" (issue 14, finished_at): the 18 hours run from the end
of play; when the sheet says when play ended (`finished_at`), from then, else from the start
plus 7.5 minutes a board (docs/readings/sheets.md, one reading)."""

from __future__ import annotations

import datetime as dt

from dbfcli.rules.settings import Settings
from dbfcli.rules.sheet.scores import check_deadline, match_end
from dbfcli.store.sheets import parse_sheet

BASE = ("match: C1-001\nplayed_on: 2026-12-13\n{extra}segments: [[1, 2]]\n"
        "home: {{team: A, players: []}}\naway: {{team: B, players: []}}\n")


def _sheet(extra: str):
    sheet, problems = parse_sheet(BASE.format(extra=extra), "s.yaml")
    return sheet, problems


def test_1_5_14_finished_at_moves_the_deadline():
    """Estimated end 13:00 + 8 boards = 14:00, due 08:00 next day; the sheet says 22:40, due 16:40."""
    late, _ = _sheet("submitted_at: 2026-12-14T15:00\n")
    assert [p.rule for p in check_deadline(late, Settings())] == ["1.5.14"]
    ok, problems = _sheet("submitted_at: 2026-12-14T15:00\nfinished_at: '22:40'\n")
    assert problems == [] and ok.finished_at == dt.datetime(2026, 12, 13, 22, 40)
    assert check_deadline(ok, Settings()) == []


def test_1_5_14_late_from_finished_at():
    """Finished at 14:10: due 08:10 next day; received 12:00 is 3 h 50 min late (issue 25: not rounded up)."""
    sheet, _ = _sheet("submitted_at: 2026-12-14T12:00\nfinished_at: 2026-12-13T14:10\n")
    [p] = check_deadline(sheet, Settings())
    assert p.rule == "1.5.14" and "came 3 h 50 min late" in p.message and "finished_at" in p.message


def test_1_5_14_finished_after_midnight_is_the_next_day():
    sheet, problems = _sheet("start: '19:00'\nfinished_at: '01:10'\n")
    assert problems == [] and match_end(sheet, Settings()) == dt.datetime(2026, 12, 14, 1, 10)


def test_1_5_14_finished_at_not_a_time_is_an_error_of_form():
    _, problems = _sheet("finished_at: soon\n")
    assert [p.code for p in problems] == ["format.sheet"] and problems[0].where.line == 3
