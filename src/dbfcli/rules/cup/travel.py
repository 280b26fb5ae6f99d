"""Travel refunds in the cup (§1.5.17, §7.2) and the overnight allowance (§1.5.4).

- §7.2.1: train/ship fares (seat reservation included) are covered for the
  part of the journey beyond 11 DSB zones. Reading: that part costs
  ``fare(zones) - fare(11)`` -- the ticket actually bought, less what an
  11-zone ticket costs (DSB fares fall per zone on long journeys, so pricing
  the excess zones as a ticket of their own would pay more than the
  journey cost).
- §7.2.2: between Bornholm and east of Storebælt: the ferry Rønne-Copenhagen,
  2nd class with the cheapest berth, and DSB on from Copenhagen. Reading:
  ferry and onward DSB fare are paid in full (the ferry crossing alone is
  far beyond 11 zones).
- §1.5.4: travel to the quarter-final, semi-final and final gives an
  overnight allowance of 160 kr per person.

All amounts are whole kroner (int); a round trip counts the fare twice.

>>> prices = {11: 150, 20: 240, 30: 300}
>>> zone_refund(20, prices)[0], zone_refund(9, prices)[0]
(90, 0)
"""

from __future__ import annotations

from typing import Any, Iterable

from ..problems import Msg, Problem
from .records import RecordedMatch
from ..settings import TravelSettings, UPSettings
from ..value import Value

OVERNIGHT_ROUNDS = (7, 8, 9)   # §1.5.4: quarter-final, semi-final, final
DEFAULT_PERSONS = 4            # a team plays with 4 players (§1.5.11) when the sheet does not say more


def fare(zones: int, prices: dict[int, int]) -> tuple[int | None, list[Problem]]:
    """The DSB fare for ``zones`` from the season's table (§7.2.1). The table
    lists steps: a zone count between two listed counts costs the next listed
    fare; beyond the last listed count the last price applies (DSB's maximum
    fare).

    >>> fare(17, {11: 132, 20: 228}), fare(99, {11: 132, 20: 228})
    ((228, []), (228, []))
    """
    if zones <= 0:
        return 0, []
    if not prices:
        return None, [Problem.error("1.5.17", Msg('no DSB zone prices in season.toml ([travel] '
                                                  'zone_prices_kr)'),
                                    hint=Msg("add the season's fare per number of zones"), code="travel.no-prices")]
    if zones in prices:
        return prices[zones], []
    above = [k for k in prices if k >= zones]
    return prices[min(above) if above else max(prices)], []


def zone_refund(zones: int, prices: dict[int, int], free_zones: int = 11) -> tuple[int, list[Problem]]:
    """§7.2.1: one person's one-way refund for a journey of ``zones`` DSB zones:
    ``fare(zones) - fare(free_zones)``, 0 within the free zones."""
    if zones <= free_zones:
        return 0, []
    whole, p1 = fare(zones, prices)
    base, p2 = fare(free_zones, prices)
    if whole is None or base is None:
        return 0, p1 or p2
    return max(0, whole - base), []


class Claim(Value):
    """A team's travel claim for one match, in whole kroner."""

    team: str
    match: str
    persons: int
    zones: int
    fare_each: int          # refund per person and trip (beyond the free zones, or ferry + DSB)
    reservation_each: int   # seat reservation per person and trip
    trips: int
    overnight: int          # §1.5.4 allowance, all persons
    bornholm: bool = False

    @property
    def travel(self) -> int:
        return self.persons * self.trips * (self.fare_each + self.reservation_each)

    @property
    def total(self) -> int:
        return self.travel + self.overnight

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "match": self.match, "persons": self.persons, "zones": self.zones,
                "bornholm": self.bornholm, "fare_each": self.fare_each, "reservation_each": self.reservation_each,
                "trips": self.trips, "travel": self.travel, "overnight": self.overnight, "total": self.total}


def overnight_allowance(round_no: int, persons: int, up: UPSettings | None = None, km: int | None = None) -> int:
    """§1.5.4: 160 kr per person for travel to the quarter-final, semi-final and final; none
    for a team that does not travel (``km`` 0, :func:`dbfcli.rules.cup.up.travels`).

    >>> overnight_allowance(7, 4), overnight_allowance(6, 4), overnight_allowance(8, 4, km=0)
    (640, 0, 0)
    """
    from .up import travels

    up = up or UPSettings()
    return persons * up.overnight_allowance_kr if round_no in OVERNIGHT_ROUNDS and travels(km) else 0


def travel_claim(team: str, match: str, round_no: int, persons: int, zones: int, settings: TravelSettings,
                 *, reservation_kr: int = 0, trips: int = 2, bornholm: bool = False,
                 up: UPSettings | None = None, km: int | None = None) -> tuple[Claim | None, list[Problem]]:
    """§1.5.17, §7.2, §1.5.4: a team's refund for travelling to ``match``.

    ``zones``: DSB zones of one way (from Copenhagen when ``bornholm``);
    ``reservation_kr``: seat reservation per person and trip (§7.2.1,
    covered only on a journey beyond the free zones); ``trips``: 2 for
    there and back; ``km``: the team's trip to the venue (the schedule's; 0: no overnight
    allowance, §1.5.4)."""
    problems: list[Problem] = []
    if persons < 1 or persons > 6:
        problems.append(Problem.error("1.5.11", Msg('{} travellers; a team has 4-6 players', persons),
                                      code="travel.travellers"))
    if zones < 0 or trips < 1 or reservation_kr < 0:
        problems.append(Problem.error(None, Msg('zones, trips and reservation must be positive numbers'), code="usage.option"))
    if problems:
        return None, problems
    if bornholm:
        if settings.bornholm_ferry_kr <= 0:
            return None, [Problem.error("7.2.2", Msg('no ferry fare Rønne-Copenhagen in season.toml '
                                                     '([travel] bornholm_ferry_kr)'), code="travel.no-prices")]
        dsb, problems = fare(zones, settings.zone_prices_kr)
        each = settings.bornholm_ferry_kr + (dsb or 0)
        covered = True
    else:
        each, problems = zone_refund(zones, settings.zone_prices_kr, settings.free_zones)
        covered = zones > settings.free_zones
    if problems:
        return None, problems
    claim = Claim(team, match, persons, zones, each, reservation_kr if covered else 0, trips,
                  overnight_allowance(round_no, persons, up, km), bornholm)
    return claim, []


def _recorded(matches: Iterable[RecordedMatch], match_id: str) -> RecordedMatch | None:
    return next((m for m in matches if m.match == match_id), None)


def persons_on_sheet(matches: Iterable[RecordedMatch], match_id: str, team: str) -> int | None:
    """§1.5.17, §1.5.11: the players of ``team`` on the recorded sheet of ``match_id`` -- those
    who travelled, unless the claim says otherwise. None when the match has no recorded
    result (not recorded, a walkover, or no player of ``team`` on the sheet).

    >>> from dbfcli.rules.cup.records import Appearance
    >>> m = RecordedMatch("C3-001", 3, "A", "B", "A", "B", appearances=(Appearance(1, "A"), Appearance(2, "A")))
    >>> persons_on_sheet([m], "C3-001", "A"), persons_on_sheet([m], "C3-001", "B"), persons_on_sheet([], "C3-001", "A")
    (2, None, None)
    """
    rec = _recorded(matches, match_id)
    if rec is None or rec.kind != "result":
        return None
    n = len({a.player for a in rec.appearances if a.team == team})
    return n or None


def claim_persons(persons: int | None, matches: Iterable[RecordedMatch], match_id: str,
                  team: str) -> tuple[int, str]:
    """§1.5.17: how many persons a claim counts and where the number comes from: ``"option"``
    (given), ``"sheet"`` (:func:`persons_on_sheet`) or ``"default"`` (:data:`DEFAULT_PERSONS`,
    §1.5.11)."""
    if persons is not None:
        return persons, "option"
    on_sheet = persons_on_sheet(matches, match_id, team)
    return (on_sheet, "sheet") if on_sheet else (DEFAULT_PERSONS, "default")


def played_elsewhere(agreed_venue: str | None, own_postcode: str | None) -> bool:
    """§1.5.8 ("medmindre andet er aftalt"): the match was played elsewhere than at the team's
    own address when an agreed venue (cup/schedule.yaml) is another postcode than the team's.

    >>> played_elsewhere("5000", "2100"), played_elsewhere("2100", "2100"), played_elsewhere(None, "2100")
    (True, False, False)
    """
    return bool(agreed_venue and own_postcode and agreed_venue != own_postcode)


def _elsewhere_hint(match_id: str) -> str:
    return f"if the match was played elsewhere, record the venue first: dbf schedule cup set {match_id} --venue POSTCODE"


def claim_warnings(matches: Iterable[RecordedMatch], match_id: str, team: str, round_no: int,
                   elsewhere: bool = False, km: int | None = None) -> list[Problem]:
    """The problems of a travel claim of ``team`` for cup match ``match_id`` of round ``round_no``:

    - §1.5.14 (warning): the match has no recorded result yet (a claim is sent with the sheet);
    - §1.5.17 (error, issue 14): ``team`` was the home team of a match before the semi-finals
      (§1.5.8: played at the home captain's address), so it had no journey to refund and no
      overnight allowance (§1.5.4 is for travel to the venue) -- unless the match was played
      ``elsewhere`` (an agreed venue in cup/schedule.yaml, §1.5.8 "medmindre andet er
      aftalt"). The semi-finals and final (round 8 on) are at DBF's venue (§1.5.7): both travel;
    - §1.5.17 (error, issue 25): ``team``'s trip to the venue is 0 km (the schedule's ``km``: the
      venue is at its own postcode), so it has no journey and no overnight allowance either
      (:func:`dbfcli.rules.cup.up.travels`, docs/readings/zero-km.md).
    """
    from .up import travels

    rec = _recorded(matches, match_id)
    if rec is not None and round_no < 8 and rec.home == team and not elsewhere:
        return [Problem.error("1.5.17", Msg("{} was the home team of {}, played at its captain's address "
                                            '(§1.5.8); only the travelling team has a journey to refund', team,
                                            match_id),
                              hint=_elsewhere_hint(match_id), code="travel.home-team")]
    if not travels(km):
        return [Problem.error("1.5.17", Msg('{} travelled 0 km to {}: the venue is at its own postcode, '
                                            'so it has no journey to refund and no overnight allowance '
                                            '(§1.5.4)', team, match_id),
                              hint=_elsewhere_hint(match_id), code="travel.no-journey")]
    if rec is None:
        return [Problem.warning("1.5.14", Msg('{} has no recorded result yet; a claim is sent with the '
                                              'result sheet (§1.5.14)', match_id), hint=Msg('check the persons when the sheet comes'),
                                code="travel.no-result")]
    return []
