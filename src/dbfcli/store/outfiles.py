"""Files written where the user says (``--out DIR``), outside the season: into a folder the
user named, made when missing, never through a symbolic link (issue 16.3: the folder itself a
link, or a link at a file's name, is refused, ``io.link``; a link there may point anywhere).
The folders on the way are the user's own path and may be links (docs/readings/links.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn, Sequence

from ..rules.problems import Msg, Problem, Where
from .atomic import LinkRefused, write_inside
from .season import StoreError


def write_out_folder(folder: Path, files: Sequence[tuple[str, bytes]], what: str = "--out") -> list[Path]:
    """Write ``files`` (name, bytes) into ``folder``, made when missing; exit 2 (``io.link``,
    ``io.cannot-write``) for a link or a folder that cannot be written. Returns the paths
    written."""
    if folder.is_symlink():
        _link_refused(what, folder, os.readlink(folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in files:
            write_inside(folder, name, data, durable=False)
    except LinkRefused as exc:
        _link_refused(what, folder / exc.link, exc.target)
    except OSError as exc:
        raise StoreError([Problem.error(None, Msg('cannot write {} {}: {}', what, folder, exc.strerror or exc),
                                        hint=Msg('{} names a folder (created when missing), not a file', what),
                                        code="io.cannot-write")]) from None
    return [folder / name for name, _ in files]


def _link_refused(what: str, path: Path, target: str) -> NoReturn:
    raise StoreError([Problem.error(None, Msg('{} {}: refusing to write through the symbolic link {} (-> {})',
                                              what, path, path, target),
                                    hint=Msg('give {} a path that is not a symbolic link, or remove the link', what),
                                    where=Where(str(path)), code="io.link")])
