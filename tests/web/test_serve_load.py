"""`dbf serve` under load on loopback (issue 19): a real uvicorn server, 50 clients sending 50
different sheets of one round at once through the API: every sheet recorded exactly once, the
journal consistent, `dbf check` clean; then 20 clients sending one same sheet: exactly one 200,
the rest 409. Bounded: 70 requests, each with a timeout; the server is stopped at the end.

The figures (requests per second, p95 latency) are printed (`pytest -s`) and written to
``$DBF_LOAD_FIGURES`` when set; docs/serve.md has those of a run."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from dbftest import run_dbf
from webkit import SEASON, drawn_season, good_sheet, link_of, links, schedule, serving

httpx = pytest.importorskip("httpx")


@pytest.fixture
def server(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    sched, all_links = schedule(), links()
    with serving(root) as url:
        yield root, sched, all_links, url


def _burst(url: str, jobs: list[tuple[str, str]]) -> list[tuple[int, float]]:
    """Every job (token, sheet) sent at the same moment by its own client: (status, seconds)."""
    results: list = [None] * len(jobs)
    start = threading.Barrier(len(jobs))

    def one(i, token, body):
        with httpx.Client(timeout=120) as client:
            start.wait(timeout=30)
            t0 = time.monotonic()
            r = client.post(url + "/api/v1/sheets", content=body.encode("utf-8"),
                            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"})
            results[i] = (r.status_code, time.monotonic() - t0)

    threads = [threading.Thread(target=one, args=(i, t, b)) for i, (t, b) in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert all(r is not None for r in results), "a client did not finish"
    return results


def _p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


def test_50_sheets_at_once_each_recorded_once_then_20_of_one_sheet_one_200(server):
    root, sched, all_links, url = server
    matches = list(sched.values())
    assert len(matches) >= 51
    jobs = [(link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)) for m in matches[:50]]
    t0 = time.monotonic()
    results = _burst(url, jobs)
    wall = time.monotonic() - t0
    assert [s for s, _ in results] == [200] * 50
    log = run_dbf("log", "--json").json["entries"]
    for m in matches[:50]:
        rel = f"cup/matches/{m['id']}.yaml"
        assert (root / SEASON / rel).is_file()
        assert sum(1 for e in log for ch in e["changes"] if ch["file"] == rel) == 1, m["id"]
    seqs = [int(e["file"].split("/")[-1].split("-")[0]) for e in log]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)        # one entry per write, in order
    assert run_dbf("check").exit_code == 0

    m = matches[50]
    same = [(link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m))] * 20
    t1 = time.monotonic()
    dup = _burst(url, same)
    wall_dup = time.monotonic() - t1
    codes = sorted(s for s, _ in dup)
    assert codes == [200] + [409] * 19
    log = run_dbf("log", "--json").json["entries"]
    assert sum(1 for e in log for ch in e["changes"] if ch["file"] == f"cup/matches/{m['id']}.yaml") == 1
    assert run_dbf("check").exit_code == 0
    figures = {"sheets": 50, "seconds": round(wall, 2), "requests_per_s": round(50 / wall, 1),
               "p95_ms": round(1000 * _p95([t for _, t in results])), "same_sheet_20_seconds": round(wall_dup, 2),
               "same_sheet_p95_ms": round(1000 * _p95([t for _, t in dup]))}
    print("\ndbf serve load:", json.dumps(figures))
    if os.environ.get("DBF_LOAD_FIGURES"):
        with open(os.environ["DBF_LOAD_FIGURES"], "w", encoding="utf-8") as fh:
            json.dump(figures, fh)
