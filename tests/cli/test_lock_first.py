"""Issue 13 item 2: every write takes the season lock first, then loads, decides, writes.

- The list of commands that write is pinned (``WRITERS``): each is declared
  ``command(..., writes=...)``, and every module that opens a transaction declares one.
- Each writing command, run for real, reads nothing of the season before it holds the lock
  exclusively; each reading command reads under the shared lock.
- A transaction opened by a command that did not take the lock first is refused (a
  programming error, so it cannot be forgotten: every test of that command would fail).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import typer

from dbfcli.cli import common
from dbfcli.cli.app import full_app
from dbfcli.store import atomic
from dbfcli.store.season import SeasonStore
from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text

CLI = Path(common.__file__).parent
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def drawn(tmp_path, monkeypatch):
    """The example with cup round 1 drawn; a sheet of its first match; a teams file."""
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    monkeypatch.setenv("DBF_DIR", str(root))
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "4").exit_code == 0
    m = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    teams = cup_teams(root)
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]))
    entry = tmp_path / "entry.yaml"
    entry.write_text(json.dumps({"teams": [teams[m["home"]]]}))
    return root, m, teams, sheet, entry


def _cases(m, teams, sheet, entry):
    """A run of every kind of write (some are refused: what they read is checked all the same)."""
    team = teams[m["home"]]
    card = REPO / "examples" / "systems" / "precision.yaml"
    div = REPO / "tournaments" / SEASON / "divisions" / "2div.yaml"
    return [
        ["cup", "enter", entry], ["division", "enter", "2div", div],
        ["draw", "cup", "--round", "1", "--force"],
        ["result", "submit", sheet], ["result", "amend", sheet],
        ["result", "submit", sheet, sheet],   # many sheets (issue 17): the second is the same match
        ["result", "walkover", m["id"], "--withdrawn", m["away"]],
        ["schedule", "cup", "set", m["id"], "--time", "10:00"],
        ["system", "register", team["id"], card, "--pair", str(team["players"][0]["id"]),
         str(team["players"][1]["id"])],
        ["travel", "claim", m["id"], "--team", m["away"], "--zones", "20"],
        ["cup", "add-player", team["id"], "--round", "2", "--id", "999001", "--name", "Per Sø"],
        ["cup", "withdraw-player", team["id"], "999001"],
        ["fees", "pay", team["id"], "240", "--on", "2026-12-20"],
        ["schedule", "2div", "--freeze"], ["playoff", "1div", "choose", team["id"]],
        ["undo"], ["undo"],
    ]

#: every command that writes the season (the callable ones write only with some arguments)
WRITERS = {
    "cup enter", "cup add-player", "cup withdraw-player", "draw cup", "result submit", "result amend", "result walkover",
    "result import",  # --submit
    "schedule cup set", "travel claim", "system register", "division enter", "undo", "init",
    "season rollover", "qualification east enter", "qualification east result", "qualification west enter",
    "playoff",  # choose / result
    "fees",  # pay
    "notify draw",  # marks the draw sent (§1.5.16)
    "lot draw", "lot record", "lot remove",
    "draw commit", "lot commit",   # issue 30: the commitment before a draw
    "result accept", "result reject", "serve links", "serve rotate-secret",   # issue 19
    "result pending",   # issue 26: what a dispute would change is a dry run of accept (the write lock)
    "schedule 1div", "schedule 2div", "schedule 3div-a", "schedule 3div-b",  # --freeze / --refreeze
}


def _commands(group, prefix: str = "") -> dict:
    out = {}
    for name, cmd in group.commands.items():
        full = f"{prefix}{name}"
        if hasattr(cmd, "commands"):
            out.update(_commands(cmd, full + " "))
        else:
            out[full] = cmd
    return out


def test_13_2_every_writing_command_is_declared():
    commands = _commands(typer.main.get_command(full_app()))
    declared = {name for name, cmd in commands.items() if getattr(cmd.callback, "writes", False)}
    assert declared == WRITERS
    undeclared = {name for name, cmd in commands.items() if not hasattr(cmd.callback, "writes")}
    assert not undeclared, "every command goes through common.command"


def test_13_2_every_module_that_opens_a_transaction_declares_a_writer():
    for path in sorted(CLI.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if ".transaction(" in text:
            assert re.search(r"writes=(True|lambda)", text), f"{path.name} writes without command(..., writes=...)"


@pytest.fixture
def spy(monkeypatch):
    """Record every read of a season file made while the command does not hold the lock it
    needs (exclusive for a writer, shared for a reader)."""
    bad: list[tuple[str, str]] = []
    reads = {"n": 0}

    def wrap(name):
        original = getattr(SeasonStore, name)

        def checked(self, rel, *a, **kw):
            if atomic.in_command() and self.dir.is_dir() and (self.dir / ".dbf.lock").exists():
                reads["n"] += 1
                if not atomic.holds(self.dir, exclusive=common.RUN.writing):
                    bad.append((" ".join(common.RUN.argv[1:3]) or "?", f"{name}({rel})"))
            return original(self, rel, *a, **kw)

        monkeypatch.setattr(SeasonStore, name, checked)

    for name in ("read_yaml", "read_bytes", "exists", "list"):
        wrap(name)
    return bad, reads


def test_13_2_writers_read_only_under_the_exclusive_lock(drawn, spy):  # noqa: F811
    root, m, teams, sheet, entry = drawn
    bad, reads = spy
    for args in _cases(m, teams, sheet, entry):
        common.RUN.argv = ["dbf", *map(str, args)]
        r = run_dbf(*args)
        assert r.exit_code in (0, 1, 2), (args, r.stderr)
        assert "internal error" not in r.stderr, (args, r.stderr)
    assert reads["n"] > 20
    assert bad == []


def test_13_2_readers_read_under_the_shared_lock(drawn, spy):  # noqa: F811
    bad, reads = spy
    for args in (["up"], ["gp"], ["check"], ["cup", "teams"], ["schedule", "cup", "--round", "1"], ["log"]):
        r = run_dbf(*args)
        assert r.exit_code == 0, (args, r.stderr)
    assert reads["n"] > 5
    assert bad == []


def test_13_2_a_transaction_without_the_lock_taken_first_is_refused(example, monkeypatch):
    app = typer.Typer()

    @common.command(app, "sneaky")          # forgot writes=True
    def sneaky() -> None:
        store = common.load_store()
        with store.transaction("dbf sneaky", "x") as tx:
            tx.write_text("x.yaml", "x: 1\n")

    @common.command(app, "other")
    def other() -> None:
        pass

    from typer.testing import CliRunner

    r = CliRunner().invoke(app, ["sneaky"])
    assert r.exit_code == 2 and "LockOrderError" in r.output
    assert not (example / "2026-27" / "x.yaml").exists()
    assert not atomic.holds(example / "2026-27", exclusive=False), "the command's locks are released"
