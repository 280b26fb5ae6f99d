"""`dbf serve`'s captain pages (issue 19): the form pre-filled as `dbf result blank`, problems
next to their field with their §, CSRF, escaping of hostile names, Danish and English, both
captains (confirm, dispute) and what goes to the TD (`dbf result pending|accept|reject`)."""

from __future__ import annotations

import re

import pytest
import yaml

from dbftest import run_dbf
from webkit import (SEASON, client, csrf_of, drawn_season, filled_form, link_of, links, problems_in, schedule)


@pytest.fixture
def page(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    sched = schedule()
    m = next(iter(sched.values()))
    return root, m, links(), client(root)


def _open(c, token, **headers):
    r = c.get(f"/s/{token}", headers=headers)
    assert r.status_code == 200, r.text
    return r.text


def test_1_5_14_the_form_is_prefilled_as_result_blank(page):
    root, m, all_links, c = page
    html = _open(c, link_of(all_links, m["id"], m["home"])["token"])
    blank = run_dbf("result", "blank", m["id"], "--dry-run", "--json").json["sheets"][0]
    for side in ("home", "away"):
        for p in blank[side]["players"]:
            assert str(p["id"]) in html
    assert html.count('name="seg') == 2 * blank["segments"]
    assert f'name="away_up" inputmode="numeric" size="3" value="{blank["up"]}"' in html
    assert f'value="{blank["home"]["captain"]}"' in html


def test_1_5_14_round_trip_an_error_by_its_field_then_corrected_and_sent(page):
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))
    form["home_p0_boards"] = "24"                 # the home side's boards no longer add up
    r = c.post(f"/s/{token}", data=dict(form, action="check"))
    assert r.status_code == 200
    assert "1.5.14" in problems_in(r.text)
    home_block = r.text[r.text.index('id="side-home"'):r.text.index('id="side-away"')]
    assert "§1.5.14" in home_block              # shown with the home side's rows
    assert not (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").exists()
    form = filled_form(r.text)
    r = c.post(f"/s/{token}", data=dict(form, action="check"))
    assert 'id="ok"' in r.text, problems_in(r.text)
    r = c.post(f"/s/{token}", data=dict(form, action="send"))
    assert 'id="receipt"' in r.text
    assert (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").is_file()
    entry = run_dbf("log", "--json").json["entries"]
    assert any(e["command"].startswith(f"web: captain of {m['home']}") for e in entry)
    assert m["id"] in run_dbf("up", "--json").stdout or run_dbf("up").exit_code == 0


def test_csrf_a_post_without_or_with_a_wrong_token_is_refused(page):
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))
    assert c.post(f"/s/{token}", data=dict(form, action="send", csrf="0" * 64)).status_code == 403
    fresh = client(root)                    # another browser: no cookie of this page
    assert fresh.post(f"/s/{token}", data=dict(form, action="send")).status_code == 403
    assert c.post(f"/s/{token}", data=dict(form, action="send"),
                  headers={"Origin": "https://evil.example"}).status_code == 403
    assert not (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").exists()


def test_a_hostile_team_name_is_rendered_escaped(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    m = next(iter(schedule().values()))
    teams = root / SEASON / "cup" / "teams.yaml"
    doc = yaml.safe_load(teams.read_text(encoding="utf-8"))
    evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    for t in doc["teams"]:
        if t["id"] == m["home"]:
            t["name"] = evil
            t["players"][1]["name"] = evil
    teams.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    c = client(root)
    html = _open(c, link_of(links(), m["id"], m["home"])["token"])
    assert "<script>alert(1)" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_danish_by_accept_language_and_the_switch(page):
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    assert "Resultatblanket" in _open(c, token, **{"Accept-Language": "da-DK,da;q=0.9"})
    assert "Result sheet" in _open(c, token, **{"Accept-Language": "en"})
    r = c.get(f"/s/{token}?lang=da", headers={"Accept-Language": "en"})
    assert '<html lang="da">' in r.text and r.cookies.get("dbf_lang") == "da"
    assert '<html lang="da">' in _open(c, token, **{"Accept-Language": "en"})   # the cookie keeps the choice


def test_both_captains_the_other_confirms(page):
    root, m, all_links, c = page
    home, away = (link_of(all_links, m["id"], t)["token"] for t in (m["home"], m["away"]))
    form = filled_form(_open(c, home))
    assert 'id="receipt"' in c.post(f"/s/{home}", data=dict(form, action="send")).text
    assert 'id="waiting"' in _open(c, home)
    html = _open(c, away)
    assert 'id="confirm"' in html and 'id="dispute"' in html
    r = c.post(f"/s/{away}", data={"csrf": csrf_of(html), "action": "confirm"})
    assert r.status_code == 200
    sent = yaml.safe_load((root / SEASON / "serve" / "matches" / f"{m['id']}.yaml").read_text())
    assert sent["sent_by"] == m["home"] and sent["confirmed_by"] == m["away"]
    assert 'id="confirmed"' in _open(c, away)


def test_1_5_14_a_dispute_goes_to_the_td_who_accepts_it(page):
    root, m, all_links, c = page
    home, away = (link_of(all_links, m["id"], t)["token"] for t in (m["home"], m["away"]))
    c.post(f"/s/{home}", data=dict(filled_form(_open(c, home)), action="send"))
    html = _open(c, away)
    form = filled_form(html, imps=("17", "31"))   # the away captain says the IMPs were the other way round
    r = c.post(f"/s/{away}", data=dict(form, action="dispute", note="wrong way round"))
    assert r.status_code == 200
    pending = run_dbf("result", "pending", "--json").json["pending"]
    assert [(p["match"], p["reason"], p["by"]) for p in pending] == [(m["id"], "dispute", m["away"])]
    assert 'id="disputed"' in _open(c, away)
    r = run_dbf("result", "accept", m["id"], "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    rec = yaml.safe_load((root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").read_text())
    assert rec["winner"] == m["away"]
    assert run_dbf("result", "pending", "--json").json["pending"] == []
    assert run_dbf("check").exit_code == 0


def test_1_5_14_a_sheet_with_only_form_errors_waits_for_the_td_then_rejected(page):
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))
    form["signed_by"] = ""                         # not signed: an error of form (§1.5.14)
    r = c.post(f"/s/{token}", data=dict(form, action="send"))
    assert "1.5.14" in problems_in(r.text) and 'id="message"' in r.text
    assert not (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").exists()
    pending = run_dbf("result", "pending", "--json").json["pending"]
    assert [(p["match"], p["reason"]) for p in pending] == [(m["id"], "form")]
    before = (root / SEASON / "serve" / "pending" / f"{m['id']}.yaml").read_bytes()
    assert run_dbf("result", "reject", m["id"], "--dry-run").exit_code == 0
    assert (root / SEASON / "serve" / "pending" / f"{m['id']}.yaml").read_bytes() == before
    assert run_dbf("result", "reject", m["id"]).exit_code == 0
    assert run_dbf("result", "pending", "--json").json["pending"] == []
    assert run_dbf("result", "accept", m["id"]).exit_code == 2


def test_1_5_14_a_form_error_sheet_accepted_with_the_penalty(page):
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))
    form["signed_by"] = ""
    c.post(f"/s/{token}", data=dict(form, action="send"))
    r = run_dbf("result", "accept", m["id"], "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    rec = yaml.safe_load((root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").read_text())
    assert rec["penalty"] is True
    assert run_dbf("result", "pending", "--json").json["pending"] == []


def test_the_check_json_of_the_page_script_places_problems_by_field(page):
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))
    form["seg0_h"] = "abc"
    r = c.post(f"/s/{token}/check.json", data=form)
    assert r.status_code == 200 and r.json()["ok"] is False
    assert "seg0" in r.json()["fields"]
    assert c.post(f"/s/{token}/check.json", data=dict(form, csrf="x")).status_code == 403


def test_the_as_you_type_check_is_503_not_500_when_the_season_stays_busy(page, monkeypatch):
    """The TD's `dbf` holds the season past the lock timeout while a captain types: the page's
    check answers 503 with Retry-After, never an internal error."""
    import dbfcli.web.season as web_season

    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))

    def busy(self, *a, **k):
        raise web_season.Busy("the season is locked by another dbf")

    monkeypatch.setattr(web_season.Season, "session", busy)
    r = c.post(f"/s/{token}/check.json", data=form)
    assert r.status_code == 503 and r.headers.get("retry-after") == "5"
    assert r.json()["ok"] is False


def test_no_stack_trace_or_path_in_an_answer(page):
    root, m, all_links, c = page
    for r in (c.get("/s/" + "A" * 600), c.get("/nowhere"), c.post("/s/x.y", data={"a": "b"}),
              c.get("/static/../../etc/passwd"), c.get("/site/../.serve-secret")):
        assert r.status_code in (400, 403, 404, 405)
        assert "Traceback" not in r.text and str(root) not in r.text


def test_a_problem_shows_its_paragraph_in_bold_and_a_code_alone_small_at_its_end(page):
    """Issue 26: a § is shown in bold where a § belongs (the head of the problem's line); a
    problem with only a code (no paragraph applies: `format.*`) shows the code small at the end
    of its line, never bold, never where a § would stand."""
    root, m, all_links, c = page
    token = link_of(all_links, m["id"], m["home"])["token"]
    form = filled_form(_open(c, token))
    form["seg0_h"] = "abc"                          # not a number: a problem of form, a code
    html = c.post(f"/s/{token}", data=dict(form, action="check")).text
    items = re.findall(r'<li class="(?:error|warning)">(.*?)</li>', html, re.S)
    coded = [i for i in items if "<small class=\"code\">" in i]
    assert coded and all(re.search(r'<small class="code">[a-z]+\.[a-z.-]+</small>$', i) and "<b" not in i
                         for i in coded)
    form = filled_form(_open(c, token))
    form["home_p0_boards"] = "24"                   # the boards do not add up: §1.5.14
    html = c.post(f"/s/{token}", data=dict(form, action="check")).text
    items = re.findall(r'<li class="(?:error|warning)">(.*?)</li>', html, re.S)
    assert any(i.startswith('<b class="rule">§1.5.14</b> ') for i in items)
    assert all("<small class=\"code\">" not in i for i in items if i.startswith('<b class="rule">'))
    assert '<b class="code">' not in html
