"""The play-off and the lots are season invariants on every write (issue 13.5 for §1.1.2.10 and
§1.1.3.2; rules/invariants.py STANDINGS_INVARIANTS, store/divisions/standingsstate.py): a write that would
leave a recorded play-off match decided otherwise than recorded, or a recorded lot deciding a
tie that no longer exists, is refused with exit 1 and its §, and leaves the season byte for byte
as it was; `dbf check` reports the same state made by hand."""

from __future__ import annotations

import pytest
import yaml

from dbftest import run_dbf, snapshot
from divkit import write_results
from divseasonkit import record_all
from test_result import sheet_text

from dbfcli.rules.invariants import STANDINGS_INVARIANTS
from dbfcli.store.season import InvariantBroken, SeasonStore
from dbfcli.store.snapshot import standings_refusals

SEASON = "2026-27"
LEVEL = (("ESB-A", "FYN-A"),)          # 2div nos. 2 and 3 level on everything


def _division(folder, div):
    doc = yaml.safe_load((folder / SEASON / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
    return {t["id"]: t for t in doc["teams"]}


def _mutual(folder, a, b):
    """The recorded round-robin match of ``a`` and ``b``: (its file, its record)."""
    for f in sorted((folder / SEASON / "divisions" / "matches").glob("*.yaml")):
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        if {doc["home"], doc["away"]} == {a, b}:
            return f, doc
    raise AssertionError(f"no match {a} v {b}")


def _amend(folder, tmp_path, div, a, b, imps):
    """`dbf result amend` of the round-robin match of ``a`` and ``b`` with ``imps`` [a, b]."""
    _, rec = _mutual(folder, a, b)
    teams = _division(folder, div)
    ordered = imps if rec["home"] == a else imps[::-1]
    sheet = tmp_path / f"{rec['match']}.yaml"
    sheet.write_text(sheet_text(rec["match"], teams[rec["home"]], teams[rec["away"]], 1, boards=rec["boards"],
                                imps=tuple(ordered)), encoding="utf-8")
    return run_dbf("result", "amend", sheet, "--json")


def test_every_standings_invariant_names_its_paragraph():
    assert [(i.name, i.rule) for i in STANDINGS_INVARIANTS] == [("playoff.carry-over", "1.1.2.10"),
                                                               ("lot.still-tied", "1.1.3.2")]
    assert all(i.doc.startswith(f"§{i.rule}") for i in STANDINGS_INVARIANTS)


# --------------------------------------------------------------------------- §1.1.3.2 lots
@pytest.fixture
def lot_drawn(example):
    record_all(example, level=LEVEL)
    r = run_dbf("lot", "record", "2div", "--order", "FYN-A,ESB-A", "--by", "TD", "--witness", "W")
    assert r.exit_code == 0, r.stderr
    assert run_dbf("check").exit_code == 0
    return example


def test_1_1_3_2_a_write_that_unties_a_drawn_lot_is_refused_and_changes_nothing(lot_drawn, tmp_path):
    before = snapshot(lot_drawn)
    r = _amend(lot_drawn, tmp_path, "2div", "ESB-A", "FYN-A", [60, 40])
    assert r.exit_code == 1, r.stdout + r.stderr
    assert any(e["rule"] == "1.1.3.2" and "not tied" in e["message"] for e in r.json["errors"]), r.json
    assert snapshot(lot_drawn) == before


def test_1_1_3_2_a_write_that_keeps_the_tie_is_accepted(lot_drawn, tmp_path):
    r = _amend(lot_drawn, tmp_path, "2div", "ESB-A", "FYN-A", [40, 40])   # as recorded: still level
    assert r.exit_code == 0, r.stdout + r.stderr


def test_1_1_3_2_the_same_state_made_by_hand_is_reported_by_check(lot_drawn):
    f, rec = _mutual(lot_drawn, "ESB-A", "FYN-A")
    rec["imps"] = [60, 40]
    f.write_text(yaml.safe_dump(rec), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1 and any(e["rule"] == "1.1.3.2" and "not tied" in e["message"] for e in r.json["errors"])


# --------------------------------------------------------------------------- §1.1.2.10 carry-over
LEVEL_HALVES = ["--half", "10-10", "--half", "10-10", "--half", "10-10", "--half", "10-10"]


@pytest.fixture
def carried(example):
    """1div played out (the better seed wins by 10 IMPs a place); no. 1 chose no. 3, so the
    semi-final 1div-SF2 is no. 2 v no. 4, level in its four halves: the 20 IMPs no. 2 won their
    round-robin match by carry over 50 % (§1.1.2.10) and decide it (§1.1.2.11)."""
    order = write_results(example, margin_per_place=10)["1div"]
    assert run_dbf("playoff", "1div", "choose", order[2], "--today", "2027-02-25").exit_code == 0
    r = run_dbf("playoff", "1div", "result", "1div-SF2", *LEVEL_HALVES)
    assert r.exit_code == 0, r.stdout + r.stderr
    assert run_dbf("check").exit_code == 0
    return example, order


def test_1_1_2_10_a_write_that_takes_the_carry_over_away_is_refused_and_changes_nothing(carried, tmp_path):
    folder, order = carried
    before = snapshot(folder)
    r = _amend(folder, tmp_path, "1div", order[1], order[3], [40, 40])   # a draw carries nothing: SF2 tied
    assert r.exit_code == 1, r.stdout + r.stderr
    # SF2 tied (§1.1.2.11), and its home, no longer the mutual winner's, would be by a lot not drawn (§1.1.2.9)
    assert {e["rule"] for e in r.json["errors"]} == {"1.1.2.11", "1.1.2.9"}, r.json
    assert snapshot(folder) == before


def test_1_1_2_10_a_write_that_keeps_the_decision_is_accepted(carried, tmp_path):
    folder, order = carried
    r = _amend(folder, tmp_path, "1div", order[1], order[3], [61, 40])     # 21 IMPs: still no. 2's
    assert r.exit_code == 0, r.stdout + r.stderr


@pytest.mark.parametrize("dry_run", [False, True])
def test_1_1_2_10_the_transaction_refuses_a_play_off_file_it_would_break(carried, dry_run):
    """A write of the play-off file itself (here: SF2's teams swapped for no. 1's) goes through the same check."""
    folder, order = carried
    store = SeasonStore(folder, SEASON)
    rel = "divisions/playoff.yaml"
    doc = yaml.safe_load(store.path(rel).read_text(encoding="utf-8"))
    doc["results"]["1div-SF2"]["teams"] = [order[0], order[3]]
    before = snapshot(folder)
    with pytest.raises(InvariantBroken) as info:
        with store.transaction("test", "a semi-final of the wrong teams", dry_run=dry_run) as tx:
            tx.write_text(rel, yaml.safe_dump(doc, sort_keys=False))
    assert {p.rule for p in info.value.problems} == {"1.1.2.8"}
    assert snapshot(folder) == before


def test_a_write_of_no_division_play_off_or_lots_file_checks_nothing(carried):
    folder, _ = carried
    store = SeasonStore(folder, SEASON)
    assert standings_refusals(store, {"cup/matches/C1-001.yaml": b"x", "season.toml": b"x"}) == []


def test_no_play_off_and_no_lot_recorded_is_nothing_to_check(example):
    store = SeasonStore(example, SEASON)
    assert standings_refusals(store, {"divisions/matches/1div-R01-01.yaml": b"schema: 1\n"}) == []


def test_1_1_3_2_the_refusal_is_told_in_danish(lot_drawn, tmp_path):
    _, rec = _mutual(lot_drawn, "ESB-A", "FYN-A")
    teams = _division(lot_drawn, "2div")
    sheet = tmp_path / f"{rec['match']}.yaml"
    sheet.write_text(sheet_text(rec["match"], teams[rec["home"]], teams[rec["away"]], 1, boards=rec["boards"],
                                imps=(60, 40)), encoding="utf-8")
    r = run_dbf("--lang", "da", "result", "amend", sheet)
    assert r.exit_code == 1 and "§1.1.3.2" in r.stderr and "står ikke længere lige" in r.stderr, r.stderr


# --------------------------------------------------------------------------- issue 25.16: dbf lot remove
def test_1_1_3_2_lot_remove_is_the_way_out_of_a_lot_a_correction_unties(lot_drawn, tmp_path):
    """Issue 25.16: the amend that unties a drawn lot is refused and hints `dbf lot remove`, not
    `dbf undo` (which takes back only the last write); the removal is its own journaled write,
    then the amend goes through, and `dbf undo` puts the removal back."""
    r = _amend(lot_drawn, tmp_path, "2div", "ESB-A", "FYN-A", [60, 40])
    assert r.exit_code == 1
    (e,) = [e for e in r.json["errors"] if e["rule"] == "1.1.3.2"]
    assert "dbf lot remove 2div --teams ESB-A,FYN-A" in e["hint"] and "dbf undo" not in e["hint"]
    before = snapshot(lot_drawn)
    assert run_dbf("lot", "remove", "2div", "--dry-run").exit_code == 0 and snapshot(lot_drawn) == before
    r = run_dbf("lot", "remove", "2div", "--teams", "fyn-a,esb-a", "--json")
    assert r.exit_code == 0 and r.json["removed"]["order"] == ["FYN-A", "ESB-A"], r.stdout + r.stderr
    assert run_dbf("lot", "list", "--json").json["recorded"] == []
    assert "lot 2div removed" in run_dbf("log").stdout
    assert _amend(lot_drawn, tmp_path, "2div", "ESB-A", "FYN-A", [60, 40]).exit_code == 0
    assert run_dbf("check").exit_code == 0


def test_lot_remove_of_no_recorded_lot_is_exit_2(lot_drawn):
    before = snapshot(lot_drawn)
    r = run_dbf("lot", "remove", "1div", "--json")
    assert r.exit_code == 2 and [e["code"] for e in r.json["errors"]] == ["unknown.lot"]
    r = run_dbf("lot", "remove", "2div", "--teams", "ESB-A,HEL-A", "--json")
    assert r.exit_code == 2 and [e["code"] for e in r.json["errors"]] == ["unknown.lot"]
    assert snapshot(lot_drawn) == before


def test_1_1_4_2_lot_remove_refused_under_a_recorded_play_off_result(example):
    """Issue 25.16: the runners-up match is recorded on its home lot (§1.1.4.2): taking the lot back
    would leave the result standing on no home; refused, exit 1, nothing written."""
    record_all(example)
    assert run_dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0
    _remove_refused_under(example, ("3div", "3div-PO"), "3div-PO", "1.1.4.2")


def _remove_refused_under(folder, played, key, rule):
    """Record the play-off match ``played`` (division, match), then `dbf lot remove KEY`: exit 1
    with ``rule``, the season unchanged."""
    halves = ["--half", "30-20", "--half", "10-12", "--half", "40-40", "--half", "5-9"]
    assert run_dbf("playoff", played[0], "result", played[1], *halves).exit_code == 0
    before = snapshot(folder)
    r = run_dbf("lot", "remove", key, "--json")
    assert r.exit_code == 1 and rule in {e["rule"] for e in r.json["errors"]}, r.json
    assert snapshot(folder) == before


def test_1_1_2_8_lot_remove_refused_when_the_play_off_stands_on_its_order(example):
    """Issue 25.16: 1div nos. 3-4 were tied and a lot ordered them; the semi-finals are recorded on
    that order (§1.1.2.8): the lot stays."""
    record_all(example, level=(("AAL-A", "ROS-A"),))
    assert run_dbf("lot", "draw", "1div", "--by", "TD", "--witness", "W").exit_code == 0
    assert run_dbf("playoff", "1div", "choose", "GEN-A", "--today", "2027-02-25").exit_code == 0
    _remove_refused_under(example, ("1div", "1div-SF1"), "1div", "1.1.2.8")
