"""``dbf check`` of the lots (§1.1.3.2, §1.1.2.9, §1.1.4.2): the pending ones. That every
recorded lot still breaks the tie it was drawn for is the standings invariant ``lot.still-tied``
(rules/invariants.py, store/divisions/standingsstate.py). The file itself: :mod:`dbfcli.store.divisions.lots`."""

from __future__ import annotations

from ...rules.lots import PendingLot
from ...rules.problems import Msg, Problem
from .lots import load_lots
from ..season import SeasonStore, StoreError


def season_pending_lots(store: SeasonStore) -> tuple[list[PendingLot], list[Problem]]:
    """Every lot the season still needs: the final tables' ties that decide a place (§1.1.3.2 and
    the marks' §), and home in a play-off match whose round-robin match was drawn (§1.1.2.9) or
    in the runners-up match (§1.1.4.2), with no lot and no recorded seed, once the match's teams
    are fixed (rules.divisions.playoff.teams_fixed: not mid-season, not before no. 1's choice or its
    deadline). Problems of files that cannot be read are returned, not raised."""
    from ...rules.divisions.standings import pending_lots
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
    import datetime as dt

    on = dt.date.today()    # §1.1.2.8: past the choice deadline no. 1 plays no. 4, and that pairing's lot is due
    for div in ("1div", "3div"):
        try:
            out = playoff_state(store, on=on, div=div)
        except (StoreError, IndexError):
            continue
        pending += out.get("pending_lots", [])
    return pending, problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: the lots file's form (each lot's order its teams once each, dbf's seed
    replays it) and a warning for each pending lot (§1.1.3.2). That every recorded lot still
    decides a tie of the same teams is the standings invariant ``lot.still-tied``."""
    _, problems = load_lots(store)
    pending, p = season_pending_lots(store)
    problems += p
    for x in pending:
        problems.append(Problem.warning(x.rule, Msg('lot pending: {} ({})', x.what, ', '.join(x.teams)), hint=x.command(),
                                        code="lot.needed"))
    # a recorded lot that no longer breaks a tie: the standings invariant lot.still-tied
    # (rules/invariants.py), run by the snapshot checker and on every write
    return problems
