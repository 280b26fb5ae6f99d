"""The captains' links of `dbf serve` (issue 19): the per-season secret (mode 0600, out of git,
out of the published site, out of the journal), rotation, `serve links`, the link in the
`notify draw` mail, and the start-up of every other command (no Starlette)."""

from __future__ import annotations

import ast
import hmac
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from dbftest import run_dbf
from webkit import REPO, SEASON, client, drawn_season, link_of, links, schedule

SRC = REPO / "src" / "dbfcli"


def test_the_secret_is_0600_and_never_in_the_journal(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    links()
    path = root / SEASON / ".serve-secret"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    key = path.read_text().split("\n")[1].split()[1]
    assert run_dbf("serve", "rotate-secret").exit_code == 0
    new_key = path.read_text().split("\n")[1].split()[1]
    assert new_key != key and stat.S_IMODE(path.stat().st_mode) == 0o600
    for f in (root / SEASON).rglob("*"):
        if f.is_file() and f.name != ".serve-secret":
            data = f.read_bytes()
            assert key.encode() not in data and new_key.encode() not in data, f
    log = run_dbf("log", "--json").json["entries"]
    assert any("rotated the secret" in e["message"] for e in log)


def test_the_secret_is_not_published_nor_served(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    links()
    assert run_dbf("publish").exit_code == 0
    assert not list((root / SEASON / "site").rglob(".serve-secret"))
    c = client(root)
    assert c.get("/site/index.html").status_code == 200
    for path in ("/site/../.serve-secret", "/site/%2e%2e/.serve-secret", "/.serve-secret", "/static/.serve-secret"):
        r = c.get(path)
        assert r.status_code == 404 and "dbf-serve-secret" not in r.text


def test_init_with_git_keeps_the_secret_out_of_git(tmp_path, monkeypatch):
    root = tmp_path / "t"
    root.mkdir()
    (root / "dbf.toml").write_text('current = "2026-27"\ngit = true\n')
    monkeypatch.setenv("DBF_DIR", str(root))
    assert run_dbf("init", "--season", "2026-27").exit_code == 0
    assert "*/.serve-secret" in (root / ".gitignore").read_text().split("\n")
    assert run_dbf("init", "--season", "2027-28").exit_code == 0
    assert (root / ".gitignore").read_text().count("*/.serve-secret") == 1


def test_links_of_a_round_one_per_captain_and_verified(tmp_path, monkeypatch):
    from dbfcli.store.capability import read_secret, verify_token

    root = drawn_season(tmp_path, monkeypatch)
    sched = schedule()
    all_links = links()
    assert len(all_links) == 2 * len(sched)
    r = run_dbf("serve", "links", "--round", "1", "--base-url", "https://dbf.example.dk", "--json")
    first = r.json["links"][0]
    assert first["url"] == f"https://dbf.example.dk/s/{first['token']}"
    grant, problem = verify_token(read_secret(root / SEASON), SEASON, first["token"])
    assert problem is None and (grant.match, grant.team) == (first["match"], first["team"])
    assert run_dbf("serve", "links", "--round", "2").exit_code == 2
    assert run_dbf("serve", "links", "--round", "1", "--base-url", "javascript:alert(1)").exit_code == 2


def test_the_token_is_compared_in_constant_time(tmp_path, monkeypatch):
    from dbfcli.store import capability

    root = drawn_season(tmp_path, monkeypatch)
    token = links()[0]["token"]
    seen = []
    real = hmac.compare_digest
    monkeypatch.setattr(capability.hmac, "compare_digest", lambda a, b: seen.append(1) or real(a, b))
    capability.verify_token(capability.read_secret(root / SEASON), SEASON, token)
    assert seen


def test_the_token_is_never_logged(tmp_path, monkeypatch, caplog):
    import logging

    root = drawn_season(tmp_path, monkeypatch)
    token = links()[0]["token"]
    caplog.set_level(logging.DEBUG)
    c = client(root)
    c.get(f"/s/{token}")
    c.post("/api/v1/sheets/check", content=b"x: 1", headers={"Authorization": f"Bearer {token}"})
    server = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("httpx"))   # the client's own
    assert token not in server and token.split(".")[1] not in server
    assert "/s/<token>" in server


def test_notify_draw_carries_the_link_when_a_base_url_is_configured(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    toml = root / "dbf.toml"
    toml.write_text(toml.read_text() + 'base_url = "https://dbf.example.dk"\n')
    all_links = links()
    out = tmp_path / "mail"
    r = run_dbf("notify", "draw", "--round", "1", "--out", out)
    assert r.exit_code == 0, r.stderr
    import email

    from email import policy

    msgs = [email.message_from_bytes(p.read_bytes(), policy=policy.default) for p in sorted(out.glob("*.eml"))]
    assert msgs
    for msg in msgs:
        body = next(part for part in msg.walk() if part.get_content_type() == "text/plain").get_content()
        mine = link_of(all_links, msg["X-DBF-Match"], msg["X-DBF-Team"])
        assert mine["url"] in body


def test_no_module_but_dbf_serve_imports_starlette_or_uvicorn():
    for path in sorted(SRC.rglob("*.py")):
        if "web" in path.relative_to(SRC).parts[:1] or path.name == "serve.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name.split(".")[0] not in ("starlette", "uvicorn"), path
                assert not name.startswith("dbfcli.web") and not (isinstance(node, ast.ImportFrom) and node.level
                                                                  and (node.module or "").startswith("web")), path


PROBE = "import sys; sys.argv=['dbf']+sys.argv[1:]\nfrom dbfcli.cli.entry import main\ntry:\n main()\nexcept SystemExit:\n pass\n" \
        "print('\\n'.join(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'anyio'))))"


@pytest.mark.parametrize("args", [("serve", "--help"), ("serve", "links", "--round", "1"), ("--help",)])
def test_serve_help_and_links_import_no_starlette(tmp_path, monkeypatch, args):
    root = drawn_season(tmp_path, monkeypatch)
    env = dict(os.environ, DBF_DIR=str(root), PYTHONPATH=str(REPO / "src"))
    done = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert not [line for line in done.stdout.split("\n") if line.startswith(("starlette", "uvicorn", "anyio"))]
