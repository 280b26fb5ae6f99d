"""`dbf season rollover`: §1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.1-3, §1.1.5."""

import pytest
import yaml

from dbftest import snapshot
from divkit import HALVES, qualifiers_file, write_results  # noqa: F401


@pytest.fixture
def finished(example, dbf, tmp_path):
    """The example season with every division match, the play-off and the runners-up match played."""
    order = write_results(example)
    assert dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    assert dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0     # §1.1.4.2 home first
    for m in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO"):
        div = "3div" if m == "3div-PO" else "1div"
        r = dbf("playoff", div, "result", m, *HALVES)
        assert r.exit_code == 0, r.stderr
    return example, order, qualifiers_file(tmp_path / "q.yaml")


def read_ids(folder, season, div):
    data = yaml.safe_load((folder / season / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
    return [t["id"] for t in data["teams"]]


def test_1_1_2_2_rollover_writes_a_season_that_checks(dbf, finished):
    folder, order, q = finished
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    first, second = read_ids(folder, "2027-28", "1div"), read_ids(folder, "2027-28", "2div")
    # §1.1.2.4: ODE-A won the final (first team of the HALVES wins) and is seeded first
    assert first[0] == "ODE-A" and set(first) == set(order["1div"][:10]) | set(order["2div"][:2])
    # §1.1.3.3, §1.1.4.2: the runners-up match was won by group a's runner-up (85-81)
    assert set(second) == (set(order["1div"][10:]) | set(order["2div"][2:9])
                           | {order["3div-a"][0], order["3div-b"][0], order["3div-a"][1]})
    assert order["3div-b"][1] in read_ids(folder, "2027-28", "3div-a") + read_ids(folder, "2027-28", "3div-b")
    a, b = read_ids(folder, "2027-28", "3div-a"), read_ids(folder, "2027-28", "3div-b")
    assert len(a) == len(b) == 12 and {"QW1", "QW2", "QW3"} <= set(a) and {"QK2", "QE1", "QE2"} <= set(b)   # §1.1.4.1
    assert doc["travel_km"]["3div-a"] > 0 and any(s["rule"] == "1.1.4.1" for s in doc["steps"])
    assert dbf("--season", "2027-28", "check").exit_code == 0
    assert (folder / "2027-28" / "cup" / "teams.yaml").exists() and (folder / "2027-28" / "season.toml").exists()


def test_rollover_dry_run_writes_nothing(dbf, finished):
    folder, _, q = finished
    before = snapshot(folder)
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--dry-run")
    assert r.exit_code == 0, r.stderr
    assert "§1.1.2.2" in r.stderr and snapshot(folder) == before


def test_rollover_dry_run_leaves_no_folder_and_the_real_rollover_then_runs(dbf, finished):
    """A dry run must not create DIR/2027-28 (not even for its lock file): the real
    rollover after it used to be refused with "season 2027-28 already exists"."""
    folder, _, q = finished
    assert dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--dry-run").exit_code == 0
    assert not (folder / "2027-28").exists()
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q)
    assert r.exit_code == 0, r.stderr


def test_rollover_over_a_folder_holding_only_a_lock_file(dbf, finished):
    """A folder left by an earlier run with only its `.dbf.lock` is not a season."""
    folder, _, q = finished
    (folder / "2027-28").mkdir()
    (folder / "2027-28" / ".dbf.lock").write_text("")
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q)
    assert r.exit_code == 0, r.stderr


def test_1_1_1_1_vacancy_pending_match_then_winner(dbf, finished):
    folder, order, q = finished
    gone = order["2div"][4]                      # a 2div team: both runners-up go up, 3div needs QW4 v QE3
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--vacancy", gone, "--json")
    assert r.exit_code == 1 and [p["id"] for p in r.json["pending"]] == ["Q-PO1"]
    assert not (folder / "2027-28").exists()
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--vacancy", gone, "--winner", "Q-PO1=QE3")
    assert r.exit_code == 0, r.stderr
    assert "QE3" in read_ids(folder, "2027-28", "3div-b") + read_ids(folder, "2027-28", "3div-a")
    assert {order["3div-a"][1], order["3div-b"][1]} <= set(read_ids(folder, "2027-28", "2div"))


def test_1_1_1_1_too_late_lots_recorded(dbf, finished):
    folder, order, q = finished
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--vacancy", order["1div"][6],
            "--too-late-for-match", "--seed", "5", "--json")
    assert r.exit_code == 0, r.stderr
    (lot,) = r.json["lots"]
    assert lot["rule"] == "1.1.1.1" and lot["seed"] == 5 and lot["drawn"] in ("QW4", "QE3")
    record = yaml.safe_load((folder / "2027-28" / "divisions" / "rollover.yaml").read_text(encoding="utf-8"))
    assert record["lots"][0]["drawn"] == lot["drawn"] and record["vacancies"] == [order["1div"][6]]


def test_1_1_5_1_membership_moves_a_place(dbf, finished, tmp_path):
    folder, _, _ = finished
    q = qualifiers_file(tmp_path / "q2.yaml", membership=(4001, 1999))
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--json")
    assert r.exit_code == 0, r.stderr
    everyone = set(r.json["divisions"]["3div"])
    assert {"QW1", "QW2", "QW3", "QW4"} <= everyone and "QE2" not in everyone        # west 4, east 2


def test_rollover_refuses_incomplete_or_missing_input(dbf, example, tmp_path):
    write_results(example, skip=3)
    q = qualifiers_file(tmp_path / "q.yaml")
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q)
    assert r.exit_code == 1 and "§1.1.2.1" in r.stderr and not (example / "2027-28").exists()
    assert dbf("season", "rollover", "--to", "2027-28").exit_code == 2                 # no --qualifiers
    assert dbf("season", "rollover", "--to", "2027-29", "--qualifiers", q).exit_code == 2
    (example / "2027-28").mkdir()
    (example / "2027-28" / "season.toml").write_text("schema = 1\n")
    assert dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q).exit_code == 2


def test_1_1_1_1_too_late_to_promote_leaves_the_division_short(dbf, finished):
    folder, order, q = finished
    r = dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--vacancy", order["2div"][0],
            "--too-late-to-promote", "--json")
    assert r.exit_code == 0, r.stderr
    assert len(r.json["divisions"]["1div"]) == 11
    assert any(w["rule"] == "1.1.1.1" and "bye" in w.get("hint", "") for w in r.json["warnings"])
    assert len(read_ids(folder, "2027-28", "1div")) == 11
