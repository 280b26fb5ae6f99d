"""``dbf publish``: the season as a static website (issue 7; §1.5.16 results to the press)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import RUN, JsonOpt, command, emit, load_store

OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Folder to write the site to (default: DIR/SEASON/site).")]


def register(app: typer.Typer) -> None:
    @command(app, "publish")
    def publish(out: OutOpt = None, json_: JsonOpt = False) -> None:
        """Write the season's website: bracket, draws and schedules, results, UP and GP tables,
        division standings and play-off, trophy history. Static HTML: opens from disk, uploads anywhere.

        Example: dbf publish --out /tmp/site && xdg-open /tmp/site/index.html
        """
        import sys

        from ..i18n import current_lang, t
        from ..publish.gather import load_season, schedule_round
        from ..publish.site import pages, render_site

        lang = current_lang()
        store = load_store()
        data = load_season(store)
        schedules = {}
        problems = list(data.problems)
        for rnd in sorted(data.draws):
            schedules[rnd], p = schedule_round(data, rnd)
            problems += p
        site_pages = pages(data, schedules, lang)
        target = out if out is not None else store.dir / "site"
        show_bar = not RUN.json and sys.stderr.isatty()
        if show_bar:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task(t("progress_publish", lang), total=len(site_pages))
                written = render_site(site_pages, target, lang, step=lambda _f: bar.advance(task))
        else:
            written = render_site(site_pages, target, lang)
        doc = {"ok": True, "out": str(target), "pages": [p.file for p in site_pages],
               "files": len(written), "warnings": [p.to_json() for p in problems if not p.is_error]}
        emit(doc, lambda o: o.line(t("wrote_site", lang, n=len(site_pages), out=target)))
