"""Start-up (issue 9): what a command imports, piped, with a warm parse cache.

No timing here (that is bench/run.py); these pin the laziness the start-up figures rest on:
a command that prints plain text never imports Rich, one whose files are in the parse cache
never imports PyYAML or tomllib, and no command imports Jinja2, icalendar, Hypothesis or
pydantic unless it needs them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NEVER = {"jinja2", "icalendar", "hypothesis", "pydantic", "click", "dataclasses_json",
         "starlette", "uvicorn", "anyio", "httpx"}   # dbf serve's (issue 19): only `dbf serve` imports them

PROBE = """
import atexit, sys
OUT = sys.argv.pop(1)
def _dump():
    with open(OUT, "w") as fh:
        fh.write("\\n".join(sorted(sys.modules)))
atexit.register(_dump)
sys.argv = ["dbf"] + sys.argv[1:]
from dbfcli.cli.entry import main
main()
"""


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    target = tmp_path_factory.mktemp("startup") / "tournaments"
    shutil.copytree(REPO / "tournaments", target, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    return target


def _modules(season: Path, cache: Path, *args: str) -> set[str]:
    out = season.parent / "modules.txt"
    env = dict(os.environ, DBF_CACHE_DIR=str(cache), PYTHONPATH=str(REPO / "src"))
    for var in ("DBF_DIR", "DBF_SEASON", "DBF_LANG", "DBF_PLAIN"):
        env.pop(var, None)
    argv = [sys.executable, "-c", PROBE, str(out), "--dir", str(season), *args]
    for _ in range(2):   # the first run fills the parse cache; the second is the one measured
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    return set(out.read_text().split())


def _tops(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.mark.parametrize("args", [("standings", "2div"), ("up",), ("gp",), ("check",), ("cup", "teams"),
                                  ("vp", "12", "--boards", "36"), ("distance", "8000", "1050")])
def test_a_piped_command_on_a_warm_cache_imports_no_rich_yaml_or_toml_parser(season, tmp_path, args):
    tops = _tops(_modules(season, tmp_path / "cache", *args))
    assert tops & ({"rich", "yaml", "tomllib", "json"} | NEVER) == set()


def test_help_imports_no_season_machinery(season, tmp_path):
    tops = _tops(_modules(season, tmp_path / "cache", "--help"))
    assert not tops & ({"yaml", "tomllib", "json", "fractions"} | NEVER)


def test_json_output_imports_json_and_still_no_rich(season, tmp_path):
    tops = _tops(_modules(season, tmp_path / "cache", "standings", "2div", "--json"))
    assert "json" in tops and "rich" not in tops


def test_the_rule_core_is_built_from_structs_not_dataclasses(season, tmp_path):
    """rules/value.py: a frozen dataclass costs ~0.5 ms at import, a Struct ~0.02 ms."""
    modules = _modules(season, tmp_path / "cache", "check")
    assert "dbfcli.rules.value" in modules and "msgspec" in modules


@pytest.mark.parametrize("args", [("--help",), ("result", "--help"), ("draw", "cup", "--help"), ("serve", "--help")])
def test_help_imports_no_store_module(season, tmp_path, args):
    """Issue 29: `--help` loads only the command tree: no module of dbfcli.store (the lock,
    the atomic writes, the readers), no application layer use case, no rule beyond the ids."""
    mods = _modules(season, tmp_path / "cache", *args)
    assert not {m for m in mods if m.startswith("dbfcli.store")}, sorted(m for m in mods if m.startswith("dbfcli.store"))
    assert not {m for m in mods if m.startswith(("dbfcli.app.sheets", "dbfcli.app.captains", "dbfcli.app.blanks"))}
