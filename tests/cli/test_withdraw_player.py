"""Issue 14.2: §1.5.11 against §1.5.12, the team-of-7 dead end. A substitute who would join a
full team (6 players) by playing for it a second time is refused (§1.5.11); the TD may withdraw
a player who has not played (`dbf cup withdraw-player`), and then the substitute joins; no
state a write produces leaves a team still in the cup with more than 6 players
(invariant `team.can-field-a-side`, run by `dbf check`)."""

from __future__ import annotations

import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw

SUB = 555001


def _sub_rows(team: dict, boards: int = 40) -> str:
    own = team["players"][:3]
    return "\n".join([f"    - {{id: {p['id']}, boards: {boards}}}" for p in own]
                     + [f"    - {{id: {SUB}, boards: {boards}, substitute: true, name: Bo Vikar, club: 1020}}"])


def _submit(example, tmp_path, match, home, away, round_no, played_on, **kw):
    f = tmp_path / f"{match}.yaml"
    f.write_text(sheet_text(match, home, away, round_no, played_on=played_on,
                            submitted_at=f"{played_on}T21:00", away_rows=_sub_rows(away), **kw))
    return run_dbf("result", "submit", f, "--json")


def _withdraw(*args):
    return run_dbf("cup", "withdraw-player", *map(str, args), "--on", "2027-01-05", "--json")


def _frb1_substituted_once(example, tmp_path):
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-3", "FRB-1")])
    r = _submit(example, tmp_path, "C1-001", teams["KBH-3"], teams["FRB-1"], 1, "2026-12-13", imps=(10, 40))
    assert r.exit_code == 0, r.stdout
    write_draw(example, 2, [("KBH-5", "FRB-1")])
    return teams


def test_1_5_11_substitute_joining_a_team_of_six_refused(example, tmp_path):
    """§1.5.11 with §1.5.12: FRB-1 (6 players) uses the same substitute again: he would be its
    7th player, so the sheet is refused (exit 1, §1.5.11), nothing written."""
    teams = _frb1_substituted_once(example, tmp_path)
    before = snapshot(example)
    r = _submit(example, tmp_path, "C2-001", teams["KBH-5"], teams["FRB-1"], 2, "2027-01-10", imps=(10, 40))
    assert r.exit_code == 1 and "1.5.11" in [e["rule"] for e in r.json["errors"]], r.stdout
    assert "withdraw-player" in next(e["hint"] for e in r.json["errors"] if e["rule"] == "1.5.11")
    assert snapshot(example) == before


def test_1_5_11_withdraw_a_player_who_has_not_played_then_the_substitute_joins(example, tmp_path):
    """§1.5.11: the TD withdraws FRB-1's 6th player (he has not played); the second substitution
    is recorded, the substitute joins (§1.5.12) and FRB-1 pays for 6 players, not 7 (§1.5.15)."""
    teams = _frb1_substituted_once(example, tmp_path)
    sixth = teams["FRB-1"]["players"][5]["id"]
    r = _withdraw("FRB-1", sixth, "--note", "moved to Aarhus")
    assert r.exit_code == 0 and r.json["round"] == 2, r.stdout
    doc = yaml.safe_load((example / SEASON / "cup" / "withdrawals.yaml").read_text())
    assert doc["withdrawals"] == [{"team": "FRB-1", "player": sixth, "round": 2, "on": "2027-01-05",
                                   "note": "moved to Aarhus"}]
    assert "cup/withdrawals.yaml" in run_dbf("log", "--json").stdout      # a journal entry
    r = _submit(example, tmp_path, "C2-001", teams["KBH-5"], teams["FRB-1"], 2, "2027-01-10", imps=(10, 40))
    assert r.exit_code == 0, r.stdout
    assert "1.5.12" in [w["rule"] for w in r.json["warnings"]]          # he joins
    rows = run_dbf("fees", "FRB-1", "--json").json["teams"]["FRB-1"]["rows"]
    players = {x["round"]: x["players"] for x in rows if x["kind"] == "fee"}
    assert players == {1: 7, 2: 6, 3: 6}      # §1.5.12: the joined substitute pays from round 1
    assert run_dbf("check").exit_code == 0


def test_1_5_11_withdraw_refused_for_a_player_who_has_played(example, tmp_path):
    """§1.5.11: a player who played for the team stays on it (exit 1, nothing written)."""
    teams = _frb1_substituted_once(example, tmp_path)
    before = snapshot(example)
    r = _withdraw("FRB-1", teams["FRB-1"]["players"][0]["id"])
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.11"], r.stdout
    assert snapshot(example) == before


def test_1_5_11_withdraw_refused_below_four_players(example):
    """§1.5.11: a team has at least 4 players: KBH-1 (4) withdraws nobody."""
    kbh1 = cup_teams(example)["KBH-1"]
    r = _withdraw("KBH-1", kbh1["players"][3]["id"])
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.11"], r.stdout


def test_withdraw_unknown_team_or_player_exit_2(example):
    before = snapshot(example)
    r = _withdraw("NOPE-1", 1)
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "unknown.team"
    r = _withdraw("FRB-1", 424242)
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "unknown.player"
    assert snapshot(example) == before


def test_withdraw_dry_run_says_would_and_writes_nothing(example):
    before = snapshot(example)
    sixth = cup_teams(example)["FRB-1"]["players"][5]["id"]
    r = run_dbf("cup", "withdraw-player", "FRB-1", str(sixth), "--dry-run")
    assert r.exit_code == 0 and "would withdraw" in r.stdout
    assert snapshot(example) == before


def test_1_5_11_invariant_a_team_of_seven_cannot_play_its_next_match(example):
    """§1.5.11 (invariant team.can-field-a-side): a hand edit that gives FRB-1 a 7th player is
    an error of `dbf check`, with the way out in the hint; a withdrawal clears it."""
    path = example / SEASON / "cup" / "additions.yaml"
    path.write_text(yaml.safe_dump({"schema": 1, "additions": [
        {"team": "FRB-1", "round": 2, "announced_on": "2027-01-02", "player": {"id": 777001, "name": "X"}}]}))
    r = run_dbf("check", "--json")
    errors = [e for e in r.json["errors"] if e["rule"] == "1.5.11"]
    assert r.exit_code == 1 and errors and "withdraw-player FRB-1" in errors[0]["hint"], r.stdout
    assert _withdraw("FRB-1", 777001).exit_code == 0
    assert run_dbf("check").exit_code == 0


def test_1_5_11_withdrawn_player_is_not_on_the_blank_sheet_nor_in_the_draw_mail(example, tmp_path):
    """§1.5.11: a player the TD withdrew from FRB-1 for round 2 is gone from the round's
    pre-filled sheet (`dbf result blank`) and so from the sheet `dbf notify draw` attaches;
    the sheet of round 1, before the withdrawal, still lists him."""
    teams = _frb1_substituted_once(example, tmp_path)
    sixth = teams["FRB-1"]["players"][5]["id"]
    assert _withdraw("FRB-1", sixth).exit_code == 0
    r = run_dbf("result", "blank", "C2-001", "--out", tmp_path, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    (sheet,) = r.json["sheets"] if "sheets" in r.json else [r.json]
    side = sheet["home"] if sheet["home"]["team"] == "FRB-1" else sheet["away"]
    ids = [p["id"] for p in side["players"]]
    assert sixth not in ids and len(ids) == len(teams["FRB-1"]["players"]) - 1
    earlier = run_dbf("result", "blank", "C1-001", "--out", tmp_path, "--json")
    (sheet1,) = earlier.json["sheets"] if "sheets" in earlier.json else [earlier.json]
    side1 = sheet1["home"] if sheet1["home"]["team"] == "FRB-1" else sheet1["away"]
    assert sixth in [p["id"] for p in side1["players"]]
