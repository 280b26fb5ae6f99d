"""Issue 24 (problems as keys, nothing parses a message): a journal entry keeps its text as a
keyed text beside the English ``message`` (``message_keyed``: its key and values), so `dbf log`
shows it in the reader's language from the key; an entry without it, or whose keyed text no
longer says its message (a hand edit), is shown as written."""

from __future__ import annotations

import yaml

from dbftest import run_dbf


def _last_entry(example):
    files = sorted((example / "2026-27" / "journal").glob("*.yaml"))
    return files[-1], yaml.safe_load(files[-1].read_text(encoding="utf-8"))


def test_24_a_write_journals_its_text_by_key_and_dbf_log_shows_it_in_danish(example):
    """§1.5.16: a cup draw's journal entry, and its undo's (a keyed text inside a keyed text)."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    _, entry = _last_entry(example)
    assert entry["message"] == "drew cup round 1 (seed 7)"
    assert entry["message_keyed"] == {"key": "drew cup round {} (seed {})", "args": ["1", "7"]}
    assert "trak pokalrunde 1 (seed 7)" in run_dbf("--lang", "da", "log", "-n", "1").stdout
    assert run_dbf("undo").exit_code == 0
    _, entry = _last_entry(example)
    assert entry["message_keyed"]["args"][0] == {"key": "drew cup round {} (seed {})", "args": ["1", "7"]}
    assert "fortryd: trak pokalrunde 1 (seed 7)" in run_dbf("--lang", "da", "log", "-n", "1").stdout


def test_24_a_keyed_text_that_no_longer_says_the_message_is_not_shown(example):
    """A hand edit of ``message`` wins: the keyed text is shown only when it says the same."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    path, entry = _last_entry(example)
    entry["message"] = "the TD's own words"
    path.write_text(yaml.safe_dump(entry, allow_unicode=True), encoding="utf-8")
    r = run_dbf("--lang", "da", "log", "-n", "1")
    assert r.exit_code == 0 and "the TD's own words" in r.stdout and "trak pokalrunde" not in r.stdout
    entry["message_keyed"] = {"key": "drew cup round {} (seed {})", "args": ["1"]}   # too few values
    entry["message"] = "drew cup round 1 (seed 7)"
    path.write_text(yaml.safe_dump(entry, allow_unicode=True), encoding="utf-8")
    assert run_dbf("--lang", "da", "log", "-n", "1").exit_code == 0
