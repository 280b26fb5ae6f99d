"""A captain's Send is one write (issue 24, §1.5.14): the result, who sent it and the journal
entry go to disk together or not at all.

- 30 ``kill -9`` of a real ``dbf serve`` during API submits, at delays from 5 to 500 ms: after
  each, once the season is opened again (an interrupted write rolls forward), every recorded
  match has its sender and no sender is without its recorded match;
- one ``dbf undo`` takes a web submit back whole (the result and its sender), and the link can
  send again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path


from dbftest import run_dbf
from webkit import SEASON, client, drawn_season, good_sheet, link_of, links, schedule, start_server

KILLS = 30


def _start(root: Path) -> tuple[subprocess.Popen, str]:
    return start_server(root, stderr=subprocess.DEVNULL)


def _post(url: str, token: str, body: str, path: str = "/api/v1/sheets") -> None:
    import httpx

    try:
        httpx.post(url + path, content=body.encode("utf-8"), timeout=10,
                   headers={"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"})
    except httpx.HTTPError:
        pass   # the server was killed under it


def _pairs(root: Path) -> tuple[set[str], set[str]]:
    """(recorded matches, matches with a sender), after the season is opened again."""
    assert run_dbf("log").exit_code == 0   # opens the season: an interrupted write rolls forward
    season = root / SEASON
    recorded = {p.stem for p in (season / "cup" / "matches").glob("*.yaml")}
    sent = {p.stem for p in (season / "serve" / "matches").glob("*.yaml")} if (season / "serve" / "matches").is_dir() \
        else set()
    return recorded, sent


def test_1_5_14_kill_9_during_web_submits_never_leaves_a_result_without_its_sender(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    sched = list(schedule().values())
    all_links = links()
    delays = [0.005 * (100 ** (i / (KILLS - 1))) for i in range(KILLS)]   # 5 ms .. 500 ms, evenly on a log scale
    outcomes = {"recorded": 0, "not recorded": 0}
    for i, delay in enumerate(delays):
        m = sched[i % len(sched)]
        recorded, _ = _pairs(root)
        if m["id"] in recorded:
            m = next(x for x in sched if x["id"] not in recorded)
        proc, url = _start(root)
        token = link_of(all_links, m["id"], m["home"])["token"]
        _post(url, token, good_sheet(root, m), "/api/v1/sheets/check")   # a warm server, as in a real round
        sender = threading.Thread(target=_post, args=(url, token, good_sheet(root, m)))
        sender.start()
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        sender.join(timeout=15)
        recorded, sent = _pairs(root)
        assert recorded == sent, f"kill {i} at {delay * 1000:.0f} ms: recorded {sorted(recorded ^ sent)} differ"
        outcomes["recorded" if m["id"] in recorded else "not recorded"] += 1
    assert run_dbf("check").exit_code in (0, 1)
    # the kills fell both before and after the write (else the test proves nothing)
    assert outcomes["recorded"] and outcomes["not recorded"], outcomes


def test_1_5_14_one_undo_takes_a_web_submit_back_whole_and_the_link_sends_again(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    m = next(iter(schedule().values()))
    token = link_of(links(), m["id"], m["away"])["token"]
    c = client(root)
    body = good_sheet(root, m).encode("utf-8")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"}
    r = c.post("/api/v1/sheets", content=body, headers=headers)
    assert r.status_code == 200, r.text
    entry = run_dbf("log", "--json").json["entries"][-1]
    assert {ch["file"] for ch in entry["changes"]} == {f"cup/matches/{m['id']}.yaml", f"serve/matches/{m['id']}.yaml"}
    assert run_dbf("undo").exit_code == 0
    assert not (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").exists()
    assert not (root / SEASON / "serve" / "matches" / f"{m['id']}.yaml").exists()
    r = c.post("/api/v1/sheets", content=body, headers=headers)
    assert r.status_code == 200 and r.json()["recorded"] is True, r.text
