"""``dbf publish``: the season as a static website (issue 7; §1.5.16 results to the press).

The command parses its options, makes one call of the application layer
(:func:`dbfcli.app.publish.publish_site`, a progress bar on a terminal while it writes) and
renders the outcome."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Callable, Iterator, Optional

import typer

from .common import command, JsonOpt
from .invocation import RUN
from .output import Out

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
        from ..app.publish import PublishRequest, publish_site
        from ..i18n import count, current_lang, t
        from .usecase import render, session

        lang = current_lang()
        shown = not RUN.json and not Out(stderr=True).plain
        outcome = publish_site(session(), PublishRequest(out=out, lang=lang),
                               lambda: _progress(shown, t("progress_publish", lang)))
        n = len(outcome.plan.pages) if outcome.plan else 0
        render(outcome, lambda o: o.line(t("wrote_site", lang, pages=count(n, "page", lang, en_plural=True),
                                           out=outcome.plan.target)))
