"""`dbf season rollover` endgame (issue 15.2, 15.3, 15.6, 15.7, 15.10): a recorded result decides
(§1.1.4.2), --to is the next season, the new season is made current, an undone or interrupted
rollover leaves no half season, the 3rd division is split by road km (§1.1.4.1)."""

from __future__ import annotations

import pytest

from dbftest import run_dbf, snapshot
from divkit import HALVES, qualifiers_file
from divseasonkit import record_all

LOSE = ["--half", "20-30", "--half", "10-12", "--half", "40-40", "--half", "5-9"]


@pytest.fixture
def finished(example, tmp_path):
    record_all(example)
    assert run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    for m in ("1div-SF1", "1div-SF2", "1div-F"):
        assert run_dbf("playoff", "1div", "result", m, *HALVES).exit_code == 0
    assert run_dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0   # §1.1.4.2 home first
    assert run_dbf("playoff", "3div", "result", "3div-PO", *LOSE).exit_code == 0      # group b's runner-up wins
    return example, qualifiers_file(tmp_path / "q.yaml")


def _roll(q, *more):
    return run_dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, *more)


def test_1_1_4_2_winner_cannot_override_a_recorded_result(finished):
    folder, q = finished
    po = run_dbf("playoff", "3div", "--json").json["matches"][0]
    loser = po["teams"][0]
    before = snapshot(folder)
    r = _roll(q, "--winner", f"3div-PO={loser}", "--json")
    assert r.exit_code == 1 and any(e["rule"] == "1.1.4.2" for e in r.json["errors"])
    assert snapshot(folder) == before
    # the recorded winner given again is fine
    assert _roll(q, "--winner", f"3div-PO={po['teams'][1].lower()}", "--dry-run").exit_code == 0


def test_1_1_1_1_unknown_winner_key_is_a_usage_error(finished):
    _, q = finished
    r = _roll(q, "--winner", "FOO=BAR", "--dry-run")
    assert r.exit_code == 2 and "FOO" in r.stderr
    r = _roll(q, "--winner", "3div-PO3=ODE-B", "--dry-run")      # no vacancy: no such match in this rollover
    assert r.exit_code == 2


@pytest.mark.parametrize("to", ["2025-26", "2028-29", "2026-27"])
def test_1_1_2_2_to_is_only_the_next_season(finished, to):
    _, q = finished
    r = run_dbf("season", "rollover", "--to", to, "--qualifiers", q, "--dry-run")
    assert r.exit_code == 2


def test_1_1_2_2_new_season_made_current_and_said(finished):
    folder, q = finished
    r = _roll(q)
    assert r.exit_code == 0, r.stderr
    assert 'current = "2027-28"' in (folder / "dbf.toml").read_text(encoding="utf-8")
    assert "2027-28 is now the current season" in r.stdout
    assert run_dbf("check").exit_code == 0                     # the new, current season
    assert run_dbf("--season", "2026-27", "check").exit_code == 0


def test_1_1_2_2_undo_of_a_rollover_removes_the_new_season(finished):
    folder, q = finished
    assert _roll(q).exit_code == 0
    r = run_dbf("undo")
    assert r.exit_code == 0, r.stderr
    assert not (folder / "2027-28").exists()
    assert 'current = "2026-27"' in (folder / "dbf.toml").read_text(encoding="utf-8")
    assert _roll(q).exit_code == 0                              # and it can be done again


def test_1_1_2_2_undo_reads_the_season_a_rollover_came_from_off_its_journal_key(finished):
    """Issue 24 (nothing decides on a message's text): the new season's first journal entry
    names the season it was made from (``made_from``); `dbf undo` finds it there, whatever the
    entry's message says; an entry of another write is no rollover, whatever its message."""
    import yaml

    from dbfcli.store.divisions.rollover import made_from

    folder, q = finished
    assert _roll(q).exit_code == 0
    (entry_file,) = sorted((folder / "2027-28" / "journal").glob("*.yaml"))
    entry = yaml.safe_load(entry_file.read_text(encoding="utf-8"))
    assert entry["made_from"] == "2026-27"
    entry["message"] = "a message reworded by a later dbf"
    entry_file.write_text(yaml.safe_dump(entry, allow_unicode=True), encoding="utf-8")
    assert run_dbf("undo").exit_code == 0
    assert not (folder / "2027-28").exists()
    assert 'current = "2026-27"' in (folder / "dbf.toml").read_text(encoding="utf-8")
    assert made_from({"message": "rollover 2026-27 -> 2027-28"}) == "2026-27"     # written before the key
    assert made_from({"message": "rollover 2026-27 -> 2027-28", "made_from": None}) is None
    assert made_from({"message": "entered 3 teams"}) is None


def test_1_1_4_1_split_by_road_km(finished):
    """§1.1.4.1: the within-group sum is road km by the cup's model (as `dbf distance`)."""
    from dbfcli.rules.geography import road_route
    from dbfcli.store.geodata import load_postcodes

    folder, q = finished
    r = _roll(q, "--dry-run", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    import itertools

    import yaml

    teams = {}
    for div in ("1div", "2div", "3div-a", "3div-b"):
        data = yaml.safe_load((folder / "2026-27" / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
        teams.update({t["id"]: t["postcode"] for t in data["teams"]})
    qdoc = yaml.safe_load(q.read_text(encoding="utf-8"))
    teams.update({t["id"]: t["postcode"] for t in qdoc["teams"]})
    table = load_postcodes()
    west = doc["new_divisions"]["3div-a"]
    km = sum(road_route(table, teams[a], teams[b]).km for a, b in itertools.combinations(west, 2))
    assert doc["distance"] == "road" and abs(km - doc["travel_km"]["3div-a"]) < 0.2


def test_1_1_4_1_split_uses_the_seasons_distances_csv(finished):
    """§1.1.4.1 with the season's known road km (docs/formats/distances-csv.md): a pair of the
    west group given 999 km makes the within-group sum differ from the model's."""
    folder, q = finished
    before = _roll(q, "--dry-run", "--json").json
    import yaml

    teams = {}
    for div in ("1div", "2div", "3div-a", "3div-b"):
        data = yaml.safe_load((folder / "2026-27" / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
        teams.update({t["id"]: t["postcode"] for t in data["teams"]})
    teams.update({t["id"]: t["postcode"] for t in yaml.safe_load(q.read_text(encoding="utf-8"))["teams"]})
    west = before["new_divisions"]["3div-a"]
    a, b = next((x, y) for x in west for y in west if teams[x] != teams[y])
    (folder / "2026-27" / "distances.csv").write_text(f"from,to,km\n{teams[a]},{teams[b]},999\n", encoding="utf-8")
    after = _roll(q, "--dry-run", "--json")
    assert after.exit_code == 0, after.stderr
    total = lambda d: d["travel_km"]["3div-a"] + d["travel_km"]["3div-b"]  # noqa: E731
    assert total(after.json) > total(before)
