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
    from dbfcli.cli import common

    monkeypatch.setattr(common.RUN, "lang", "da")
    assert t("captain") == "Kaptajn" and round_name(9) == "finale"
    monkeypatch.setattr(common.RUN, "lang", "xx")
    assert t("captain") == "Captain"               # unknown language: English
    monkeypatch.setattr(common.RUN, "lang", "")
    monkeypatch.setenv("DBF_LANG", "da")
    assert t("captain") == "Kaptajn"


@pytest.mark.parametrize("module", ["dbfcli.i18n", "dbfcli.publish.bracket", "dbfcli.publish.press",
                                    "dbfcli.publish.mail"])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
