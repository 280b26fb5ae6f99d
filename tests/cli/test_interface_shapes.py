"""docs/interface.md "JSON shapes": the keys that must be there, command by command, on a copy of
the example (cup round 1 drawn by `dbf draw`, one sheet recorded by `dbf result submit`).
More keys may be added; these tests check only that the contract's keys are there with the
contract's shapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dbftest import run_dbf
from divkit import write_results
from test_result import cup_teams, sheet_text

REPO = Path(__file__).resolve().parents[2]
CARDS = REPO / "examples" / "systems"


def ok_json(*argv):
    r = run_dbf(*argv, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.json


@pytest.fixture
def drawn(example):
    doc = ok_json("draw", "cup", "--round", "1", "--seed", "2026")
    return example, doc


def test_1_5_16_draw_shape(drawn):
    """`draw`: {round, seed, matches: [{id, pool, teams: [first, second]}], byes: [team]}."""
    _, doc = drawn
    assert {"round", "seed", "matches", "byes"} <= set(doc)
    assert doc["round"] == 1 and doc["seed"] == 2026
    for m in doc["matches"]:
        assert {"id", "pool", "teams"} <= set(m) and len(m["teams"]) == 2
        assert all(isinstance(t, str) for t in m["teams"])
    assert all(isinstance(t, str) for t in doc["byes"])
    drawn_teams = [t for m in doc["matches"] for t in m["teams"]] + doc["byes"]
    assert sorted(drawn_teams) == sorted(t["id"] for t in ok_json("cup", "teams")["teams"]
                                         if t["entry_round"] <= 1)


def test_1_5_8_schedule_cup_shape(drawn):
    """`schedule cup`: {round, matches: [{id, home, away, venue_postcode, distance_km, up, date, time}]}."""
    _, draw = drawn
    doc = ok_json("schedule", "cup", "--round", "1")
    assert doc["round"] == 1 and [m["id"] for m in doc["matches"]] == [m["id"] for m in draw["matches"]]
    for m in doc["matches"]:
        assert {"id", "home", "away", "venue_postcode", "distance_km", "up", "date", "time"} <= set(m)
        assert isinstance(m["up"], int) and isinstance(m["distance_km"], int)


def test_1_5_10_result_check_and_submit_shape(drawn, tmp_path):
    """`result submit` / `check`: {ok, match, winner, errors: [{rule, message}],
    warnings: [{rule, message}], gp: {player_id: gp}, up: {team_id: up}}."""
    example, draw = drawn
    teams = cup_teams(example)
    m = ok_json("schedule", "cup", "--round", "1")["matches"][0]
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"] + 1))
    keys = {"ok", "match", "winner", "errors", "warnings", "gp", "up"}
    for verb in ("check", "submit"):
        doc = ok_json("result", verb, sheet)
        assert keys <= set(doc) and doc["ok"] is True and doc["match"] == m["id"]
        assert doc["winner"] == m["home"] and doc["errors"] == []
        assert doc["warnings"] and all({"rule", "message"} <= set(w) for w in doc["warnings"])
        assert any(w["rule"] == "1.5.4" for w in doc["warnings"])            # the UP claim differs
        assert set(doc["gp"]) == {str(p["id"]) for p in teams[m["home"]]["players"]}
        assert doc["up"] == {m["away"]: m["up"]}                           # §1.5.4: the rule's figure
    bad = tmp_path / "bad.yaml"
    bad.write_text(sheet.read_text().replace("signed_by", "# signed_by"))
    r = run_dbf("result", "check", bad, "--json")
    assert r.exit_code == 1 and keys <= set(r.json) and r.json["ok"] is False
    assert all({"rule", "message"} <= set(e) for e in r.json["errors"])


def test_1_1_2_1_standings_shape(example):
    """`standings`: {division, rows: [{rank, team, played, imps_for, imps_against, vp}]}."""
    write_results(example)
    doc = ok_json("standings", "1div")
    assert doc["division"] == "1div" and len(doc["rows"]) == 12
    for row in doc["rows"]:
        assert {"rank", "team", "played", "imps_for", "imps_against", "vp"} <= set(row)
    assert [r["rank"] for r in doc["rows"]] == sorted(r["rank"] for r in doc["rows"])


@pytest.mark.parametrize("div", ["1div", "2div", "3div-a", "3div-b"])
def test_1_1_2_1_schedule_div_shape(example, div):
    """`schedule DIV`: {division, rounds: [{round, date, matches: [{id, home, away}]}]}."""
    doc = ok_json("schedule", div)
    assert doc["division"] == div and doc["rounds"]
    for rnd in doc["rounds"]:
        assert {"round", "date", "matches"} <= set(rnd)
        for m in rnd["matches"]:
            assert {"id", "home", "away"} <= set(m)


def test_division_teams_shape_in_seeding_order(example):
    """`division teams`: {division, teams: [{id, name, club, postcode, players}]} in seeding order."""
    import yaml

    order = [t["id"] for t in yaml.safe_load((example / "2026-27/divisions/2div.yaml").read_text())["teams"]]
    doc = ok_json("division", "teams", "2div")
    assert doc["division"] == "2div" and [t["id"] for t in doc["teams"]] == order
    for t in doc["teams"]:
        assert {"id", "name", "club", "postcode", "players"} <= set(t)


def test_1_5_3_cup_teams_shape(example):
    """`cup teams`: {teams: [{id, name, club, postcode, entry_round, players: [{id, name, club, division}]}]}."""
    doc = ok_json("cup", "teams")
    assert doc["teams"]
    for t in doc["teams"]:
        assert {"id", "name", "club", "postcode", "entry_round", "players"} <= set(t)
        assert 1 <= t["entry_round"] <= 9
        for p in t["players"]:
            assert {"id", "name", "club", "division"} <= set(p)


def test_1_5_4_up_and_1_5_10_gp_shapes(drawn, tmp_path):
    """`up`: {teams: {team_id: total}}; `gp`: {players: {player_id: total}}; with and without the argument."""
    example, _ = drawn
    teams = cup_teams(example)
    m = ok_json("schedule", "cup", "--round", "1")["matches"][0]
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]))
    ok_json("result", "submit", sheet)
    up = ok_json("up")["teams"]
    assert up[m["away"]] == m["up"] and all(isinstance(v, int) for v in up.values())
    assert ok_json("up", m["away"])["teams"] == {m["away"]: m["up"]}
    gp = ok_json("gp")["players"]
    winner = str(teams[m["home"]]["players"][0]["id"])
    assert gp[winner] > 0 and all(isinstance(v, (int, float)) for v in gp.values())
    assert ok_json("gp", winner)["players"] == {winner: gp[winner]}


def test_vp_shape_wbf_20_by_default():
    """`vp`: {boards, imps, vp: [winner, loser]}; the WBF 20-VP continuous scale by default."""
    doc = ok_json("vp", "12", "--boards", "16")
    assert (doc["boards"], doc["imps"]) == (16, 12) and doc["vp"] == [13.28, 6.72]
    assert sum(ok_json("vp", "100", "--boards", "20")["vp"]) == 20


def test_1_5_4_distance_shape():
    """`distance`: {from, to, km, crossings: [name], up}."""
    doc = ok_json("distance", "5000", "2100")
    assert (doc["from"], doc["to"]) == ("5000", "2100") and doc["crossings"] == ["storebaelt"]
    assert isinstance(doc["km"], int) and isinstance(doc["up"], int)


def test_2_10_11_system_check_shape():
    """`system check`: {hum, open_defence, reasons: [{rule, bid, message}]}."""
    doc = ok_json("system", "check", CARDS / "strong-pass.yaml")
    assert doc["hum"] is True and doc["open_defence"] is False and doc["reasons"]
    for r in doc["reasons"] + ok_json("system", "check", CARDS / "weak-two-suiter.yaml")["reasons"]:
        assert {"rule", "bid", "message"} <= set(r)


def test_deadlines_shape(example):
    """`deadlines`: {deadlines: [{what, due, overdue}]}."""
    doc = ok_json("deadlines", "--today", "2026-12-20")
    assert doc["deadlines"]
    for d in doc["deadlines"]:
        assert {"what", "due", "overdue"} <= set(d) and isinstance(d["overdue"], bool)


@pytest.mark.parametrize("argv,code", [
    (["standings", "9div"], 2), (["result", "walkover", "C1-999", "--withdrawn", "X"], 2),
    (["up", "NO-SUCH-TEAM"], 2), (["distance", "0000", "5000"], 2), (["vp", "3", "--boards", "0"], 2),
], ids=lambda a: " ".join(a) if isinstance(a, list) else str(a))
def test_error_document_shape(example, argv, code):
    """Errors with --json: {ok: false, errors: [{rule, message}]}, rule a § number or null."""
    r = run_dbf(*argv, "--json")
    assert r.exit_code == code
    assert r.json["ok"] is False and r.json["errors"]
    for e in r.json["errors"]:
        assert {"rule", "message"} <= set(e) and (e["rule"] is None or e["rule"][0].isdigit())
