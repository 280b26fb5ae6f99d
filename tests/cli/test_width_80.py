"""Every human table fits an 80-column terminal (issue 18.4): each command that prints a
table, on a season played three rounds forward, in English and Danish, both ways a TD
meets it: piped with ``COLUMNS=80`` (the plain table) and on a real terminal 80 columns
wide (a pseudo-terminal: the Rich table, or the plain one when Rich's would not fit).
No line of stdout or stderr is wider than 80; columns that are always empty are gone."""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from dbftest import run_dbf

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "publish"))
import simulate  # noqa: E402

WIDTH = 80
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")

#: Every command that prints a table (tests/security/test_exports.py lists their --csv).
TABLES = [
    ("standings", "1div"), ("standings", "3div-a"), ("up",), ("gp",), ("fees",), ("fees", "KBH-1"),
    ("cup", "teams"), ("division", "teams", "1div"), ("division", "fees"), ("log",),
    ("deadlines", "--all", "--today", "2026-12-20"), ("schedule", "cup", "--round", "4"),
    ("schedule", "cup", "--round", "3"), ("schedule", "1div"), ("vp", "--boards", "16"),
    ("playoff", "1div"), ("distance", "8000", "3700"), ("trophy",),
    ("system", "check", str(REPO / "examples" / "systems" / "strong-pass.yaml")),
    ("seating", "C4-001"), ("draw", "cup", "--round", "4", "--dry-run", "--force", "--seed", "7"),
]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    root = tmp_path_factory.mktemp("width") / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    simulate.play(root, cup_rounds=3, div_rounds=3)
    for args in (("draw", "cup", "--round", "4", "--seed", "7"),
                 ("schedule", "cup", "set", "C4-001", "--date", "2027-01-20", "--time", "10:00", "--venue", "5000")):
        assert run_dbf("--dir", root, *args).exit_code == 0     # journal entries with long commands
    return root


def too_wide(text: str) -> list[str]:
    return [line for line in ANSI.sub("", text).replace("\r", "").split("\n") if len(line) > WIDTH]


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("args", TABLES, ids=" ".join)
def test_18_4_plain_table_fits_80_columns(played, args, lang):
    r = run_dbf("--dir", played, "--lang", lang, *args, env={"COLUMNS": str(WIDTH)})
    assert r.exit_code in (0, 1), r.stdout + r.stderr
    assert r.stdout.strip(), "printed nothing"
    wide = too_wide(r.stdout) + too_wide(r.stderr)
    assert not wide, "\n".join(wide)


def _on_terminal(root: Path, lang: str, args: tuple[str, ...]) -> str:
    """`dbf ARGS` with stdout and stderr on a pseudo-terminal 80 columns wide."""
    import fcntl
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, WIDTH, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "DBF_PLAIN", "NO_COLOR")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(REPO / "src"), DBF_CACHE_DIR=str(root.parent / "cache"))
    proc = subprocess.Popen([sys.executable, "-m", "dbfcli", "--dir", str(root), "--lang", lang, *args],
                            stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        if not ready:
            proc.kill()
            pytest.fail(f"{args}: no output for 120 s")
        try:
            data = os.read(master, 65536)
        except OSError:      # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=60) in (0, 1)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("args", TABLES, ids=" ".join)
def test_18_4_terminal_table_fits_80_columns(played, args):
    text = _on_terminal(played, "da" if "fees" in args or "playoff" in args else "en", args)
    assert text.strip()
    wide = too_wide(text)
    assert not wide, "\n".join(wide)


def test_18_4_standings_leave_out_the_empty_tie_break_column(played):
    """The tie-break column is empty unless teams are tied: then it is not shown at all."""
    r = run_dbf("--dir", played, "standings", "1div", env={"COLUMNS": str(WIDTH)})
    doc = run_dbf("--dir", played, "standings", "1div", "--json").json
    if not any(row["tie_break"] for row in doc["rows"]):
        assert "tie-break" not in r.stdout
    else:
        assert "tie-break" in r.stdout


def test_18_4_a_terminal_gets_the_rich_table(played):
    """The terminal path is the Rich one (box art) where the table fits, not plain text."""
    text = _on_terminal(played, "en", ("division", "fees"))
    assert "╭" in text or "┏" in text or "│" in text, text[:400]
