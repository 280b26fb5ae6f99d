"""Issue 26: text a captain or a file supplies (a dispute's note, a team's name) never reaches a
person raw. ESC, CR, LF, BEL, NUL and the bidi overrides are shown as visible escapes
(rules.text.shown) in every human output: the TD's terminal (`dbf result pending`, its table
and problems), a CSV file, the captains' pages and the site, a mail."""

from __future__ import annotations

import email
import email.policy
import urllib.parse

import pytest
import yaml

from dbftest import run_dbf
from webkit import SEASON, client, drawn_season, good_sheet, link_of, links, schedule

HOSTILE = "ok\x1b[2J\x1b[31mred\rCR\nC9-999  dispute  FAKE\x07\x00\u202egnp.exe\u2066x\u2069"
RAW = ["\x1b", "\r", "\x07", "\x00", "\u202e", "\u2066", "\u2069"]


def _raw_in(text: str) -> list[str]:
    return [repr(c) for c in RAW if c in text]


@pytest.fixture
def disputed(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    sched, all_links = schedule(), links()
    m = next(iter(sched.values()))
    c = client(root)
    tok = {side: link_of(all_links, m["id"], m[side])["token"] for side in ("home", "away")}
    headers = {"Content-Type": "application/yaml"}
    r = c.post("/api/v1/sheets", content=good_sheet(root, m).encode(),
               headers={**headers, "Authorization": f"Bearer {tok['home']}"})
    assert r.status_code == 200, r.text
    r = c.post("/api/v1/sheets/dispute?note=" + urllib.parse.quote(HOSTILE),
               content=good_sheet(root, m, imps=(20, 30)).encode(),
               headers={**headers, "Authorization": f"Bearer {tok['away']}"})
    assert r.status_code == 200, r.text
    return root, m, c, tok


def test_issue26_a_dispute_note_reaches_the_tds_terminal_escaped(disputed):
    root, m, _, _ = disputed
    r = run_dbf("result", "pending")
    assert r.exit_code == 0, r.stderr
    assert _raw_in(r.stdout) == []
    rows = [line for line in r.stdout.splitlines() if line.strip() and not line.startswith(m["id"] + ": ")]
    assert len(rows) == 3, r.stdout            # heading, rule, ONE row: no fake row drawn (then what it changes)
    assert "C9-999" not in rows[0] + rows[1] and "\\x1b[2J" in r.stdout and "\\u202e" in r.stdout
    # the JSON keeps the note as the captain sent it (cut), escaped by JSON itself
    assert run_dbf("result", "pending", "--json").json["pending"][0]["note"] == HOSTILE


def test_issue26_a_note_in_csv_has_no_control_characters(disputed):
    r = run_dbf("result", "pending", "--csv")
    assert r.exit_code == 0, r.stderr
    assert _raw_in(r.stdout) == [] and "\\x1b[2J" in r.stdout


def _hostile_team_name(root, team=None):
    path = root / SEASON / "cup" / "teams.yaml"
    doc = yaml.safe_load(path.read_text())
    teams = doc["teams"] if isinstance(doc, dict) else doc
    entry = next(t for t in teams if team in (None, t["id"]))
    entry["name"] = "Bo\x1b]0;pwned\x07\u202eHolm\x00"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True))


def test_issue26_a_team_name_with_controls_in_tables_problems_and_mail(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    _hostile_team_name(root)
    for args in (("cup", "teams"), ("schedule", "cup", "--round", "1"), ("cup", "teams", "--csv")):
        r = run_dbf(*args)
        assert r.exit_code == 0, (args, r.stderr)
        assert _raw_in(r.stdout + r.stderr) == [], args
    out = tmp_path / "mail"
    r = run_dbf("notify", "draw", "--round", "1", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    mails = [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in sorted(out.glob("*.eml"))]
    texts = [str(m[h]) for m in mails for h in ("Subject", "To")]
    texts += [m.get_body(("plain",)).get_content().replace("\r\n", "\n") for m in mails]   # the wire's CRLF
    assert any("\\u202eHolm" in t for t in texts)
    assert texts and [t for t in texts if _raw_in(t)] == []


def test_issue26_pages_show_a_captains_text_escaped(disputed):
    root, m, c, _ = disputed
    other = [x for x in schedule().values() if x["id"] != m["id"]][0]
    _hostile_team_name(root, other["home"])
    token = link_of(links(), other["id"], other["away"])["token"]
    page = c.get(f"/s/{token}")
    assert page.status_code == 200
    assert _raw_in(page.text) == [] and "\\u202eHolm" in page.text
    from dbfcli.rules.text import page_value
    assert page_value("a\u202eb\x1bc\nd") == "a\\u202eb\\x1bc\nd"
