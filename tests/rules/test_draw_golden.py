"""Issue 30: the draw algorithm is versioned, and recorded draws pin each version (golden tests).

A committed draw is verified by drawing its field again with the algorithm version it
records (``rules/cup/drawproof.py`` ``ALGORITHMS``). These are recorded draws (tests/data/draw-golden,
from the season test): a change to the draw's code (rules/cup/draw.py, rules/lots.py, rules/cup/bracket.py,
rules/cup/pools.py ...) that changes the outcome of any of them fails here -- it must get a new
version, with the old version's code kept so the old draws keep verifying.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dbfcli.rules.cup.drawproof import (ALGORITHMS, CUP_ALGORITHM, LOT_ALGORITHM, commitment, digest, lot_field,
                                    lot_subject, run, seed_of)

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "draw-golden"
FILES = sorted(GOLDEN.glob("*.json"))
#: a lot among four teams, seed 20262027 (dbf-lot/1: rules.lots.draw_order)
LOT = {"field": lot_field(season="2026-27", key="2div", rule="1.1.3.2", teams=["KBH-A", "ALL-B", "ODE-B", "AAR-C"]),
       "seed": 20262027, "order": ["ODE-B", "KBH-A", "ALL-B", "AAR-C"]}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_30_1_5_16_a_recorded_cup_draw_is_drawn_again_exactly(path):
    g = json.loads(path.read_text(encoding="utf-8"))
    got, problems = run(g["algorithm"], g["field"], g["seed"])
    assert got is not None, problems
    assert got["draw"]["matches"] == g["draw"]["matches"]
    assert got["draw"]["byes"] == g["draw"]["byes"]
    assert got["draw"]["drawn_order"] == g["draw"]["drawn_order"]


def test_30_1_5_16_the_goldens_cover_pools_a_pending_place_seeded_byes_and_the_final():
    rounds = {json.loads(p.read_text())["field"]["round"]: json.loads(p.read_text()) for p in FILES}
    assert {1, 2, 9} <= set(rounds) and any(r >= 3 for r in rounds if r != 9)
    assert len(set(rounds[1]["field"]["pools"].values())) >= 2          # §1.5.2: pools and clubs
    assert any(t.startswith("pending: ") for t in rounds[2]["draw"]["drawn_order"])   # §1.5.16 with §1.5.6
    assert len(rounds[9]["draw"]["matches"]) == 1


def test_30_1_1_3_2_a_recorded_lot_is_drawn_again_exactly():
    got, _ = run(LOT_ALGORITHM, LOT["field"], LOT["seed"])
    assert got["draw"]["order"] == LOT["order"]


def test_30_every_algorithm_version_has_a_golden_draw():
    """A new version comes with a golden draw of its own; the current ones are pinned here."""
    versions = {json.loads(p.read_text())["algorithm"] for p in FILES} | {LOT_ALGORITHM}
    assert set(ALGORITHMS) <= versions and {CUP_ALGORITHM, LOT_ALGORITHM} <= versions


def test_30_the_commitment_protocol_is_pinned():
    """The canonical JSON, the digest and what the commitment binds are part of every recorded
    commitment: changing them breaks every commitment made before."""
    secret = "0123456789abcdef" * 4
    f = LOT["field"]
    assert digest(f) == "61667ee0f41eec10b0a6aef10b1330d5a171c8fab3703257dfe68c5986bf923e"
    assert commitment(secret, season="2026-27", subject=lot_subject("2div", f["teams"]), field_digest=digest(f),
                      algorithm=LOT_ALGORITHM, beacon_source="drand quicknet round 1") == \
        "73a518eeb6926b299e5651c8e5b9544a84b7f3bf88717a749daaeb99338e7968"
    assert seed_of(secret, "beacon") == \
        65625789991638954186626904563492537501195327023212215652978633677995530998251
    assert seed_of(secret, None) == int(secret, 16)


def test_30_an_unknown_algorithm_is_named():
    got, problems = run("dbf-cup-draw/0", LOT["field"], 1)
    assert got is None and [p.code for p in problems] == ["draw.verify-algorithm"]
