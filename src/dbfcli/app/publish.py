"""``dbf publish`` as a use case (issue 7; §1.5.16 results to the press): the season as a static
website. :func:`publish_site` gathers the season (:func:`dbfcli.publish.gather.load_season`),
schedules each drawn round, makes the pages, the team calendars and the draws' proof bundles
(issue 30), and writes them with :func:`dbfcli.publish.site.render_site` to ``--out`` or
``SEASON/site``, never through a symbolic link (issue 16.3). The site is written also when the
season has problems: it shows what is recorded, and the problems are the Outcome's notes and
its document's errors and warnings (exit 0)."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Callable

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_of
from .session import Session

#: The face's progress: ``step(advance, total)`` (a bar on a terminal, nothing when piped).
Step = Callable[[int | None, int | None], None]
#: The face's progress while the site is gathered and written: a context giving its :data:`Step`.
Progress = Callable[[], AbstractContextManager[Step]]


def _no_step(advance: int | None = None, total: int | None = None) -> None:
    return None


def _no_progress() -> AbstractContextManager[Step]:
    return nullcontext(_no_step)


class PublishRequest(Value, kw_only=True):
    """``dbf publish [--out DIR]``: ``out`` the folder (default ``SEASON/site``), ``lang`` of the site."""

    out: Path | None = None
    lang: str = "en"


class Site(MutableValue, kw_only=True):
    """The site written: ``target`` its folder, ``pages`` the page files, ``written`` every file."""

    target: Path
    pages: list[str]
    written: list[Path]


def publish_site(session: Session, request: PublishRequest, progress: Progress = _no_progress) -> Outcome:
    """``dbf publish`` (issue 7, §1.5.16): every page of the season's site written; refused (exit
    2) for a target that is a symbolic link or cannot be written. ``doc``: the pages, the files,
    the season's errors and warnings; ``notes``: the same problems, shown after the site is
    written; ``plan``: :class:`Site`. ``progress``: the face's, once the target is known."""
    return outcome_of(_publish_site, session, request, progress)


def _publish_site(session: Session, request: PublishRequest, progress: Progress) -> Outcome:
    from ..publish.gather import load_season
    from ..publish.proofs import proof_files
    from ..publish.site import pages, render_site, team_calendars

    snap, lang = session.snap, request.lang
    target = site_folder(snap, request.out)
    with progress() as step:
        data = load_season(snap)
        step(None, len(data.draws) + 8 + len(data.draws) + len(data.divisions))
        schedules, problems = _schedules(data, step)
        site_pages = pages(data, schedules, lang)
        calendars = {**team_calendars(data, schedules, lang), **proof_files(data)}   # issue 30: the bundles
        step(None, len(data.draws) + len(site_pages))
        try:
            written = render_site(site_pages, target, lang, step=lambda _f: step(1, None), files=calendars)
        except OSError as exc:
            fail(Msg('cannot write the site to --out {}: {}', target, exc.strerror or exc),
                 hint=Msg('--out names a folder (created when missing), not a file'),
                 code="io.link" if getattr(exc, "link", None) else "io.cannot-write")
    doc: dict[str, Any] = {"ok": True, "out": str(target), "pages": [p.file for p in site_pages], "files": len(written),
                           "errors": [p.to_json() for p in problems if p.is_error],
                           "warnings": [p.to_json() for p in problems if not p.is_error]}
    return Outcome(doc=doc, notes=problems, show="site",
                   plan=Site(target=target, pages=[p.file for p in site_pages], written=list(written)))


def site_folder(snap: Any, out: Path | None) -> Path:
    """Where the site goes: ``out``, else SEASON/site; never through a symbolic link (exit 2,
    issue 16.3: the folder the user named, or a link a git pull brought)."""
    target: Path = out if out is not None else snap.store.dir / "site"
    if out is not None and out.is_symlink():   # the folder the user named, a link: refused (issue 16.3)
        import os

        fail(Msg('--out {}: refusing to write through the symbolic link {} (-> {})', out, out,
                 os.readlink(out)),
             hint=Msg('give --out a path that is not a symbolic link, or remove the link'), code="io.link")
    if out is None:   # SEASON/site itself a link (a git pull can bring one): refused
        from ..store.season import check_writable_path

        try:
            check_writable_path(snap.store.dir, "site")
        except OSError as exc:
            fail(Msg('cannot write the site to {}: {}', target, exc.strerror or exc),
                 hint=Msg('a season folder holds files, not links: remove the link'), code="io.link")
    return target


def _schedules(data: Any, step: Step) -> tuple[dict[int, Any], list[Problem]]:
    """The schedule of each drawn round, and the problems: the season's own, then each round's."""
    from ..publish.gather import schedule_round

    schedules = {}
    problems = list(data.problems)
    for rnd in sorted(data.draws):
        schedules[rnd], p = schedule_round(data, rnd)
        problems += p
        step(1, None)
    return schedules, problems


__all__ = ["Progress", "PublishRequest", "Site", "Step", "publish_site", "site_folder"]
