"""Issue 30 (§1.5.16, §1.1.3.2): draws anyone can verify, through the CLI.

`dbf draw commit` before, `dbf draw cup` reveals, `dbf draw verify` recomputes; a tampered draw
file or bundle fails with the difference named by its code; a `--seed` that is not the
committed secret is refused; the published site holds the commitment and no secret before the
draw; `dbf check` flags a draw whose secret does not open its commitment. The divisions' lots
follow the same protocol (`dbf lot commit|draw|verify`).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import stat

import pytest
import yaml

from dbftest import run_dbf

SEASON = "2026-27"


def _codes(r) -> list[str]:
    return [e["code"] for e in r.json["errors"]]


def _state(root):
    """Every file of the season folder with its bytes (the lock and the cache left out)."""
    season = root / SEASON
    return {str(p.relative_to(season)): p.read_bytes() for p in sorted(season.rglob("*"))
            if p.is_file() and p.name != ".dbf.lock" and ".cache" not in p.parts}


@pytest.fixture
def committed(example):
    """The example with cup round 1 committed, not drawn."""
    r = run_dbf("draw", "commit", "--round", "1", "--json")
    assert r.exit_code == 0, r.stdout
    return example, r.json


def _drawn(root):
    r = run_dbf("draw", "cup", "--round", "1", "--json")
    assert r.exit_code == 0, r.stdout
    return r.json


def _edit_yaml(path, change):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")


def test_30_1_5_16_commit_records_a_commitment_and_keeps_the_secret_out_of_it(committed):
    root, doc = committed
    assert set(doc) >= {"round", "commitment", "field", "algorithm", "beacon_source"}
    assert doc["round"] == 1 and doc["algorithm"] == "dbf-cup-draw/1" and len(doc["commitment"]) == 64
    secrets_file = root / SEASON / ".draw-secrets"
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    secret = secrets_file.read_text().split("\n")[1].split()[1]
    commit_file = (root / SEASON / "cup" / "commitments" / "round-01.yaml").read_text()
    assert doc["commitment"] in commit_file and secret not in commit_file
    journal = "".join(p.read_text() for p in (root / SEASON / "journal").glob("*.yaml"))
    assert secret not in journal
    # the field digest is the SHA-256 of the canonical JSON of the field recorded
    field = yaml.safe_load(commit_file)["field"]
    canonical = json.dumps(field, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert hashlib.sha256(canonical).hexdigest() == doc["field"]


def test_30_1_5_16_committed_draw_verifies_and_reveals_the_secret(committed):
    root, doc = committed
    secret = (root / SEASON / ".draw-secrets").read_text().split("\n")[1].split()[1]
    drawn = _drawn(root)
    assert drawn["proof"]["secret"] == secret and drawn["proof"]["commitment"] == doc["commitment"]
    assert drawn["seed"] == int(secret, 16)
    v = run_dbf("draw", "verify", "--round", "1", "--json")
    assert v.exit_code == 0 and v.json["verified"] is True, v.stdout
    assert run_dbf("check").exit_code == 0


def test_30_1_5_16_a_seed_that_is_not_the_secret_is_refused_and_nothing_changes(committed):
    root, _ = committed
    before = _state(root)
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "2627", "--json")
    assert r.exit_code == 1 and _codes(r) == ["draw.seed-not-committed"], r.stdout
    assert _state(root) == before
    secret = (root / SEASON / ".draw-secrets").read_text().split("\n")[1].split()[1]
    ok = run_dbf("draw", "cup", "--round", "1", "--seed", str(int(secret, 16)), "--json")
    assert ok.exit_code == 0, ok.stdout


@pytest.mark.parametrize("tamper, code", [
    ("swap", "draw.verify-match"), ("secret", "draw.verify-secret"), ("field", "draw.verify-field"),
    ("bye", "draw.verify-bye"),
], ids=["two-teams-exchanged", "changed-secret", "changed-field", "changed-bye"])
def test_30_1_5_16_a_tampered_draw_fails_verify_and_check(committed, tamper, code):
    root, _ = committed
    _drawn(root)
    draw = root / SEASON / "cup" / "draws" / "round-01.yaml"

    def swap(doc):
        a, b = doc["matches"][0]["teams"], doc["matches"][1]["teams"]
        a[1], b[1] = b[1], a[1]

    def bye(doc):
        doc["byes"][0], doc["matches"][0]["teams"][0] = doc["matches"][0]["teams"][0], doc["byes"][0]

    if tamper == "swap":
        _edit_yaml(draw, swap)
    elif tamper == "bye":
        _edit_yaml(draw, bye)
    elif tamper == "secret":
        _edit_yaml(draw, lambda d: d["proof"].update(secret="0" * 64))
    else:   # an entry round of the committed field changed
        commit = root / SEASON / "cup" / "commitments" / "round-01.yaml"
        _edit_yaml(commit, lambda d: d["field"]["entry"].update({next(iter(d["field"]["entry"])): 2}))
    r = run_dbf("draw", "verify", "--round", "1", "--json")
    assert r.exit_code == 1 and code in _codes(r), r.stdout
    if tamper == "swap":
        named = [e["message"] for e in r.json["errors"]]
        assert all(e.startswith(("C1-001", "C1-002")) for e in named) and len(named) == 2, named
    c = run_dbf("check", "--json")
    assert c.exit_code == 1 and code in _codes(c), c.stdout


def test_30_1_5_16_check_flags_a_kept_secret_that_does_not_open_the_commitment(committed):
    root, _ = committed
    path = root / SEASON / ".draw-secrets"
    lines = path.read_text().split("\n")
    lines[1] = lines[1].split()[0] + " " + "1" * 64
    path.write_text("\n".join(lines))
    c = run_dbf("check", "--json")
    assert c.exit_code == 1 and "draw.verify-secret" in _codes(c), c.stdout
    r = run_dbf("draw", "cup", "--round", "1", "--json")
    assert r.exit_code == 1 and _codes(r) == ["draw.secret-missing"], r.stdout


def test_30_1_5_16_site_before_the_draw_shows_the_commitment_and_no_secret(committed, tmp_path):
    root, doc = committed
    secret = (root / SEASON / ".draw-secrets").read_text().split("\n")[1].split()[1]
    site = tmp_path / "site"
    assert run_dbf("publish", "--out", site).exit_code == 0
    assert doc["commitment"] in (site / "draws.html").read_text()
    assert json.loads((site / "commitment-cup-round-01.json").read_text())["commitment"] == doc["commitment"]
    for f in site.rglob("*"):
        if f.is_file():
            assert secret.encode() not in f.read_bytes(), f
    assert not list(site.glob("verify-*.json"))


def test_30_1_5_16_bundle_verifies_in_another_folder_and_tampered_bundles_fail(committed, tmp_path, monkeypatch):
    root, _ = committed
    _drawn(root)
    site = tmp_path / "site"
    assert run_dbf("publish", "--out", site).exit_code == 0
    elsewhere = tmp_path / "captain"
    elsewhere.mkdir()
    bundle = elsewhere / "b.json"
    shutil.copy(site / "verify-cup-round-01.json", bundle)
    monkeypatch.delenv("DBF_DIR")
    monkeypatch.chdir(elsewhere)
    ok = run_dbf("draw", "verify", "--bundle", bundle, "--json")
    assert ok.exit_code == 0 and ok.json["verified"], ok.stdout
    doc = json.loads(bundle.read_text())
    m0, m1 = doc["draw"]["matches"][0]["teams"], doc["draw"]["matches"][1]["teams"]
    cases = {"draw.verify-match": lambda d: (d["draw"]["matches"][0].update(teams=[m0[0], m1[1]]),
                                             d["draw"]["matches"][1].update(teams=[m1[0], m0[1]])),
             "draw.verify-secret": lambda d: d.update(secret="f" * 64),
             "draw.verify-field": lambda d: d["field"]["clubs"].update({next(iter(d["field"]["clubs"])): 1})}
    for code, change in cases.items():
        bad = json.loads(json.dumps(doc))
        change(bad)
        path = elsewhere / f"{code}.json"
        path.write_text(json.dumps(bad))
        r = run_dbf("draw", "verify", "--bundle", path, "--json")
        assert r.exit_code == 1 and code in _codes(r), (code, r.stdout)
    (elsewhere / "junk.json").write_text("{not json")
    r = run_dbf("draw", "verify", "--bundle", elsewhere / "junk.json", "--json")
    assert r.exit_code == 2 and _codes(r) == ["format.bundle"]


def test_30_1_5_16_the_field_changed_since_the_commit_is_refused(committed):
    root, _ = committed
    teams = root / SEASON / "cup" / "teams.yaml"
    _edit_yaml(teams, lambda d: d["teams"].pop())          # a team withdrawn from the entries
    before = _state(root)
    r = run_dbf("draw", "cup", "--round", "1", "--json")
    assert r.exit_code == 1 and _codes(r) == ["draw.field-changed"], r.stdout
    assert _state(root) == before
    again = run_dbf("draw", "commit", "--round", "1", "--json")
    assert again.exit_code == 2 and _codes(again) == ["state.committed"]
    forced = run_dbf("draw", "commit", "--round", "1", "--force", "--json")
    assert forced.exit_code == 0 and forced.json["withdrawn"] == 1
    commit = yaml.safe_load((root / SEASON / "cup" / "commitments" / "round-01.yaml").read_text())
    assert len(commit["withdrawn"][0]["secret"]) == 64      # the old secret revealed with the withdrawal
    assert _drawn(root)["proof"]["commitment"] == forced.json["commitment"]


def test_30_1_5_16_a_beacon_source_needs_the_beacon_at_the_draw(example):
    r = run_dbf("draw", "commit", "--round", "1", "--beacon-source", "drand quicknet round 1000", "--json")
    assert r.exit_code == 0 and r.json["beacon_source"] == "drand quicknet round 1000"
    missing = run_dbf("draw", "cup", "--round", "1", "--json")
    assert missing.exit_code == 2 and _codes(missing) == ["usage.missing"]
    drawn = run_dbf("draw", "cup", "--round", "1", "--beacon", "a1b2c3", "--json")
    assert drawn.exit_code == 0 and drawn.json["proof"]["beacon"] == "a1b2c3"
    assert run_dbf("draw", "verify", "--round", "1").exit_code == 0
    draw = example / SEASON / "cup" / "draws" / "round-01.yaml"
    _edit_yaml(draw, lambda d: d["proof"].update(beacon="a1b2c4"))
    r = run_dbf("draw", "verify", "--round", "1", "--json")
    assert r.exit_code == 1 and "draw.verify-seed" in _codes(r), r.stdout


def test_30_without_a_commit_draws_are_as_before(example):
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "2627", "--json")
    assert r.exit_code == 0 and r.json["seed"] == 2627 and "proof" not in r.json
    assert "proof" not in yaml.safe_load((example / SEASON / "cup" / "draws" / "round-01.yaml").read_text())
    v = run_dbf("draw", "verify", "--round", "1", "--json")
    assert v.exit_code == 2 and _codes(v) == ["state.not-committed"]
    b = run_dbf("draw", "cup", "--round", "1", "--beacon", "x", "--force", "--json")
    assert b.exit_code == 2 and _codes(b) == ["usage.option"]


def test_30_1_1_1_1_a_committed_lot_verifies_and_a_tampered_one_fails(example, tmp_path):
    teams = [t["id"] for t in run_dbf("division", "teams", "3div-a", "--json").json["teams"][:2]]
    pick = ["3div-PO3", "--teams", ",".join(teams)]
    c = run_dbf("lot", "commit", *pick, "--json")
    assert c.exit_code == 0 and c.json["key"] == "3div-PO3", c.stdout
    hand = run_dbf("lot", "record", "3div-PO3", "--order", ",".join(teams), "--by", "TD", "--witness", "W", "--json")
    assert hand.exit_code == 2 and _codes(hand) == ["state.committed"]
    d = run_dbf("lot", "draw", *pick, "--by", "TD", "--witness", "W", "--json")
    assert d.exit_code == 0 and d.json["lot"]["proof"]["commitment"] == c.json["commitment"], d.stdout
    assert run_dbf("lot", "verify", "3div-PO3", "--json").exit_code == 0
    site = tmp_path / "site"
    assert run_dbf("publish", "--out", site).exit_code == 0
    bundle = next(site.glob("verify-lot-*.json"))
    assert run_dbf("lot", "verify", "--bundle", bundle).exit_code == 0
    lots = example / SEASON / "divisions" / "lots.yaml"
    _edit_yaml(lots, lambda doc: doc["lots"][0]["proof"].update(secret="e" * 64))
    r = run_dbf("lot", "verify", "3div-PO3", "--json")
    assert r.exit_code == 1 and "draw.verify-secret" in _codes(r), r.stdout
    assert "draw.verify-secret" in _codes(run_dbf("check", "--json"))
