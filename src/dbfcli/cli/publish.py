"""``dbf publish``: the season as a static website (issue 7; §1.5.16 results to the press)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Callable, Iterator, Optional

import typer

from .common import command, fail, JsonOpt, load_snapshot, print_problems
from .invocation import RUN
from .output import emit, Out
from ..rules.problems import Msg

OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Folder to write the site to (default: DIR/SEASON/site).")]


@contextmanager
def _progress(show: bool, label: str) -> Iterator[Callable[[int | None, int | None], None]]:
    """A Rich progress bar on stderr when it is a terminal; nothing at all when piped.
    Yields ``step(advance, total=None)``."""
    if not show:
        yield lambda advance=None, total=None: None
        return
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task(label, total=None)

        def step(advance: int | None = None, total: int | None = None) -> None:
            if total is not None:
                bar.update(task, total=total)
            if advance:
                bar.advance(task, advance)

        yield step


def register(app: typer.Typer) -> None:
    @command(app, "publish")
    def publish(out: OutOpt = None, json_: JsonOpt = False) -> None:
        """Write the season's website: a page per team (its matches, cup path, next match, players,
        UP and GP, its calendar), the bracket, draws and schedules, results, UP and GP tables,
        division standings, fixtures, cross-table and play-off, trophy history. Static HTML:
        opens from disk, uploads anywhere.

        Example: dbf publish --out /tmp/site && xdg-open /tmp/site/index.html
        """
        from ..i18n import count, current_lang, t
        from ..publish.gather import load_season
        from ..publish.site import pages, render_site, team_calendars

        lang = current_lang()
        snap = load_snapshot()
        target = _site_folder(snap, out)
        with _progress(not RUN.json and not Out(stderr=True).plain, t("progress_publish", lang)) as step:
            data = load_season(snap)
            step(None, len(data.draws) + 8 + len(data.draws) + len(data.divisions))
            schedules, problems = _schedules(data, step)
            site_pages = pages(data, schedules, lang)
            from ..publish.proofs import proof_files

            calendars = {**team_calendars(data, schedules, lang), **proof_files(data)}   # issue 30: the bundles
            step(None, len(data.draws) + len(site_pages))
            try:
                written = render_site(site_pages, target, lang, step=lambda _f: step(1), files=calendars)
            except OSError as exc:
                fail(Msg('cannot write the site to --out {}: {}', target, exc.strerror or exc),
                     hint=Msg('--out names a folder (created when missing), not a file'),
                     code="io.link" if getattr(exc, "link", None) else "io.cannot-write")
        doc = {"ok": True, "out": str(target), "pages": [p.file for p in site_pages], "files": len(written),
               "errors": [p.to_json() for p in problems if p.is_error],
               "warnings": [p.to_json() for p in problems if not p.is_error]}
        if problems and not RUN.json:   # the site is still written: it shows what is recorded
            print_problems(problems)
        emit(doc, lambda o: o.line(t("wrote_site", lang, pages=count(len(site_pages), "page", lang, en_plural=True),
                                     out=target)))


def _site_folder(snap, out):
    """Where the site goes: ``--out``, else SEASON/site; never through a symbolic link (exit 2,
    issue 16.3: the folder the user named, or a link a git pull brought)."""
    target = out if out is not None else snap.store.dir / "site"
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


def _schedules(data, step):
    """The schedule of each drawn round, and the problems: the season's own, then each round's."""
    from ..publish.gather import schedule_round

    schedules = {}
    problems = list(data.problems)
    for rnd in sorted(data.draws):
        schedules[rnd], p = schedule_round(data, rnd)
        problems += p
        step(1)
    return schedules, problems
