"""Helpers for the tests of `dbf serve` (issue 19): a season with cup round 1 drawn, the
captains' links, the application under Starlette's test client, filled sheets and forms."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text

REPO = Path(__file__).resolve().parents[2]

pytest.importorskip("starlette", reason="dbf serve needs the web extra (pip install -e '.[test]')")


def drawn_season(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the example with cup round 1 drawn (seed 2026); DBF_DIR points at it."""
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    monkeypatch.setenv("DBF_DIR", str(root))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "2026")
    assert r.exit_code == 0, r.stderr
    return root


def links(round_no: int = 1) -> list[dict]:
    r = run_dbf("serve", "links", "--round", str(round_no), "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.json["links"]


def client(root: Path, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from dbfcli.web.app import Config, create_app

    return TestClient(create_app(Config(root, SEASON, **kw)), base_url="http://testserver")


def schedule(round_no: int = 1) -> dict[str, dict]:
    return {m["id"]: m for m in run_dbf("schedule", "cup", "--round", str(round_no), "--json").json["matches"]}


_TEAMS: dict = {}


def good_sheet(root: Path, match: dict, imps=(30, 20)) -> str:
    """A valid sheet of a round-1 match (test_result.sheet_text); the teams file read once per folder."""
    key = (str(root), (root / SEASON / "cup" / "teams.yaml").stat().st_mtime_ns)
    if key not in _TEAMS:
        _TEAMS[key] = cup_teams(root)
    teams = _TEAMS[key]
    return sheet_text(match["id"], teams[match["home"]], teams[match["away"]], 1, imps=imps, up=match["up"],
                      submitted_at="2026-12-13T20:00")


def link_of(all_links: list[dict], match: str, team: str) -> dict:
    return next(l for l in all_links if l["match"] == match and l["team"] == team)


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', html).group(1)


def filled_form(html: str, imps=("31", "17")) -> dict:
    """What a captain fills in on the page: the first segment's IMPs, the other segments 0-0,
    the first four players of each side ticked with 40 boards each."""
    form = {"csrf": csrf_of(html)}
    for name, value in re.findall(r'<input name="([a-z0-9_]+)"[^>]*value="([^"]*)"', html):
        form[name] = value
    segs = sorted({int(m) for m in re.findall(r'name="seg(\d+)_h"', html)})
    for i in segs:
        form[f"seg{i}_h"], form[f"seg{i}_a"] = ("0", "0") if i else imps
    for side in ("home", "away"):
        for j in range(4):
            form[f"{side}_p{j}_played"] = "on"
            form[f"{side}_p{j}_boards"] = "40"
    return form


def problems_in(html: str) -> list[str]:
    """The § rules (or, for a problem with none, its code) of the problems shown on a page: a
    § in bold at the head of its line, a code alone small at its end (issue 26)."""
    out = []
    for li in re.findall(r'<li class="(?:error|warning)">(.*?)</li>', html, re.S):
        rule = re.match(r'<b class="rule">§([^<]+)</b>', li)
        code = re.search(r'<small class="code">([^<]+)</small>$', li)
        out.append(rule.group(1) if rule else code.group(1) if code else "")
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(root: Path, stderr=subprocess.PIPE) -> tuple[subprocess.Popen, str]:
    """A real `dbf serve` (uvicorn) on a free loopback port over ``root``, answering: (process, URL)."""
    import httpx

    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), DBF_DIR=str(root))
    proc = subprocess.Popen([sys.executable, "-m", "dbfcli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url + "/", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read().decode()[-2000:] if proc.stderr else "the server stopped")
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)


@contextlib.contextmanager
def serving(root: Path):
    """A real `dbf serve` (uvicorn) on a free loopback port over ``root``; its base URL.
    Stopped (terminated, then killed) when the block ends."""
    proc, url = start_server(root)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
