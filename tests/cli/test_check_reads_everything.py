"""`dbf check` reads every file a command reads, through the same reader (issue 27): a
journal entry that `dbf log` and `dbf undo` refuse fails `check` too, naming the same file
and line; a bad `current` in DIR/dbf.toml names that file and its line."""

from __future__ import annotations

import pytest

from dbftest import run_dbf

SEASON = "2026-27"

BROKEN_ENTRIES = {
    "malformed YAML": b"at: [unclosed\n",
    "at is a number": b"{at: 5, command: x, changes: []}\n",
    "not UTF-8": b"at: \xff\xfe\ncommand: x\nchanges: []\n",
    "nesting past the limit": b"at: " + b"[" * 200 + b"]" * 200 + b"\ncommand: x\nchanges: []\n",
}


@pytest.mark.parametrize("kind", sorted(BROKEN_ENTRIES))
def test_a_journal_entry_log_and_undo_refuse_fails_check_too(example, kind):
    journal = example / SEASON / "journal"
    journal.mkdir(exist_ok=True)
    name = "000099-20260101T000000.000000Z-1.yaml"
    (journal / name).write_bytes(BROKEN_ENTRIES[kind])
    log = run_dbf("log", "--json")
    assert log.exit_code == 2
    check = run_dbf("check", "--json")
    assert check.exit_code == 2, check.stdout
    files = {(e.get("file") or "") for e in check.json["errors"]}
    assert any(f.endswith(name) for f in files), check.json["errors"]
    assert {e["code"] for e in check.json["errors"]} & {e["code"] for e in log.json["errors"]}


@pytest.mark.parametrize("value", ["true", "2026", '"next year"', "[1, 2]"])
def test_a_bad_current_in_dbf_toml_names_the_file_and_its_line(example, value):
    (example / "dbf.toml").write_text(f"# the folder's settings\ngit = false\ncurrent = {value}\n")
    r = run_dbf("check", "--json")
    assert r.exit_code == 2
    (err,) = r.json["errors"]
    assert err["code"] == "format.id" and err["file"].endswith("dbf.toml") and err["line"] == 3


def test_check_warns_of_a_symbolic_link_inside_the_season_folder(example, tmp_path):
    """Issue 27: a link in the season folder (which every write there refuses) is named by check."""
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("schema: 1\ncontacts: {}\n")
    (example / SEASON / "cup" / "contacts.yaml").symlink_to(outside)
    r = run_dbf("check", "--json")
    links = [w for w in r.json["warnings"] if w["code"] == "io.link"]
    assert [w["file"] for w in links] == ["cup/contacts.yaml"]
