"""Issue 14, "what a TD trips over": each small defect with its §, on a copy of the example."""

from __future__ import annotations

import datetime as dt

import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw


def test_1_5_16_one_wrong_team_id_is_one_error(example, tmp_path):
    """§1.5.16: a sheet naming KBH-9 for KBH-3: the cause once (with the right id as the hint), not
    one §1.5.14/§1.5.12 error per player."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    wrong = dict(teams["KBH-3"], id="KBH-9")
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], wrong, 1))
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.16"], r.stdout
    assert "KBH-3" in r.json["errors"][0]["hint"]


def test_1_5_11_cup_teams_counts_additions(example):
    """§1.5.11: KBH-2 has 5 players and adds one: `cup teams` shows 6."""
    assert run_dbf("cup", "add-player", "KBH-2", "--round", "2", "--id", "100240", "--name", "Eva Berg",
                   "--announced-on", "2027-01-02").exit_code == 0
    row = next(t for t in run_dbf("cup", "teams", "--json").json["teams"] if t["id"] == "KBH-2")
    assert row["player_count"] == 6 and row["added"] == [{"id": 100240, "name": "Eva Berg", "round": 2}]
    line = next(x for x in run_dbf("cup", "teams").stdout.splitlines() if x.startswith("KBH-2 "))
    assert line.split()[-1] == "6"


def test_1_5_10_gp_names_substitutes_and_added_players(example, tmp_path):
    """§1.5.10/§1.5.12: the substitute and the added player who shared the GP have names in `dbf gp`."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    assert run_dbf("cup", "add-player", "KBH-1", "--round", "1", "--id", "100240", "--name", "Eva Berg",
                   "--announced-on", "2026-12-01").exit_code == 0
    kbh1 = dict(teams["KBH-1"], players=teams["KBH-1"]["players"][:2] + [{"id": 100240, "name": "Eva Berg"}])
    rows = "\n".join([f"    - {{id: {p['id']}, boards: 40}}" for p in kbh1["players"]]
                     + ["    - {id: 555001, boards: 40, substitute: true, name: Bo Vikar, club: 1020}"])
    text = sheet_text("C1-001", teams["KBH-3"], kbh1, 1, imps=(10, 40), away_rows=rows)
    f = tmp_path / "C1-001.yaml"
    f.write_text(text)
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout
    names = {m["player"]: m["name"] for m in run_dbf("gp", "--json").json["matches"]}
    assert names[555001] == "Bo Vikar" and names[100240] == "Eva Berg"
    assert "Bo Vikar" in run_dbf("gp").stdout


def test_1_5_4_up_of_a_team_without_up_is_0(example):
    r = run_dbf("up", "KBH-1")
    assert r.exit_code == 0 and any(x.split() == ["KBH-1", "0"] for x in r.stdout.splitlines()), r.stdout
    assert run_dbf("up", "KBH-1", "--json").json["teams"] == {"KBH-1": 0}


def test_1_5_15_walkover_dry_run_says_would(example):
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    before = snapshot(example)
    r = run_dbf("result", "walkover", "C1-001", "--withdrawn", "KBH-3", "--dry-run")
    assert r.exit_code == 0 and "would" in r.stdout and "nothing written" in r.stdout, r.stdout
    assert snapshot(example) == before
    real = run_dbf("result", "walkover", "C1-001", "--withdrawn", "KBH-3")
    assert real.exit_code == 0 and "would" not in real.stdout


def _send_deadline(today):
    doc = run_dbf("deadlines", "--all", "--today", today, "--json").json
    return next(d for d in doc["deadlines"] if d["what"] == "send the draw of cup round 2 to the teams")


def test_1_5_16_send_the_draw_done_only_when_notify_ran(example, tmp_path):
    """§1.5.16: the draw of round 2 exists, but it is "sent" only after `dbf notify draw`."""
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    write_draw(example, 2, [("KBH-1", "KBH-5")])
    assert not _send_deadline("2026-12-21")["done"] and _send_deadline("2026-12-21")["overdue"]
    r = run_dbf("notify", "draw", "--round", "2", "--out", tmp_path / "mail", "--json")
    assert r.exit_code == 0, r.stdout
    assert _send_deadline("2026-12-21")["done"]
    assert (example / SEASON / "cup" / "notices" / "draw-02.yaml").is_file()


def test_check_hint_does_not_send_to_undo_when_undo_would_refuse(example, tmp_path):
    """A hand edit breaks an invariant: `dbf undo` would refuse (or not touch the file), so the
    hint does not name it."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1))
    assert run_dbf("result", "submit", f).exit_code == 0
    rel = example / SEASON / "cup" / "matches" / "C1-001.yaml"
    doc = yaml.safe_load(rel.read_text())
    doc["gp"] = {k: "0.00" for k in doc["gp"]}                  # by hand: the GP no longer add up
    rel.write_text(yaml.safe_dump(doc, sort_keys=False))
    r = run_dbf("check", "--json")
    errors = [e for e in r.json["errors"] if e["rule"] == "1.5.10"]
    assert r.exit_code == 1 and errors and all("dbf undo" not in (e["hint"] or "") for e in errors), r.stdout
    assert run_dbf("undo").exit_code == 2                        # indeed: undo refuses


def test_1_5_1_2_hum_warning_not_repeated_for_a_recorded_match():
    """§1.5.1.2: the schedule's HUM warning is for a match to be played; once recorded, the sheet decided."""
    from dbfcli.rules.cup.home import HumPair, schedule_match
    from dbfcli.rules.model import CupMatch
    from dbfcli.rules.settings import CupSettings

    cup = CupSettings(match_days={3: dt.date(2027, 1, 31)})
    m = CupMatch("C3-001", 3, ("A", "B"))
    pairs = [HumPair("A", (1, 2), dt.date(2027, 1, 20))]
    _, open_ = schedule_match(m, cup, {"A": "5000", "B": "8000"}, {}, hum_pairs=pairs)
    s, done = schedule_match(m, cup, {"A": "5000", "B": "8000"}, {}, hum_pairs=pairs, recorded=True)
    assert [p.rule for p in open_] == ["1.5.1.2"] and done == [] and s.hum     # the verdict stays listed
