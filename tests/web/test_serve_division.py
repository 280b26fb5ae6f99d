"""`dbf serve` for a division match (issue 26, "Divisions"; docs/readings/division-results.md):
the links of a division round in the cup's JSON shape, `dbf result blank` of a division match
(36 or 40 boards by the division's §1.1.2.1/§1.1.3.1/§1.1.4.1, home and away as the schedule
has them), the captain's form with its halves and the VP after Check, a Send recorded with
its sender, the other captain's confirm or dispute, and the TD's `dbf result pending|accept`.
A § is shown in bold where it belongs, a code alone small at the end of its line."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from dbftest import run_dbf
from webkit import REPO, SEASON, client, csrf_of, link_of, problems_in

DIV = "1div"


def division_season(tmp_path, monkeypatch):
    """A copy of the example (its divisions entered, schedules not frozen); DBF_DIR points at it."""
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    monkeypatch.setenv("DBF_DIR", str(root))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    return root


def division_links(div: str = DIV, round_no: int = 1) -> list[dict]:
    r = run_dbf("serve", "links", "--division", div, "--round", str(round_no), "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.json["links"]


def first_match(div: str = DIV) -> dict:
    return run_dbf("schedule", div, "--json").json["rounds"][0]["matches"][0]


def division_form(html: str, imps=("31", "17"), boards: str = "36") -> dict:
    """What a division captain fills in: the first half's IMPs, the second 0-0, the first four
    players of each side ticked with all the boards."""
    form = {"csrf": csrf_of(html)}
    for name, value in re.findall(r'<input name="([a-z0-9_]+)"[^>]*value="([^"]*)"', html):
        form[name] = value
    form.update(seg0_h=imps[0], seg0_a=imps[1], seg1_h="0", seg1_a="0")
    for side in ("home", "away"):
        for j in range(4):
            form[f"{side}_p{j}_played"] = "on"
            form[f"{side}_p{j}_boards"] = boards
    return form


@pytest.fixture
def div_page(tmp_path, monkeypatch):
    root = division_season(tmp_path, monkeypatch)
    m = first_match()
    return root, m, division_links(), client(root)


def _open(c, token, lang="en"):
    r = c.get(f"/s/{token}?lang={lang}")
    assert r.status_code == 200, r.text
    return r.text


def _vp(imps_home: int, imps_away: int, boards: int = 36) -> tuple[float, float]:
    from dbfcli.rules.divisions.vp import WBF20, match_vp, vp_number

    return tuple(vp_number(x) for x in match_vp(WBF20, imps_home, imps_away, boards))


def _sent(c, token, imps=("31", "17")) -> str:
    r = c.post(f"/s/{token}", data=dict(division_form(_open(c, token), imps), action="send"))
    assert r.status_code == 200 and 'id="receipt"' in r.text, problems_in(r.text)
    return r.text


# --------------------------------------------------------------------------- links and blanks
def test_1_1_2_1_the_links_of_a_division_round_have_the_cups_json_shape(div_page):
    root, m, all_links, c = div_page
    rnd = run_dbf("schedule", DIV, "--json").json["rounds"][0]
    want = [(x["id"], t) for x in rnd["matches"] if x["away"] for t in (x["home"], x["away"])]
    assert [(l["match"], l["team"]) for l in all_links] == want
    assert all(set(l) >= {"match", "team", "url", "token"} and l["url"].endswith("/s/" + l["token"])
               for l in all_links)
    cup_keys = set(run_dbf("serve", "links", "--division", "2div", "--round", "11", "--json").json["links"][0])
    assert cup_keys == set(all_links[0])
    r = run_dbf("serve", "links", "--division", DIV, "--round", "12", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["rule"] == "1.1.2.1"
    assert run_dbf("serve", "links", "--division", "9div", "--round", "1").exit_code == 2


@pytest.mark.parametrize("div,rule,boards", [("1div", "1.1.2.1", 36), ("3div-a", "1.1.4.1", 40)])
def test_1_1_x_result_blank_of_a_division_match(tmp_path, monkeypatch, div, rule, boards):
    division_season(tmp_path, monkeypatch)
    rnd = run_dbf("schedule", div, "--json").json["rounds"][0]
    m = rnd["matches"][0]
    r = run_dbf("result", "blank", m["id"], "--out", tmp_path / "sheets", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    f = r.json["sheets"][0]
    assert (f["match"], f["division"], f["rule"], f["boards"], f["segments"] * f["segment_boards"]) == \
        (m["id"], div, rule, boards, boards)
    assert (f["home"]["team"], f["away"]["team"], f["date"]) == (m["home"], m["away"], rnd["date"])
    assert f["home"]["players"] and f["up"] is None and f["deadline"] is None
    text = (tmp_path / "sheets" / f"{m['id']}.yaml").read_text(encoding="utf-8")
    assert f"§{rule}" in text and "§1.5.14" not in text
    assert run_dbf("result", "check", tmp_path / "sheets" / f"{m['id']}.yaml", "--json").json["match"] == m["id"]
    r = run_dbf("result", "blank", f"{div}-R77-01", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "unknown.match"


# --------------------------------------------------------------------------- the form
def test_1_1_2_1_the_form_of_a_division_match_halves_of_its_boards_no_cup_fields(div_page):
    root, m, all_links, c = div_page
    html = _open(c, link_of(all_links, m["id"], m["home"])["token"])
    assert f"{DIV}, round 1" in html and "§1.1.2.1" in html
    assert sorted(re.findall(r'name="(seg\d_[ha])"', html)) == ["seg0_a", "seg0_h", "seg1_a", "seg1_h"]
    assert 'name="away_up"' not in html and 'name="total_h"' not in html and "§1.5" not in html
    assert "Cup round" not in html


def test_1_1_2_1_check_shows_the_vp_of_the_real_scale(div_page):
    root, m, all_links, c = div_page
    token = link_of(all_links, m["id"], m["home"])["token"]
    r = c.post(f"/s/{token}", data=dict(division_form(_open(c, token)), action="check"))
    assert 'id="ok"' in r.text, problems_in(r.text)
    home, away = _vp(31, 17)
    vp = re.search(r'<p class="message ok" id="vp">(.*?)</p>', r.text).group(1)
    assert f"{m['home']} {home:.2f}" in vp and f"{m['away']} {away:.2f}" in vp and "§1.1.2.1" in vp
    doc = c.post(f"/s/{token}/check.json", data=division_form(_open(c, token))).json()
    assert doc["ok"] and doc["vp"] == {m["home"]: home, m["away"]: away}
    assert not (root / SEASON / "divisions" / "matches" / f"{m['id']}.yaml").exists()


def test_1_1_2_1_the_wrong_board_count_shows_its_rule_in_bold_and_a_code_alone_small(div_page):
    """Issue 26: a problem with a § shows the § in bold where it belongs; a problem with only a
    code (the division's boards-by-player, `format.sheet`) shows the code small at the end."""
    root, m, all_links, c = div_page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = division_form(_open(c, token), boards="36")
    form["seg1_h"] = "x"                              # a half that is no number: the § of the boards
    form["home_p0_boards"] = "20"                     # boards that do not add up: a code alone
    html = c.post(f"/s/{token}", data=dict(form, action="check")).text
    items = re.findall(r'<li class="error">(.*?)</li>', html, re.S)
    coded = [i for i in items if '<small class="code">' in i]
    assert coded and all(not i.startswith("<b") and re.search(r'<small class="code">[a-z.-]+</small>$', i)
                         for i in coded)
    assert '<b class="code">' not in html
    ruled = [i for i in items if i.startswith('<b class="rule">§')]
    assert all('<small class="code">' not in i for i in ruled)
    assert "format.sheet" in problems_in(html)


# --------------------------------------------------------------------------- send, confirm, dispute
def test_1_1_2_1_a_division_send_is_recorded_with_its_sender_and_the_other_confirms(div_page):
    root, m, all_links, c = div_page
    home, away = (link_of(all_links, m["id"], t)["token"] for t in (m["home"], m["away"]))
    receipt = _sent(c, away)                          # either captain sends (no winner's duty)
    assert "§1.5.14" not in receipt and 'id="vp"' in receipt and 'id="recorded-at"' in receipt
    rec = yaml.safe_load((root / SEASON / "divisions" / "matches" / f"{m['id']}.yaml").read_text())
    assert rec["imps"] == [31, 17] and rec["home"] == m["home"]
    sent = yaml.safe_load((root / SEASON / "serve" / "matches" / f"{m['id']}.yaml").read_text())
    assert sent["sent_by"] == m["away"]
    log = run_dbf("log", "--json").json["entries"]
    entry = next(e for e in log if any(ch["file"] == f"divisions/matches/{m['id']}.yaml" for ch in e["changes"]))
    assert entry["command"].startswith(f"web: captain of {m['away']}")
    assert {ch["file"] for ch in entry["changes"]} >= {f"serve/matches/{m['id']}.yaml"}
    again = c.post(f"/s/{home}", data=dict(division_form(_open(c, home), ("40", "10")), action="send"))
    assert again.status_code == 409 and "state.already-recorded" in problems_in(again.text)
    assert 'id="waiting"' in _open(c, away)
    from dbfcli.store.capability import read_secret
    from dbfcli.web.guard import csrf_field

    forged = csrf_field(read_secret(root / SEASON).key, c.cookies.get("dbf_csrf"), away)   # a hand-made post
    r = c.post(f"/s/{away}", data={"csrf": forged, "action": "confirm"})
    assert r.status_code == 403 and "1.1.2.1" in problems_in(r.text)   # not the sender's word
    html = _open(c, home)
    assert 'id="recorded"' in html and f"{m['home']} 31" in html and 'id="confirm"' in html
    assert c.post(f"/s/{home}", data={"csrf": csrf_of(html), "action": "confirm"}).status_code == 200
    sent = yaml.safe_load((root / SEASON / "serve" / "matches" / f"{m['id']}.yaml").read_text())
    assert sent["confirmed_by"] == m["home"]
    rows = {r["team"]: r for r in run_dbf("standings", DIV, "--json").json["rows"]}
    assert rows[m["home"]]["vp"] == _vp(31, 17)[0] and rows[m["home"]]["played"] == 1
    assert run_dbf("check").exit_code == 0


def test_1_1_2_1_a_division_dispute_goes_to_the_td_who_accepts_it(div_page):
    root, m, all_links, c = div_page
    home, away = (link_of(all_links, m["id"], t)["token"] for t in (m["home"], m["away"]))
    _sent(c, home)
    html = _open(c, away)
    form = division_form(html, imps=("17", "31"))
    assert c.post(f"/s/{away}", data=dict(form, action="dispute", note="the other way round")).status_code == 200
    pending = run_dbf("result", "pending", "--json").json["pending"]
    assert [(p["match"], p["reason"], p["by"]) for p in pending] == [(m["id"], "dispute", m["away"])]
    changes = {ch["what"]: ch for ch in pending[0]["changes"]}
    assert changes["winner"]["recorded"] == m["home"] and changes["winner"]["disputed"] == m["away"]
    assert changes["imps"]["recorded"] == "31-17" and changes["imps"]["disputed"] == "17-31"
    dry = run_dbf("result", "accept", m["id"], "--dry-run", "--json")
    assert dry.exit_code == 0 and dry.json["changes"] == pending[0]["changes"]
    r = run_dbf("result", "accept", m["id"], "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    rec = yaml.safe_load((root / SEASON / "divisions" / "matches" / f"{m['id']}.yaml").read_text())
    assert rec["imps"] == [17, 31]
    assert run_dbf("result", "pending", "--json").json["pending"] == []
    rows = {r["team"]: r for r in run_dbf("standings", DIV, "--json").json["rows"]}
    assert rows[m["away"]]["vp"] == _vp(17, 31)[1]
    assert run_dbf("check").exit_code == 0


def test_1_1_2_1_a_division_token_is_not_valid_for_another_match_or_team(div_page):
    root, m, all_links, c = div_page
    from dbfcli.store.capability import make_token, read_secret

    secret = read_secret(root / SEASON)
    stranger = make_token(secret, SEASON, m["id"], "NOT-A")
    r = c.get(f"/s/{stranger}")
    assert r.status_code == 403 and problems_in(r.text) == ["1.1.2.1"]
    nowhere = make_token(secret, SEASON, f"{DIV}-R40-01", m["home"])
    assert c.get(f"/s/{nowhere}").status_code == 403


# --------------------------------------------------------------------------- Danish
def test_1_1_2_1_the_danish_division_page_is_danish_throughout(div_page):
    from dbfcli.web.text import TEXT

    root, m, all_links, c = div_page
    token = link_of(all_links, m["id"], m["home"])["token"]
    da = _open(c, token, "da")
    form = division_form(da)
    checked = c.post(f"/s/{token}?lang=da", data=dict(form, action="check")).text
    sent = c.post(f"/s/{token}?lang=da", data=dict(form, action="send")).text
    for page in (da, checked, sent):
        text = re.sub(r"<[^>]+>", " ", page)
        for key, (en, dk) in TEXT.items():
            head = en.split("{")[0].strip()
            if en != dk and len(head) > 4 and head != dk.split("{")[0].strip() and key != "lang_switch":
                assert head not in text, f"English on the Danish page: {head!r} ({key})"
    assert "Sejrspoint" in checked and re.search(r"\d+,\d\d", checked)
    assert "Halvleg 1" in da and "runde 1" in da and "Kvittering" in sent


# --------------------------------------------------------------------------- the mail
def test_1_1_2_1_notify_division_links_puts_each_captains_own_link_in_their_mail(div_page, tmp_path):
    import email
    from email import policy

    root, m, all_links, c = div_page
    r = run_dbf("notify", "division", DIV, "--weekend", "1", "--out", tmp_path / "plain", "--json")
    assert r.exit_code == 0
    out = tmp_path / "mail"
    assert run_dbf("notify", "division", DIV, "--weekend", "1", "--links", "--out", out).exit_code == 0
    mine = link_of(all_links, m["id"], m["home"])["url"]
    bodies = {f.name: email.message_from_bytes(f.read_bytes(), policy=policy.default).get_body(("plain",)).get_content()
              for f in out.glob("*.eml")}
    assert mine in bodies[f"{DIV}-w1-{m['home']}.eml"]
    assert mine not in bodies[f"{DIV}-w1-{m['away']}.eml"]
    assert link_of(all_links, m["id"], m["away"])["url"] in bodies[f"{DIV}-w1-{m['away']}.eml"]
    assert not any("/s/" in f.read_text() for f in (tmp_path / "plain").glob("*.eml"))


def test_notify_division_links_before_the_links_are_made_is_refused(tmp_path, monkeypatch):
    division_season(tmp_path, monkeypatch)
    r = run_dbf("notify", "division", DIV, "--weekend", "1", "--links", "--out", tmp_path / "mail", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "usage.missing"
    assert not (tmp_path / "mail").exists()


def test_1_1_2_1_the_printable_blank_of_a_division_match_cites_its_own_paragraphs(tmp_path, monkeypatch):
    division_season(tmp_path, monkeypatch)
    m = first_match()
    r = run_dbf("result", "blank", m["id"], "--format", "html", "--out", tmp_path / "print")
    assert r.exit_code == 0, r.stdout + r.stderr
    html = (tmp_path / "print" / f"{m['id']}.html").read_text(encoding="utf-8")
    assert "§1.1.2.1" in html and "§2.11" in html and "halvlege à 18" in html
    assert not re.search(r"§1\.5\.\d", html) and "None" not in html and "Saturday" not in html


# --------------------------------------------------------------------------- the API
def test_1_1_2_1_the_api_checks_sends_and_confirms_a_division_sheet_as_the_cli(div_page, tmp_path):
    root, m, all_links, c = div_page
    home, away = (link_of(all_links, m["id"], t)["token"] for t in (m["home"], m["away"]))
    blank = tmp_path / "blank"
    assert run_dbf("result", "blank", m["id"], "--out", blank).exit_code == 0
    text = (blank / f"{m['id']}.yaml").read_text(encoding="utf-8")
    text = text.replace("imps: [0, 0]}", "imps: [40, 22]}", 1)
    lines = [ln for ln in text.splitlines() if "boards: 0}" not in ln or ln.count("#") == 1]
    sheet = "\n".join(ln.replace("boards: 0}", "boards: 36}") for ln in lines) + "\n"
    sheet = re.sub(r"(  players:.*\n(?:    - .*\n){4})(?:    - .*\n)+", r"\1", sheet)   # four players a side
    (tmp_path / "s.yaml").write_text(sheet, encoding="utf-8")
    cli = run_dbf("result", "check", tmp_path / "s.yaml", "--json")
    assert cli.exit_code == 0, cli.stdout
    headers = {"Authorization": f"Bearer {home}", "Content-Type": "application/yaml"}
    r = c.post("/api/v1/sheets/check", content=sheet.encode(), headers=headers)
    assert r.status_code == 200 and r.json() == cli.json and r.json()["vp"][m["home"]] == _vp(40, 22)[0]
    r = c.post("/api/v1/sheets", content=sheet.encode(), headers=headers)
    assert r.status_code == 200 and r.json()["recorded"] is True, r.text
    assert c.post("/api/v1/sheets/confirm", headers=headers).status_code == 403     # the sender's own sheet
    r = c.post("/api/v1/sheets/confirm", headers={"Authorization": f"Bearer {away}"})
    assert r.status_code == 200 and r.json()["confirmed_by"] == m["away"]
