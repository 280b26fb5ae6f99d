"""`dbf schedule cup` on a copy of the example season (§1.5.4-§1.5.8)."""

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"


def postcodes(example):
    data = yaml.safe_load((example / SEASON / "cup/teams.yaml").read_text(encoding="utf-8"))
    return {t["id"]: t["postcode"] for t in data["teams"]}


def drawn(seed=4):
    r = run_dbf("draw", "cup", "--round", "1", "--seed", str(seed), "--json")
    assert r.exit_code == 0, r.stderr
    return r.json


def test_1_5_8_schedule_after_draw(example):
    """§1.5.5 home = drawn first with no UP yet; §1.5.8 venue = home captain; §1.5.6 official day 13:00."""
    draw = drawn()
    r = run_dbf("schedule", "cup", "--round", "1", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["round"] == 1 and len(doc["matches"]) == len(draw["matches"])
    pcs = postcodes(example)
    for row, m in zip(doc["matches"], draw["matches"]):
        assert set(row) >= {"id", "home", "away", "venue_postcode", "distance_km", "up", "date", "time"}
        assert [row["home"], row["away"]] == m["teams"]
        assert row["venue_postcode"] == pcs[row["home"]]
        assert (row["date"], row["time"]) == ("2026-12-13", "13:00")
        assert isinstance(row["up"], int) and row["up"] >= (1 if row["distance_km"] else 0)


def test_1_5_5_home_by_up_credited_earlier(example):
    """§1.5.5: the team with most UP credited in earlier rounds is at home in round 2."""
    draw = drawn(seed=8)
    folder = example / SEASON / "cup/matches"
    folder.mkdir(parents=True)
    for m in draw["matches"]:
        a, b = m["teams"]   # the second team wins and is credited UP for travelling
        (folder / f"{m['id']}.yaml").write_text(yaml.safe_dump(
            {"schema": 1, "match": m["id"], "round": 1, "winner": b, "loser": a, "up": {b: 5}}), encoding="utf-8")
    r2 = run_dbf("draw", "cup", "--round", "2", "--seed", "9", "--json").json
    sched = {row["id"]: row for row in run_dbf("schedule", "cup", "--round", "2", "--json").json["matches"]}
    winners = {m["teams"][1] for m in draw["matches"]}
    for m in r2["matches"]:
        a, b = m["teams"]
        if b in winners and a not in winners:
            assert sched[m["id"]]["home"] == b      # 5 UP beat 0 UP
        elif (a in winners) == (b in winners):
            assert sched[m["id"]]["home"] == a      # equal UP: drawn first


def test_1_5_6_set_later_date_needs_dispensation(example):
    """§1.5.6: a date after the official day is refused without a dispensation; nothing written."""
    m = drawn()["matches"][0]["id"]
    before = snapshot(example)
    r = run_dbf("schedule", "cup", "set", m, "--date", "2026-12-20", "--json")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.6"
    assert snapshot(example) == before
    ok = run_dbf("schedule", "cup", "set", m, "--date", "2026-12-20", "--time", "10:00", "--venue", "5000",
                 "--dispensation", "pair selected for DBF")
    assert ok.exit_code == 0, ok.stderr
    row = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    assert (row["date"], row["time"], row["venue_postcode"]) == ("2026-12-20", "10:00", "5000")
    assert row["dispensation"] == "pair selected for DBF"


def test_schedule_csv_ics_and_errors(example, tmp_path):
    draw = drawn()
    csv = run_dbf("schedule", "cup", "--round", "1", "--csv")
    assert csv.exit_code == 0 and csv.stdout.lstrip("\ufeff").splitlines()[0] == "id,home,away,venue_postcode,distance_km,up,date,time"
    ics = tmp_path / "r1.ics"
    r = run_dbf("schedule", "cup", "--round", "1", "--ics", str(ics))
    assert r.exit_code == 0 and ics.read_text().count("BEGIN:VEVENT") == len(draw["matches"])
    assert run_dbf("schedule", "cup", "--round", "2").exit_code == 2            # not drawn
    assert run_dbf("schedule", "cup", "set", "C7-001", "--time", "10:00").exit_code == 2   # unknown match
    assert run_dbf("schedule", "cup", "set", draw["matches"][0]["id"], "--time", "25:00").exit_code == 2


def test_1_5_7_semi_finals_neutral_venue(example):
    """§1.5.7: semi-finals on the final weekend's Saturday at DBF's venue; no home team, both travel."""
    teams = list(postcodes(example))[:4]
    folder = example / SEASON / "cup/draws"
    folder.mkdir(parents=True)
    (folder / "round-08.yaml").write_text(yaml.safe_dump({
        "schema": 1, "round": 8, "seed": 1, "drawn_order": teams, "byes": [],
        "matches": [{"id": "C8-001", "pool": None, "teams": teams[:2]},
                    {"id": "C8-002", "pool": None, "teams": teams[2:]}]}), encoding="utf-8")
    r = run_dbf("schedule", "cup", "--round", "8", "--json")
    assert r.exit_code == 0, r.stderr
    row = r.json["matches"][0]
    assert row["neutral"] is True and [row["home"], row["away"]] == teams[:2]
    assert (row["venue_postcode"], row["date"]) == ("5000", "2027-05-15")
    assert set(row["travel"]) == set(teams[:2])
