"""``dbfcli.app.publish`` called directly: the season's site written (issue 7, §1.5.16 results
to the press), the face's progress told, and the target refused through a symbolic link
(issue 16.3); refusals asserted by their code."""

from __future__ import annotations

import contextlib

from dbfcli.app.publish import PublishRequest, publish_site

SEASON = "2026-27"


def test_the_site_is_written_to_out(session, tmp_path):
    with session(False) as s:
        out = publish_site(s, PublishRequest(out=tmp_path / "site"))
    assert not out.refused and out.exit == 0 and out.show == "site"
    assert out.plan.target == tmp_path / "site" and "index.html" in out.plan.pages
    assert (tmp_path / "site" / "index.html").exists() and out.doc["files"] == len(out.plan.written)
    assert out.doc["pages"] == out.plan.pages and out.doc["out"] == str(tmp_path / "site")


def test_the_default_is_the_season_folder_and_the_progress_is_told(session, example):
    steps = []

    @contextlib.contextmanager
    def progress():
        yield lambda advance=None, total=None: steps.append((advance, total))

    with session(False) as s:
        out = publish_site(s, PublishRequest(), progress)
    assert not out.refused and out.plan.target == example / SEASON / "site"
    assert (example / SEASON / "site" / "index.html").exists()
    totals = [t for a, t in steps if t is not None]
    assert len(totals) == 2 and sum(a or 0 for a, _ in steps) >= len(out.plan.pages)


def test_16_3_never_through_a_symbolic_link(ids, session, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    with session(False) as s:
        out = publish_site(s, PublishRequest(out=tmp_path / "link"))
    assert ids(out) == [(None, "io.link")] and out.exit == 2 and not list((tmp_path / "elsewhere").iterdir())
    (tmp_path / "afile").write_text("x")
    with session(False) as s:
        assert ids(publish_site(s, PublishRequest(out=tmp_path / "afile"))) == [(None, "io.cannot-write")]
