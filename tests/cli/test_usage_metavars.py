"""Usage lines, --lang, --version --json and shell completion (issue 18.9)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dbftest import run_dbf

REPO = Path(__file__).resolve().parents[2]
TYPER_METAVAR = re.compile(r"\{[A-Za-z_|]+\}|<(?:str|int|float|path|int range|float range|text|integer)>")


@pytest.fixture(scope="module")
def gen():
    spec = importlib.util.spec_from_file_location("gen_docs_metavars", REPO / "tools" / "gen_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_18_9_no_typer_metavars_in_any_help(gen):
    """`FILE`, `DIV`, `POSTCODE`, `--round N`: never `{file}`, `<str>`, `<int range>`."""
    bad = {}
    for path in [[]] + [p for p, _ in gen.command_paths()]:
        found = TYPER_METAVAR.findall(gen.help_text(path))
        if found:
            bad[" ".join(["dbf", *path])] = found
    assert not bad, bad


def test_18_9_usage_names_the_arguments_in_capitals(gen):
    assert gen.help_text(["cup", "enter"]).startswith("Usage: dbf cup enter [OPTIONS] FILE\n")
    assert gen.help_text(["distance"]).startswith("Usage: dbf distance [OPTIONS] POSTCODE POSTCODE\n")
    assert gen.help_text(["standings"]).startswith("Usage: dbf standings [OPTIONS] DIV\n")
    assert gen.help_text(["result", "walkover"]).startswith("Usage: dbf result walkover [OPTIONS] MATCH\n")
    assert "--round N " in gen.help_text(["draw", "cup"])


def test_18_9_unknown_language_is_a_usage_error_naming_the_choices(example):
    r = run_dbf("--lang", "de", "up")
    assert r.exit_code == 2
    assert "en, da" in r.stderr and "'de'" in r.stderr
    assert run_dbf("--lang", "da", "up").exit_code == 0


def test_18_9_version_json_is_one_json_document():
    r = run_dbf("--json", "--version")
    doc = json.loads(r.stdout)
    assert r.exit_code == 0 and set(doc) == {"version", "attribution"} and "GeoNames" in doc["attribution"]


def _complete(root: Path, words: str) -> list[str]:
    env = dict(os.environ, _DBF_COMPLETE="complete_bash", COMP_WORDS=words,
               COMP_CWORD=str(len(words.split(" ")) - 1), PYTHONPATH=str(REPO / "src"))
    code = "import sys; sys.argv = ['dbf']; from dbfcli.cli.entry import main; main()"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    root = tmp_path_factory.mktemp("complete") / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    assert run_dbf("--dir", root, "draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    return root


def test_18_9_completion_of_division_team_and_match_ids(drawn):
    assert _complete(drawn, f"dbf --dir {drawn} standings 3") == ["3div-a", "3div-b"]
    teams = _complete(drawn, f"dbf --dir {drawn} up KBH-1")
    assert "KBH-1" in teams and all(t.startswith("KBH-1") for t in teams)
    matches = _complete(drawn, f"dbf --dir {drawn} result walkover C1-00")
    assert "C1-001" in matches and all(m.startswith("C1-00") for m in matches)
    assert "ODE-A" in _complete(drawn, f"dbf --dir {drawn} result walkover C1-001 --withdrawn ODE-")
