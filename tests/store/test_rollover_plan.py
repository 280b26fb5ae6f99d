"""store/divisions/rollover.py: the plan of `dbf season rollover` (§1.1.1.1, §1.1.2.2-4, §1.1.4.1-2, §1.1.5)."""

from __future__ import annotations

import pytest

from dbfcli.store.divisions.rollover import new_season_refusal, rollover_data, rollover_plan
from dbfcli.store.season import SeasonStore
from divkit import HALVES, qualifiers_file, write_results

SEASON = "2026-27"


@pytest.mark.parametrize("to, refused", [
    ("2027-28", None),
    ("2099-00", "builds the season after 2026-27"),   # issue 15.7: only the next season
    ("2025-26", "builds the season after 2026-27"),
    ("2027-29", "is not of the form 2027-28"),
    ("27-28", "is not of the form 2027-28"),
    ("2026-27", "--to names this season"),
])
def test_1_1_2_2_new_season_refusal(example, to, refused):
    problem = new_season_refusal(SeasonStore(example, SEASON), to)
    if refused is None:
        assert problem is None
    else:
        assert problem.is_error and refused in problem.message


def test_1_1_2_2_next_season_turns_the_century():
    from dbfcli.store.divisions.rollover import next_season

    assert next_season("2098-99") == "2099-00" and next_season("2026-27") == "2027-28"


def test_new_season_refusal_of_an_existing_folder(example):
    store = SeasonStore(example, SEASON)
    (example / "2027-28").mkdir()
    assert new_season_refusal(store, "2027-28") is None                # empty: may be used
    (example / "2027-28" / ".dbf.lock").write_text("")
    assert new_season_refusal(store, "2027-28") is None                # only the lock file: not a season
    (example / "2027-28" / "season.toml").write_text("schema = 1\n")
    problem = new_season_refusal(store, "2027-28")
    assert "already exists" in problem.message and problem.hint == "remove it or pick another --to"


def test_1_1_2_4_plan_before_the_play_off(example, tmp_path):
    write_results(example)
    plan, problems = rollover_plan(SeasonStore(example, SEASON), "2027-28", qualifiers_file(tmp_path / "q.yaml"),
                                   [], {})
    assert plan is not None and plan.doc["dry_run"] is False
    assert any(p.rule == "1.1.2.4" and not p.is_error for p in problems)     # 1div seeded by the round robin
    # §1.1.4.2: the runners-up match is not played: pending, with how to record it; no split yet
    waits = [p for p in problems if p.is_error and "waits for 3div-PO" in p.message]
    assert waits and waits[0].hint.startswith("dbf playoff 3div result 3div-PO")
    assert [m["id"] for m in plan.doc["pending"]] == ["3div-PO"]
    assert plan.doc["travel_km"] is None and set(plan.new) == {"1div", "2div"}
    assert not (example / "2027-28").exists()


def test_1_1_4_1_plan_of_a_finished_season(example, dbf, tmp_path):
    order = write_results(example)
    assert dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    assert dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0     # §1.1.4.2 home first
    for m in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO"):
        assert dbf("playoff", "3div" if m == "3div-PO" else "1div", "result", m, *HALVES).exit_code == 0
    store = SeasonStore(example, SEASON)
    plan, problems = rollover_plan(store, "2027-28", qualifiers_file(tmp_path / "q.yaml", membership=(4001, 1999)),
                                   [order["1div"][6]], {}, too_late_for_match=True, seed=5, dry_run=True)
    assert not [p for p in problems if p.is_error]
    assert set(plan.new) == {"1div", "2div", "3div-a", "3div-b"}
    assert all(len(plan.division_teams(d)) == 12 for d in plan.new)
    assert plan.division_teams("1div")[0].id == "ODE-A"                   # §1.1.2.4: the play-off's champion
    assert plan.steps[0].rule == "1.1.5.1" and plan.steps[-1].rule == "1.1.4.1"
    assert plan.doc["dry_run"] is True and plan.doc["seed"] == 5 and plan.target.season == "2027-28"
    record = rollover_data(plan)
    assert record["from"] == SEASON and record["vacancies"] == [order["1div"][6]]
    assert record["lots"] and record["lots"][0]["rule"] == "1.1.1.1" and record["steps"] == plan.doc["steps"]
