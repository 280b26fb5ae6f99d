"""System cards: HUM (§2.10.11) and Åbent forsvar (§2.10.17).

A :class:`Card` lists, per opening bid and per overcall, every *variant* of
hand the bid may show: an HCP range, a shape (``any``, ``balanced``,
``unbalanced``, ``three-suited``), minimum lengths promised (each a
:class:`Promise`: at least ``min`` cards in *one of* ``suits`` -- one suit
for a named suit, several for "hearts or spades") and a ``strong`` flag for
the strong artificial variants (strong club, strong pass, ...).

:func:`classify` applies the regulations to the card and returns a
:class:`Classification` with every reason found, each naming its rule:

- ``2.10.11a`` strong pass, ``2.10.11b`` 1-level opening a king below
  average, ``2.10.11c`` 1-level suit opening without 4 cards (HUM);
- ``2.10.17.1`` openings 2♣-3♠, ``2.10.17.2`` suit overcalls without a
  known 4-card suit, ``2.10.17.3`` weak two-suited overcalls that may be
  4-4 (Åbent forsvar). The readings are in ``docs/readings/systems.md``.

>>> weak = Variant(hcp=(6, 10), promises=(Promise(("H", "S"), 6),))
>>> strong = Variant(hcp=(20, 21), shape="balanced")
>>> multi = Bid(Call.parse("2D"), (weak, strong))
>>> card = Card("Multi", openings=(multi,))
>>> cls, problems = classify(card)
>>> cls.hum, cls.open_defence, problems
(False, False, [])
"""

from __future__ import annotations

from typing import Any, Iterable


from ..problems import Msg, Problem, Where
from ..value import Located, Value

SUITS = ("C", "D", "H", "S")
STRAINS = ("C", "D", "H", "S", "NT")
SHAPES = ("any", "balanced", "unbalanced", "three-suited")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "notrump"}
MAX_HCP = 37

#: §2.10.11b: average strength of a hand (40 HCP / 4) and "a king" (3 HCP).
AVERAGE_HCP = 10
KING_HCP = 3
#: §2.10.11b: "a king or more below average" = 7 HCP or less = under 8 HCP.
HUM_B_LIMIT = AVERAGE_HCP - KING_HCP + 1
#: §2.10.17: "may hold under 10 HCP" -- the weak variants.
WEAK_LIMIT = 10
#: §2.10.17.1 first exception: "the other variants show at least 16 HCP".
STRONG_LIMIT = 16
#: §2.10.11 last exception: balanced range "starting with at least 9 HCP".
AMBIGUOUS_BAL_MIN = 9


class Call(Value, order=True):
    """A call: ``level`` 0 is pass; otherwise 1-7 and a strain (C D H S NT).

    >>> Call.parse("1nt"), str(Call.parse("pass")), Call.parse("2♠").strain
    (Call(level=1, strain='NT'), 'pass', 'S')
    >>> Call.parse("8C") is None
    True
    """

    level: int
    strain: str = ""

    @classmethod
    def parse(cls, text: object) -> "Call | None":
        s = str(text).strip().upper()
        if s in ("P", "PASS", "PAS"):
            return cls(0, "")
        for sym, letter in (("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S"), ("SA", "NT"), ("UT", "NT")):
            s = s.replace(sym, letter)
        if len(s) < 2 or not s[0].isdigit():
            return None
        level, strain = int(s[0]), s[1:]
        strain = "NT" if strain in ("N", "NT") else strain
        if not 1 <= level <= 7 or strain not in STRAINS:
            return None
        return cls(level, strain)

    @property
    def is_pass(self) -> bool:
        return self.level == 0

    @property
    def index(self) -> int:
        """Position in the bidding ladder (1♣ = 0 ... 7NT = 34; pass = -1)."""
        return -1 if self.is_pass else (self.level - 1) * 5 + STRAINS.index(self.strain)

    def __str__(self) -> str:
        return "pass" if self.is_pass else f"{self.level}{self.strain}"


class Promise(Value):
    """At least ``min`` cards in one of ``suits`` (one suit = a named suit)."""

    suits: tuple[str, ...]
    min: int

    @property
    def specific(self) -> str | None:
        """The suit, when the promise names exactly one."""
        return self.suits[0] if len(self.suits) == 1 else None

    def __str__(self) -> str:
        return f"{self.min}+ {'/'.join(SUIT_NAMES[s] for s in self.suits)}"


class Variant(Located):
    """One kind of hand a bid may show (§2.10.11, §2.10.17 are judged per variant)."""

    hcp: tuple[int, int] = (0, MAX_HCP)
    shape: str = "any"
    promises: tuple[Promise, ...] = ()
    strong: bool = False
    name: str = ""
    where: Where | None = None

    def length(self, suit: str) -> int:
        """Cards promised in ``suit`` itself (a named suit only)."""
        return max((p.min for p in self.promises if p.specific == suit), default=0)

    def specific_suits(self, at_least: int = 4) -> frozenset[str]:
        """Suits this variant promises by name with at least ``at_least`` cards."""
        return frozenset(p.specific for p in self.promises if p.specific and p.min >= at_least)

    @property
    def weak(self) -> bool:
        """§2.10.17: the variant may hold under 10 HCP."""
        return self.hcp[0] < WEAK_LIMIT

    @property
    def any_shape(self) -> bool:
        return self.shape == "any" and not self.promises

    def label(self) -> str:
        parts = [self.name] if self.name else []
        parts.append(f"{self.hcp[0]}-{self.hcp[1]} HCP" if self.hcp[1] < MAX_HCP else f"{self.hcp[0]}+ HCP")
        if self.shape != "any":
            parts.append(self.shape)
        parts += [str(p) for p in self.promises]
        if self.strong:
            parts.append("strong")
        return ", ".join(parts)


class Bid(Located):
    """An opening (``over`` is None) or an overcall over ``over`` ("1C".."1S",
    "1x" = any natural one-of-a-suit opening, "1NT", ...) with its variants."""

    call: Call
    variants: tuple[Variant, ...]
    over: str | None = None
    where: Where | None = None

    @property
    def is_overcall(self) -> bool:
        return self.over is not None

    def __str__(self) -> str:
        return str(self.call) if self.over is None else f"{self.call} over {self.over}"


class Card(Located):
    """A pair's system card: openings and overcalls (§2.10, §1.1.1.2)."""

    name: str
    openings: tuple[Bid, ...] = ()
    overcalls: tuple[Bid, ...] = ()
    supplement_pages: int | None = None   # §2.10.4, when recorded
    where: Where | None = None

    def opening(self, call: str) -> Bid | None:
        c = Call.parse(call)
        return next((b for b in self.openings if b.call == c), None)


class Reason(Value):
    """Why a card is HUM or has Åbent forsvar: the rule id, the bid, a message."""

    rule: str
    bid: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "bid": self.bid, "message": self.message}


class Classification(Value):
    """§2.10.11 / §2.10.17 verdict on a card."""

    hum: bool
    open_defence: bool
    reasons: tuple[Reason, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"hum": self.hum, "open_defence": self.open_defence,
                "reasons": [r.to_json() for r in self.reasons]}


# -- card checks (format, not rules) ----------------------------------------------------------


def validate_card(card: Card) -> list[Problem]:
    """Problems that make a card meaningless (rule ``None``): empty bids,
    impossible HCP ranges or lengths, duplicate bids, overcalls that are not
    overcalls. Every problem is listed."""
    out: list[Problem] = []
    seen: set[str] = set()
    for bid in card.openings + card.overcalls:
        key = str(bid)
        if key in seen:
            out.append(Problem.error(None, Msg('bid {} is listed twice', key), bid.where, code="format.duplicate"))
        seen.add(key)
        if not bid.variants:
            out.append(Problem.error(None, Msg('bid {} lists no hand variant', key), bid.where,
                                     hint=Msg('give at least one variant with an hcp range'), code="format.system"))
        if bid.is_overcall:
            out += _check_over(bid)
        for v in bid.variants:
            out += [p.at(v.where or bid.where) for p in _check_variant(key, v)]
    return out


def _check_over(bid: Bid) -> list[Problem]:
    over = bid.over or ""
    if over.lower() == "1x":
        return [] if bid.call.level >= 1 else [Problem.error(None, Msg('overcall {} must be a bid', bid), bid.where, code="format.system")]
    c = Call.parse(over)
    if c is None or c.is_pass:
        return [Problem.error(None, Msg('overcall {}: {} is not an opening bid', bid, f'{over!r}'), bid.where,
                              hint=Msg('use 1C, 1D, 1H, 1S, 1x (any natural one-of-a-suit) or 1NT'), code="format.system")]
    if bid.call.is_pass or bid.call.index <= c.index:
        return [Problem.error(None, Msg('overcall {} is not higher than {}', bid.call, over), bid.where, code="format.system")]
    return []


def _check_variant(key: str, v: Variant) -> list[Problem]:
    out: list[Problem] = []
    lo, hi = v.hcp
    if not (0 <= lo <= hi <= MAX_HCP):
        out.append(Problem.error(None, Msg('bid {}: HCP range {}-{} is impossible (0-{}, min <= max)', key, lo,
                                           hi, MAX_HCP), code="format.system"))
    if v.shape not in SHAPES:
        out.append(Problem.error(None, Msg('bid {}: shape {} is unknown', key, f'{v.shape!r}'), hint=Msg.join(', ', (SHAPES)), code="format.system"))
    named = 0
    for p in v.promises:
        if not p.suits or any(s not in SUITS for s in p.suits) or len(set(p.suits)) != len(p.suits):
            out.append(Problem.error(None, Msg('bid {}: suits {} are not C, D, H, S', key,
                                               f"{'|'.join(p.suits)!r}"), code="format.system"))
        if not 0 <= p.min <= 13:
            out.append(Problem.error(None, Msg('bid {}: {} cards in a suit is impossible', key, p.min), code="format.system"))
        if p.specific:
            named += p.min
        if v.shape == "balanced" and p.min > 5:
            out.append(Problem.error(None, Msg('bid {}: a balanced hand has no {}-card suit', key, p.min), code="format.system"))
    if named > 13:
        out.append(Problem.error(None, Msg('bid {}: the promised lengths add up to {} cards', key, named), code="format.system"))
    return out


# -- classification -----------------------------------------------------------------------------


def classify(card: Card) -> tuple[Classification, list[Problem]]:
    """Classify ``card``: HUM by §2.10.11 (a-c and the exceptions) and
    Åbent forsvar by §2.10.17 (1-3 and the exceptions). A malformed card
    gives problems and a classification of what could be read."""
    problems = validate_card(card)
    hum = hum_reasons(card)
    af = open_defence_reasons(card)
    return Classification(bool(hum), bool(af), tuple(hum + af)), problems


def hum_reasons(card: Card) -> list[Reason]:
    """§2.10.11: every opening of type a, b or c, exceptions applied."""
    out: list[Reason] = []
    for bid in card.openings:
        if bid.call.is_pass:
            out += _hum_a(bid)
        elif bid.call.level == 1:
            out += _hum_b(bid)
            if bid.call.strain != "NT":
                out += _hum_c(card, bid)
    return out


def merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge integer HCP ranges; touching ranges (0-7, 8-12) join.

    >>> merge_ranges([(13, 37), (0, 7), (8, 10)])
    [(0, 10), (13, 37)]
    """
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _fmt_ranges(ranges: list[tuple[int, int]]) -> str:
    return ", ".join(f"{lo}-{hi}" for lo, hi in ranges)


def _hum_a(bid: Bid) -> list[Reason]:
    """§2.10.11a: a pass that does not show a contiguous strength range from 0."""
    ranges = merge_ranges([v.hcp for v in bid.variants])
    if not ranges or (len(ranges) == 1 and ranges[0][0] == 0):
        return []
    return [Reason("2.10.11a", str(bid),
                   Msg("the opening pass shows {} HCP, not one range starting at 0 (a 'strong' pass)",
                       _fmt_ranges(ranges)))]


def min_strength(v: Variant) -> int:
    """§2.10.11b reading: the least strength of a variant. HCP for balanced
    or any-shape hands; for unbalanced hands HCP plus 1 per card beyond 4
    in each promised suit (length points), the shape making up for HCP."""
    if v.shape in ("any", "balanced"):
        return v.hcp[0]
    return v.hcp[0] + sum(max(0, p.min - 4) for p in v.promises)


def _hum_b(bid: Bid) -> list[Reason]:
    """§2.10.11b: a 1-level opening that may be a king or more below average."""
    out = []
    for v in bid.variants:
        strength = min_strength(v)
        if strength < HUM_B_LIMIT:
            extra = "" if strength == v.hcp[0] else Msg(' ({} counting length points)', strength)
            out.append(Reason("2.10.11b", str(bid),
                              Msg('{} may be opened with {} HCP{} [{}]: a king or more below average '
                                  'strength (under {} HCP)', bid, v.hcp[0], extra, v.label(), HUM_B_LIMIT)))
            break
    return out


def _shows_four(bid: Bid) -> bool:
    return all(v.length(bid.call.strain) >= 4 for v in bid.variants)


def _hum_c(card: Card, bid: Bid) -> list[Reason]:
    """§2.10.11c: a 1-level suit opening not showing 4 cards in the suit (exceptions applied)."""
    if _shows_four(bid):
        return []
    excuse = hum_exception(card, bid)
    if excuse:
        return []
    short = next(v for v in bid.variants if v.length(bid.call.strain) < 4)
    return [Reason("2.10.11c", str(bid),
                   Msg('{} does not show 4 {} [{}] and no exception of §2.10.11 applies', bid,
                       SUIT_NAMES[bid.call.strain], short.label()))]


def is_strong_system(card: Card) -> str | None:
    """§2.10.11 exception 1: the 1♣ or 1♦ opening is strong and artificial in
    every variant (a strong club/diamond system). Returns "C", "D" or None."""
    for strain in ("C", "D"):
        bid = card.opening(f"1{strain}")
        if bid and bid.variants and all(v.strong for v in bid.variants):
            return strain
    return None


def _clubs_or_balanced(variants: Iterable[Variant]) -> bool:
    return all(v.length("C") >= 3 or v.shape == "balanced" for v in variants)


def _prepared_club(bid: Bid) -> bool:
    """§2.10.11: 1♣ with 3+ clubs or any balanced hand."""
    return bid.call.strain == "C" and _clubs_or_balanced(bid.variants)


def _three_suiter_diamond(bid: Bid) -> bool:
    """§2.10.11: 1♦ with 4+ diamonds or a three-suiter."""
    return bid.call.strain == "D" and all(v.length("D") >= 4 or v.shape == "three-suited" for v in bid.variants)


def _strong_or_natural_clubs(bid: Bid) -> bool:
    """§2.10.11: 1♣/1♦ strong, or else natural (3+ clubs or balanced)."""
    vs = bid.variants
    return any(v.strong for v in vs) and _clubs_or_balanced([v for v in vs if not v.strong])


def _balanced_or_strong_club(bid: Bid) -> bool:
    """§2.10.11: 1♣ a balanced hand in one range from 9 HCP, or 16+ of any shape."""
    if bid.call.strain != "C":
        return False
    strong = [v for v in bid.variants if v.strong or v.hcp[0] >= STRONG_LIMIT]
    rest = [v for v in bid.variants if v not in strong]
    ranges = merge_ranges([v.hcp for v in rest])
    return (bool(rest) and all(v.shape == "balanced" for v in rest)
            and len(ranges) == 1 and ranges[0][0] >= AMBIGUOUS_BAL_MIN
            and all(v.hcp[0] >= STRONG_LIMIT for v in strong))


#: The §2.10.11 exceptions after the strong system, in the order they are tried.
_HUM_EXCEPTIONS = (
    (_prepared_club, "prepared club"),
    (_three_suiter_diamond, "1D on a three-suiter"),
    (_strong_or_natural_clubs, "ambiguous 1C/1D: strong or natural clubs"),
    (_balanced_or_strong_club, "ambiguous 1C: balanced 9+ HCP range or 16+ any shape"),
)


def hum_exception(card: Card, bid: Bid) -> str | None:
    """The §2.10.11 exception that keeps ``bid`` (a 1♣/1♦ opening short in
    its suit) from making the system HUM, or None."""
    if bid.call.level != 1 or bid.call.strain not in ("C", "D"):
        return None
    if is_strong_system(card):
        return "1C/1D in a strong club/diamond system"
    return next((name for applies, name in _HUM_EXCEPTIONS if applies(bid)), None)


# -- §2.10.17 -------------------------------------------------------------------------------------


def _common_four(bid: Bid) -> frozenset[str]:
    """Suits every variant of ``bid`` promises by name with 4+ cards."""
    sets = [v.specific_suits(4) for v in bid.variants]
    return frozenset.intersection(*sets) if sets else frozenset()


#: §2.10.17.1 exception 2: "en svag 2-åbning" -- a weak two promises a 5- or 6-card
#: major; a bid that promises 7+ cards shows a weak three (a preempt), not a weak two.
WEAK_TWO_LENGTHS = (5, 6)


def is_weak_two_major(v: Variant) -> bool:
    """§2.10.17.1 exception 2: a weak two in hearts or spades -- a weak
    variant promising 5 or 6 (not 7+) cards in hearts, in spades, or in one
    of them, and no second suit of 4+."""
    major = [p for p in v.promises if p.min in WEAK_TWO_LENGTHS and set(p.suits) <= {"H", "S"}]
    others = [p for p in v.promises if p.min >= 4 and p not in major]
    return v.weak and bool(major) and not others and v.shape != "balanced"


def open_defence_reasons(card: Card) -> list[Reason]:
    """§2.10.17: every Åbent forsvar opening (1) and overcall (2, 3)."""
    out: list[Reason] = []
    lo, hi = Call(2, "C").index, Call(3, "S").index
    for bid in card.openings:
        if not bid.call.is_pass and lo <= bid.call.index <= hi:
            out += _af_1(bid)
    for bid in card.overcalls:
        out += _af_2(bid) + _af_3(bid)
    return out


def _af_1_excepted(bid: Bid, weak: list[Variant], rest: list[Variant], shared: frozenset[str]) -> bool:
    """The two exceptions of §2.10.17.1."""
    if shared and all(v.hcp[0] >= STRONG_LIMIT for v in rest):
        return True   # exception 1: 4 cards in a specific suit when weak, other variants 16+
    # exception 2: a weak two in hearts or spades, strong variants or not
    return any(is_weak_two_major(v) for v in weak) and all(
        is_weak_two_major(v) or v.hcp[0] >= STRONG_LIMIT for v in bid.variants)


def _af_1(bid: Bid) -> list[Reason]:
    """§2.10.17.1: openings 2♣-3♠ (2NT included) that may hold under 10 HCP
    and do not promise 4 cards in one specific suit, exceptions applied."""
    weak = [v for v in bid.variants if v.weak]
    if not weak or _common_four(bid):
        return []
    rest = [v for v in bid.variants if not v.weak]
    shared = frozenset.intersection(*[v.specific_suits(4) for v in weak])
    if _af_1_excepted(bid, weak, rest, shared):
        return []
    v = weak[0] if not shared else next(v for v in rest if v.hcp[0] < STRONG_LIMIT)
    return [Reason("2.10.17.1", str(bid),
                   Msg('opening {} may hold under {} HCP and does not promise 4 cards in one specific '
                       'suit [{}]', bid, WEAK_LIMIT, v.label()))]


def _natural_one(over: str) -> bool:
    if over.lower() == "1x":
        return True
    c = Call.parse(over)
    return c is not None and c.level == 1 and c.strain in SUITS


def _af_2(bid: Bid) -> list[Reason]:
    """§2.10.17.2: a suit overcall of a natural 1-suit opening without 4+ cards in one specific suit."""
    if bid.call.is_pass or bid.call.strain == "NT" or not _natural_one(bid.over or ""):
        return []
    if _common_four(bid):
        return []
    v = next((v for v in bid.variants if not v.specific_suits(4)), bid.variants[0] if bid.variants else None)
    what = f" [{v.label()}]" if v else ""
    return [Reason("2.10.17.2", str(bid),
                   Msg('overcall {} does not show 4+ cards in one specific suit{}', bid, what))]


def _af_3(bid: Bid) -> list[Reason]:
    """§2.10.17.3 reading: a weak two-suited overcall that may be only 4-4
    (each shown suit promised with 4, no more)."""
    for v in bid.variants:
        shown = [p for p in v.promises if p.min >= 4]
        if v.weak and len(shown) == 2 and all(p.min == 4 for p in shown):
            return [Reason("2.10.17.3", str(bid),
                           Msg('overcall {} is a weak two-suiter with only 4 cards promised in each suit '
                               '[{}]', bid, v.label()))]
    return []
