"""Issue 28: every table within 80 columns, in English and Danish: the human output of every
command that reads the played season, and `dbf log` whose journal names a long file path (a
path is wrapped after a `/`, cli/output.wrap_cell)."""

from __future__ import annotations

import shutil

import pytest
import yaml

from dbftest import run_dbf
from test_no_english_for_danish import READ as ALL

WIDTH = 80
#: not tables: the press report is Markdown to paste into a mail (its lines are paragraphs), and a
#: captain's link is one word to copy whole (a URL broken over two lines no longer opens)
READ = [a for a in ALL if a[0] != "press" and a[:2] != ("serve", "links")]


def _wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("args", READ, ids=[" ".join(a) for a in READ])
def test_28_every_table_fits_80_columns(played_dir, lang, args):
    r = run_dbf("--dir", str(played_dir), "--lang", lang, *args, env={"COLUMNS": str(WIDTH)})
    assert not _wide(r.stdout), _wide(r.stdout)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_28_the_journal_with_a_long_file_path_fits_80_columns(example, tmp_path_factory, lang):
    folder = tmp_path_factory.mktemp("j") / "a-rather-long-folder-name" / "with" / "more" / "levels" / "of" / "folders"
    folder.mkdir(parents=True)
    teams = yaml.safe_load((example / "2026-27" / "cup" / "teams.yaml").read_text(encoding="utf-8"))
    file = folder / "teams-of-the-cup-2026-27-as-the-clubs-sent-them.yaml"
    file.write_text(yaml.safe_dump({"teams": teams["teams"][:2]}, allow_unicode=True), encoding="utf-8")
    assert run_dbf("cup", "enter", str(file)).exit_code == 0
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    r = run_dbf("--lang", lang, "log", env={"COLUMNS": str(WIDTH)})
    assert r.exit_code == 0, r.stderr
    assert not _wide(r.stdout), _wide(r.stdout)
    flat = "".join(line.strip() for line in r.stdout.splitlines()).replace(" ", "")
    assert "teams-of-the-cup-2026-27-as-the-clubs-sent-them.yaml" in flat   # wrapped after a hyphen, never cut
    assert str(example) not in r.stdout   # --dir is the table's season, not a column's text
    shutil.rmtree(folder)
