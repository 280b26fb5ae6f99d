"""Issue 26, §1.5.16 with §1.5.14: the next cup round is not drawn while a dispute or a sheet with
errors of form of the previous round waits for the TD (`dbf result pending`): `dbf draw cup`
refuses (exit 1) naming the match; `--force` draws anyway and the journal says so; `dbf check`
and `dbf deadlines` list what waits (warnings)."""

from __future__ import annotations

import urllib.parse

import pytest

from dbftest import run_dbf
from webkit import SEASON, client, drawn_season, good_sheet, link_of, links, schedule


@pytest.fixture
def round_one_played_one_disputed(tmp_path, monkeypatch):
    """Round 1 drawn, every sheet recorded (the first one sent over the web), and the first
    match's recorded sheet disputed by the other captain."""
    root = drawn_season(tmp_path, monkeypatch)
    sched, all_links = schedule(), links()
    first, *rest = sched.values()
    folder = tmp_path / "sheets"
    folder.mkdir()
    for m in rest:
        (folder / f"{m['id']}.yaml").write_text(good_sheet(root, m))
    r = run_dbf("result", "submit", str(folder), "--json")
    assert r.exit_code == 0, r.stdout[-2000:]
    c = client(root)
    tok = {side: link_of(all_links, first["id"], first[side])["token"] for side in ("home", "away")}
    h = {"Content-Type": "application/yaml"}
    assert c.post("/api/v1/sheets", content=good_sheet(root, first).encode(),
                  headers={**h, "Authorization": f"Bearer {tok['home']}"}).status_code == 200
    r = c.post("/api/v1/sheets/dispute?note=" + urllib.parse.quote("wrong way round"),
               content=good_sheet(root, first, imps=(20, 30)).encode(),
               headers={**h, "Authorization": f"Bearer {tok['away']}"})
    assert r.status_code == 200, r.text
    return root, first


def _state(root) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in (root / SEASON).rglob("*")
            if p.is_file() and ".cache" not in p.parts and p.name != ".dbf.lock"}


def test_1_5_16_the_next_round_waits_for_a_pending_dispute(round_one_played_one_disputed):
    root, first = round_one_played_one_disputed
    before = _state(root)
    r = run_dbf("draw", "cup", "--round", "2", "--seed", "7", "--json")
    assert r.exit_code == 1, r.stdout + r.stderr
    errors = r.json["errors"]
    assert [e["rule"] for e in errors] == ["1.5.16"] and first["id"] in errors[0]["message"]
    assert _state(root) == before                      # refused: nothing written
    human = run_dbf("draw", "cup", "--round", "2", "--seed", "7")
    assert human.exit_code == 1 and first["id"] in human.stderr and "§1.5.16" in human.stderr
    assert run_dbf("--lang", "da", "draw", "cup", "--round", "2", "--seed", "7").stderr.count("venter på turneringslederen")


def test_1_5_16_force_draws_anyway_and_the_journal_says_so(round_one_played_one_disputed):
    root, first = round_one_played_one_disputed
    r = run_dbf("draw", "cup", "--round", "2", "--seed", "7", "--force", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    last = run_dbf("log", "--json").json["entries"][-1]
    assert "--force" in last["message"] and first["id"] in last["message"], last


def test_1_5_14_check_and_deadlines_list_what_waits(round_one_played_one_disputed):
    root, first = round_one_played_one_disputed
    for args in (("check", "--json"), ("deadlines", "--json")):
        r = run_dbf(*args)
        waits = [w for w in r.json["warnings"] if w["rule"] == "1.5.14" and first["id"] in w["message"]]
        assert waits, (args, r.json["warnings"])
    assert first["id"] in run_dbf("deadlines").stderr


def test_1_5_16_after_accepting_the_round_is_drawn(round_one_played_one_disputed):
    root, first = round_one_played_one_disputed
    assert run_dbf("result", "accept", first["id"]).exit_code == 0
    assert run_dbf("draw", "cup", "--round", "2", "--seed", "7").exit_code == 0


def test_1_5_14_pending_shows_what_the_dispute_changes(round_one_played_one_disputed):
    root, first = round_one_played_one_disputed
    item = run_dbf("result", "pending", "--json").json["pending"][0]
    whats = {c["what"]: c for c in item["changes"]}
    assert whats["winner"]["recorded"] == first["home"] and whats["winner"]["disputed"] == first["away"]
    assert (whats["imps"]["recorded"], whats["imps"]["disputed"]) == ("30-20", "20-30") and "gp" in whats
    human = run_dbf("result", "pending").stdout
    assert f"{first['id']}: winner {first['home']} -> {first['away']}" in human and "30-20 -> 20-30" in human


def test_1_5_14_accept_dry_run_says_what_would_change_and_writes_nothing(round_one_played_one_disputed):
    root, first = round_one_played_one_disputed
    before = _state(root)
    r = run_dbf("result", "accept", first["id"], "--dry-run", "--json")
    assert r.exit_code == 0 and {c["what"] for c in r.json["changes"]} >= {"winner", "imps", "gp"}
    human = run_dbf("--lang", "da", "result", "accept", first["id"], "--dry-run")
    assert f"vinder {first['home']} -> {first['away']}" in human.stdout
    assert _state(root) == before
