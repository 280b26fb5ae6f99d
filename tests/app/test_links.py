"""``dbf serve links`` and ``dbf serve rotate-secret`` as use cases (issue 19, issue 24):
:mod:`dbfcli.app.links`. The links of a round are the captains' of its matches (§1.5.16 for the
cup, §1.1.2.1 for a division's all-play-all); the secret is made on the first links."""

from __future__ import annotations

from dbfcli.app.links import LinksRequest, RotateRequest, rotate_secret, serve_links


def _verifies(session, rows) -> bool:
    from dbfcli.store.capability import read_secret, verify_token

    secret = read_secret(session.store.dir)
    return all(verify_token(secret, session.store.season, r["token"])[0] is not None for r in rows)


def test_1_1_2_1_a_division_rounds_links_make_the_secret_once(session, example):
    with session() as s:
        out = serve_links(s, LinksRequest(round=1, division="1div", base_url="https://dbf.example.dk/"))
        assert not out.refused and out.written and out.plan.made_secret
        rows = out.plan.rows
        assert rows and len(rows) == 2 * len({r["match"] for r in rows})   # both teams of every match
        assert all(r["url"] == f"https://dbf.example.dk/s/{r['token']}" for r in rows)
        assert out.doc["division"] == "1div" and out.doc["links"] == rows and _verifies(s, rows)
    assert (example / "2026-27" / ".serve-secret").is_file()
    with session() as s:
        again = serve_links(s, LinksRequest(round=1, division="1div", base_url="https://dbf.example.dk"))
        assert not again.written and not again.plan.made_secret and again.plan.rows == rows


def test_1_5_16_no_links_before_the_cup_round_is_drawn(session, example, ids):
    with session() as s:
        assert ids(serve_links(s, LinksRequest(round=1))) == [("1.5.16", "state.not-drawn")]
    assert not (example / "2026-27" / ".serve-secret").exists()   # refused before the secret is made


def test_rounds_and_divisions_that_are_not_there(session, ids):
    with session() as s:
        assert ids(serve_links(s, LinksRequest(round=10))) == [(None, "usage.option")]   # the cup: rounds 1-9
        assert ids(serve_links(s, LinksRequest(round=99, division="1div"))) == [("1.1.2.1", "usage.option")]
        assert ids(serve_links(s, LinksRequest(round=1, division="9div"))) == [(None, "usage.option")]
        assert ids(serve_links(s, LinksRequest(round=1, division="1div", base_url="javascript:alert(1)"))) \
            == [(None, "usage.option")]


def test_rotation_renews_every_link(session, example):
    with session() as s:
        dry = rotate_secret(s, RotateRequest(dry_run=True))
        assert dry.plan == 1 and not dry.written and dry.doc["dry_run"] is True
    assert not (example / "2026-27" / ".serve-secret").exists()
    with session() as s:
        old = serve_links(s, LinksRequest(round=1, division="2div")).plan.rows
        out = rotate_secret(s, RotateRequest())
        assert (out.plan, out.doc["generation"], out.written) == (2, 2, True)
        assert not _verifies(s, old)
        new = serve_links(s, LinksRequest(round=1, division="2div")).plan.rows
        assert _verifies(s, new) and {r["token"] for r in new}.isdisjoint(r["token"] for r in old)
