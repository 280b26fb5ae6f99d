"""Guldpoint (GP) of a cup match (§1.5.10, §1.5.14).

§1.5.10: all GP of the round go to the winning team, shared by how much
each player played. Shares are integer hundredths of a GP, computed once
from exact fractions and rounded by largest remainder so they add up
exactly to the round's GP (reading in docs/regulations.md).

Tie rule for the last hundredths (docs/readings/sheets.md): among equal
remainders the player with more boards gets the hundredth first, then the
lower member number.

§1.5.14 penalty (an incorrect sheet, recorded with ``--accept-with-penalty``):
each player of the winning team loses 1 GP from their share, never below 0
(docs/readings/sheets.md).

>>> share_gp(800, {1: 40, 2: 40, 3: 40, 4: 40})
{1: 200, 2: 200, 3: 200, 4: 200}
>>> share_gp(800, {1: 40, 2: 40, 3: 20, 4: 20, 5: 40})
{1: 200, 2: 200, 3: 100, 4: 100, 5: 200}
>>> format_gp(267)
'2.67'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from ..model import FIRST_ROUND, LAST_ROUND

#: §1.5.10: GP of the round, rounds 1-9 (3 = 1/64 final ... 9 = final)
ROUND_GP: dict[int, int] = {1: 8, 2: 8, 3: 12, 4: 12, 5: 12, 6: 16, 7: 24, 8: 48, 9: 96}

#: §1.5.14: GP deducted per player of the winning team for an incorrect sheet
PENALTY_GP = 1


def round_gp(round_no: int) -> int:
    """§1.5.10: the GP of a cup round.

    >>> [round_gp(r) for r in range(1, 10)]
    [8, 8, 12, 12, 12, 16, 24, 48, 96]
    """
    if not FIRST_ROUND <= round_no <= LAST_ROUND:
        raise ValueError(f"cup rounds are {FIRST_ROUND}-{LAST_ROUND}, not {round_no}")
    return ROUND_GP[round_no]


def share_gp(total_hundredths: int, boards: Mapping[int, int]) -> dict[int, int]:
    """§1.5.10: ``total_hundredths`` shared in proportion to ``boards`` per player.

    Integer hundredths, largest remainder; ties: more boards first, then the
    lower member number. Players with 0 boards get 0. The result always sums
    to ``total_hundredths`` when anyone played a board (else to 0).

    >>> share_gp(1200, {7: 40, 3: 40, 5: 40})
    {7: 400, 3: 400, 5: 400}
    >>> share_gp(100, {7: 1, 3: 1, 5: 1})
    {7: 33, 3: 34, 5: 33}
    """
    played = {p: b for p, b in boards.items() if b > 0}
    total_boards = sum(played.values())
    shares = {p: 0 for p in boards}
    if total_boards == 0:
        return shares
    exact = {p: Fraction(total_hundredths * b, total_boards) for p, b in played.items()}
    for p, x in exact.items():
        shares[p] = x.numerator // x.denominator
    left = total_hundredths - sum(shares.values())
    order = sorted(played, key=lambda p: (-(exact[p] - shares[p]), -played[p], p))
    for p in order[:left]:
        shares[p] += 1
    return shares


def apply_penalty(shares: Mapping[int, int], penalty_gp: int = PENALTY_GP) -> dict[int, int]:
    """§1.5.14: the winning team loses ``penalty_gp`` GP per player (a player's
    share never goes below 0). Players who did not play (0) stay at 0.

    >>> apply_penalty({1: 200, 2: 50, 3: 0})
    {1: 100, 2: 0, 3: 0}
    """
    return {p: max(0, h - 100 * penalty_gp) if h > 0 else 0 for p, h in shares.items()}


def match_gp(round_no: int, boards: Mapping[int, int], penalty: bool = False) -> dict[int, int]:
    """§1.5.10 (and §1.5.14 when ``penalty``): each winning player's GP in hundredths.

    >>> match_gp(9, {1: 48, 2: 48, 3: 24, 4: 24, 5: 48})
    {1: 2400, 2: 2400, 3: 1200, 4: 1200, 5: 2400}
    >>> match_gp(1, {1: 40, 2: 40, 3: 40, 4: 40}, penalty=True)
    {1: 100, 2: 100, 3: 100, 4: 100}
    """
    shares = share_gp(round_gp(round_no) * 100, boards)
    return apply_penalty(shares) if penalty else shares


def format_gp(hundredths: int) -> str:
    """Hundredths as the decimal string the files keep (``"2.67"``)."""
    sign = "-" if hundredths < 0 else ""
    h = abs(hundredths)
    return f"{sign}{h // 100}.{h % 100:02d}"


def parse_gp(text: str | int | float) -> int:
    """The inverse of :func:`format_gp`; accepts ``"2.67"``, ``2.67`` or ``8``.

    >>> parse_gp("2.67"), parse_gp(8), parse_gp("0.5"), parse_gp("-1.25"), parse_gp(2.675)
    (267, 800, 50, -125, 268)
    """
    if type(text) is int:
        return text * 100
    s = str(text)
    whole, dot, frac = s.partition(".")
    negative = whole.startswith("-")
    digits = whole[1:] if negative else whole
    if dot and digits.isdigit() and frac.isdigit() and len(frac) <= 2 and digits.isascii() and frac.isascii():
        # the files' own form, "2.67": exact integer arithmetic (a state of 4,096 teams has ~19,000)
        hundredths = int(digits) * 100 + int(frac.ljust(2, "0"))
        return -hundredths if negative else hundredths
    return round(Fraction(s) * 100)
