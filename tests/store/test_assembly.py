"""The store's assembly functions that the CLI calls (the CLI only parses, calls and
renders): each is tested here on the shipped example or a small season."""

from __future__ import annotations

import datetime as dt

import pytest
import yaml

from dbfcli.store.season import SeasonStore

SEASON = "2026-27"


def _store(folder) -> SeasonStore:
    return SeasonStore(folder, SEASON)


def _cup_teams(example):
    return yaml.safe_load((example / SEASON / "cup" / "teams.yaml").read_text())["teams"]


def _draw(example, rel: str, doc: dict) -> None:
    d = example / SEASON / "cup" / "draws"
    d.mkdir(parents=True, exist_ok=True)
    (d / rel).write_text(yaml.safe_dump(doc))


@pytest.mark.parametrize("match_id, division", [("1div-R01-03", "1div"), ("3div-a-R02-01", "3div-a"),
                                                ("3div-b-R11-06", "3div-b"), ("C3-007", None), ("1div-SF1", None)])
def test_1_1_2_1_division_of_a_sheet(match_id, division):
    from dbfcli.store.sheetcontext import division_of

    assert division_of(match_id) == division


def test_1_5_16_recorded_draws_tolerant_reader(example):
    from dbfcli.store.cup.draws import recorded_draws

    a, b = (t["id"] for t in _cup_teams(example)[:2])
    _draw(example, "round-03.yaml", {"round": 3, "extra": 1, "matches": [{"id": "C3-001", "teams": [a, b]}, "junk"]})
    _draw(example, "round-04.yaml", {"matches": [{"id": "C4-001", "teams": [a, b]}]})   # round from the name
    assert recorded_draws(_store(example)) == {3: [("C3-001", (a, b))], 4: [("C4-001", (a, b))]}


def test_1_5_3_cup_field_of_the_example(example):
    from dbfcli.store.cup.field import cup_field
    from dbfcli.store.settings import load_settings

    store = _store(example)
    teams, entry, clubs, pool_of, problems = cup_field(store, load_settings(store))
    assert not [p for p in problems if p.is_error]
    assert set(entry) == set(clubs) == {t.id for t in teams}
    assert set(pool_of) <= {t.id for t in teams if entry[t.id] <= 2}


def test_1_5_3_cup_field_stops_at_errors(example):
    from dbfcli.store.cup.field import cup_field, played_rounds
    from dbfcli.store.settings import load_settings

    path = example / SEASON / "cup" / "teams.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["teams"][0]["captain"] = "nobody"    # not a member number
    path.write_text(yaml.safe_dump(doc))
    store = _store(example)
    settings = load_settings(store)
    _, entry, clubs, pool_of, problems = cup_field(store, settings)
    assert entry is clubs is pool_of is None and any(p.is_error for p in problems)
    rounds, note, warnings = played_rounds(store, settings)
    assert rounds is None and warnings == []   # no plan, and no note: no readable team


def test_1_5_16_deadline_sources_of_the_example(example):
    from dbfcli.store.cup.field import played_rounds
    from dbfcli.store.deadlinesources import collect
    from dbfcli.store.settings import load_settings

    store = _store(example)
    settings = load_settings(store)
    rounds, note, _ = played_rounds(store, settings)
    assert note is None and rounds and rounds[-1] == 9
    from dbfcli.store.snapshot import Snapshot

    sources, notes, _ = collect(Snapshot(store), settings, dt.datetime(2026, 9, 1))
    assert len(sources) >= 5 and notes == []
    assert any(d.rule == "1.5.16" for d in sources[0])


def test_1_5_15_walkover_context(example):
    from dbfcli.store.sheetcontext import walkover_context

    a, b = (t["id"] for t in _cup_teams(example)[:2])
    _draw(example, "round-03.yaml", {"round": 3, "seed": 1, "drawn_order": [a, b], "byes": [],
                                     "matches": [{"id": "C3-001", "pool": None, "teams": [a, b]}]})
    ctx, match, records, problems = walkover_context(_store(example), "C3-001", dt.datetime(2027, 1, 1))
    assert not [p for p in problems if p.is_error] and records == []
    assert match.teams == (a, b) and match.round == 3 and a in ctx.teams
    assert walkover_context(_store(example), "C3-999", dt.datetime(2027, 1, 1))[1] is None


def test_1_5_16_amendment_refused_once_the_next_round_is_drawn_with_the_old_winner(example):
    from dbfcli.rules.model import CupDraw, CupMatch
    from dbfcli.store.sheetcontext import amend_refusal

    store = _store(example)
    rel = "cup/matches/C3-001.yaml"
    (example / SEASON / "cup" / "matches").mkdir(parents=True)
    (example / SEASON / rel).write_text("schema: 1\nmatch: C3-001\nwinner: A\n")
    match = CupMatch("C3-001", 3, ("A", "B"))
    later = {4: CupDraw(4, 1, (CupMatch("C4-001", 4, ("A", "C")),))}
    assert amend_refusal(store, rel, match, "A", later) is None          # the same winner
    assert amend_refusal(store, rel, match, "B", {}) is None             # round 4 not drawn
    problem = amend_refusal(store, rel, match, "B", later)
    assert problem.is_error and "already drawn with A" in problem.message and "§1.5.16" in problem.hint


def test_refreeze_refusal_without_results(example):
    from dbfcli.store.divisions.results import refreeze_refusal

    assert refreeze_refusal(_store(example), "1div") is None


def test_1_5_1_trophy_history_missing_and_malformed(tmp_path):
    from dbfcli.store.cup.trophy import read_history, recorded_finals

    assert read_history(tmp_path / "none.yaml") == (None, [])
    bad = tmp_path / "trophy.yaml"
    bad.write_text("finals:\n- {season: 2025-26}\n- {season: 2024-25, captain: 100234}\n")
    finals, problems = read_history(bad)
    assert [f.captain for f in finals] == [100234] and len(problems) == 1 and problems[0].where.line == 2
    bad.write_text("finals: 3\n")
    assert "expected a list 'finals'" in read_history(bad)[1][0].message
    assert recorded_finals(tmp_path / "nowhere") == ([], [])


def test_1_1_division_orders_need_complete_round_robins(example):
    from dbfcli.store.divisions.playoffstate import division_orders

    orders, problems = division_orders(_store(example))
    assert set(orders) == {"1div", "2div", "3div-a", "3div-b"} and all(orders.values())
    assert {p.rule for p in problems if p.is_error} == {"1.1.2.1", "1.1.3.1", "1.1.4.1"}
