"""§1.5.16 (issue 25 item 5): `dbf result amend SHEET --move-to-next-round`. An amendment after
the next draw that changes the winner moves the new winner into the old one's place in the next
round's match while that match has no result (the draw, the schedule and its home team follow,
the journal says so, `dbf undo` takes it back); refused (exit 1, §1.5.16) when it has one."""

from __future__ import annotations

import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw


def _round_3_recorded_round_4_drawn(example, tmp_path):
    """Round 3: C3-001 KBH-1 v AAL-1 (KBH-1 wins), C3-002 ODE-1 v KBH-10 (ODE-1 wins); round 4
    drawn: C4-001 KBH-1 v ODE-1, with an agreed date. Returns (teams, the C3-001 sheet text)."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-1", "AAL-1"), ("ODE-1", "KBH-10")])
    rows = {m["id"]: m for m in run_dbf("schedule", "cup", "--round", "3", "--json").json["matches"]}
    texts = {}
    for mid, (h, a) in (("C3-001", ("KBH-1", "AAL-1")), ("C3-002", ("ODE-1", "KBH-10"))):
        texts[mid] = sheet_text(mid, teams[h], teams[a], 3, imps=(30, 20), up=rows[mid]["up"],
                                played_on="2027-01-31", submitted_at="2027-01-31T20:00")
        f = tmp_path / f"{mid}.yaml"
        f.write_text(texts[mid])
        r = run_dbf("result", "submit", f, "--json")
        assert r.exit_code == 0, r.stdout
    write_draw(example, 4, [("KBH-1", "ODE-1")])
    assert run_dbf("schedule", "cup", "set", "C4-001", "--date", "2027-02-20").exit_code == 0
    return teams, texts["C3-001"]


def _swapped(text: str) -> str:
    return text.replace("segments: [[30, 20]", "segments: [[20, 30]", 1)


def test_1_5_16_amend_moves_the_new_winner_into_the_next_round(example, tmp_path):
    teams, text = _round_3_recorded_round_4_drawn(example, tmp_path)
    f = tmp_path / "C3-001-amended.yaml"
    f.write_text(_swapped(text))
    plain = run_dbf("result", "amend", f, "--json")     # without the option: refused as before
    assert plain.exit_code == 2 and plain.json["errors"][0]["code"] == "state.already-drawn"
    assert "--move-to-next-round" in plain.json["errors"][0]["hint"]
    r = run_dbf("result", "amend", f, "--move-to-next-round", "--json")
    assert r.exit_code == 0, r.stdout
    assert r.json["winner"] == "AAL-1"
    moved = r.json["moved_to_next_round"]
    assert (moved["next_match"], moved["old_winner"], moved["new_winner"], moved["agreement_dropped"]) == \
        ("C4-001", "KBH-1", "AAL-1", True)
    draw = yaml.safe_load((example / SEASON / "cup" / "draws" / "round-04.yaml").read_text())
    assert draw["matches"][0]["teams"] == ["AAL-1", "ODE-1"] and "KBH-1" not in draw["drawn_order"]
    row = run_dbf("schedule", "cup", "--round", "4", "--json").json["matches"][0]
    assert {row["home"], row["away"]} == {"AAL-1", "ODE-1"}
    assert row["date"] == "2027-02-21"                                 # agreed with KBH-1's captain: gone
    assert run_dbf("seating", "C4-001", "--json").json["home"] == row["home"]
    assert run_dbf("check").exit_code == 0
    log = run_dbf("log", "--json").json
    assert "--move-to-next-round" in str(log)
    fees = run_dbf("fees", "AAL-1", "--json").json["teams"]["AAL-1"]
    assert 4 in [x["round"] for x in fees["rows"] if x["kind"] == "fee"]    # §1.5.15: AAL-1 owes round 4 now
    assert run_dbf("undo").exit_code == 0
    draw = yaml.safe_load((example / SEASON / "cup" / "draws" / "round-04.yaml").read_text())
    assert draw["matches"][0]["teams"] == ["KBH-1", "ODE-1"]


def test_1_5_16_move_refused_when_the_next_match_has_a_result(example, tmp_path):
    teams, text = _round_3_recorded_round_4_drawn(example, tmp_path)
    row = run_dbf("schedule", "cup", "--round", "4", "--json").json["matches"][0]
    h, a = row["home"], row["away"]
    f4 = tmp_path / "C4-001.yaml"
    f4.write_text(sheet_text("C4-001", teams[h], teams[a], 4, up=row["up"], played_on="2027-02-21",
                             submitted_at="2027-02-21T20:00"))
    assert run_dbf("result", "submit", f4).exit_code == 0
    before = snapshot(example)
    f = tmp_path / "C3-001-amended.yaml"
    f.write_text(_swapped(text))
    r = run_dbf("result", "amend", f, "--move-to-next-round", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.16"], r.stdout
    assert snapshot(example) == before
