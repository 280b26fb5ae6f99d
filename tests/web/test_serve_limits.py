"""Issue 26: the rate limits never lose an honest captain's sheet. The form's as-you-type checks
(`/s/TOKEN/check.json`, the API's check) have a budget of their own, apart from sending; a Send
over the limit gives the form again with everything typed, in the captain's language; every
429 carries `Retry-After`."""

from __future__ import annotations

import re

import pytest

from webkit import SEASON, client, drawn_season, filled_form, link_of, links, schedule


@pytest.fixture
def page(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    m = next(iter(schedule().values()))
    return root, m, link_of(links(), m["id"], m["home"])["token"]


def _retry_after(r) -> int:
    assert r.status_code == 429
    value = r.headers.get("retry-after", "")
    assert value.isdigit() and 1 <= int(value) <= 60, r.headers
    return int(value)


def test_1_5_14_thirty_six_checks_as_you_type_then_send_records_the_sheet(page):
    root, m, token = page
    c = client(root)                                     # the default limits
    form = filled_form(c.get(f"/s/{token}").text)
    for i in range(36):                                  # 36 edits, each checked as typed
        r = c.post(f"/s/{token}/check.json", data=dict(form, seg0_h=str(i), action="check"))
        assert r.status_code == 200, (i, r.text)
    r = c.post(f"/s/{token}", data=dict(form, action="send"))
    assert r.status_code == 200 and 'id="receipt"' in r.text, r.text[-2000:]
    assert (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").is_file()


def test_1_5_14_a_send_over_the_limit_keeps_what_was_typed_in_danish(page):
    root, m, token = page
    c = client(root, per_token=1)                        # opening the link spends the one
    html = c.get(f"/s/{token}", headers={"Accept-Language": "da"}).text
    form = filled_form(html, imps=("47", "13"))
    form["home_p0_boards"] = "39"
    assert c.post(f"/s/{token}", data=dict(form, action="check"), headers={"Accept-Language": "da"}).status_code == 200
    r = c.post(f"/s/{token}", data=dict(form, action="send"), headers={"Accept-Language": "da"})
    _retry_after(r)
    assert '<html lang="da">' in r.text and "vent et minut" in r.text and "too many" not in r.text
    assert 'id="sheet"' in r.text                        # the form, not "the link is not valid"
    assert re.search(r'name="seg0_h"[^>]*value="47"', r.text) and re.search(r'name="seg0_a"[^>]*value="13"', r.text)
    assert re.search(r'name="home_p0_boards"[^>]*value="39"', r.text)
    assert not (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").exists()


def test_every_429_has_retry_after(page):
    root, m, token = page
    c = client(root, per_token=1, per_token_check=1)
    assert c.get(f"/s/{token}").status_code == 200
    _retry_after(c.get(f"/s/{token}"))                   # the page itself
    c2 = client(root, per_token=5, per_token_check=1)
    form = filled_form(c2.get(f"/s/{token}").text)
    assert c2.post(f"/s/{token}/check.json", data=dict(form, action="check")).status_code == 200
    _retry_after(c2.post(f"/s/{token}/check.json", data=dict(form, action="check")))
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"}
    _retry_after(c2.post("/api/v1/sheets/check", content=b"x: 1", headers=auth))
    c3 = client(root, per_client=1)
    c3.get(f"/s/{token}")
    _retry_after(c3.get(f"/s/{token}"))
    _retry_after(c3.post("/api/v1/sheets", content=b"x: 1", headers=auth))


def test_a_form_with_more_fields_than_any_sheet_is_413_not_an_internal_error(page):
    """docs/serve.md "Limits": a posted form of more than 500 fields is refused (413,
    `usage.too-large`) in the captain's language; it was an internal error (500) before."""
    root, m, token = page
    c = client(root)
    form = filled_form(c.get(f"/s/{token}").text)
    form.update({f"x{i}": "1" for i in range(600)})
    r = c.post(f"/s/{token}?lang=da", data=dict(form, action="send"))
    assert r.status_code == 413 and "usage.too-large" in r.text and "felter" in r.text
    assert "internal error" not in r.text
    assert not (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").exists()
