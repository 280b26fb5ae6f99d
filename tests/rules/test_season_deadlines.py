"""rules/deadlines.season_deadlines: what is due when, decided on the season's facts (issue 13.3;
§1.5.14 sheets, §1.5.1.1/§2.10.5 HUM cards, §1.1.1.2 descriptions)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from dbfcli.rules.deadlines import DeadlineFacts, season_deadlines
from dbfcli.rules.cup.home import Agreement
from dbfcli.rules.value import Value
from dbfcli.store.settings import parse_settings

EXAMPLE = Path(__file__).resolve().parents[2] / "tournaments" / "2026-27" / "season.toml"


class Reg(Value):
    team: str
    pair: tuple[int, int]
    sent: dt.date | None
    hum: bool = True


def _settings():
    settings, problems = parse_settings(EXAMPLE.read_text(encoding="utf-8"))
    assert not [p for p in problems if p.is_error]
    return settings


def _items(sources):
    return {i.what: i for source in sources for i in source}


def test_sheet_and_hum_card_deadlines_1_5_14_2_10_5():
    settings = _settings()
    facts = DeadlineFacts(draws={1: [("C1-001", ("A", "B")), ("C1-002", ("C", "D"))]},
                          agreements={"C1-001": Agreement(dt.date(2026, 12, 12), "10:00")},
                          recorded=frozenset({"C1-002"}),
                          registrations=(Reg("A", (1, 2), dt.date(2026, 12, 11)), Reg("C", (3, 4), dt.date(2026, 1, 1))))
    sources, notes = season_deadlines(settings, facts, dt.datetime(2026, 12, 1))
    items = _items(sources)
    late = items["HUM system card: A pair 1-2 for C1-001"]
    assert (late.rule, late.due, late.done) == ("1.5.1.1", dt.date(2026, 12, 5), False)  # sent the day before
    assert items["HUM system card: C pair 3-4 for C1-002"].done is True                # sent in time
    agreed = items["result sheet for C1-001"]
    assert (agreed.rule, agreed.done) == ("1.5.14", False)
    assert agreed.due == dt.datetime(2026, 12, 13, 9, 0)       # 18 hours after the end of play (agreed 10:00)
    assert items["result sheet for C1-002"].done is True          # recorded
    assert notes == []
