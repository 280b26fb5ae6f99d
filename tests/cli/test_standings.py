"""`dbf standings DIV` on the example season with recorded division match files
(divisions/matches/*.yaml): VP (§1.1.2.1), ranks, marks (§1.1.2.5, §1.1.3.2-3, §1.1.4.2-3)."""

import pytest

from dbftest import run_dbf, snapshot


def _schedule(div):
    return run_dbf("schedule", div, "--json").json["rounds"]


def _record(example, div, rnd, m, imps, boards=36, extra=""):
    folder = example / "2026-27" / "divisions" / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{m['id']}.yaml").write_text(
        f"schema: 1\nmatch: {m['id']}\ndivision: {div}\nround: {rnd}\nhome: {m['home']}\naway: {m['away']}\n"
        f"boards: {boards}\nimps: [{imps[0]}, {imps[1]}]\n{extra}", encoding="utf-8")


def test_1_1_2_1_standings_after_one_round(example):
    rounds = _schedule("1div")
    for k, m in enumerate(rounds[0]["matches"]):
        _record(example, "1div", 1, m, (40 + 5 * k, 40), extra="segments:\n  - [20, 20]\nsigned_by: 1\n")
    before = snapshot(example)
    r = run_dbf("standings", "1div", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["division"] == "1div" and doc["rounds_played"] == 1 and doc["matches_played"] == 6
    assert doc["matches_total"] == 66 and doc["complete"] is False and doc["vp_scale"] == "wbf-20"
    rows = doc["rows"]
    assert [r["rank"] for r in rows][:1] == [1] and len(rows) == 12
    for row in rows:
        assert set(row) >= {"rank", "team", "played", "imps_for", "imps_against", "vp", "marks"}
        assert row["played"] == 1
    top = rows[0]
    last_match = rounds[0]["matches"][-1]
    assert top["team"] == last_match["home"] and top["imps_for"] == 65 and top["vp"] == 14.32  # 25 IMPs / 36 boards
    assert top["marks"] == ["play-off"] and rows[-1]["marks"] == ["relegated"]
    drawn = rounds[0]["matches"][0]
    assert {r["team"]: r["vp"] for r in rows}[drawn["home"]] == 10.0
    assert sum(r["vp"] for r in rows) == pytest.approx(120.0)
    assert snapshot(example) == before  # standings write nothing


def test_1_1_3_2_complete_2div_marks_and_csv(example):
    """A full 2nd division where the earlier team in seeding order always wins by 10:
    the table is the seeding order; 1-2 promoted (§1.1.3.2), 10-12 relegated (§1.1.4.3)."""
    seeding = [t["id"] for t in run_dbf("division", "teams", "2div", "--json").json["teams"]]
    place = {t: i for i, t in enumerate(seeding)}
    for rnd in _schedule("2div"):
        for m in rnd["matches"]:
            better_home = place[m["home"]] < place[m["away"]]
            _record(example, "2div", rnd["round"], m, (50, 40) if better_home else (40, 50), boards=40)
    doc = run_dbf("standings", "2div", "--json").json
    assert doc["complete"] is True and doc["rounds_played"] == 11
    assert [r["team"] for r in doc["rows"]] == seeding
    marks = [r["marks"] for r in doc["rows"]]
    assert marks[:2] == [["promoted"], ["promoted"]] and marks[2:9] == [[]] * 7
    assert marks[9:] == [["relegated"]] * 3
    assert doc["rows"][0]["mark_rules"] == ["1.1.3.2"] and doc["rows"][-1]["mark_rules"] == ["1.1.4.3"]
    csv = run_dbf("standings", "2div", "--csv").stdout.lstrip("\ufeff").splitlines()
    assert csv[0].startswith("rank,team,name,played") and csv[1].endswith(",promoted") and len(csv) == 13
    human = run_dbf("standings", "2div").stdout
    assert "final" in human and "promoted" in human


def test_1_1_4_2_third_division_marks_with_no_results(example):
    doc = run_dbf("standings", "3div-a", "--json").json
    assert doc["matches_played"] == 0 and doc["warnings"] == []
    assert doc["rows"][0]["marks"] == ["promoted"] and doc["rows"][1]["marks"] == ["runner-up play-off"]
    assert not any(r["lots"] for r in doc["rows"])   # nothing played: no lots to draw yet


def test_1_1_2_1_results_against_the_schedule_exit_1(example):
    m = _schedule("1div")[0]["matches"][0]
    wrong = dict(m, id="1div-R01-01", away=_schedule("1div")[0]["matches"][1]["home"])
    _record(example, "1div", 1, wrong, (50, 40))
    r = run_dbf("standings", "1div", "--json")
    assert r.exit_code == 1
    assert any(e["rule"] == "1.1.2.1" for e in r.json["errors"])


def test_malformed_match_file_exit_2(example):
    folder = example / "2026-27" / "divisions" / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "1div-R01-01.yaml").write_text("schema: 1\nmatch: 1div-R01-01\nround: one\n", encoding="utf-8")
    r = run_dbf("standings", "1div", "--json")
    assert r.exit_code == 2
    assert r.json["errors"] and all(e.get("file", "").endswith("1div-R01-01.yaml") for e in r.json["errors"])


def test_other_divisions_files_are_ignored(example):
    m = _schedule("2div")[0]["matches"][0]
    _record(example, "2div", 1, m, (50, 40))
    assert run_dbf("standings", "1div", "--json").json["matches_played"] == 0
    assert run_dbf("standings", "2div", "--json").json["matches_played"] == 1


def test_vp_table_file_scale(example):
    season = example / "2026-27"
    toml = (season / "season.toml").read_text(encoding="utf-8")
    (season / "season.toml").write_text(toml.replace('vp_scale = "wbf-20"', 'vp_scale = "vp/club.yaml"'), encoding="utf-8")
    (season / "vp").mkdir()
    (season / "vp" / "club.yaml").write_text("schema: 1\nname: club\ntable:\n  0: 10\n  1: 12\n  10: 15.5\n  30: 20\n",
                                             encoding="utf-8")
    m = _schedule("1div")[0]["matches"][0]
    _record(example, "1div", 1, m, (50, 38))
    doc = run_dbf("standings", "1div", "--json").json
    assert doc["vp_scale"] == "club"
    vps = {r["team"]: r["vp"] for r in doc["rows"]}
    assert (vps[m["home"]], vps[m["away"]]) == (15.5, 4.5)
    (season / "vp" / "club.yaml").write_text("schema: 1\ntable:\n  0: 10\n  5: 9\n", encoding="utf-8")
    bad = run_dbf("standings", "1div", "--json")
    assert bad.exit_code in (1, 2) and "fall" in bad.json["errors"][0]["message"]


def test_standings_unknown_division_exit_2(example):
    assert run_dbf("standings", "4div").exit_code == 2
    assert "Example: dbf standings 1div --round 6 --json" in run_dbf("standings", "--help").stdout


def test_sheet_form_record_segments_and_sides(example):
    """A record in result-sheet form: sides as mappings, IMPs and boards from the segments."""
    m = _schedule("3div-b")[0]["matches"][0]
    folder = example / "2026-27" / "divisions" / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{m['id']}.yaml").write_text(
        f"schema: 1\nmatch: {m['id']}\nround: 1\nhome: {{team: {m['home']}, players: []}}\n"
        f"away: {{team: {m['away']}}}\nsegments:\n  - [10, 5]\n  - [3, 9]\n  - {{boards: 24, imps: [30, 10]}}\n",
        encoding="utf-8")
    doc = run_dbf("standings", "3div-b", "--json").json
    rows = {r["team"]: r for r in doc["rows"]}
    assert (rows[m["home"]]["imps_for"], rows[m["home"]]["imps_against"]) == (43, 24)
    assert rows[m["home"]]["vp"] == 13.29  # 19 IMPs in 40 boards (8 + 8 + 24)


def test_dbf_check_covers_division_records(example):
    assert run_dbf("check", "--json").exit_code == 0
    m = _schedule("1div")[0]["matches"][0]
    _record(example, "1div", 2, m, (50, 40))  # round 1 match recorded as round 2
    r = run_dbf("check", "--json")
    assert r.exit_code == 1
    assert any(e["rule"] == "1.1.2.1" and "round 1 match" in e["message"] for e in r.json["errors"])


def test_standings_after_round(example):
    rounds = _schedule("1div")
    for rnd in rounds[:3]:
        for m in rnd["matches"]:
            _record(example, "1div", rnd["round"], m, (45, 40))
    full = run_dbf("standings", "1div", "--json").json
    two = run_dbf("standings", "1div", "--round", "2", "--json").json
    assert (full["rounds_played"], full["matches_played"]) == (3, 18)
    assert (two["rounds_played"], two["matches_played"], two["after_round"]) == (2, 12, 2)
    assert sum(r["played"] for r in two["rows"]) == 24
    assert run_dbf("standings", "1div", "--round", "12").exit_code == 2


def test_danish_headings_and_identical_json(example):
    """Issue 7: `dbf --lang da standings 2div` shows Danish headings; --json is the same in both."""
    da = run_dbf("--lang", "da", "standings", "2div")
    en = run_dbf("standings", "2div")
    assert da.exit_code == en.exit_code == 0
    assert da.stdout != en.stdout and "Hold" in da.stdout
    assert run_dbf("--lang", "da", "standings", "2div", "--json").json == run_dbf("standings", "2div", "--json").json
