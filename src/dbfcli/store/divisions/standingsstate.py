"""What the final tables decide, read for the standings invariants (issue 13.5 for §1.1.2.5-
§1.1.2.11, §1.1.3.2, §1.1.4.2): every division, the VP scale, ``divisions/lots.yaml`` and
``divisions/playoff.yaml`` as one :class:`~dbfcli.rules.seasonstate.StandingsState`.

``dbf check`` runs :data:`dbfcli.rules.invariants.STANDINGS_INVARIANTS` over it (the
``snapshot`` checker, :func:`check_standings`); every transaction that writes a division's
teams, schedule or matches, the play-off file or the lots file runs them on the state it would
produce and is refused, exit 1 with the §, when it would break one that holds today
(:func:`standings_refusals`, which store/snapshot.py registers in
:data:`dbfcli.store.season.COMMIT_CHECKS`; this module imports nothing of it: no cycle). A
season with no play-off and no lot recorded, before and after the write, costs one ``stat`` of
each file: there is nothing to check.
"""

from __future__ import annotations

from ...rules.problems import Problem
from ...rules.seasonstate import PlayoffRecord, StandingsState
from ..season import SeasonStore, StoreError

PLAYOFF = "divisions/playoff.yaml"
LOTS = "divisions/lots.yaml"


def _lot_wheres(store: SeasonStore, lots) -> tuple:
    """The place of each recorded lot: its item in the lots file (found by key and order)."""
    doc = store.read_yaml(LOTS, required=False)
    items = doc.data.get("lots") if doc is not None and isinstance(doc.data, dict) else None
    items = items if isinstance(items, list) else []
    out = []
    for lot in lots:
        index = next((i for i, item in enumerate(items) if isinstance(item, dict) and item.get("key") == lot.key
                      and [str(t) for t in item.get("order") or ()] == list(lot.order)), None)
        out.append(doc.where("lots", index) if doc is not None and index is not None else None)
    return tuple(out)


def _playoff(store: SeasonStore) -> PlayoffRecord | None:
    """The play-off file as the invariants read it; None when there is none (or it is no
    mapping: its reader, store/divisions/playoff.py, says so)."""
    from .playoff import load_playoff

    doc = store.read_yaml(PLAYOFF, required=False)
    if doc is None or not isinstance(doc.data, dict):
        return None
    pf, _ = load_playoff(store)   # its problems: store/playoff.check_season
    wheres = {mid: doc.where("results", mid) for mid in pf.results}
    wheres["choice"] = doc.where("choice")
    return PlayoffRecord(seed=pf.seed, results_known_on=pf.results_known_on, choice=pf.choice,
                         chosen_on=pf.chosen_on, results=dict(pf.results), wheres=wheres, where=doc.where())


def load_standings_state(store: SeasonStore, settings, load_divisions) -> StandingsState:
    """The divisions the play-off and the lots are decided in (1div for its play-off, the 3rd
    division's groups for theirs, each division a standings lot was drawn in), the season's VP
    scale, the recorded lots and the play-off (what cannot be read is left out: its reader
    reports it, and what it holds is not checked). ``load_divisions``: store/snapshot.py's."""
    from .results import load_vp_scale
    from .lots import load_lots

    lots, _ = load_lots(store)
    playoff = _playoff(store)
    needed = {lot.key for lot in lots if lot.key in ("1div", "2div", "3div-a", "3div-b")}
    if playoff is not None:
        needed |= {"1div", "3div-a", "3div-b"} if "3div-PO" in playoff.results else {"1div"}
    scale, _ = load_vp_scale(store, settings.vp_scale)
    return StandingsState(divisions=load_divisions(store, settings, sorted(needed)), scale=scale, lots=tuple(lots),
                          lot_wheres=_lot_wheres(store, lots), playoff=playoff)


def check_standings(store: SeasonStore, settings, load_divisions) -> list[Problem]:
    """``dbf check``: every standings invariant over the season (no play-off and no lot: none)."""
    from ...rules.invariants import check_standings as check

    if not (store.exists(PLAYOFF) or store.exists(LOTS)):
        return []
    return check(load_standings_state(store, settings, load_divisions), settings)


def _touches_standings(writes: dict) -> bool:
    """The writes change what a final table or the play-off is made of: a division's teams,
    frozen schedule or recorded matches, the play-off file or the lots file."""
    from ...rules.model import DIVISIONS

    for rel in writes:
        head, _, name = rel.rpartition("/")
        stem = name[:-5] if name.endswith(".yaml") else name
        if head == "divisions/matches" or rel in (PLAYOFF, LOTS) or (
                head == "divisions" and stem.removeprefix("schedule-") in DIVISIONS):
            return True
    return False


def standings_refusals(store: SeasonStore, writes: dict, overlay, load_divisions) -> list[Problem]:
    """The standings invariants (:data:`dbfcli.rules.invariants.STANDINGS_INVARIANTS`) the
    planned ``writes`` would break: they hold today and not in the state the writes produce;
    ``[]`` when the writes touch no division, play-off or lots file, when there is no play-off
    and no lot before or after them, or when season.toml cannot be read (the command says so).
    ``overlay``, ``load_divisions``: store/snapshot.py's (which registers this check)."""
    from ...rules.invariants import check_standings as check, new_breaks
    from ..settings import load_settings

    if not _touches_standings(writes):
        return []
    after_store = overlay(store, writes)
    if not any(s.exists(rel) for s in (store, after_store) for rel in (PLAYOFF, LOTS)):
        return []
    try:
        settings = load_settings(store)
    except StoreError:
        return []
    before = check(load_standings_state(store, settings, load_divisions), settings)
    return new_breaks(before, check(load_standings_state(after_store, settings, load_divisions), settings))
