"""`dbf up`, `dbf gp`, `dbf fees` read the recorded matches (§1.5.4, §1.5.10, §1.5.15)."""

from __future__ import annotations

from dbftest import run_dbf
from test_result import cup_teams, sheet_text, write_draw


def _play(example, tmp_path):
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3"), ("KBH-2", "AAL-1")])
    for mid, a, b, imps, up in (("C1-001", "KBH-1", "KBH-3", (30, 20), 1), ("C1-002", "KBH-2", "AAL-1", (5, 40), None)):
        f = tmp_path / f"{mid}.yaml"
        f.write_text(sheet_text(mid, teams[a], teams[b], 1, imps=imps, up=up))
        r = run_dbf("result", "submit", f, "--json")
        assert r.exit_code == 0, r.stdout + r.stderr
    return teams


def test_1_5_4_up_ledger(example, tmp_path):
    _play(example, tmp_path)
    doc = run_dbf("up", "--json").json
    assert doc["teams"]["KBH-3"] == 1 and doc["teams"]["KBH-1"] == 0 and "AAL-1" in doc["teams"]
    assert doc["rounds"] == [{"round": 1, "match": "C1-001", "team": "KBH-3", "up": 1, "file": "cup/matches/C1-001.yaml"}]
    one = run_dbf("up", "KBH-3", "--json").json
    assert one["teams"] == {"KBH-3": 1}
    assert run_dbf("up", "NOPE").exit_code == 2


def test_1_5_10_gp_ledger(example, tmp_path):
    teams = _play(example, tmp_path)
    doc = run_dbf("gp", "--json").json
    assert doc["total"] == 16.0
    winners = [p["id"] for t in ("KBH-1", "AAL-1") for p in teams[t]["players"]]
    assert set(doc["players"]) == {str(p) for p in winners}
    first = winners[0]
    assert run_dbf("gp", str(first), "--json").json["players"] == {str(first): doc["players"][str(first)]}
    csv = run_dbf("gp", "--csv")
    assert csv.exit_code == 0 and csv.stdout.startswith("\ufeffplayer,name,gp\n")   # CliRunner reads CRLF as \n
    assert len(csv.stdout.splitlines()) == len(winners) + 1


def test_1_5_15_fees_ledger(example, tmp_path):
    teams = _play(example, tmp_path)
    doc = run_dbf("fees", "--json").json
    kbh1 = doc["teams"]["KBH-1"]
    n = len(teams["KBH-1"]["players"])
    # round 1 paid with the entry; round 2 due with the sheet (§1.5.14, §1.5.15)
    assert [(r["round"], r["kind"]) for r in kbh1["rows"]] == [(1, "fee"), (1, "paid"), (2, "fee")]
    assert kbh1["balance_kr"] == 60 * n
    assert doc["teams"]["KBH-3"]["balance_kr"] == 0
    assert run_dbf("fees", "KBH-1").exit_code == 0


def test_1_5_15_fee_enclosed_with_sheet(example, tmp_path):
    """§1.5.14/§1.5.15: the fee enclosed (fee_paid_kr) is recorded and paid in the ledger;
    less than due is a warning."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    n = len(teams["KBH-1"]["players"])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1).replace(
        "  team: KBH-1\n", "  team: KBH-1\n  fee_paid_kr: 100\n"))
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout
    assert [w["rule"] for w in r.json["warnings"]] == ["1.5.15"]
    assert r.json["fees"]["KBH-1"] == {"round": 2, "players": n, "amount_kr": 60 * n, "paid_kr": 100}
    led = run_dbf("fees", "KBH-1", "--json").json["teams"]["KBH-1"]
    assert led["paid_kr"] == 60 * n + 100 and led["balance_kr"] == 60 * n - 100


def _round3_with_a_seeded_bye(example):
    """Round 3 as `dbf draw cup` records it: a team seeded into round 4 (§1.5.3) holds a round-3
    bye that was not drawn (not in drawn_order). Returns (the seeded team, a round-3 team)."""
    import yaml

    from test_result import SEASON

    rows = run_dbf("cup", "teams", "--json").json["teams"]
    seeded = next(t["id"] for t in rows if t["entry_round"] == 4)
    a, b = [t["id"] for t in rows if t["entry_round"] == 3][:2]
    write_draw(example, 3, [(a, b)], byes=[seeded])
    path = example / SEASON / "cup" / "draws" / "round-03.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["drawn_order"] = [a, b]            # §1.5.3: a seeded bye is not drawn
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return seeded, a


def test_1_5_3_1_5_15_team_seeded_into_round_4_pays_no_round_3_fee(example):
    """§1.5.3/§1.5.15 (docs/readings/seeded-fees.md, issue 25): a team seeded into round 4 never
    plays round 3, so it is charged no round-3 fee; its first round, 4, is paid with the entry,
    and `dbf deadlines --fail-on-overdue` has nothing overdue for it after round 3's day."""
    seeded, a = _round3_with_a_seeded_bye(example)
    led = run_dbf("fees", seeded, "--json").json["teams"][seeded]
    assert [r["round"] for r in led["rows"] if r["kind"] == "fee"] == [4], led["rows"]
    assert led["outstanding_kr"] == 0 and led["balance_kr"] == 0, led
    other = run_dbf("fees", a, "--json").json["teams"][a]
    assert [r["round"] for r in other["rows"] if r["kind"] == "fee"] == [3], other["rows"]   # a plays round 3
    due = run_dbf("deadlines", "--today", "2027-06-01", "--all", "--json").json["deadlines"]
    mine = [d for d in due if d["what"].startswith(f"{seeded} round fee")]
    assert mine and not [d for d in mine if d["overdue"]], mine


def test_1_5_15_a_team_with_a_bye_is_told_when_and_how_to_pay_its_next_fee(example):
    """§1.5.15 (issue 25 item 7): AAL-1 has a round-1 bye, so no sheet carries its round-2 fee.
    `dbf fees AAL-1` and `dbf deadlines` give the date it is due and how to pay it (to DBF's
    secretariat, recorded with `dbf fees pay`); a team that plays round 1 is told nothing of it."""
    write_draw(example, 1, [("KBH-1", "KBH-10")], byes=["AAL-1"])
    led = run_dbf("fees", "AAL-1", "--json").json["teams"]["AAL-1"]
    (charge,) = [c for c in led["charges"] if c["round"] == 2]
    assert charge["due"] and charge["outstanding_kr"] > 0 and "dbf fees pay AAL-1" in charge["how"], charge
    assert all(c["how"] == "" for c in run_dbf("fees", "KBH-1", "--json").json["teams"]["KBH-1"]["charges"])
    human = run_dbf("fees", "AAL-1")
    assert f"due {charge['due'][:10]}" in human.stdout and "dbf fees pay AAL-1" in human.stdout
    due = run_dbf("deadlines", "--all", "--json").json["deadlines"]
    (item,) = [d for d in due if d["what"].startswith("AAL-1 round fee for round 2")]
    assert "dbf fees pay AAL-1" in item["what"] and item["due"] == charge["due"]
