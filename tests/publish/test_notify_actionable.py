"""Mail captains can act on (issue 17; §1.5.6, §1.5.14, §1.5.16): the opponent captain's
contact, the venue's address, the weekday, the pre-filled sheet attached, Date in local time with
its offset, the sender from dbf.toml, CRLF .eml files; division weekends; reminders for cron."""

from __future__ import annotations

import email
import re
from email import policy

import yaml

from dbftest import run_dbf

SEASON = "2026-27"


def _prepare(example):
    root = example / SEASON
    teams_file = root / "cup" / "teams.yaml"
    doc = yaml.safe_load(teams_file.read_text(encoding="utf-8"))
    for t in doc["teams"]:
        t["address"] = f"Klubhuset, Vestergade {len(t['id'])}, {t['postcode']}"
        t["phone"] = "+45 20 30 40 50"
    teams_file.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    contacts = "\n".join(f"  {t['captain']}: cap-{t['id'].lower()}@example.dk" for t in doc["teams"])
    (root / "cup" / "contacts.yaml").write_text(f"schema: 1\ncontacts:\n{contacts}\n", encoding="utf-8")
    (example / "dbf.toml").write_text((example / "dbf.toml").read_text() + '\nmail_from = "td@bridge.example.dk"\n')
    assert run_dbf("check").exit_code == 0, run_dbf("check").stdout   # the teams file schema takes address, phone
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "2026").exit_code == 0
    return {t["id"]: t for t in doc["teams"]}


def test_1_5_6_draw_mail_names_the_opponent_captain_address_weekday_and_attaches_the_sheet(example, tmp_path):
    teams = _prepare(example)
    out = tmp_path / "mail"
    r = run_dbf("notify", "draw", "--round", "1", "--out", out, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert r.json["from"] == "td@bridge.example.dk"
    files = sorted(out.glob("*.eml"))
    assert files
    for f in files:
        raw = f.read_bytes()
        assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")          # CRLF only
        msg = email.message_from_bytes(raw, policy=policy.default)
        assert re.search(r"[+-]\d{4}$", msg["Date"])                              # local time with its offset
        assert msg["From"] == "td@bridge.example.dk"
        body = msg.get_body(("plain",)).get_content()
        match = msg["X-DBF-Match"]
        team = msg["X-DBF-Team"]
        schedule = {m["id"]: m for m in run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"]}
        other = [x for x in (schedule[match]["home"], schedule[match]["away"]) if x != team][0]
        assert f"cap-{other.lower()}@example.dk" in body and "+45 20 30 40 50" in body       # §1.5.6
        assert teams[schedule[match]["home"]]["address"] in body
        assert "Sunday" in body
        (sheet,) = [p for p in msg.iter_attachments()]
        assert sheet.get_filename() == f"{match}.yaml"
        assert yaml.safe_load(sheet.get_content())["match"] == match


def test_notify_from_option_beats_dbf_toml(example, tmp_path):
    _prepare(example)
    r = run_dbf("notify", "draw", "--round", "1", "--out", tmp_path / "m", "--from", "other@example.dk", "--json")
    assert r.exit_code == 0 and r.json["from"] == "other@example.dk"


def test_1_1_2_1_division_weekend_mail_lists_the_matches(example, tmp_path):
    _prepare(example)
    out = tmp_path / "div"
    r = run_dbf("notify", "division", "2div", "--weekend", "1", "--out", out, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    files = sorted(out.glob("*.eml"))
    assert len(files) == r.json["messages"] > 0
    body = email.message_from_bytes(files[0].read_bytes(), policy=policy.default).get_body(("plain",)).get_content()
    assert "2div-R01-" in body
    assert run_dbf("notify", "division", "2div", "--weekend", "9", "--out", out).exit_code == 2
    assert run_dbf("notify", "division", "9div", "--weekend", "1", "--out", out).exit_code == 2


def test_1_5_14_reminders_for_an_overdue_sheet_and_nothing_before(example, tmp_path):
    _prepare(example)
    r = run_dbf("notify", "reminders", "--out", tmp_path / "early", "--now", "2026-01-01T00:00", "--json")
    assert r.exit_code == 0 and not [i for i in r.json["reminders"] if i["kind"] == "sheet"]
    r = run_dbf("notify", "reminders", "--out", tmp_path / "late", "--now", "2027-06-30T00:00", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    sheets = [i for i in r.json["reminders"] if i["kind"] == "sheet"]
    assert sheets and len(list((tmp_path / "late").glob("*.eml"))) == r.json["messages"]


def test_1_1_2_1_division_mail_dates_the_sunday_round_on_the_sunday(example, tmp_path):
    """Issue 25.12: a weekend of 3 rounds plays rounds 1-2 on the Saturday and round 3 on the
    Sunday (§1.1.2.1): each match is dated on its own round's day; and the division mail does not
    speak the cup's "agree the time (§1.5.6)"."""
    import datetime as dt

    _prepare(example)
    out = tmp_path / "div"
    assert run_dbf("notify", "division", "2div", "--weekend", "1", "--out", out).exit_code == 0
    rounds = {r["round"]: r["date"] for r in run_dbf("schedule", "2div", "--json").json["rounds"][:3]}
    assert dt.date.fromisoformat(rounds[3]).weekday() == 6 and dt.date.fromisoformat(rounds[1]).weekday() == 5
    for f in sorted(out.glob("*.eml")):
        body = email.message_from_bytes(f.read_bytes(), policy=policy.default).get_body(("plain",)).get_content()
        assert "§1.5.6" not in body
        for no in (1, 2, 3):
            line = next(x for x in body.splitlines() if f"2div-R0{no}-" in x or f"Round {no}," in x)
            assert rounds[no] in line, (no, body)
