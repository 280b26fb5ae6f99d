"""§1.5.6 (issue 14 item 1): the date a cup match was played is checked. GOOD1 is a round-1 sheet
played on 2026-09-05 and received 2026-09-06 08:00."""

from __future__ import annotations

import datetime as dt

import pytest
from test_sheet_rules import GOOD1, check

from dbfcli.rules.settings import Settings

DAY = dt.date(2026, 9, 5)
SEASON = Settings(season="2026-27")


def rules_of(c, severity="error"):
    return [p.rule for p in c.problems if p.severity == severity]


@pytest.mark.parametrize("official, dispensation, scheduled, ok", [
    (DAY, None, DAY, True),                                           # on the official day
    (DAY + dt.timedelta(days=3), None, None, True),                   # earlier, by agreement
    (DAY - dt.timedelta(days=7), None, None, False),                  # a week late, no dispensation
    (DAY - dt.timedelta(days=7), "selected for DBF", DAY, True),      # late with a dispensation
    (DAY - dt.timedelta(days=7), "selected for DBF", DAY - dt.timedelta(days=1), False),  # later than it allows
    (None, None, None, True),                                         # no official day: nothing to check
])
def test_1_5_6_played_after_the_official_day_needs_a_dispensation(official, dispensation, scheduled, ok):
    """§1.5.6 "normalt ikke senere end den officielle spilledag": a warning the TD sees (the rule
    names no sanction; docs/readings/sheets.md), never silence."""
    c = check(GOOD1, settings=SEASON, official_on=official, dispensation=dispensation, scheduled_on=scheduled)
    assert ("1.5.6" not in rules_of(c, "warning")) is ok and "1.5.6" not in rules_of(c)


def test_1_5_6_a_date_outside_the_season_is_refused():
    c = check(GOOD1.replace("played_on: 2026-09-05", "played_on: 2025-09-05"), settings=SEASON)
    assert rules_of(c) == ["1.5.6"]
    assert c.errors[0].where.line == 3          # the played_on line


def test_1_5_6_a_sheet_received_before_the_match_began_is_refused():
    """Not a matter of form (§1.5.14): the date is wrong, so no --accept-with-penalty."""
    c = check(GOOD1.replace("submitted_at: 2026-09-06T08:00", "submitted_at: 2026-09-05T09:00"), settings=SEASON)
    assert rules_of(c) == ["1.5.6"] and not c.only_form_errors


def test_1_5_6_season_span_reading():
    from dbfcli.rules.sheet.scores import season_span

    assert season_span("2026-27") == (dt.date(2026, 7, 1), dt.date(2027, 6, 30))
    assert season_span("2026-2") is None and season_span("٢٠٢٦-27") is None
