"""The bridge scoring table: the score of one contract at one table (Laws of Duplicate Bridge, Law 77).

Pure and exact (integers). Used by the importers of scoring-software files
(``dbf result import``, issue 17) to score a LIN contract, and to check the
score a PBN file states against the contract it states; the board's two
scores then go through the WBF IMP table (:mod:`.imps`, §1.5.10).

* trick score: clubs/diamonds 20 a trick, hearts/spades 30, no-trump 40 for
  the first trick and 30 for each further one; doubled x2, redoubled x4;
* game (trick score 100 or more) 300 not vulnerable / 500 vulnerable, else a
  part-score 50; small slam 500/750, grand slam 1000/1500;
* the insult: 50 for making a doubled contract, 100 redoubled;
* overtricks: the trick value undoubled, 100/200 a trick doubled (NV/V),
  200/400 redoubled;
* undertricks: 50/100 a trick undoubled; doubled not vulnerable 100, 300,
  500, then 300 more each (1st 100, 2nd and 3rd 200, 4th on 300); doubled
  vulnerable 200, then 300 each; redoubled twice the doubled.

>>> score(Contract(3, "N"), False, 9), score(Contract(4, "S", 1), True, 7)
(400, -800)
>>> score(Contract(7, "N", 2), True, 13), score(Contract(1, "C"), False, 7)
(2980, 70)
"""

from __future__ import annotations

from ..problems import Msg
from ..value import Value

STRAINS = ("C", "D", "H", "S", "N")
SEATS = ("N", "E", "S", "W")
#: Vulnerability by board number (1-16, repeating): who is vulnerable (Law 2).
_VUL_CYCLE = ("None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
              "EW", "Both", "None", "NS", "Both", "None", "NS", "EW")


class Contract(Value):
    """A final contract: ``level`` 1-7, ``strain`` C/D/H/S/N, ``risk`` 0 (undoubled),
    1 (doubled), 2 (redoubled)."""

    level: int
    strain: str
    risk: int = 0

    def __str__(self) -> str:
        return f"{self.level}{'NT' if self.strain == 'N' else self.strain}{('', 'X', 'XX')[self.risk]}"


def parse_contract(text: str) -> Contract | None:
    """A contract as scoring programs write it: ``3NT``, ``4S``, ``4Sx``, ``4SX``, ``6N``,
    ``7NTxx``, ``5D*`` (doubled), ``2H**``; ``None`` for a passed-out board (``Pass``,
    ``P``, ``AP``, ``PASS``). Raises ``ValueError`` on anything else.

    >>> parse_contract("4Sx"), parse_contract("7NTxx"), parse_contract("Pass")
    (Contract(level=4, strain='S', risk=1), Contract(level=7, strain='N', risk=2), None)
    """
    s = text.strip().upper().replace(" ", "")
    if s in ("PASS", "P", "AP", "PASSED", "PO", "ALLPASS"):
        return None
    if not s or s[0] not in "1234567":
        raise ValueError(Msg('not a contract: {}', repr(text)))
    level, rest = int(s[0]), s[1:]
    if rest.startswith("NT"):
        strain, rest = "N", rest[2:]
    elif rest[:1] in ("C", "D", "H", "S", "N"):
        strain, rest = rest[0], rest[1:]
    else:
        raise ValueError(Msg('not a contract: {}', repr(text)))
    risk = {"": 0, "X": 1, "*": 1, "XX": 2, "**": 2, "R": 2}.get(rest)
    if risk is None:
        raise ValueError(Msg('not a contract: {}', repr(text)))
    return Contract(level, strain, risk)


def board_vulnerability(board: int) -> str:
    """Who is vulnerable on a board by its number (``None``, ``NS``, ``EW``, ``Both``).

    >>> [board_vulnerability(b) for b in (1, 2, 3, 4, 17)]
    ['None', 'NS', 'EW', 'Both', 'None']
    """
    if board < 1:
        raise ValueError(Msg('board numbers start at 1, not {}', board))
    return _VUL_CYCLE[(board - 1) % 16]


def parse_vulnerability(text: str) -> str:
    """A PBN ``Vulnerable`` value (``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``)
    as ``None``, ``NS``, ``EW`` or ``Both``; LIN ``sv`` values (``o``, ``n``, ``e``, ``b``)
    too. Raises ``ValueError`` on anything else."""
    s = text.strip().upper()
    for name, spellings in (("None", ("NONE", "LOVE", "-", "O", "0")), ("NS", ("NS", "N")),
                            ("EW", ("EW", "E")), ("Both", ("ALL", "BOTH", "B"))):
        if s in spellings:
            return name
    raise ValueError(Msg('not a vulnerability: {}', repr(text)))


def is_vulnerable(declarer: str, vulnerability: str) -> bool:
    """Is the declarer's side vulnerable (``vulnerability`` as :func:`parse_vulnerability` gives it)?"""
    if declarer not in SEATS:
        raise ValueError(Msg('not a seat: {}', repr(declarer)))
    side = "NS" if declarer in "NS" else "EW"
    return vulnerability == "Both" or vulnerability == side


def score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """The declarer's score for ``contract`` with ``tricks`` taken (0-13); negative when it
    goes down (Law 77). Raises ``ValueError`` for an impossible number of tricks.

    >>> score(Contract(4, "H"), False, 10), score(Contract(6, "S"), True, 12), score(Contract(2, "H", 1), False, 8)
    (420, 1430, 470)
    >>> score(Contract(3, "N", 1), False, 5), score(Contract(1, "N", 2), True, 5)
    (-800, -1000)
    """
    if not 0 <= tricks <= 13:
        raise ValueError(Msg('tricks taken are 0-13, not {}', tricks))
    need = contract.level + 6
    mult = (1, 2, 4)[contract.risk]
    if tricks < need:
        return -_undertricks(need - tricks, vulnerable, contract.risk)
    per = 20 if contract.strain in "CD" else 30
    trick_score = (per * contract.level + (10 if contract.strain == "N" else 0)) * mult
    total = trick_score
    total += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if contract.level == 6:
        total += 750 if vulnerable else 500
    elif contract.level == 7:
        total += 1500 if vulnerable else 1000
    total += (0, 50, 100)[contract.risk]
    over = tricks - need
    if contract.risk == 0:
        total += over * per
    else:
        total += over * (200 if vulnerable else 100) * (contract.risk)
    return total


def _undertricks(down: int, vulnerable: bool, risk: int) -> int:
    if risk == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * risk


def ns_score(contract: Contract | None, declarer: str | None, vulnerability: str, tricks: int | None) -> int:
    """The board's score from North-South's side: 0 passed out (``contract`` None),
    else the declarer's :func:`score`, negated when East or West declared.

    >>> ns_score(Contract(4, "S", 1), "W", "Both", 7), ns_score(None, None, "None", None)
    (800, 0)
    """
    if contract is None:
        return 0
    if declarer is None or tricks is None:
        raise ValueError(Msg('a contract needs its declarer and the tricks taken'))
    s = score(contract, is_vulnerable(declarer, vulnerability), tricks)
    return s if declarer in "NS" else -s
