"""`dbf draw cup --round N` on a copy of the example season (§1.5.2, §1.5.3, §1.5.16)."""

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"


def season(example):
    return example / SEASON


def clubs_of(example):
    data = yaml.safe_load((season(example) / "cup/teams.yaml").read_text(encoding="utf-8"))
    return {t["id"]: t["club"] for t in data["teams"]}


def record_results(example, round_no, doc, winner_index=0, up=None):
    """Stand-in for `dbf result submit`: the recorded-match files the draw reads (match, round, winner, up)."""
    folder = season(example) / "cup/matches"
    folder.mkdir(parents=True, exist_ok=True)
    for m in doc["matches"]:
        a, b = m["teams"]
        winner, loser = (a, b) if winner_index == 0 else (b, a)
        rec = {"schema": 1, "match": m["id"], "round": round_no, "kind": "result", "teams": [a, b],
               "home": a, "away": b, "winner": winner, "loser": loser}
        if up and b in up:
            rec["up"] = {b: up[b]}
        (folder / f"{m['id']}.yaml").write_text(yaml.safe_dump(rec), encoding="utf-8")


def test_1_5_2_draw_round_1_records_pools_without_same_club(example):
    """§1.5.2: round 1 in pools (east + 2 west), no same-club pair; file per docs/interface.md."""
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "7", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert set(doc) >= {"round", "seed", "matches", "byes"} and doc["round"] == 1 and doc["seed"] == 7
    assert {m["pool"] for m in doc["matches"]} == {"east", "west-1", "west-2"}
    clubs = clubs_of(example)
    assert all(clubs[m["teams"][0]] != clubs[m["teams"][1]] for m in doc["matches"])
    saved = yaml.safe_load((season(example) / "cup/draws/round-01.yaml").read_text(encoding="utf-8"))
    assert saved["schema"] == 1 and saved["seed"] == 7 and saved["byes"] == doc["byes"]
    assert [m["teams"] for m in saved["matches"]] == [m["teams"] for m in doc["matches"]]
    assert len(saved["pools"]) == 135


def test_1_5_16_same_seed_same_draw_and_dry_run_writes_nothing(example):
    """§1.5.16: the recorded seed reproduces the draw; --dry-run writes nothing."""
    before = snapshot(example)
    a = run_dbf("draw", "cup", "--round", "1", "--seed", "99", "--dry-run", "--json")
    b = run_dbf("draw", "cup", "--round", "1", "--seed", "99", "--dry-run", "--json")
    assert a.exit_code == b.exit_code == 0
    assert a.json["matches"] == b.json["matches"] and a.json["byes"] == b.json["byes"]
    assert snapshot(example) == before
    c = run_dbf("draw", "cup", "--round", "1", "--json")
    assert c.exit_code == 0 and isinstance(c.json["seed"], int)


def test_1_5_16_redraw_needs_force_and_no_results(example):
    """§1.5.16: a drawn round is redrawn only with --force, never once it has a result."""
    first = run_dbf("draw", "cup", "--round", "1", "--seed", "1", "--json")
    again = run_dbf("draw", "cup", "--round", "1", "--seed", "2", "--json")
    assert again.exit_code == 2 and again.json["errors"][0]["rule"] == "1.5.16"
    forced = run_dbf("draw", "cup", "--round", "1", "--seed", "2", "--force", "--json")
    assert forced.exit_code == 0 and forced.json["seed"] == 2
    record_results(example, 1, {"matches": forced.json["matches"][:1]})
    before = snapshot(example)
    refused = run_dbf("draw", "cup", "--round", "1", "--seed", "3", "--force")
    assert refused.exit_code == 2 and "results" in refused.stderr
    assert snapshot(example) == before
    assert first.exit_code == 0


def test_1_5_2_round_2_after_round_1_results_keeps_guarantee(example):
    """§1.5.2/§1.5.16: round 2 waits for every round-1 result; round-1 byes then play."""
    r1 = run_dbf("draw", "cup", "--round", "1", "--seed", "11", "--json").json
    early = run_dbf("draw", "cup", "--round", "2", "--json")
    assert early.exit_code == 2 and early.json["errors"][0]["rule"] == "1.5.16"
    record_results(example, 1, r1)
    r2 = run_dbf("draw", "cup", "--round", "2", "--seed", "12", "--json")
    assert r2.exit_code == 0, r2.stderr
    played = {t for m in r2.json["matches"] for t in m["teams"]}
    assert set(r1["byes"]) <= played
    pools1 = {t: m["pool"] for m in r1["matches"] for t in m["teams"]}
    assert all(pools1.get(m["teams"][0], m["pool"]) == m["pool"] for m in r2.json["matches"])
    record_results(example, 2, r2.json, winner_index=1)
    r3 = run_dbf("draw", "cup", "--round", "3", "--seed", "13", "--json")
    assert r3.exit_code == 0, r3.stderr
    in3 = [t for m in r3.json["matches"] for t in m["teams"]] + r3.json["byes"]
    assert len(in3) == len(set(in3))
    assert all(m["pool"] is None for m in r3.json["matches"])
    assert len(r3.json["matches"]) + len(r3.json["byes"]) == 64    # 1/64 final: 64 slots (§1.5.3)
    teams = run_dbf("cup", "teams", "--json").json["teams"]
    seeded4 = {t["id"] for t in teams if t["entry_round"] == 4}
    assert seeded4 and seeded4 <= set(r3.json["byes"])            # §1.5.3 round-4 entrants hold round-3 byes


def test_draw_human_output_and_bad_round(example):
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "3")
    assert r.exit_code == 0 and "pool east" in r.stdout and "seed 3" in r.stdout
    bad = run_dbf("draw", "cup", "--round", "10")
    assert bad.exit_code == 2
