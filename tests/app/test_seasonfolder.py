"""``dbf init`` as a use case (issue 24): :mod:`dbfcli.app.seasonfolder`. A new season is made
with the defaults of ``rules/settings.py`` (docs/ARCHITECTURE.md "One home per policy"); there
is no season to open a session on, so the session gives only who asks."""

from __future__ import annotations

import pytest

from dbfcli.app.seasonfolder import InitRequest, init_season
from dbfcli.app.session import Session


def _init(**kw):
    from dbfcli.store.atomic import command_scope

    with command_scope():   # the new folder's lock is held for the command
        return init_season(Session(actor="pytest (dbf init)", lock_timeout=2.0), InitRequest(**kw))


def test_a_new_season_and_its_tournaments_folder(tmp_path):
    out = _init(season="2027-28", dir=str(tmp_path))
    assert not out.refused and out.written and out.plan.dir == tmp_path / "2027-28"
    assert (tmp_path / "2027-28" / "season.toml").is_file() and out.doc["season"] == "2027-28"
    assert 'current = "2027-28"' in (tmp_path / "dbf.toml").read_text()
    assert not (tmp_path / ".gitignore").exists()   # git = false


def test_a_dry_run_makes_nothing(tmp_path):
    out = _init(season="2027-28", dir=str(tmp_path), dry_run=True)
    assert not out.refused and not out.written and out.doc["dry_run"] is True
    assert not tmp_path.joinpath("2027-28").exists() and not tmp_path.joinpath("dbf.toml").exists()


@pytest.mark.parametrize("season,code", [(None, "usage.missing"), ("2026-28", "format.id"),
                                         ("2026-27\n", "format.id")])
def test_a_season_must_be_named_and_well_formed(tmp_path, ids, season, code):
    assert ids(_init(season=season, dir=str(tmp_path))) == [(None, code)]
    assert list(tmp_path.iterdir()) == []


def test_a_season_that_is_there_is_not_made_again(example, ids):
    before = (example / "2026-27" / "season.toml").read_bytes()
    for dry_run in (False, True):
        assert ids(_init(season="2026-27", dir=str(example), dry_run=dry_run)) == [(None, "state.exists")]
    assert (example / "2026-27" / "season.toml").read_bytes() == before


def test_with_git_the_secrets_stay_out_of_it(tmp_path):
    (tmp_path / "dbf.toml").write_text('current = "2026-27"\ngit = true\n')
    (tmp_path / ".gitignore").write_text("x\n*/.serve-secret")
    out = _init(season="2027-28", dir=str(tmp_path))
    assert not out.refused
    lines = (tmp_path / ".gitignore").read_text().split("\n")
    assert lines.count("*/.serve-secret") == 1 and "*/.draw-secrets" in lines and lines[0] == "x"
    assert 'current = "2026-27"' in (tmp_path / "dbf.toml").read_text()   # a dbf.toml there is kept


def test_a_gitignore_that_cannot_be_written(tmp_path, ids):
    (tmp_path / "dbf.toml").write_text("git = true\n")
    (tmp_path / ".gitignore").mkdir()
    assert ids(_init(season="2027-28", dir=str(tmp_path))) == [(None, "io.cannot-write")]


@pytest.mark.parametrize("dry_run", [False, True])
def test_a_malformed_dbf_toml_refuses_before_the_season_is_made(tmp_path, ids, dry_run):
    """A hand edit left DIR/dbf.toml with a key twice: `dbf init` is refused (format.toml, exit
    2) and leaves the folder byte for byte as it was; it made the season and then failed."""
    toml = tmp_path / "dbf.toml"
    toml.write_text('current = "2026-27"\ngit = false\ngit = true\n', encoding="utf-8")
    out = _init(season="2027-28", dir=str(tmp_path), dry_run=dry_run)
    assert ids(out) == [(None, "format.toml")] and out.exit == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dbf.toml"]
    assert toml.read_text(encoding="utf-8") == 'current = "2026-27"\ngit = false\ngit = true\n'
