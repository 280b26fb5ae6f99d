"""The options of this run (``RUN``, set by the root callback in ``cli/app.py``): read by every
command, by the output (``cli/output.py``) and by the errors (``cli/common.py``)."""

from __future__ import annotations

import sys

from ..rules.value import MutableValue, field


class Invocation(MutableValue):
    """Global options of this run (set by the root callback)."""

    dir: str | None = None
    season: str | None = None
    json: bool = False
    lock_timeout: float = 10.0
    lang: str = "en"
    #: the language came from ``--lang`` or ``$DBF_LANG``; else the season's ``lang`` decides
    lang_given: bool = False
    csv: bool = False
    csv_dialect: str = "excel"
    argv: list[str] = field(default_factory=lambda: list(sys.argv))
    #: the running command writes (``command(..., writes=True)``): it takes the season lock
    #: exclusively before it reads anything
    writing: bool = False


RUN = Invocation()


#: The CSV dialects: delimiter and decimal mark (issue 18.2).
CSV_DIALECTS = {"excel": (",", "."), "excel-da": (";", ",")}
