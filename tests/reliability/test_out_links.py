"""Issue 16.3, on the paths the user names: every command that writes a file or folder given on
the command line (`--out` of press, notify, qualification qualifiers, export usebio, result
import, result blank, publish; `--ics` of the cup and division schedules) refuses to write through
a symbolic link there: exit 2, code ``io.link`` (docs/problem-codes.md), the link's target unchanged.
The folders on the way to the named path are the user's own (docs/readings/links.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dbftest import run_dbf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))

from test_result_import import _pbn, drawn_match  # noqa: E402
from test_qualification_cmd import _east, _west  # noqa: E402

PRECIOUS = b"precious\n"


@pytest.fixture
def drawn(example):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    return example


def _victim(tmp_path: Path) -> Path:
    v = tmp_path / "victim.txt"
    v.write_bytes(PRECIOUS)
    return v


def _refused(r, victim: Path) -> None:
    assert r.exit_code == 2, r.stdout + r.stderr
    assert [e["code"] for e in r.json["errors"]] == ["io.link"], r.json
    assert victim.read_bytes() == PRECIOUS


def _pbn_args(example, tmp_path):
    _, _, home, away = drawn_match(example)
    return ("result", "import", _pbn(tmp_path, home, away), "--match", "C1-001")


def _qualification_args(example, tmp_path):
    assert run_dbf("qualification", "east", "enter", _east(tmp_path / "e.yaml")).exit_code == 0
    assert run_dbf("qualification", "west", "enter", _west(tmp_path / "w.yaml")).exit_code == 0
    for rnd in run_dbf("qualification", "east", "schedule", "--json").json["rounds"]:
        for m in rnd["matches"]:
            assert run_dbf("qualification", "east", "result", m["id"], "--imps", 30, 20).exit_code == 0
    return ("qualification", "qualifiers", "--membership", 4001, 1999)


#: (what, args before the option, the option): each writes one file the user names
FILE_OUTPUTS = {
    "press": (lambda ex, tp: ("press", "1"), "--out"),
    "export usebio": (lambda ex, tp: ("export", "usebio", "--division", "1div"), "--out"),
    "schedule cup --ics": (lambda ex, tp: ("schedule", "cup", "--round", "1"), "--ics"),
    "schedule 1div --ics": (lambda ex, tp: ("schedule", "1div"), "--ics"),
    "result import": (_pbn_args, "--out"),
    "qualification qualifiers": (_qualification_args, "--out"),
}


@pytest.mark.parametrize("what", sorted(FILE_OUTPUTS))
def test_16_3_a_named_file_that_is_a_link_is_refused(drawn, tmp_path, what):
    make, option = FILE_OUTPUTS[what]
    args = make(drawn, tmp_path)
    victim = _victim(tmp_path)
    link = tmp_path / "out-link"
    link.symlink_to(victim)
    r = run_dbf(*args, option, link, "--json")
    _refused(r, victim)
    assert link.is_symlink() and str(link) in r.json["errors"][0]["message"]
    # the same command to a plain path works, and writes the file there
    plain = tmp_path / "plain.out"
    r = run_dbf(*args, option, plain, "--json")
    assert r.exit_code in (0, 1), r.stdout + r.stderr      # result import: 1 until UP and signature are confirmed
    assert plain.is_file() and not plain.is_symlink()


#: (args before --out): each writes files into a folder the user names
FOLDER_OUTPUTS = {
    "notify draw": ("notify", "draw", "--round", "1"),
    "result blank": ("result", "blank", "--round", "1"),
    "publish": ("publish",),
}


@pytest.mark.parametrize("what", sorted(FOLDER_OUTPUTS))
def test_16_3_a_named_folder_that_is_a_link_is_refused(drawn, tmp_path, what):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "out-link"
    link.symlink_to(elsewhere, target_is_directory=True)
    r = run_dbf(*FOLDER_OUTPUTS[what], "--out", link, "--json")
    assert r.exit_code == 2 and [e["code"] for e in r.json["errors"]] == ["io.link"], r.stdout + r.stderr
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("what", sorted(FOLDER_OUTPUTS))
def test_16_3_a_link_planted_in_the_named_folder_is_refused(drawn, tmp_path, what):
    out = tmp_path / "out"
    r = run_dbf(*FOLDER_OUTPUTS[what], "--out", out, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    written = sorted(p for p in out.iterdir() if p.is_file())
    victim = _victim(tmp_path)
    written[0].unlink()
    written[0].symlink_to(victim)
    r = run_dbf(*FOLDER_OUTPUTS[what], "--out", out, "--json")
    _refused(r, victim)
