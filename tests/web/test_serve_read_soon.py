"""`dbf serve` runs a read (a captain's check, a page) on the event loop when the season is free
at once, and in the thread pool, waiting its turn as before, when it is not (issue 24,
web/season.py read_soon): the TD's own `dbf` holding the season lock, another request in the
season. A write never runs on the loop. The answer is the same either way."""

from __future__ import annotations

import asyncio
import fcntl
import threading
import time

import pytest

from webkit import SEASON, client, drawn_season, good_sheet, link_of, links, schedule

import dbfcli.app.captains as captains
import dbfcli.web.season as web_season


@pytest.fixture
def api(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    sched = schedule()
    m = next(iter(sched.values()))
    token = link_of(links(), m["id"], m["home"])["token"]
    return root, m, token, good_sheet(root, m), client(root)


@pytest.fixture
def where(monkeypatch):
    """Where each check and send ran: "loop" (the event loop's thread) or "pool"."""
    seen: list[str] = []

    def on_loop() -> str:
        try:
            asyncio.get_running_loop()
            return "loop"
        except RuntimeError:
            return "pool"

    real_check, real_send = captains.check_sent_sheet, captains.send_sheet

    def check(*a, **k):
        seen.append("check:" + on_loop())
        return real_check(*a, **k)

    def send(*a, **k):
        seen.append("send:" + on_loop())
        return real_send(*a, **k)

    monkeypatch.setattr(captains, "check_sent_sheet", check)
    monkeypatch.setattr(captains, "send_sheet", send)
    return seen


def _post(c, token, text, path):
    return c.post(path, content=text.encode("utf-8"),
                  headers={"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"})


def test_a_check_runs_on_the_loop_when_the_season_is_free(api, where):
    root, m, token, text, c = api
    r = _post(c, token, text, "/api/v1/sheets/check")
    assert r.status_code == 200, r.text
    assert where == ["check:loop"]


def test_1_5_14_a_send_always_runs_in_the_pool(api, where):
    """A Send writes (a transaction, its fsyncs): it may wait, so never on the loop."""
    root, m, token, text, c = api
    r = _post(c, token, text, "/api/v1/sheets")
    assert r.status_code == 200, r.text
    assert where == ["send:pool"]


def test_a_check_behind_another_request_waits_its_turn_in_the_pool(api, where):
    """Another request in the season (the in-process half of the lock taken): the check is not
    refused and does not block the loop; it waits in the pool and is answered once it is free."""
    root, m, token, text, c = api
    web_season._MUTEX.acquire()
    threading.Timer(0.3, web_season._MUTEX.release).start()
    started = time.monotonic()
    r = _post(c, token, text, "/api/v1/sheets/check")
    assert r.status_code == 200, r.text
    assert time.monotonic() - started >= 0.25
    assert where == ["check:pool"]


def test_a_check_while_the_tds_dbf_holds_the_season_waits_in_the_pool(api, where):
    """The TD's `dbf` at the terminal holds the season lock (an exclusive flock of .dbf.lock):
    the check waits for it in the pool, within the lock timeout, and is then answered."""
    root, m, token, text, c = api
    lock = open(root / SEASON / ".dbf.lock", "a+")
    fcntl.flock(lock.fileno(), fcntl.LOCK_EX)

    def release():
        fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
        lock.close()

    threading.Timer(0.4, release).start()
    r = _post(c, token, text, "/api/v1/sheets/check")
    assert r.status_code == 200, r.text
    assert where == ["check:pool"]


def test_the_page_and_its_as_you_type_check_run_on_the_loop(api, monkeypatch):
    root, m, token, text, c = api
    seen = []
    real = web_season.Season.session

    def session(self, *a, **k):
        seen.append(web_season._AT_ONCE.get())
        return real(self, *a, **k)

    monkeypatch.setattr(web_season.Season, "session", session)
    assert c.get(f"/s/{token}").status_code == 200
    assert seen and all(seen)


def test_1_5_14_the_as_you_type_check_is_one_read_session_on_the_loop(api, monkeypatch):
    """The form's check.json reads the view, the blank's facts and checks the sheet in ONE read
    session (one season state for all three), on the event loop."""
    from webkit import filled_form

    root, m, token, text, c = api
    form = filled_form(c.get(f"/s/{token}").text)
    seen = []
    real = web_season.Season.session

    def session(self, *a, **k):
        seen.append((web_season._AT_ONCE.get(), k.get("write", False)))
        return real(self, *a, **k)

    monkeypatch.setattr(web_season.Season, "session", session)
    r = c.post(f"/s/{token}/check.json", data=form)
    assert r.status_code == 200 and r.json()["ok"] is True, r.text
    assert seen == [(True, False)]
