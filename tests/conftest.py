"""Shared fixtures: a temporary copy of the example season, and a runner for `dbf`."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dbfcli.cli.app import app

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "tournaments"


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def json(self):
        return json.loads(self.stdout)


def run_dbf(*args: str, env: dict | None = None) -> Run:
    """Run `dbf ARGS` in-process (typer's CliRunner); stdout and stderr apart."""
    runner = CliRunner()
    result = runner.invoke(app, [str(a) for a in args], env=env, catch_exceptions=False)
    stderr = result.stderr if result.stderr_bytes is not None else ""
    return Run(result.exit_code, result.stdout, stderr)


@pytest.fixture
def dbf():
    return run_dbf


@pytest.fixture
def example(tmp_path, monkeypatch) -> Path:
    """A private copy of the shipped example (`tournaments/`); DBF_DIR points at it."""
    target = tmp_path / "tournaments"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    monkeypatch.setenv("DBF_DIR", str(target))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    return target


@pytest.fixture
def empty_season(tmp_path, monkeypatch) -> Path:
    """A fresh `dbf init --season 2026-27` folder; DBF_DIR points at it."""
    target = tmp_path / "tournaments"
    monkeypatch.setenv("DBF_DIR", str(target))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    result = run_dbf("init", "--season", "2026-27")
    assert result.exit_code == 0, result.stderr
    return target


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (lock file excluded), for byte-for-byte comparisons."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".dbf.lock"}
