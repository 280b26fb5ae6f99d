"""Issue 26: `GET /site/...` before `dbf publish` is a 404 (not a 500 with a traceback in the
log), and `dbf serve --access-log FILE` writes one line per request: time, method, path with
the token redacted, status, milliseconds."""

from __future__ import annotations

import logging
import re

import pytest

from dbftest import run_dbf
from webkit import SEASON, client, drawn_season, link_of, links, schedule


@pytest.fixture
def season(tmp_path, monkeypatch):
    return drawn_season(tmp_path, monkeypatch)


def test_the_site_before_publish_is_404_without_a_traceback(season, caplog):
    assert not (season / SEASON / "site").exists()
    c = client(season)
    with caplog.at_level(logging.INFO):
        codes = [c.get(p).status_code for p in ("/site/", "/site/index.html", "/site/cup/round-1.html", "/site")]
    assert set(codes) <= {404, 307} and 404 in codes, codes
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    assert run_dbf("publish").exit_code == 0
    assert c.get("/site/").status_code == 200           # published while serving: served at once


def test_the_access_log_has_one_line_per_request_and_no_token(season, tmp_path):
    log = tmp_path / "access.log"
    m = next(iter(schedule().values()))
    token = link_of(links(), m["id"], m["home"])["token"]
    c = client(season, access_log=log)
    asked = [("GET", f"/s/{token}", 200), ("GET", "/site/", 404), ("GET", "/s/garbage", 403),
             ("POST", f"/s/{token}/check.json", 403)]
    for method, path, status in asked:
        assert c.request(method, path).status_code == status, path
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(asked)
    pattern = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d (GET|POST) (\S+) (\d{3}) \d+\.\dms$")
    got = [pattern.match(line) for line in lines]
    assert all(got), lines
    assert [(g[1], g[2], int(g[3])) for g in got] == [
        ("GET", "/s/<token>", 200), ("GET", "/site/", 404), ("GET", "/s/<token>", 403),
        ("POST", "/s/<token>/check.json", 403)]
    assert token not in log.read_text() and "garbage" not in log.read_text()


def test_serve_refuses_an_access_log_it_cannot_open(season, tmp_path):
    r = run_dbf("serve", "--access-log", str(tmp_path / "no" / "such" / "dir" / "a.log"), "--port", "1")
    assert r.exit_code == 2 and "access log" in r.stderr
