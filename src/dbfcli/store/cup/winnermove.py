"""§1.5.16 (issue 25): the writes of `dbf result amend SHEET --move-to-next-round`, planned in
the amendment's own transaction (one journal entry; `dbf undo` takes it all back).

The decision is :func:`dbfcli.rules.cup.winnermove.next_round_move`; here it becomes files: the
next round's draw file with the new winner in the old one's place (``matches``, ``byes``,
``drawn_order``, rounds 1-2 ``pools``) and the move recorded under ``moved`` (so the draw as
the lot drew it can still be told, and a committed draw still verifies, store.drawproof); and
``cup/schedule.yaml`` without what was agreed for that match with the old winner's captain
(§1.5.6/§1.5.8: the date, time and venue are agreed again; a dispensation goes with them).
"""

from __future__ import annotations

import copy
import datetime as dt


def _swap_all(doc: dict, a: str, b: str, slot: str | None) -> None:
    """In a draw file's document: ``a`` becomes ``b`` in match ``slot`` (None: the byes), the
    order of the lots and the pools."""
    def swap(t):
        return b if t == a else t

    for m in doc.get("matches") or []:
        if isinstance(m, dict) and m.get("id") == slot:
            m["teams"] = [swap(t) for t in m.get("teams") or []]
    if slot is None:
        doc["byes"] = [swap(t) for t in doc.get("byes") or []]
    doc["drawn_order"] = [swap(t) for t in doc.get("drawn_order") or []]
    pools = doc.get("pools")
    if isinstance(pools, dict) and a in pools:
        doc["pools"] = {swap(k): v for k, v in pools.items()}


def as_drawn(doc: dict) -> dict:
    """A draw file's document as the lot drew it: every ``moved`` entry taken back, latest
    first (what ``dbf draw verify`` recomputes)."""
    moved = doc.get("moved") if isinstance(doc, dict) else None
    if not moved:
        return doc
    out = copy.deepcopy(doc)
    for mv in reversed(moved if isinstance(moved, list) else []):
        if isinstance(mv, dict):
            _swap_all(out, mv.get("new_winner"), mv.get("old_winner"), mv.get("next_match"))
    return out


def plan_winner_move(tx, store, move, agreements: dict) -> list[str]:
    """Plan the files of ``move`` (a :class:`dbfcli.rules.cup.winnermove.WinnerMove`) in ``tx``;
    returns what was dropped from the schedule (the match ids)."""
    from .draws import SCHEDULE, draw_file, schedule_data

    rel = draw_file(move.round)
    doc = copy.deepcopy(store.read_yaml(rel).data)
    _swap_all(doc, move.old, move.new, move.slot)
    doc.setdefault("moved", []).append({**move.to_json(), "on": dt.date.today().isoformat()})
    tx.write_yaml(rel, doc, header=f"cup round {move.round} drawn by lot (dbf draw cup); {move.new} took the place "
                                   f"of {move.old} (dbf result amend {move.match} --move-to-next-round, §1.5.16)")
    dropped = [move.slot] if move.slot in agreements else []
    if dropped:
        tx.write_yaml(SCHEDULE, schedule_data({k: v for k, v in agreements.items() if k not in dropped}),
                      header="cup schedule: agreed dates, times, venues, dispensations")
    return dropped


def move_winner(tx, store, match, winner: str | None, draws) -> tuple[dict | None, list]:
    """§1.5.16: the amendment of ``match`` making ``winner`` its winner, with the new winner
    moved into the next drawn round (:func:`dbfcli.rules.cup.winnermove.next_round_move`, read
    under the lock): ``(what moved, as --json says it; None: nothing to move)`` and the problems
    that refuse it (exit 1). The writes are planned in ``tx``."""
    from ...rules.cup.winnermove import next_round_move
    from .draws import load_results, load_schedule
    from .results import match_file

    d = store.read_yaml(match_file(match.id)).data
    old = d.get("winner") if isinstance(d, dict) else None
    winners, _, _, _ = load_results(store)
    move, problems = next_round_move(draws, set(winners), match.id, old, winner)
    if move is None:
        return None, problems
    agreements, _, _ = load_schedule(store)
    dropped = plan_winner_move(tx, store, move, agreements)
    return {**move.to_json(), "agreement_dropped": bool(dropped)}, []
