"""``dbf check``: symbolic links inside the season folder (issue 27).

dbf never writes through a link inside a season folder (docs/readings/links.md): a write to a
linked file or into a linked folder is refused (``io.link``). A link that arrived with ``git
pull`` or a copy would surface only at the next write; ``dbf check`` names each one now, as a
warning (reading through it still works)."""

from __future__ import annotations

import os

from ..rules.problems import Msg, Problem, Where
from .season import SeasonStore

#: how many links are named one by one (the rest are counted)
SHOWN = 20


def check_season(store: SeasonStore) -> list[Problem]:
    from ..rules.text import shown

    found: list[str] = []
    for base, dirs, files in os.walk(store.dir, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in (".git", ".cache"))
        for name in sorted(dirs + files):
            path = os.path.join(base, name)
            if os.path.islink(path):
                found.append(os.path.relpath(path, store.dir))
    out = [Problem.warning(None, Msg('{} is a symbolic link; dbf writes no file through a link', shown(rel)),
                           Where(rel), hint=Msg('a season folder holds files, not links: replace the link '
                                                'by the file or folder itself'), code="io.link") for rel in found[:SHOWN]]
    if len(found) > SHOWN:
        out.append(Problem.warning(None, Msg('{} in the season folder', Msg.counted(len(found) - SHOWN, "link")),
                                   hint=Msg('a season folder holds files, not links'), code="io.link"))
    return out
