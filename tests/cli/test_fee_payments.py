"""Issue 14.8: unpaid fees come due (§1.5.15). `dbf fees pay TEAM AMOUNT --on DATE` records money
received; `dbf fees` shows owed, paid, outstanding and overdue; `dbf deadlines` does not call a
fee enclosed short "done", and a team with a bye owes the next round's fee with no sheet."""

from __future__ import annotations

import csv
import io

import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw


def _record_short(example, tmp_path, enclosed=120):
    """KBH-1 (4 players) beats KBH-3 in round 1 and encloses ``enclosed`` of the 240 kr due."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")], byes=("KBH-5",))
    text = sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, imps=(40, 10))
    text = text.replace("home:\n  team: KBH-1\n", f"home:\n  team: KBH-1\n  fee_paid_kr: {enclosed}\n")
    f = tmp_path / "C1-001.yaml"
    f.write_text(text)
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout


def _fees(team, today):
    r = run_dbf("fees", team, "--today", today, "--json")
    assert r.exit_code == 0, r.stdout
    return r.json["teams"][team]


def _deadline(today, start):
    r = run_dbf("deadlines", "--all", "--today", today, "--json")
    return [d for d in r.json["deadlines"] if d["rule"] == "1.5.15" and d["what"].startswith(start)]


def test_1_5_15_fee_enclosed_short_is_outstanding_and_overdue_not_done(example, tmp_path):
    """§1.5.15: 120 of 240 kr enclosed: 120 outstanding; overdue once the sheet's 18 hours (§1.5.14) passed."""
    _record_short(example, tmp_path)
    before = _fees("KBH-1", "2026-12-14")          # due 2026-12-14 12:00 (13:00 + 40 boards + 18 h)
    assert (before["outstanding_kr"], before["overdue_kr"]) == (120, 0)
    after = _fees("KBH-1", "2026-12-20")
    assert (after["outstanding_kr"], after["overdue_kr"]) == (120, 120)
    [item] = _deadline("2026-12-20", "KBH-1 round fee for round 2")
    assert item["overdue"] and not item["done"] and "120 of 240" in item["what"]
    r = run_dbf("deadlines", "--today", "2026-12-20", "--fail-on-overdue", "--json")
    assert r.exit_code == 1 and "1.5.15" in {e["rule"] for e in r.json["errors"]}


def test_1_5_15_payment_settles_the_fee(example, tmp_path):
    """§1.5.15: `dbf fees pay` records the rest; the fee is paid, the deadline done; a journal entry."""
    _record_short(example, tmp_path)
    r = run_dbf("fees", "pay", "KBH-1", "120", "--on", "2026-12-16", "--note", "bank 4471", "--json")
    assert r.exit_code == 0 and r.json["amount_kr"] == 120, r.stdout
    doc = yaml.safe_load((example / SEASON / "cup" / "payments.yaml").read_text())
    assert doc["payments"] == [{"team": "KBH-1", "amount_kr": 120, "on": "2026-12-16", "round": 2,
                                "note": "bank 4471"}]
    assert "cup/payments.yaml" in run_dbf("log", "--json").stdout
    led = _fees("KBH-1", "2026-12-20")
    assert (led["paid_kr"], led["outstanding_kr"], led["overdue_kr"], led["balance_kr"]) == (480, 0, 0, 0)
    [item] = _deadline("2026-12-20", "KBH-1 round fee for round 2")
    assert item["done"] and not item["overdue"]
    # a payment received after --today does not count yet
    assert _fees("KBH-1", "2026-12-15")["outstanding_kr"] == 120
    assert run_dbf("check").exit_code == 0


def test_1_5_15_a_bye_owes_the_next_rounds_fee_without_a_sheet(example, tmp_path):
    """§1.5.15: KBH-5 has a bye in round 1 and owes round 2's fee; no sheet encloses it; overdue
    when the bye round's sheets are (the official day's end of play + 18 hours, §1.5.14)."""
    _record_short(example, tmp_path)
    n = len(cup_teams(example)["KBH-5"]["players"])
    led = _fees("KBH-5", "2026-12-20")
    assert (led["outstanding_kr"], led["overdue_kr"]) == (n * 60, n * 60)
    charge = next(c for c in led["charges"] if c["round"] == 2)
    assert charge["due"] == "2026-12-14T12:00:00" and charge["overdue"]
    [item] = _deadline("2026-12-20", "KBH-5 round fee for round 2")
    assert item["overdue"]


def test_1_5_15_fees_csv_has_the_overdue_column(example, tmp_path):
    _record_short(example, tmp_path)
    r = run_dbf("fees", "--today", "2026-12-20", "--csv")
    assert r.exit_code == 0, r.stdout
    rows = {row["team"]: row for row in csv.DictReader(io.StringIO(r.stdout.lstrip("\ufeff")))}
    assert rows["KBH-1"]["overdue"] == "120"


def test_1_5_15_pay_refused_for_an_unknown_team_or_a_bad_amount(example):
    """Exit 2 and nothing written: an unknown team, an amount that is not whole kroner, no --on."""
    before = snapshot(example)
    r = run_dbf("fees", "pay", "NOPE-1", "100", "--on", "2026-12-16", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "unknown.team"
    for bad in ("12.50", "0", "abc", "1e3"):
        r = run_dbf("fees", "pay", "KBH-1", bad, "--on", "2026-12-16", "--json")
        assert r.exit_code == 2 and r.json["errors"][0]["code"] == "usage.option", bad
    r = run_dbf("fees", "pay", "KBH-1", "100", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "usage.missing"
    assert snapshot(example) == before


def test_1_5_15_pay_dry_run_says_would(example):
    before = snapshot(example)
    r = run_dbf("fees", "pay", "KBH-1", "100", "--on", "2026-12-16", "--dry-run")
    assert r.exit_code == 0 and "would record" in r.stdout
    assert snapshot(example) == before


def test_1_5_15_malformed_payments_file_is_reported_by_check(example):
    (example / SEASON / "cup" / "payments.yaml").write_text("payments:\n- {team: KBH-1, amount_kr: 12.5, on: x}\n")
    r = run_dbf("check", "--json")
    assert r.exit_code == 2 and "format.payments" in {e.get("code") for e in r.json["errors"]}
