"""Helpers for tests: run `dbf` in-process, snapshot a folder (imported as `dbftest`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from dbfcli.cli.app import app


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


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (lock file excluded), for byte-for-byte comparisons."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".dbf.lock"}


_TEAM_YAML = """\
  - id: {id}
    name: {name}
    captain: {p}1
    club: 4100
    postcode: "5000"
    players:
{rows}"""


def team_yaml(id_: str, name: str, p: int, n: int = 4) -> str:
    """One team of a teams file (an item under ``teams:``), 6 + ``n`` lines: players ``{p}1``..``{p}n``."""
    rows = "".join(f"      - {{id: {p}{k}, name: P{k}, club: 4100}}\n" for k in range(1, n + 1))
    return _TEAM_YAML.format(id=id_, name=name, p=p, rows=rows)
