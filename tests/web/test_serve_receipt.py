"""Issue 26: the receipt of a captain's Send says when the sheet was recorded and the winner's
fee for the next round (§1.5.15, the outcome's ``fees``); the losing side's captain who checks
or sends is told that sending is the winner's job (§1.5.14), and may still send."""

from __future__ import annotations

import re

import pytest
import yaml

from webkit import SEASON, client, drawn_season, filled_form, link_of, links, problems_in, schedule


@pytest.fixture
def page(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    m = next(iter(schedule().values()))
    return root, m, links(), client(root)


def _send(c, token, imps, lang="en"):
    headers = {"Accept-Language": lang}
    form = filled_form(c.get(f"/s/{token}", headers=headers).text, imps=imps)
    checked = c.post(f"/s/{token}", data=dict(form, action="check"), headers=headers)
    sent = c.post(f"/s/{token}", data=dict(form, action="send"), headers=headers)
    return checked, sent


def test_1_5_15_the_receipt_has_the_time_recorded_and_the_next_rounds_fee(page):
    root, m, all_links, c = page
    _, r = _send(c, link_of(all_links, m["id"], m["home"])["token"], ("31", "17"))
    assert 'id="receipt"' in r.text, problems_in(r.text)
    rec = yaml.safe_load((root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").read_text())
    stamp = str(rec["recorded_at"])[:16].replace("T", " ")
    assert re.search(r'id="recorded-at">Recorded at \d{4}-\d\d-\d\d \d\d:\d\d,', r.text) and stamp in r.text
    fee = rec["fees"][m["home"]]
    line = re.search(r'id="next-fee">([^<]+)<', r.text).group(1)
    assert f"round {fee['round']}" in line and f"{fee['amount_kr']} kr" in line and m["home"] in line
    assert 'id="loser-sent"' not in r.text


def test_1_5_14_the_losing_captain_is_told_it_is_the_winners_job_and_may_send(page):
    root, m, all_links, c = page
    checked, sent = _send(c, link_of(all_links, m["id"], m["away"])["token"], ("31", "17"), lang="da")
    assert "1.5.14" in problems_in(checked.text) and "vindende holds opgave" in checked.text
    assert 'id="receipt"' in sent.text and 'id="loser-sent"' in sent.text and "vindende holds opgave" in sent.text
    assert (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").is_file()
