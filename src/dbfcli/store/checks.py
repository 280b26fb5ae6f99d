"""``dbf check``: run every ``check_season(store)`` of the store modules.

A store module that owns a kind of state file (teams, draws, results, systems
...) defines ``check_season(store) -> list[Problem]`` and is named in
:data:`CHECKERS` (tests/store/test_checks_registry.py fails when one is
missing), so `dbf check` imports just the modules that check something.
"""

from __future__ import annotations

import importlib

from ..rules.problems import Problem
from .season import SeasonStore, StoreError

#: store modules with a ``check_season``, in the order their problems are listed
CHECKERS = ("settings", "teams", "snapshot", "divisions.results", "divisions.playoff", "divisions.lotcheck",
            "systems", "geodata", "drawproof", "journal", "seasonlinks", "imports.check")


def run_checks(store: SeasonStore) -> list[Problem]:
    from .divisions.results import read_once

    problems: list[Problem] = []
    with read_once(store):       # check writes nothing: the division matches read once
        for name in CHECKERS:
            module = importlib.import_module(f"{__package__}.{name}")
            try:
                problems += module.check_season(store)
            except StoreError as exc:  # an unreadable file: report it and go on with the others
                problems += exc.problems
    # several checkers read the same file (season.toml): one broken file, one report
    unique: dict[tuple, Problem] = {}
    for p in problems:
        unique.setdefault((p.rule, p.message, str(p.where), p.severity), p)
    return list(unique.values())
