"""`dbf serve` keeps what a read session's snapshot read between requests while the season's
files are unchanged (issue 24, store/snapshotcache.py): the kept memo is used only when nothing
it depends on moved, so every answer is the one a fresh read gives -- after a hand edit in
place, after the TD's own `dbf` wrote at the terminal, after a web Send. Each case compares
the web's answer with a fresh server's (nothing kept) and `dbf result check --json` run afresh,
and asserts statuses and codes."""

from __future__ import annotations

import time

import pytest
import yaml

from dbftest import run_dbf
from webkit import SEASON, client, drawn_season, good_sheet, link_of, links, schedule

import dbfcli.store.snapshotcache as snapshotcache

#: the racy window in these tests: every write is followed by a longer pause, so a change after
#: a memo was kept is always in another tick of the file system's clock than the one it replaces
RACY_NS = 50_000_000
PAUSE = 0.08


@pytest.fixture
def api(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshotcache, "RACY_NS", RACY_NS)
    root = drawn_season(tmp_path, monkeypatch)
    sched = schedule()
    c = client(root)
    time.sleep(PAUSE)
    return root, sched, links(), c


def _kept(c):
    return c.app.app.state.web.season._cache._kept


def _check(c, token, text):
    return c.post("/api/v1/sheets/check", content=text.encode("utf-8"),
                  headers={"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"})


def _stage(c, token):
    """Where the granted match stands, read in a read session (app.captains.open_view)."""
    web = c.app.app.state.web
    view = web.view(web.token_grant(token)[0])
    return view["stage"]


def _cli_check(tmp_path, text):
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(text, encoding="utf-8")
    return run_dbf("result", "check", sheet, "--json")


def _codes(doc):
    return sorted((e.get("rule"), e["code"]) for e in doc.get("errors") or []), \
        sorted((w.get("rule"), w["code"]) for w in doc.get("warnings") or [])


def _as_fresh(root, c, token, text):
    """The kept server's answer, and a fresh server's (nothing kept) to the same check."""
    kept, fresh = _check(c, token, text), _check(client(root), token, text)
    assert (kept.status_code, kept.json()) == (fresh.status_code, fresh.json())
    return kept


def _first(sched):
    return next(iter(sched.values()))


def test_the_memo_is_kept_while_the_season_is_unchanged(api, tmp_path):
    root, sched, all_links, c = api
    m = _first(sched)
    token, text = link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)
    first = _check(c, token, text)
    kept = _kept(c)
    assert kept is not None and kept.memo, "a read session keeps its snapshot's memo"
    second = _check(c, token, text)
    assert _kept(c) is kept, "nothing changed: the same memo serves the next check"
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() == _cli_check(tmp_path, text).json
    watched = set(kept.files)
    assert str(root / SEASON / "cup" / "teams.yaml") in watched and str(root / SEASON / "season.toml") in watched


def test_1_5_12_a_hand_edit_in_place_is_seen_at_once(api, tmp_path):
    """The TD edits cup/teams.yaml in place (same inode): the player the sheet names leaves the
    home team's roster; the next check says so (§1.5.12), as a fresh `dbf result check` does."""
    root, sched, all_links, c = api
    m = _first(sched)
    token, text = link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)
    assert _check(c, token, text).status_code == 200
    kept = _kept(c)
    teams = root / SEASON / "cup" / "teams.yaml"
    before = teams.stat().st_ino
    doc = yaml.safe_load(teams.read_text(encoding="utf-8"))
    home = next(t for t in doc["teams"] if t["id"] == m["home"])
    gone = home["players"].pop(0)
    with open(teams, "r+", encoding="utf-8") as f:   # in place: the inode stays, the size changes
        f.write(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
        f.truncate()
    assert teams.stat().st_ino == before
    after = _as_fresh(root, c, token, text)
    assert _kept(c) is not kept
    cli = _cli_check(tmp_path, text)
    assert after.status_code == 422 and cli.exit_code == 1 and _codes(after.json()) == _codes(cli.json)
    assert ("1.5.14", "player.not-on-team") in _codes(after.json())[0], gone


def test_1_5_9_a_same_size_edit_in_place_is_seen(api, tmp_path):
    """An edit that keeps the file's size and inode (one digit of season.toml's boards per
    segment, §1.5.9) is seen by its times alone."""
    root, sched, all_links, c = api
    m = _first(sched)
    token, text = link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)
    assert _check(c, token, text).status_code == 200
    toml = root / SEASON / "season.toml"
    body = toml.read_text(encoding="utf-8")
    size = toml.stat().st_size
    assert "\nboards = 36" in body
    with open(toml, "r+", encoding="utf-8") as f:   # the cup's boards a match: 36 -> 96
        f.write(body.replace("\nboards = 36", "\nboards = 96", 1))
    assert toml.stat().st_size == size
    after = _as_fresh(root, c, token, text)
    cli = _cli_check(tmp_path, text)
    assert _codes(after.json()) == _codes(cli.json) and after.status_code == 422


def test_1_5_14_the_tds_own_dbf_at_the_terminal_is_seen(api, tmp_path):
    """The TD records the match with `dbf result submit` in another process (a new file in
    cup/matches, the journal): the captain's next check is refused as recorded (409), as it
    is on a fresh read, not checked against the season as it was."""
    root, sched, all_links, c = api
    m = _first(sched)
    token, text = link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)
    assert _check(c, token, text).status_code == 200
    assert _stage(c, token) == "drawn"
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(text, encoding="utf-8")
    assert run_dbf("result", "submit", sheet).exit_code == 0
    assert _stage(c, token) == "recorded"
    assert _as_fresh(root, c, token, text).status_code == 200   # the same sheet still checks clean


def test_a_web_send_drops_the_memo_and_the_next_read_sees_it(api, tmp_path):
    root, sched, all_links, c = api
    m = _first(sched)
    token, text = link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)
    assert _check(c, token, text).status_code == 200
    assert _kept(c) is not None
    sent = c.post("/api/v1/sheets", content=text.encode("utf-8"),
                  headers={"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"})
    assert sent.status_code == 200, sent.text
    assert _kept(c) is None, "a write session keeps nothing"
    time.sleep(PAUSE)
    assert _stage(c, token) == "recorded"
    assert _as_fresh(root, c, token, text).status_code == 200


def test_a_change_in_the_racy_window_is_never_served_from_the_memo(api, tmp_path, monkeypatch):
    """Times closer to now than the racy window: the memo is not trusted (a second change in
    the same tick of a coarse clock could hide), so every check reads afresh."""
    root, sched, all_links, c = api
    monkeypatch.setattr(snapshotcache, "RACY_NS", 3600 * 10**9)
    m = _first(sched)
    token, text = link_of(all_links, m["id"], m["home"])["token"], good_sheet(root, m)
    _check(c, token, text)
    first = _kept(c)
    _check(c, token, text)
    assert _kept(c) is not first


def test_a_file_missing_in_an_unwatched_folder_is_watched_itself(tmp_path):
    """A file looked for under a folder whose name starts with a dot (not walked) is kept by
    its own stat; one looked for in a watched folder is covered by the folder's times."""
    season = tmp_path / "root" / "S"
    (season / ".hidden").mkdir(parents=True)
    (season / "cup").mkdir()
    folders = {str(tmp_path / "root"): None, str(season): None, str(season / "cup"): None}
    assert snapshotcache._watched_above(str(season / "cup" / "schedule.yaml"), folders)
    assert snapshotcache._watched_above(str(season / "cup" / "new" / "x.yaml"), folders)
    assert not snapshotcache._watched_above(str(season / ".hidden" / "x.yaml"), folders)


def test_a_season_shown_with_an_interrupted_write_keeps_no_memo(tmp_path):
    class Store:
        root, dir, overlay = tmp_path, tmp_path / "S", {"cup/teams.yaml": b""}

    cache = snapshotcache.SnapshotCache()
    with cache.reading(Store()) as memo:
        memo["x"] = 1
    assert cache._kept is None
    with cache.reading(Store()) as memo:
        assert memo == {}


def _settled(monkeypatch):
    """Both racy windows (the memo's, the store's parse cache's) at RACY_NS: a file older than
    that is taken as unchanged by its stat alone, without being opened."""
    import dbfcli.store.season as store_season

    monkeypatch.setattr(store_season, "_RACY_NS", RACY_NS)


def _fresh_memo(root):
    """Something the memo depends on moves (a new file in the season folder): the next read
    session starts a fresh memo."""
    (root / SEASON / f"note-{time.monotonic_ns()}.txt").write_text("x", encoding="utf-8")
    time.sleep(PAUSE)


def test_a_file_the_parse_cache_takes_by_its_stat_is_watched_too(api, monkeypatch):
    """A fresh memo filled from the store's parse cache, which takes cup/teams.yaml as unchanged
    by its stat without opening it (read_parsed): a later edit in place is still seen."""
    root, sched, all_links, c = api
    _settled(monkeypatch)
    web = c.app.app.state.web
    with web.season.session() as s:
        before = {t.id: t.name for t in s.snap.cup_teams()[0]}
    _fresh_memo(root)
    with web.season.session() as s:   # the memo now filled through the parse cache's stat
        assert {t.id: t.name for t in s.snap.cup_teams()[0]} == before
    teams = root / SEASON / "cup" / "teams.yaml"
    some = next(iter(before))
    text = teams.read_text(encoding="utf-8")
    with open(teams, "r+", encoding="utf-8") as f:
        f.write(text.replace(f"name: {before[some]}", "name: Renamed by hand", 1))
        f.truncate()
    time.sleep(PAUSE)   # out of the racy window: only the stat can tell
    with web.season.session() as s:
        assert {t.id: t.name for t in s.snap.cup_teams()[0]}[some] == "Renamed by hand"


def test_1_5_14_a_recorded_match_the_summary_takes_by_its_stat_is_watched_too(api, tmp_path, monkeypatch):
    """The recorded matches come from a folder summary that takes each file by its stat; a
    recorded match edited in place by the TD afterwards is seen by the next read."""
    root, sched, all_links, c = api
    _settled(monkeypatch)
    m = _first(sched)
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(good_sheet(root, m), encoding="utf-8")
    assert run_dbf("result", "submit", sheet).exit_code == 0
    time.sleep(PAUSE)
    web = c.app.app.state.web
    rel = root / SEASON / "cup" / "matches" / f"{m['id']}.yaml"
    with web.season.session() as s:
        [rec] = s.snap.cup_records()[0]
    _fresh_memo(root)
    with web.season.session() as s:
        assert s.snap.cup_records()[0][0].up == rec.up
    doc = yaml.safe_load(rel.read_text(encoding="utf-8"))
    team = next(iter(doc["up"]))
    doc["up"][team] = int(doc["up"][team]) + 7
    with open(rel, "r+", encoding="utf-8") as f:
        f.write(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
        f.truncate()
    time.sleep(PAUSE)
    with web.season.session() as s:
        assert s.snap.cup_records()[0][0].up[team] == int(doc["up"][team])


def test_1_1_2_8_a_memo_is_not_kept_past_midnight(api, monkeypatch):
    """A part may count from the date (the lots due, §1.1.2.8): the memo filled yesterday is
    not used today, however unchanged the files."""
    import datetime as dt

    root, sched, all_links, c = api
    web = c.app.app.state.web
    with web.season.session() as s:
        s.snap.cup_teams()
    kept = _kept(c)
    time.sleep(PAUSE)
    assert kept is not None and kept.unchanged()
    kept.day = dt.date.today() - dt.timedelta(days=1)
    assert not kept.unchanged()
    with web.season.session() as s:
        s.snap.cup_teams()
    assert _kept(c) is not kept


def test_many_reads_through_one_kept_memo_answer_as_fresh_servers_do(api):
    """Differential: one server answers a run of checks (good and broken sheets, both captains,
    many matches) through one kept memo; a fresh server (nothing kept) answers each alike. A
    request that changed what the memo holds would show in a later answer."""
    root, sched, all_links, c = api
    time.sleep(PAUSE)
    matches = list(sched.values())[:12]
    for m in matches:
        good = good_sheet(root, m)
        broken = good.replace("segments: [[30, 20], [0, 0], [0, 0], [0, 0], [0, 0]]", "segments: [[30, 20]]")
        for team in (m["home"], m["away"]):
            token = link_of(all_links, m["id"], team)["token"]
            for text in (good, broken):
                _as_fresh(root, c, token, text)
    assert _kept(c) is not None and len(_kept(c).memo) > 5
