"""YAML reading: line numbers, safety (issue 2, issue 8)."""

import time

import pytest

from dbfcli.store.schema import convert
from dbfcli.store.teams import TeamsFileIn, parse_teams_yaml
from dbfcli.store.yamlio import MAX_BYTES, YamlLoadError, dump_yaml, parse_yaml


def test_lines_of_keys_and_items():
    doc = parse_yaml("teams:\n  - id: A\n    name: x\n  - id: B\n    players: [1, 2]\n", "t.yaml")
    assert doc.line("teams", 0) == 2
    assert doc.line("teams", 1, "players") == 5
    assert doc.where("teams", 1).line == 4
    assert doc.line("teams", 7) == 1  # a missing item: the deepest known line


@pytest.mark.parametrize("text, words", [
    ("a: !!python/object:os.system {}\n", "tag not allowed"),
    ("a: &x [1]\nb: *x\n", "anchors and aliases"),
    ("a: 1\na: 2\n", "appears twice"),
    ("a: [1, 2\n", "malformed YAML"),
    ("a:\n\tb: 1\n", "malformed YAML"),
])
def test_refused(text, words):
    with pytest.raises(YamlLoadError) as exc:
        parse_yaml(text, "bad.yaml")
    assert words in str(exc.value)
    assert all(p.where.file == "bad.yaml" for p in exc.value.problems)


def test_billion_laughs_refused_fast():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi"))
    start = time.perf_counter()
    with pytest.raises(YamlLoadError, match="anchors and aliases"):
        parse_yaml(bomb, "bomb.yaml")
    assert time.perf_counter() - start < 1.0


def test_size_limit_and_binary():
    with pytest.raises(YamlLoadError, match="bytes"):
        parse_yaml(b"a: 1\n" + b"#" * MAX_BYTES, "big.yaml")
    with pytest.raises(YamlLoadError, match="binary"):
        parse_yaml(b"\x00\x01\x02", "bin.yaml")
    with pytest.raises(YamlLoadError, match="UTF-8"):
        parse_yaml(b"a: \xff\xfe\n", "latin.yaml")


def test_schema_reports_every_field_with_its_line():
    text = """schema: 1
teams:
  - name: A
    captain: x1
    club: 4100
    postcode: "5000"
    players: []
  - name: B
    club: nope
    postcode: "5000"
    colour: red
    players:
      - {id: 1, name: P}
      - {id: two, name: Q}
"""
    doc = parse_yaml(text, "teams.yaml")
    value, problems = convert(doc, TeamsFileIn)
    assert value is None
    found = sorted((p.where.line, p.message.split(":")[0]) for p in problems)
    assert (4, "teams[0].captain") in found
    assert (8, "teams[1]") in found            # missing captain
    assert (9, "teams[1].club") in found
    assert (11, "teams[1]") in found           # unknown key 'colour'
    assert (14, "teams[1].players[1].id") in found
    assert len(problems) == 5


def test_empty_teams_file():
    teams, _, problems = parse_teams_yaml(parse_yaml("", "e.yaml"))
    assert teams == () and "empty" in problems[0].message


def test_dump_round_trip_keeps_order_and_unicode():
    data = {"schema": 1, "name": "Ærø Æsel", "postcode": "0800"}
    assert parse_yaml(dump_yaml(data), "x").data == data


def test_parse_cache_returns_the_same_document_and_misses_after_a_change(tmp_path, monkeypatch):
    import os

    from dbfcli.store.season import SeasonStore

    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    store = SeasonStore(tmp_path, "2026-27")
    store.dir.mkdir()
    text = "schema: 1\nplayed_on: 2026-11-14\nteams:\n  - id: A\n    players: [1, 2]\n"
    store.path("t.yaml").write_text(text)
    first = store.read_yaml("t.yaml")
    assert any((tmp_path / "cache").rglob("t.yaml.mp"))
    second = store.read_yaml("t.yaml")
    assert second.data == first.data and second.line("teams", 0, "players") == 5
    assert type(second.data["played_on"]).__name__ == "date"
    store.path("t.yaml").write_text(text.replace("A", "B"))
    os.utime(store.path("t.yaml"), ns=(1, 1))
    assert store.read_yaml("t.yaml").data["teams"][0]["id"] == "B"
    (tmp_path / "cache").joinpath("garbage").write_bytes(b"\xc1\xc1")
    for f in (tmp_path / "cache").rglob("*.mp"):
        f.write_bytes(b"\x93\xc1")  # a corrupt cache is ignored, never trusted
    assert store.read_yaml("t.yaml").data["teams"][0]["id"] == "B"


def test_toml_parse_cache_returns_the_same_settings_and_misses_after_a_change(tmp_path, monkeypatch):
    """season.toml and dbf.toml go through the parse cache (issue 9: no TOML parser on a warm run)."""
    import datetime as dt
    import os

    from dbfcli.store import cache
    from dbfcli.store.season import read_dbf_toml

    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "dbf.toml"
    text = 'current = "2026-27"\ngit = false\n[cup]\nmatch_days = { 1 = 2026-11-14 }\n'
    path.write_text(text)
    first = read_dbf_toml(tmp_path)
    assert any((tmp_path / "cache").rglob("dbf.toml.mp"))
    second = read_dbf_toml(tmp_path)
    assert second == first == {"current": "2026-27", "git": False, "cup": {"match_days": {"1": dt.date(2026, 11, 14)}}}
    path.write_text(text.replace("2026-27", "2027-28"))
    os.utime(path, ns=(1, 1))
    assert read_dbf_toml(tmp_path)["current"] == "2027-28"
    # a TOML local time would come back from msgpack as text: such a file is never cached
    timed = tmp_path / "t.toml"
    timed.write_text("start = 19:30:00\n")
    st = timed.read_bytes()
    assert cache.toml(tmp_path, "t.toml", st, timed.read_text()) == {"start": dt.time(19, 30)}
    assert cache.toml(tmp_path, "t.toml", st, timed.read_text()) == {"start": dt.time(19, 30)}
    assert not any((tmp_path / "cache").rglob("t.toml.mp"))


def test_malformed_dbf_toml_is_a_store_error_not_a_traceback(tmp_path, monkeypatch):
    from dbfcli.store.season import StoreError, read_dbf_toml

    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "dbf.toml").write_text('current = "2026-27\n')
    with pytest.raises(StoreError, match="malformed TOML"):
        read_dbf_toml(tmp_path)


def _same_size_edit_keeping_mtime(path, old: str, new: str) -> None:
    """A hand edit as `touch -r`, some editors and git checkouts make it: same size, same mtime."""
    import os

    st = os.stat(path)
    text = path.read_text(encoding="utf-8")
    assert len(old) == len(new) and old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_size == st.st_size and os.stat(path).st_mtime_ns == st.st_mtime_ns


def test_parse_cache_sees_a_same_size_edit_that_keeps_the_mtime(tmp_path, monkeypatch):
    """Issue 16.6: the parse cache is keyed on the content, not on size/mtime/inode."""
    from dbfcli.store.season import SeasonStore, read_dbf_toml

    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    store = SeasonStore(tmp_path, "2026-27")
    store.dir.mkdir()
    store.path("t.yaml").write_text("teams:\n  - id: AAA\n")
    assert store.read_yaml("t.yaml").data["teams"][0]["id"] == "AAA"
    assert store.read_yaml("t.yaml").data["teams"][0]["id"] == "AAA"   # from the cache
    _same_size_edit_keeping_mtime(store.path("t.yaml"), "AAA", "BBB")
    assert store.read_yaml("t.yaml").data["teams"][0]["id"] == "BBB"
    (tmp_path / "dbf.toml").write_text('current = "2026-27"\n')
    assert read_dbf_toml(tmp_path)["current"] == "2026-27"
    _same_size_edit_keeping_mtime(tmp_path / "dbf.toml", "2026-27", "2027-28")
    assert read_dbf_toml(tmp_path)["current"] == "2027-28"


def test_season_toml_and_summaries_see_a_same_size_edit_that_keeps_the_mtime(example, tmp_path, monkeypatch):
    """Issue 16.6 through the commands: season.toml (parse cache) and cup/teams.yaml (the names summary)."""
    from dbftest import run_dbf

    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    season = example / "2026-27"
    assert run_dbf("--dir", example, "check").exit_code == 0
    assert run_dbf("--dir", example, "check").exit_code == 0   # warm
    _same_size_edit_keeping_mtime(season / "season.toml", "pools = 3", "pools = x")
    bad = run_dbf("--dir", example, "check")
    assert bad.exit_code == 2 and "season.toml" in bad.stderr, bad.stderr
