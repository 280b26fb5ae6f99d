"""`dbf deadlines`: §1.5.16 draws, §1.5.14 sheets, §1.5.1.1 HUM cards, §1.1.1.2 descriptions; cron behaviour."""

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
    # round 1 is played 2026-12-13 from 13:00 in the example; 40 boards at 7.5 minutes end at 18:00
    # (the reading `dbf result` applies to a sheet): the sheet is due 2026-12-14 12:00
    r = dbf("deadlines", "--today", "2026-12-14T11:59", "--json")
    assert r.exit_code == 0, r.stderr
    (sheet,) = _by_rule(r.json, "1.5.14")
    assert sheet["due"] == "2026-12-14T12:00:00" and not sheet["overdue"]
    r = dbf("deadlines", "--today", "2026-12-14T12:01", "--json", "--fail-on-overdue")
    assert r.exit_code == 1 and _by_rule(r.json, "1.5.14")[0]["overdue"]
    (season / "cup" / "matches").mkdir(parents=True, exist_ok=True)
    (season / "cup" / "matches" / "C1-001.yaml").write_text("match: C1-001\n")
    r = dbf("deadlines", "--today", "2026-12-14T12:01", "--json")
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


def _small_field(example, n=20):
    """Keep only the first ``n`` pool teams (no division players): the bracket starts late."""
    path = example / "2026-27" / "cup" / "teams.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["teams"] = [t for t in doc["teams"] if not any(p.get("division") for p in t["players"])][:n]
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))


def test_1_5_16_small_field_skips_rounds_without_draw_deadlines(dbf, example):
    """§1.5.16 with §1.5.2/§1.5.3: 20 pool teams play rounds 1, 6, 7, 8, 9; no draw is due for the
    skipped rounds 2-5, and the draw of round 6 is due the Thursday after round 1 (2026-12-13)."""
    _small_field(example)
    r = dbf("deadlines", "--today", "2026-12-01", "--all", "--json")
    assert r.exit_code == 0, r.stderr
    draws = {d["what"]: d["due"] for d in _by_rule(r.json, "1.5.16")}
    assert draws["draw of cup round 6"] == "2026-12-17"
    assert draws["send the draw of cup round 6 to the teams"] == "2026-12-20"
    assert not any(f"round {n}" in what for what in draws for n in (2, 3, 4, 5))
    assert {w for w in draws if w.startswith("draw of")} == {f"draw of cup round {n}" for n in (6, 7, 8)}


def test_1_5_16_full_field_lists_every_round(dbf, example):
    r = dbf("deadlines", "--today", "2026-12-01", "--all", "--json")
    draws = {d["what"] for d in _by_rule(r.json, "1.5.16") if d["what"].startswith("draw of")}
    assert draws == {f"draw of cup round {n}" for n in range(2, 9)}


def test_1_5_14_sheet_deadline_from_the_agreed_time(dbf, example):
    """§1.5.14: 18 hours after the end of play from the agreed start in cup/schedule.yaml
    (2026-12-12 10:00 + 40 boards x 7.5 min = 15:00 -> due 2026-12-13 09:00)."""
    _draw(example, ("KBH-1", "KBH-3"))
    r = dbf("schedule", "cup", "set", "C1-001", "--date", "2026-12-12", "--time", "10:00")
    assert r.exit_code == 0, r.stderr
    r = dbf("deadlines", "--today", "2026-12-13T09:01", "--json", "--fail-on-overdue")
    (sheet,) = _by_rule(r.json, "1.5.14")
    assert sheet["due"] == "2026-12-13T09:00:00" and sheet["overdue"] and r.exit_code == 1
    only_time = dbf("schedule", "cup", "set", "C1-001", "--clear")
    assert only_time.exit_code == 0
    assert dbf("schedule", "cup", "set", "C1-001", "--time", "09:30").exit_code == 0
    r = dbf("deadlines", "--today", "2026-12-13T00:00", "--json")
    (sheet,) = _by_rule(r.json, "1.5.14")
    assert sheet["due"] == "2026-12-14T08:30:00"       # official day, agreed time 09:30, play ends 14:30


def test_1_1_2_8_no_play_off_choice_in_a_season_without_a_1st_division(dbf, empty_season):
    """Issue 14 item 7 (cron false alarm): a season without 1st-division teams has no §1.1.2.8
    choice, so it is never overdue after the round robin's last weekend."""
    r = dbf("deadlines", "--today", "2027-04-15", "--all", "--json")
    assert _by_rule(r.json, "1.1.2.8") == []


def test_1_1_2_8_the_play_off_choice_is_due_where_a_1st_division_plays(dbf, example):
    r = dbf("deadlines", "--today", "2027-01-15", "--all", "--json")
    assert len(_by_rule(r.json, "1.1.2.8")) == 1
