"""The English/Danish message table (dbfcli.i18n) and the doctests of the publish modules."""

from __future__ import annotations

import doctest
import importlib
import string

import pytest

from dbfcli.i18n import MESSAGES, round_name, t


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_both_languages_with_the_same_fields(key):
    en, da = MESSAGES[key]
    assert en and da
    assert fields(en) == fields(da)


@pytest.mark.parametrize("key,danish", [
    ("team", "Hold"), ("captain", "Kaptajn"), ("up_long", "Udebanepoint (UP)"), ("gp_long", "Guldpoint (GP)"),
    ("result_sheet", "Resultatblanket"), ("round", "Runde"), ("home", "Hjemmehold"), ("away", "Udehold"),
    ("venue", "Spillested"), ("match", "Kamp"), ("rank", "Placering"),
])
def test_the_trades_danish_words(key, danish):
    assert t(key, "da") == danish


def test_language_from_the_run_and_the_environment(monkeypatch):
    """The run's language is a context variable (i18n imports no CLI, issue 13.8)."""
    from dbfcli.i18n import LANG, set_lang

    token = set_lang("da")
    try:
        assert t("captain") == "Kaptajn" and round_name(9) == "finale"
        set_lang("xx")
        assert t("captain") == "Captain"               # unknown language: English
        set_lang("")
        monkeypatch.setenv("DBF_LANG", "da")
        assert t("captain") == "Kaptajn"
    finally:
        LANG.reset(token)


def test_the_root_callback_sets_the_language(example, monkeypatch):
    from dbfcli.cli import common
    from dbfcli.i18n import LANG, current_lang

    monkeypatch.delenv("DBF_LANG", raising=False)
    token = LANG.set("")
    try:
        common.reset(lang="da")
        assert current_lang() == "da"
        common.reset()
        assert current_lang() == "en"
    finally:
        LANG.reset(token)


@pytest.mark.parametrize("module", ["dbfcli.i18n", "dbfcli.publish.bracket", "dbfcli.publish.press",
                                    "dbfcli.publish.mail"])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
