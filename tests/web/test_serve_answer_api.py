"""`dbf serve`'s API for the other captain (issue 19, §1.5.14): POST /api/v1/sheets/confirm and
/api/v1/sheets/dispute, as the page's Confirm and Dispute: the same token checks, limits and
statuses as /api/v1/sheets, a dispute waits for the TD in `dbf result pending --json`, and the
captain who sent the sheet can do neither."""

from __future__ import annotations

import json

import pytest
import yaml

from dbftest import run_dbf
from test_result import write_draw
from webkit import SEASON, client, drawn_season, good_sheet, link_of, links, problems_in, schedule


@pytest.fixture
def sent(tmp_path, monkeypatch):
    """Round 1 drawn and the first match's sheet sent over the API by the home captain."""
    root = drawn_season(tmp_path, monkeypatch)
    sched, all_links = schedule(), links()
    m = next(iter(sched.values()))
    c = client(root)
    tok = {side: link_of(all_links, m["id"], m[side])["token"]
           for side in ("home", "away")}
    r = _post(c, tok["home"], "/api/v1/sheets", good_sheet(root, m))
    assert r.status_code == 200, r.text
    return root, sched, all_links, m, tok, c


def _post(c, token, path, body: str | bytes = b"", content_type="application/yaml"):
    return c.post(path, content=body.encode("utf-8") if isinstance(body, str) else body,
                  headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})


def _served(root, m) -> dict:
    return yaml.safe_load((root / SEASON / "serve" / "matches" / f"{m['id']}.yaml").read_text())


def _entries() -> int:
    return len(run_dbf("log", "--json").json["entries"])


def test_1_5_14_the_other_captain_confirms_the_recorded_sheet(sent):
    root, _, _, m, tok, c = sent
    r = _post(c, tok["away"], "/api/v1/sheets/confirm")
    assert r.status_code == 200, r.text
    assert r.json() == {"ok": True, "match": m["id"], "confirmed_by": m["away"], "already_confirmed": False,
                        "errors": [], "warnings": []}
    doc = _served(root, m)
    assert doc["sent_by"] == m["home"] and doc["confirmed_by"] == m["away"]
    assert run_dbf("log", "--json").json["entries"][-1]["command"].startswith(f"web: captain of {m['away']}")
    assert run_dbf("check").exit_code == 0


def test_1_5_14_confirming_twice_is_200_and_writes_nothing_more(sent):
    root, _, _, m, tok, c = sent
    assert _post(c, tok["away"], "/api/v1/sheets/confirm").status_code == 200
    before, served = _entries(), _served(root, m)
    again = _post(c, tok["away"], "/api/v1/sheets/confirm")
    assert again.status_code == 200 and again.json()["already_confirmed"] is True
    assert _entries() == before and _served(root, m) == served


def test_1_5_14_the_captain_who_sent_the_sheet_cannot_confirm_or_dispute_it(sent):
    root, _, _, m, tok, c = sent
    before = _entries()
    r = _post(c, tok["home"], "/api/v1/sheets/confirm")
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "usage.own-sheet"
    assert r.json()["errors"][0]["rule"] == "1.5.14"
    r = _post(c, tok["home"], "/api/v1/sheets/dispute", good_sheet(root, m, imps=(20, 30)))
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "usage.own-sheet"
    assert _entries() == before and "confirmed_by" not in _served(root, m)
    assert run_dbf("result", "pending", "--json").json["pending"] == []


def test_1_5_14_the_page_refuses_the_senders_confirm_too(sent):
    """The page hides Confirm from the sender; a hand-made post (valid CSRF) is refused the same way."""
    from dbfcli.store.capability import read_secret
    from dbfcli.web.guard import csrf_field

    root, _, _, m, tok, c = sent
    html = c.get(f"/s/{tok['home']}").text
    assert 'id="waiting"' in html and 'id="confirm"' not in html
    csrf = csrf_field(read_secret(root / SEASON).key, c.cookies.get("dbf_csrf"), tok["home"])
    r = c.post(f"/s/{tok['home']}", data={"csrf": csrf, "action": "confirm"})
    assert r.status_code == 403 and problems_in(r.text) == ["1.5.14"]   # not usage.csrf: the own sheet
    assert "confirmed_by" not in _served(root, m)


def test_1_5_14_a_dispute_waits_for_the_td_in_result_pending(sent):
    root, _, _, m, tok, c = sent
    r = _post(c, tok["away"], "/api/v1/sheets/dispute?note=wrong%20way%20round", good_sheet(root, m, imps=(20, 30)))
    assert r.status_code == 200, r.text
    pending = run_dbf("result", "pending", "--json").json["pending"]
    assert [{k: v for k, v in p.items() if k != "changes"} for p in pending] == [r.json()["pending"]]
    assert {c["what"] for c in pending[0]["changes"]} >= {"winner", "imps"}   # what accepting changes (issue 26)
    assert (pending[0]["match"], pending[0]["reason"], pending[0]["by"], pending[0]["note"]) == \
        (m["id"], "dispute", m["away"], "wrong way round")
    assert run_dbf("result", "accept", m["id"], "--json").exit_code == 0
    rec = yaml.safe_load((root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").read_text())
    assert rec["winner"] == m["away"]


def test_a_dispute_as_json_is_the_same_sheet(sent):
    root, _, _, m, tok, c = sent
    doc = yaml.safe_load(good_sheet(root, m, imps=(20, 30)))
    doc["played_on"] = str(doc["played_on"])
    r = _post(c, tok["away"], "/api/v1/sheets/dispute", json.dumps(doc), content_type="application/json")
    assert r.status_code == 200, r.text
    assert run_dbf("result", "pending", "--json").json["pending"][0]["reason"] == "dispute"


def test_1_5_16_a_token_of_another_match_or_team_is_403(sent):
    root, sched, all_links, m, tok, c = sent
    other = list(sched.values())[1]
    foreign = link_of(all_links, other["id"], other["home"])["token"]
    r = _post(c, foreign, "/api/v1/sheets/dispute", good_sheet(root, m, imps=(20, 30)))
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "usage.token"
    r = _post(c, tok["away"], "/api/v1/sheets/dispute", good_sheet(root, other))
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "usage.token"
    for path in ("/api/v1/sheets/confirm", "/api/v1/sheets/dispute"):
        assert _post(c, "not-a-token", path).status_code == 403
        assert c.post(path).status_code == 403            # no Authorization header
    assert "confirmed_by" not in _served(root, m)
    assert run_dbf("result", "pending", "--json").json["pending"] == []


def test_an_unrecorded_match_is_409_and_a_malformed_dispute_400(sent):
    root, sched, all_links, m, tok, c = sent
    other = list(sched.values())[1]
    r = _post(c, link_of(all_links, other["id"], other["away"])["token"], "/api/v1/sheets/confirm")
    assert r.status_code == 409 and r.json()["errors"][0]["code"] == "state.not-recorded"
    r = _post(c, tok["away"], "/api/v1/sheets/dispute", "segments: [[1, 2]\n")
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "format.sheet"
    r = _post(c, tok["away"], "/api/v1/sheets/dispute", "{", content_type="application/json")
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "format.json"
    assert run_dbf("result", "pending", "--json").json["pending"] == []


def test_1_5_16_after_the_next_round_is_drawn_both_are_409(sent):
    root, _, _, m, tok, c = sent
    write_draw(root, 2, [(m["home"], m["away"])])
    for path in ("/api/v1/sheets/confirm", "/api/v1/sheets/dispute"):
        r = _post(c, tok["away"], path, good_sheet(root, m, imps=(20, 30)))
        assert r.status_code == 409 and r.json()["errors"][0]["code"] == "state.locked"


def test_a_dispute_over_64_kib_is_413_and_rate_limits_are_429(sent, tmp_path):
    root, _, _, m, tok, c = sent
    r = _post(c, tok["away"], "/api/v1/sheets/dispute", good_sheet(root, m) + "#" * (65 * 1024))
    assert r.status_code == 413 and r.json()["errors"][0]["code"] == "usage.too-large"
    assert run_dbf("result", "pending", "--json").json["pending"] == []
    limited = client(root, per_token=1, per_client=100)
    codes = [_post(limited, tok["away"], "/api/v1/sheets/confirm").status_code for _ in range(2)]
    assert codes == [200, 429]
