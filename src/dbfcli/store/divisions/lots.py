"""``divisions/lots.yaml``: the lots drawn in the divisions (§1.1.3.2, §1.1.2.5, §1.1.2.9,
§1.1.4.2, §1.1.1.1), written by ``dbf lot draw|record`` (docs/formats/division-lots.md)::

    schema: 1
    lots:
      - key: 2div                      # a division (standings tie) or a match id (home, vacancy place)
        rule: 1.1.3.2
        teams: [ALL-B, KBH-A]          # the teams drawn among
        order: [KBH-A, ALL-B]          # the drawn order, first drawn first
        drawn_by: Jens Hansen
        witnesses: [Anne Holm]
        drawn_at: 2027-03-01T19:30
        seed: 8127361278361            # only when dbf drew it (replay: rules.lots.draw_order)
        proof: {algorithm, commitment, field, secret, beacon_source, beacon}   # a committed lot (issue 30)

The standings, the play-off and the rollover read the lots from here; ``dbf check`` lists the
pending ones and every recorded lot that no longer breaks a tie (:mod:`dbfcli.store.divisions.lotcheck`).
"""

from __future__ import annotations

from typing import Any

from ...rules.lots import DrawnLot, check_lot
from ...rules.problems import Msg, Problem
from ..season import SeasonStore

LOTS = "divisions/lots.yaml"
SCHEMA = 1
_KEYS = ("key", "rule", "teams", "order", "drawn_by", "witnesses", "drawn_at", "seed", "proof")


def _strings(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        return tuple(str(v) for v in value)
    return None


def load_lots(store: SeasonStore) -> tuple[list[DrawnLot], list[Problem]]:
    """The recorded lots, and a problem (file:line) for each malformed one (left out)."""
    doc = store.read_yaml(LOTS, required=False)
    if doc is None or doc.data is None:
        return [], []
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("lots", []), list):
        return [], [Problem.error(None, Msg('the lots file is a mapping with schema: 1 and lots: [...]'), doc.where(),
                                  code="format.schema")]
    problems: list[Problem] = []
    if data.get("schema") != SCHEMA:
        problems.append(Problem.error(None, Msg('schema {}: this dbf reads schema {}',
                                                f"{data.get('schema')!r}", SCHEMA),
                                      doc.where("schema"), code="format.schema-version"))
    lots: list[DrawnLot] = []
    for i, item in enumerate(data.get("lots") or []):
        got = _lot(item, i, doc.where("lots", i))
        if isinstance(got, DrawnLot):
            lots.append(got)
        else:
            problems += got
    return lots, problems


def _lot_shape(item: dict) -> Msg | None:
    """What is wrong with the keys of one lot (unknown, missing or malformed), or None."""
    unknown = sorted(set(map(str, item)) - set(_KEYS))
    teams, order, witnesses = _strings(item.get("teams")), _strings(item.get("order")), _strings(item.get("witnesses"))
    seed = item.get("seed")
    bad = [k for k, ok in (("key", isinstance(item.get("key"), str)), ("rule", item.get("rule") is not None),
                           ("teams", teams is not None), ("order", order is not None),
                           ("drawn_by", isinstance(item.get("drawn_by"), str) and item["drawn_by"].strip()),
                           ("witnesses", witnesses is not None),
                           ("drawn_at", item.get("drawn_at") is not None),
                           ("seed", seed is None or (isinstance(seed, int) and not isinstance(seed, bool))),
                           ("proof", item.get("proof") is None or isinstance(item.get("proof"), dict)))
           if not ok]
    if not unknown and not bad:
        return None
    parts = [Msg('unknown key(s) {}', ', '.join(unknown))] if unknown else []
    return Msg.join("; ", parts + ([Msg('missing or malformed: {}', ', '.join(bad))] if bad else []))


def _lot(item, i: int, at) -> DrawnLot | list[Problem]:
    """Lot ``i`` of the file, or its problems (its shape; the lot's own rule, :func:`check_lot`)."""
    if not isinstance(item, dict):
        return [Problem.error(None, Msg('lots[{}]: a mapping with {}', i, ', '.join(_KEYS[:7])), at, code="format.schema")]
    what = _lot_shape(item)
    if what is not None:
        return [Problem.error(None, Msg('lots[{}]: {}', i, what), at, code="format.schema")]
    lot = DrawnLot(item["key"], str(item["rule"]), _strings(item.get("teams")), _strings(item.get("order")),
                   item["drawn_by"].strip(), _strings(item.get("witnesses")), str(item["drawn_at"]), item.get("seed"),
                   item.get("proof"))
    msgs = check_lot(lot)
    if msgs:
        return [Problem.error(lot.rule, m, at, code="lot.record") for m in msgs]
    return lot


def lot_to_data(lot: DrawnLot) -> dict:
    data = {"key": lot.key, "rule": lot.rule, "teams": list(lot.teams), "order": list(lot.order),
            "drawn_by": lot.drawn_by, "witnesses": list(lot.witnesses), "drawn_at": lot.drawn_at}
    if lot.seed is not None:
        data["seed"] = lot.seed
    if lot.proof is not None:
        data["proof"] = dict(lot.proof)
    return data


def lot_reveal(lot: DrawnLot):
    """``(subject, Reveal)`` of a committed lot (issue 30), or None for a lot drawn without one."""
    from ...rules.cup.drawproof import lot_subject, reveal_of

    got = reveal_of(lot.proof, lot.seed, {"order": list(lot.order)}) if lot.proof is not None else None
    return None if got is None else (lot_subject(lot.key, lot.teams), got)


def lots_data(lots) -> dict:
    return {"schema": SCHEMA, "lots": [lot_to_data(x) for x in lots]}


def lot_removal_refusals(snap, lot: DrawnLot) -> list[Problem]:
    """``dbf lot remove``: a lot next season was built with stands (§1.1.1.1 and the lot's own §):
    the rollover read this season's lots into next season's divisions (its ``rollover.yaml``), so
    taking the lot back would leave that season built on a lot that is no longer recorded; undo
    the rollover first. What else a removal would break -- a play-off result on its home lot
    (§1.1.2.9, §1.1.4.2), on the order of the top 4 (§1.1.2.8) -- the standings invariants refuse
    when the write commits."""
    from ...rules.ids import SeasonId

    store = snap.store
    season = SeasonId.get(store.season)
    if season is None:
        return []
    nxt = str(season.next)
    if not (store.root / nxt / "divisions" / "rollover.yaml").exists():
        return []
    return [Problem.error(lot.rule, Msg('the lot {} among {} stands: {} was built with it (dbf season '
                                        'rollover)', lot.key, ', '.join(lot.teams), nxt), hint=Msg('undo the rollover to {} first (dbf '
                                                                      'undo)', nxt), code="lot.used")]
