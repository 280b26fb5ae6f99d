"""A Danish captain reads every problem in Danish (issue 24): the captain's page and its
as-you-type check render the problems of the application layer in the page's language, from
the same texts ``dbf --lang da`` prints (``i18n.problem_text``); the API's JSON stays English
(docs/interface.md: JSON is the same in every language)."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from webkit import client, csrf_of, drawn_season, filled_form, link_of, links, schedule


@pytest.fixture
def page(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    m = next(iter(schedule().values()))
    return m, link_of(links(), m["id"], m["home"])["token"], client(root)


def _broken(form: dict) -> dict:
    """Boards that do not add up (§1.5.9, §1.5.10) and no captain's signature (§1.5.14)."""
    bad = dict(form)
    bad["home_p0_boards"] = "30"
    bad["away_p1_boards"] = "20"
    for key in [k for k in bad if k.endswith("signed_by") or k == "signed_by"]:
        bad[key] = ""
    return bad


def _messages(html: str) -> list[str]:
    items = re.findall(r'<li class="(?:error|warning)">(.*?)</li>', html, re.S)
    return [htmllib.unescape(re.sub(r"<[^>]+>", "", i)).strip() for i in items]


def test_1_5_9_every_problem_on_a_danish_page_is_danish(page):
    m, token, c = page
    en = c.get(f"/s/{token}?lang=en").text
    bad = _broken(filled_form(en))
    shown_en = _messages(c.post(f"/s/{token}?lang=en", data=dict(bad, csrf=csrf_of(en), action="check")).text)
    da_page = c.get(f"/s/{token}?lang=da").text
    shown_da = _messages(c.post(f"/s/{token}?lang=da", data=dict(bad, csrf=csrf_of(da_page), action="check")).text)
    assert shown_en and len(shown_en) == len(shown_da)
    for english, danish in zip(shown_en, shown_da):
        assert english != danish, f"shown in English on a Danish page: {danish}"


def test_1_5_9_the_as_you_type_check_answers_in_the_page_language(page):
    m, token, c = page
    en = c.get(f"/s/{token}?lang=en").text
    bad = _broken(filled_form(en))

    def problems(lang: str) -> list[dict]:
        html = c.get(f"/s/{token}?lang={lang}").text
        doc = c.post(f"/s/{token}/check.json?lang={lang}", data=dict(bad, csrf=csrf_of(html))).json()
        return doc["general"] + [p for items in doc["fields"].values() for p in items]

    english, danish = problems("en"), problems("da")
    assert english and [p["rule"] or p["code"] for p in english] == [p["rule"] or p["code"] for p in danish]
    assert all(e["message"] != d["message"] for e, d in zip(english, danish)), danish
