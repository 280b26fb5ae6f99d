"""Frozen value objects shared by every rule: players, teams, divisions.

The store builds these from the season's files; rules take and return them.
Each carries ``where`` (file and line it came from) so that any later check
can name the spot without looking anything up (the beancount ``meta`` idea).

>>> p = Player(100234, "Anne Holm", 4100)
>>> t = Team("ODE-1", "Odense Lynet", 100234, 4100, "5000", (p,))
>>> t.player(100234).name, t.player_ids
('Anne Holm', frozenset({100234}))
"""

from __future__ import annotations


from .problems import Where
from .value import Located, Value

#: Division ids of docs/interface.md, and the division number each belongs to (§1.1).
DIVISIONS: dict[str, int] = {"1div": 1, "2div": 2, "3div-a": 3, "3div-b": 3}
_ALL_PLAY_ALL = {1: "1.1.2.1", 2: "1.1.3.1", 3: "1.1.4.1"}


def all_play_all_rule(division: str | int) -> str:
    """The paragraph of a division's all-play-all, 12 teams over 4 weekends, 36 or 40 boards a match:
    §1.1.2.1 for the 1st division, §1.1.3.1 for the 2nd, §1.1.4.1 for a 3rd-division group. The one
    answer for every command that cites it (a division id or number; an unknown id counts as 3rd).

    >>> all_play_all_rule("1div"), all_play_all_rule("2div"), all_play_all_rule("3div-b"), all_play_all_rule(2)
    ('1.1.2.1', '1.1.3.1', '1.1.4.1', '1.1.3.1')
    """
    number = division if isinstance(division, int) else DIVISIONS.get(division, 3)
    return _ALL_PLAY_ALL.get(number, "1.1.4.1")

#: Cup rounds (§1.5.9/§1.5.10 readings in docs/regulations.md): 3 = 1/64 final ... 9 = final.
ROUND_NAMES: dict[int, str] = {
    1: "round 1",
    2: "round 2",
    3: "1/64 final",
    4: "1/32 final",
    5: "1/16 final",
    6: "1/8 final",
    7: "quarter-final",
    8: "semi-final",
    9: "final",
}
FIRST_ROUND, LAST_ROUND = 1, 9


class Player(Located):
    """A DBF member on a team. ``division`` is the division number (1-3) this
    player plays in this season, when known from the entry file (§1.5.3)."""

    id: int
    name: str
    club: int | None = None
    division: int | None = None
    where: Where | None = None


class Team(Located):
    """A team: cup team (§1.5.11: 4-6 players) or division team (§1.1)."""

    id: str
    name: str
    captain: int
    club: int
    postcode: str
    players: tuple[Player, ...] = ()
    where: Where | None = None
    address: str | None = None   # the venue's street address, when the teams file gives it
    phone: str | None = None     # the captain's phone (§1.5.6), when the teams file gives it

    def player(self, player_id: int) -> Player | None:
        for p in self.players:
            if p.id == player_id:
                return p
        return None

    @property
    def player_ids(self) -> frozenset[int]:
        return frozenset(p.id for p in self.players)


class Division(Located):
    """A division's teams in seeding order (§1.1.2.3: last season's order)."""

    id: str
    teams: tuple[Team, ...]
    where: Where | None = None

    @property
    def number(self) -> int:
        return DIVISIONS[self.id]


class CupMatch(Value):
    """One drawn cup match. ``teams`` is in draw order: ``teams[0]`` was drawn
    first, which decides home on equal UP (§1.5.5). ``pool`` is the pool name
    in rounds 1-2 (§1.5.2), ``None`` from round 3 on. ``pending``: per slot, the match of
    the previous round whose winner was drawn as a pending place (§1.5.16 with §1.5.6,
    rules.cup.draw_pending); the slot's team is ``pending: C1-032`` until that match's result
    is recorded. ``()`` when both teams were drawn by name."""

    id: str
    round: int
    teams: tuple[str, str]
    pool: str | None = None
    pending: tuple[str | None, ...] = ()


class CupDraw(Value):
    """The recorded draw of one cup round (§1.5.16): matches, byes, the seed
    and the order in which the lots fell, so anyone can reproduce it."""

    round: int
    seed: int
    matches: tuple[CupMatch, ...]
    byes: tuple[str, ...] = ()
    drawn_order: tuple[str, ...] = ()
    bye_pending: tuple[str | None, ...] = ()     # per bye, the match whose winner's pending place got it (or None)

    def match(self, match_id: str) -> CupMatch | None:
        for m in self.matches:
            if m.id == match_id:
                return m
        return None

    def seeded_bye(self, team: str) -> bool:
        """§1.5.3: ``team`` holds a bye of this round because it is seeded into the next one (a
        division team seeded to round 4 holds a round-3 bye): a round it does not play or pay
        for (docs/readings/seeded-fees.md). A seeded bye is not drawn, so it is not in
        ``drawn_order`` (rules.cup.draw); a draw without a recorded order has no seeded byes.

        >>> d = CupDraw(3, 0, (CupMatch("C3-001", 3, ("A", "B")),), byes=("C", "D"), drawn_order=("D", "A", "B"))
        >>> d.seeded_bye("C"), d.seeded_bye("D"), d.seeded_bye("A")
        (True, False, False)
        """
        return bool(self.drawn_order) and team in self.byes and team not in self.drawn_order


def match_division(match_id: str) -> str | None:
    """The division of a division match id (§1.1.2.1 all-play-all), else None (a cup match,
    a play-off match, or no match at all).

    >>> match_division("1div-R01-03"), match_division("3div-a-R02-01"), match_division("C3-007")
    ('1div', '3div-a', None)
    >>> match_division("1div-SF1"), match_division("1div-R01-R02")
    (None, None)
    """
    from .ids import division_of   # the one parser of match ids (issue 13.7)

    return division_of(match_id)


def cup_match_id(round_no: int, number: int) -> str:
    """Match ids printed by the draw: ``C3-007`` = round 3, match 7.

    >>> cup_match_id(3, 7)
    'C3-007'
    """
    return f"C{round_no}-{number:03d}"
