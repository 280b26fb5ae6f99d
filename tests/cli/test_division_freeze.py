"""The stored division schedule (divisions/schedule-<div>.yaml): §1.1.2.1, §1.1.2.3 match ids
never change once frozen, whatever the roster or the algorithm."""

from __future__ import annotations

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"


def _div_file(example, div="1div"):
    return example / SEASON / "divisions" / f"{div}.yaml"


def test_1_1_2_1_freeze_keeps_match_ids_when_the_roster_order_changes(example):
    before = run_dbf("schedule", "1div", "--json").json
    assert before["frozen"] is False
    r = run_dbf("schedule", "1div", "--freeze", "--json")
    assert r.exit_code == 0 and r.json["frozen"] and r.json["rounds"] == before["rounds"]
    doc = yaml.safe_load(_div_file(example).read_text(encoding="utf-8"))
    doc["teams"] = doc["teams"][::-1]                    # a new entry order would renumber every match
    _div_file(example).write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    after = run_dbf("schedule", "1div", "--json")
    assert after.exit_code == 0 and after.json["rounds"] == before["rounds"]
    assert any("roster changed" in w["message"] for w in after.json["warnings"])
    check = run_dbf("check", "--json")                    # §1.1.2.1: dbf check warns, no error
    assert check.exit_code == 0 and any("roster changed" in w["message"] and w["rule"] == "1.1.2.1"
                                        for w in check.json["warnings"])


def test_freeze_dry_run_writes_nothing_and_refreeze_needs_no_results(example, tmp_path):
    before = snapshot(example)
    assert run_dbf("schedule", "2div", "--freeze", "--dry-run").exit_code == 0
    assert snapshot(example) == before
    assert run_dbf("schedule", "2div", "--refreeze").exit_code == 2          # only with --freeze
    assert run_dbf("schedule", "2div", "--freeze").exit_code == 0
    assert run_dbf("schedule", "2div", "--freeze", "--refreeze").exit_code == 0   # no result yet: allowed
    m = run_dbf("schedule", "2div", "--json").json["rounds"][0]["matches"][0]
    rec = {"schema": 1, "match": m["id"], "division": "2div", "round": 1, "home": m["home"], "away": m["away"],
           "boards": 36, "imps": [50, 20]}
    folder = example / SEASON / "divisions" / "matches"
    folder.mkdir(parents=True)
    (folder / f"{m['id']}.yaml").write_text(yaml.safe_dump(rec), encoding="utf-8")
    before = snapshot(example)
    r = run_dbf("schedule", "2div", "--freeze", "--refreeze")
    assert r.exit_code == 2 and "recorded" in r.stderr and snapshot(example) == before


def test_1_1_3_1_standings_and_check_read_the_stored_schedule(example):
    assert run_dbf("schedule", "2div", "--freeze").exit_code == 0
    path = example / SEASON / "divisions" / "schedule-2div.yaml"
    stored = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = stored["rounds"][0]["matches"][0]
    first["home"], first["away"] = first["away"], first["home"]      # the TD swapped home in the stored file
    path.write_text(yaml.safe_dump(stored, sort_keys=False), encoding="utf-8")
    rec = {"schema": 1, "match": first["id"], "division": "2div", "round": 1, "home": first["home"],
           "away": first["away"], "boards": 36, "imps": [50, 20]}
    folder = example / SEASON / "divisions" / "matches"
    folder.mkdir(parents=True)
    (folder / f"{first['id']}.yaml").write_text(yaml.safe_dump(rec), encoding="utf-8")
    r = run_dbf("standings", "2div", "--json")
    assert r.exit_code == 0 and not any("swapped" in w["message"] for w in r.json["warnings"])
    assert run_dbf("check").exit_code == 0
    stored["rounds"][1]["matches"][0]["away"] = first["home"]       # now a pair meets twice
    path.write_text(yaml.safe_dump(stored, sort_keys=False), encoding="utf-8")
    check = run_dbf("check", "--json")
    assert check.exit_code == 1 and any(e["rule"] == "1.1.3.1" and "schedule-2div.yaml" in (e.get("file") or str(e))
                                        for e in check.json["errors"])


def test_unreadable_stored_schedule_is_exit_2(example):
    (example / SEASON / "divisions" / "schedule-1div.yaml").write_text("schema: 1\ndivision: 1div\n", encoding="utf-8")
    assert run_dbf("schedule", "1div").exit_code == 2
    assert run_dbf("standings", "1div").exit_code == 2


def test_1_1_2_1_first_recorded_result_freezes_the_schedule(example, tmp_path):
    """Recording a division's first result stores its schedule in the same write."""
    from test_divisions_end_to_end import _submit

    rounds = run_dbf("schedule", "2div", "--json").json["rounds"][:1]
    frozen = example / "2026-27" / "divisions" / "schedule-2div.yaml"
    assert not frozen.exists()
    _submit(example, tmp_path, "2div", [dict(rounds[0], matches=rounds[0]["matches"][:1])], 36)
    assert frozen.exists()
    journal = run_dbf("log", "--json").json["entries"][-1]
    assert {c["file"] for c in journal["changes"]} == {"divisions/schedule-2div.yaml",
                                                        f"divisions/matches/{rounds[0]['matches'][0]['id']}.yaml"}
