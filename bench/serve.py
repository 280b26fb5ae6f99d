"""``dbf serve`` under 20 concurrent captains (issue 24): the latency of a sheet check
(``POST /api/v1/sheets/check``, the form checked as a captain types) side by side with that of a
static file (``GET /static/style.css``) in the same run, on loopback only.

    python bench/serve.py                 # 20 clients x 10 rounds of (check, static), each client kind
    python bench/serve.py --clients 20 --rounds 10 --client stdlib --json

A real ``dbf serve`` (uvicorn) over a copy of the example season with cup round 1 drawn; each
client takes one match's filled sheet and, in turn, checks it and fetches the static file, all
clients at once (a barrier starts them together). Every request has a timeout; the server is
stopped at the end. Two clients, each against a server of its own: the standard library's
http.client (light: nearly all of a request's time is the server's) and httpx (heavier: its
own threads' time counts in both figures, so its static file looks slower and the ratio
smaller). The target is for each. Target (issue 24): the p95 of a check at most 10x the p95 of the static file.
Never a timed test: bench/run.py prints this beside its other figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEASON = "2026-27"
TARGET = 10.0


def _fill(text: str) -> str:
    from run import _fill_blank  # bench/run.py: a blank sheet filled in as a captain would

    return _fill_blank(text)


def _dbf(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    return subprocess.run([sys.executable, "-m", "dbfcli", "--dir", str(root), *args], env=env, check=True,
                          capture_output=True, text=True)


def season(tmp: Path) -> tuple[Path, list[tuple[str, str]]]:
    """A copy of the example with round 1 drawn; (token, filled sheet) of each match's home captain."""
    root = tmp / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    _dbf(root, "draw", "cup", "--round", "1", "--seed", "2026")
    links = json.loads(_dbf(root, "serve", "links", "--round", "1", "--json").stdout)["links"]
    blanks = tmp / "blanks"
    _dbf(root, "result", "blank", "--round", "1", "--out", str(blanks))
    sched = {m["id"]: m for m in json.loads(_dbf(root, "schedule", "cup", "--round", "1", "--json").stdout)["matches"]}
    jobs = []
    for path in sorted(blanks.glob("*.yaml")):
        m = sched.get(path.stem)
        token = next((l["token"] for l in links if m and l["match"] == m["id"] and l["team"] == m["home"]), None)
        if token:
            jobs.append((token, _fill(path.read_text(encoding="utf-8"))))
    return root, jobs


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(root: Path):
    import httpx

    port = _port()
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), DBF_DIR=str(root))
    # 20 clients x 10 checks stay within the rate limits (30 a minute a link, 600 a client address)
    proc = subprocess.Popen([sys.executable, "-m", "dbfcli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("dbf serve did not start")


def _stdlib_client(url: str):
    """One kept-alive connection of the standard library's http.client: ``ask(method, path,
    body, headers) -> status`` and ``close()``."""
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)

    def ask(method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> int:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response.status

    return ask, conn.close


def _httpx_client(url: str):
    """The same with httpx (a heavier client: more of each request's time is the client's own)."""
    import httpx

    client = httpx.Client(base_url=url, timeout=60)

    def ask(method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> int:
        return client.request(method, path, content=body, headers=headers).status_code

    return ask, client.close


CLIENTS = {"stdlib": _stdlib_client, "httpx": _httpx_client}


def run(url: str, jobs: list[tuple[str, str]], clients: int, rounds: int, kind: str = "stdlib") -> dict[str, list[float]]:
    """``clients`` threads at once, each ``rounds`` x (check its sheet, fetch the static file)
    over a kept-alive connection of its own, with the client ``kind`` (:data:`CLIENTS`)."""
    times: dict[str, list[float]] = {"check": [], "static": []}
    lock = threading.Lock()
    start = threading.Barrier(clients)

    def one(i: int) -> None:
        token, body = jobs[i % len(jobs)]
        data = body.encode("utf-8")
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"}
        ask, close = CLIENTS[kind](url)
        try:
            start.wait(timeout=60)
            for _ in range(rounds):
                t0 = time.monotonic()
                checked = ask("POST", "/api/v1/sheets/check", data, headers)
                t1 = time.monotonic()
                fetched = ask("GET", "/static/style.css")
                t2 = time.monotonic()
                with lock:
                    if checked == 200:
                        times["check"].append(t1 - t0)
                    if fetched == 200:
                        times["static"].append(t2 - t1)
        finally:
            close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    return times


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


def measure(clients: int = 20, rounds: int = 10, kind: str = "stdlib") -> dict:
    """The figures of one run with the client ``kind``: p50/p95 of the check and of the static
    file, their ratio (a server of its own: the client address's rate limit is per server)."""
    tmp = Path(tempfile.mkdtemp(prefix="dbf-bench-serve-"))
    proc = None
    try:
        root, jobs = season(tmp)
        proc, url = serve(root)
        run(url, jobs, min(clients, 4), 1, kind)   # warm-up, not counted
        times = run(url, jobs, clients, rounds, kind)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    check, static = times["check"], times["static"]
    if not check or not static:
        return {"client": kind, "clients": clients, "rounds": rounds, "checks": len(check), "statics": len(static),
                "ratio_p95": None}
    return {"client": kind, "clients": clients, "rounds": rounds, "checks": len(check), "statics": len(static),
            "check_p50": statistics.median(check), "check_p95": p95(check),
            "static_p50": statistics.median(static), "static_p95": p95(static),
            "ratio_p95": p95(check) / p95(static), "target": TARGET}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--client", default="stdlib,httpx", help="the clients to run, comma-separated: stdlib, httpx")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    figures = [measure(args.clients, args.rounds, kind) for kind in args.client.split(",")]
    if args.json:
        print(json.dumps(figures))
        return 0
    for fig in figures:
        if fig["ratio_p95"] is None:
            print(f"no figures: {fig}")
            return 1
        print(f"{args.clients} clients x {args.rounds} ({fig['client']}): sheet check p50 {fig['check_p50'] * 1000:.1f} ms, "
              f"p95 {fig['check_p95'] * 1000:.1f} ms; static file p50 {fig['static_p50'] * 1000:.1f} ms, "
              f"p95 {fig['static_p95'] * 1000:.1f} ms; p95 ratio {fig['ratio_p95']:.1f}x (target {TARGET:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
