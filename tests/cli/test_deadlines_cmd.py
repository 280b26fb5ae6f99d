"""`dbf deadlines`: §1.5.16 draws, §1.5.14 sheets, §1.5.1.1 HUM cards, §1.1.1.2 descriptions; cron behaviour."""

import pytest
import yaml

from tests.conftest import REPO


def _draw(example, teams=("T1", "T2")):
    season = example / "2026-27"
    (season / "cup" / "draws").mkdir(parents=True, exist_ok=True)
    (season / "cup" / "draws" / "round-01.yaml").write_text(yaml.safe_dump(
        {"schema": 1, "round": 1, "seed": 1, "matches": [{"id": "C1-001", "pool": "east", "teams": list(teams)}],
         "byes": []}))
    return season


def _by_rule(doc, rule):
    return [d for d in doc["deadlines"] if d["rule"] == rule]


def test_1_5_14_sheet_due_18_hours_after_the_official_start(dbf, example):
    season = _draw(example)
    # round 1 is played 2026-12-13 at 13:00 in the example: the sheet is due 2026-12-14 07:00
    r = dbf("deadlines", "--today", "2026-12-14T06:59", "--json")
    assert r.exit_code == 0, r.stderr
    (sheet,) = _by_rule(r.json, "1.5.14")
    assert sheet["due"] == "2026-12-14T07:00:00" and not sheet["overdue"]
    r = dbf("deadlines", "--today", "2026-12-14T07:01", "--json", "--fail-on-overdue")
    assert r.exit_code == 1 and _by_rule(r.json, "1.5.14")[0]["overdue"]
    (season / "cup" / "matches").mkdir(parents=True, exist_ok=True)
    (season / "cup" / "matches" / "C1-001.yaml").write_text("match: C1-001\n")
    r = dbf("deadlines", "--today", "2026-12-14T07:01", "--json")
    assert _by_rule(r.json, "1.5.14") == []      # done: not shown without --all


def test_1_5_16_draw_deadlines_listed(dbf, example):
    r = dbf("deadlines", "--today", "2026-12-14", "--json")
    assert any("draw of cup round 2" in d["what"] for d in _by_rule(r.json, "1.5.16"))


def test_1_5_1_1_hum_card_deadline(dbf, example):
    teams = yaml.safe_load((example / "2026-27" / "cup" / "teams.yaml").read_text())["teams"]
    t1, t2 = teams[0], teams[1]
    _draw(example, (t1["id"], t2["id"]))
    a, b = (p["id"] for p in t1["players"][:2])
    r = dbf("system", "register", t1["id"], REPO / "examples" / "systems" / "strong-pass.yaml", "--pair", a, b)
    assert r.exit_code == 0, r.stderr
    r = dbf("deadlines", "--today", "2026-12-07", "--json")
    (card,) = _by_rule(r.json, "1.5.1.1")
    assert card["due"] == "2026-12-06" and card["overdue"]


def test_1_1_1_2_descriptions_overdue_in_the_example(dbf, example):
    r = dbf("deadlines", "--today", "2026-12-01", "--json", "--fail-on-overdue")
    assert r.exit_code == 1
    assert all(d["overdue"] for d in _by_rule(r.json, "1.1.1.2"))


def test_quiet_prints_nothing_when_nothing_is_due(dbf, empty_season):
    r = dbf("deadlines", "--today", "2026-06-01", "--days", "1", "--quiet", "--fail-on-overdue")
    assert (r.exit_code, r.stdout) == (0, "")
    r = dbf("deadlines", "--today", "2026-06-01", "--days", "1")
    assert "nothing due" in r.stdout


def test_json_shape(dbf, example):
    r = dbf("deadlines", "--today", "2026-12-14", "--all", "--json")
    assert r.exit_code == 0
    assert r.json["deadlines"] and all(set(d) >= {"what", "due", "overdue"} for d in r.json["deadlines"])


def test_bad_today_is_usage_error(dbf, example):
    assert dbf("deadlines", "--today", "tomorrow").exit_code == 2
