"""``dbf distance`` and ``dbf vp`` as use cases (issue 24): :mod:`dbfcli.app.calculators`."""

from __future__ import annotations

from dbfcli.app.calculators import DistanceRequest, VpRequest, distance, victory_points
from dbfcli.app.session import Session


def _no_season() -> Session:
    from dbfcli.store.season import StoreError

    def opener():
        raise StoreError("no season", code="unknown.season")

    return Session(actor="pytest", lock_timeout=1.0, opener=opener)


def test_1_5_4_aarhus_to_copenhagen_crosses_the_great_belt_on_the_defaults():
    """§1.5.4, §1.5.2: 8000 -> 1050 by road over Storebælt, west to east; no season: the defaults."""
    out = distance(_no_season(), DistanceRequest(frm="8000", to="1050"))
    assert not out.refused and out.plan.season is None
    assert out.doc["crossings"] == ["storebaelt"] and (out.doc["from_side"], out.doc["to_side"]) == ("west", "east")
    assert out.plan.trip.total == out.doc["up"] and out.doc["settings"] == "defaults (no season found)"


def test_a_season_named_must_be_there_and_a_postcode_must_be_danish(ids):
    assert ids(distance(_no_season(), DistanceRequest(frm="8000", to="1050", defaults_without_season=False))) \
        == [(None, "unknown.season")]
    assert ids(distance(_no_season(), DistanceRequest(frm="8000", to="0001"))) == [(None, "unknown.postcode")]


def test_1_1_2_1_the_wbf_scale_needs_no_season():
    out = victory_points(_no_season(), VpRequest(imps=21, boards=36))
    assert (out.plan.won, out.plan.lost) == (1374, 626) and out.doc["vp"] == [13.74, 6.26]
    whole = victory_points(_no_season(), VpRequest(boards=36))
    assert whole.plan.table[0] == 1000 and whole.plan.table[-1] == 2000


def test_vp_refusals(ids):
    assert ids(victory_points(_no_season(), VpRequest(imps=3, boards=0))) == [(None, "usage.option")]


def test_law_78b_a_boards_imps_keep_their_sign_and_band():
    """Law 78B (the scale of §1.5.10 and §1.1.2.1): 430 -> 10 IMPs in the band 430-490; the
    other side's -430 -> -10; 4000 and more -> 24, the top band; no season is read."""
    from dbfcli.app.calculators import ImpsRequest, board_imps

    out = board_imps(_no_season(), ImpsRequest(points=430))
    assert (out.plan.imps, out.plan.low, out.plan.high) == (10, 430, 490) and out.doc["band"] == [430, 490]
    assert board_imps(_no_season(), ImpsRequest(points=-430)).plan.imps == -10
    assert (board_imps(_no_season(), ImpsRequest(points=0)).plan.imps, board_imps(_no_season(), ImpsRequest(points=10)).plan.imps) == (0, 0)
    top = board_imps(_no_season(), ImpsRequest(points=99999))
    assert (top.plan.imps, top.plan.high, top.exit) == (24, None, 0)
