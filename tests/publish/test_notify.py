"""`dbf notify draw`: the draw to every captain as e-mail (§1.5.16), the sheet deadline (§1.5.14)."""

from __future__ import annotations

import datetime as dt
import email
import socket
from email import policy

import pytest
import yaml

from dbfcli.publish.mail import sheet_deadline


@pytest.mark.parametrize("date,time,hours,boards,expected", [
    (dt.date(2027, 1, 31), "13:00", 18, 40, dt.datetime(2027, 2, 1, 12, 0)),   # §1.5.14 18 h after 18:00
    (dt.date(2027, 1, 31), "19:30", 18, 40, dt.datetime(2027, 2, 1, 18, 30)),
    (dt.date(2027, 1, 31), "13:00", 24, 40, dt.datetime(2027, 2, 1, 18, 0)),
    (dt.date(2027, 1, 31), "13:00", 18, 48, dt.datetime(2027, 2, 1, 13, 0)),   # §1.5.9 48 boards from round 7
    (None, "13:00", 18, 40, None),
])
def test_1_5_14_sheet_deadline(date, time, hours, boards, expected):
    """18 hours after the end of play: the start plus 7.5 minutes a board (docs/readings/sheets.md)."""
    assert sheet_deadline(date, time, hours, boards) == expected


def captains(root, rnd):
    teams = {t["id"]: t for t in yaml.safe_load((root / "cup/teams.yaml").read_text(encoding="utf-8"))["teams"]}
    draw = yaml.safe_load((root / f"cup/draws/round-{rnd:02d}.yaml").read_text(encoding="utf-8"))
    return teams, draw


def test_eml_files_parse_back_with_email(half_played, dbf, tmp_path):
    root = half_played["dir"] / "2026-27"
    teams, draw = captains(root, 4)
    first = draw["matches"][0]["teams"][0]
    (root / "cup/contacts.yaml").write_text(
        f"schema: 1\ncontacts:\n  {teams[first]['captain']}: anne@example.dk\n", encoding="utf-8")
    out = tmp_path / "mail"
    r = dbf("notify", "draw", "--round", "4", "--out", out, "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    files = sorted(out.glob("*.eml"))
    assert len(files) == doc["messages"] == 2 * len(draw["matches"])
    assert doc["warnings"] and doc["warnings"][0]["rule"] == "1.5.16"      # placeholders for the others
    seen = set()
    for f in files:
        msg = email.message_from_bytes(f.read_bytes(), policy=policy.default)
        assert not msg.defects
        team = msg["X-DBF-Team"]
        seen.add(team)
        match = next(m for m in draw["matches"] if m["id"] == msg["X-DBF-Match"])
        other = [t for t in match["teams"] if t != team][0]
        body = msg.get_body(("plain",)).get_content()
        assert teams[other]["name"] in body and teams[team]["name"] in msg["Subject"]
        assert "2027-02-21 13:00" in body                    # §1.5.6 official day of round 4
        assert "2027-02-22 12:00" in body                    # §1.5.14: 18 hours after play ends (18:00)
        assert ("home team" in body) or ("away team" in body)
        addr = msg["To"].addresses[0]
        if team == first:
            assert addr.addr_spec == "anne@example.dk"
        else:
            assert addr.addr_spec == f"captain-{teams[team]['captain']}@example.invalid"
        captain = next(p for p in teams[team]["players"] if p["id"] == teams[team]["captain"])
        assert addr.display_name == captain["name"]
    assert seen == {t for m in draw["matches"] for t in m["teams"]}


def test_notify_in_danish(half_played, dbf, tmp_path):
    out = tmp_path / "mail"
    assert dbf("--lang", "da", "notify", "draw", "--round", "3", "--out", out).exit_code == 0
    msg = email.message_from_bytes(next(out.glob("*.eml")).read_bytes(), policy=policy.default)
    body = msg.get_body(("plain",)).get_content()
    assert msg["Subject"].startswith("Pokalturneringen 1/64-finale:")
    assert "resultatblanket" in body and ("hjemmehold" in body or "udehold" in body) and "Kaptajn" not in msg["Subject"]


def test_notify_errors(half_played, dbf, tmp_path):
    assert dbf("notify", "draw", "--round", "5", "--out", tmp_path).exit_code == 2     # §1.5.16 not drawn
    assert dbf("notify", "draw", "--round", "3").exit_code == 2                        # neither --out nor --smtp
    bad = dbf("notify", "draw", "--round", "3", "--smtp", "nohost")
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error [usage.option]: --smtp")   # the usage error first, alone (its code, not its text)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_smtp_delivers_every_message_to_a_local_server(half_played, dbf):
    aiosmtpd = pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd is not installed")
    from aiosmtpd.handlers import Sink

    class Keep(Sink):
        def __init__(self):
            self.got = []

        async def handle_DATA(self, server, session, envelope):
            self.got.append(envelope)
            return "250 OK"

    root = half_played["dir"] / "2026-27"
    teams, draw = captains(root, 3)
    names = {t["captain"]: f"cap{t['captain']}@example.dk" for t in teams.values()}
    (root / "cup/contacts.yaml").write_text(yaml.safe_dump({"schema": 1, "contacts": names}), encoding="utf-8")
    handler = Keep()
    port = _free_port()
    server = aiosmtpd.Controller(handler, hostname="127.0.0.1", port=port)
    server.start()
    try:
        r = dbf("notify", "draw", "--round", "3", "--smtp", f"127.0.0.1:{port}", "--json")
    finally:
        server.stop()
    assert r.exit_code == 0, r.stderr
    want = 2 * len(draw["matches"])
    assert r.json["sent"] == want and r.json["skipped"] == [] and r.json["warnings"] == []
    assert len(handler.got) == want
    rcpts = sorted(rc for e in handler.got for rc in e.rcpt_tos)
    assert rcpts == sorted(names[teams[t]["captain"]] for m in draw["matches"] for t in m["teams"])
    for e in handler.got:
        msg = email.message_from_bytes(e.content, policy=policy.default)
        assert msg["X-DBF-Match"].startswith("C3-")


@pytest.mark.parametrize("how", [("--out", "mail"), ("--smtp", "127.0.0.1:9")])
def test_28_1_5_16_notify_draw_dry_run_writes_and_sends_nothing(played, tmp_path, how):
    """`notify draw --dry-run` says what it would write or send and to whom; no file, no
    connection (port 9 refuses one), no record that the draw was sent (state byte-identical)."""
    from dbftest import run_dbf, snapshot

    before = snapshot(played)
    target = str(tmp_path / how[1]) if how[0] == "--out" else how[1]
    r = run_dbf("notify", "draw", "--round", "9", how[0], target, "--dry-run", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json["dry_run"] is True and r.json["messages"] == len(r.json["planned"]) > 0
    assert snapshot(played) == before
    assert not (tmp_path / "mail").exists()
    da = run_dbf("--lang", "da", "notify", "draw", "--round", "9", how[0], target, "--dry-run")
    assert "prøvekørsel, intet skrevet" in da.stdout and ("ville skrive" in da.stdout or "ville sende" in da.stdout)


@pytest.mark.parametrize("args", [("division", "2div", "--weekend", "1"), ("reminders", "--now", "2027-03-01T12:00")])
def test_28_every_notify_has_a_dry_run(played, tmp_path, args):
    """The README's promise, every write has --dry-run: the division mails and the reminders too."""
    from dbftest import run_dbf, snapshot

    before = snapshot(played)
    r = run_dbf("notify", *args, "--out", tmp_path / "mail", "--dry-run", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json["dry_run"] is True and r.json["planned"]
    assert not (tmp_path / "mail").exists() and snapshot(played) == before
