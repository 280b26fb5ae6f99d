"""``dbf check`` of the lots (§1.1.3.2, §1.1.2.9, §1.1.4.2): the pending ones, and every
recorded lot still breaking the tie it was drawn for. The file itself: :mod:`dbfcli.store.lots`."""

from __future__ import annotations

from typing import Any

from ..rules.lots import PendingLot
from ..rules.problems import Problem
from .lots import LOTS, load_lots
from .season import SeasonStore, StoreError


def season_pending_lots(store: SeasonStore) -> tuple[list[PendingLot], list[Problem]]:
    """Every lot the season still needs: the final tables' ties that decide a place (§1.1.3.2 and
    the marks' §), and home in a play-off match whose round-robin match was drawn (§1.1.2.9) or
    in the runners-up match (§1.1.4.2), with no lot and no recorded seed. Problems of files that
    cannot be read are returned, not raised."""
    from ..rules.standings import pending_lots
    from .playoff import division_table
    from .playoffstate import playoff_state

    pending: list[PendingLot] = []
    problems: list[Problem] = []
    for div in ("1div", "2div", "3div-a", "3div-b"):
        try:
            _, table, _, _ = division_table(store, div)
        except StoreError:
            continue
        if table.complete:
            pending += pending_lots(div, table.rows)
    for div in ("1div", "3div"):
        try:
            out = playoff_state(store, div=div)
        except (StoreError, IndexError):
            continue
        pending += out.get("pending_lots", [])
    return pending, problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: the lots file's form (each lot's order its teams once each, dbf's seed
    replays it), every recorded lot still deciding a tie of the same teams, and a warning for
    each pending lot (§1.1.3.2)."""
    lots, problems = load_lots(store)
    pending, p = season_pending_lots(store)
    problems += p
    for x in pending:
        problems.append(Problem.warning(x.rule, f"lot pending: {x.what} ({', '.join(x.teams)})", hint=x.command()))
    if lots:
        problems += _stale(store, lots)
    return problems


def _stale(store: SeasonStore, lots) -> list[Problem]:
    """A recorded standings lot whose teams are no longer tied after every tie-break (a result was
    corrected since): §1.1.3.2 lots decide only what every tie-break leaves open."""
    from .playoff import division_table

    doc = store.read_yaml(LOTS, required=False)
    out = []
    tables: dict[str, Any] = {}
    for i, lot in enumerate(lots):
        if lot.key not in ("1div", "2div", "3div-a", "3div-b"):
            continue
        if lot.key not in tables:
            try:
                tables[lot.key] = division_table(store, lot.key)[1]
            except StoreError:
                tables[lot.key] = None
        table = tables[lot.key]
        if table is None:
            continue
        rows = [r for r in table.rows if r.team in lot.teams]
        tied = len(rows) == len(lot.teams) and all(r.lot_drawn for r in rows)
        if not tied:
            out.append(Problem.error(lot.rule, f"lot {lot.key} among {', '.join(lot.teams)}: these teams are not tied "
                                               "after every tie-break in the table now",
                                     doc.where("lots", i) if doc is not None else None,
                                     hint="a result changed since the draw: remove the lot (dbf undo) and draw again "
                                          "if a tie remains"))
    return out
