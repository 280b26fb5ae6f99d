"""Ids as values (issue 13.7): a match, a team and a season id are parsed in this one place.

Each id is matched whole (:func:`re.fullmatch`: a trailing newline is not part of an id, as it
is for a pattern ending in ``$``) and with ASCII digits only (``[0-9]``, never ``\\d``, which
also matches Arabic-Indic and other digits). ``str()`` of a parsed id gives back the text it
was parsed from.

>>> m = MatchId.parse("C3-017")
>>> m.kind, m.round, m.number, str(m)
('cup', 3, 17, 'C3-017')
>>> MatchId.parse("1div-R01-03").division
'1div'
>>> MatchId.get("C3-017\\n") is None
True
>>> str(SeasonId.parse("2026-27")), SeasonId.parse("2026-27").first_year
('2026-27', 2026)
"""

from __future__ import annotations

import re

from .value import Value
from .problems import Msg

#: a division of §1.1 (the ids of ``divisions/<id>.yaml``)
_DIVISION = r"1div|2div|3div-a|3div-b"
_MATCH = re.compile(
    r"C(?P<cup_round>[1-9])-(?P<cup_number>[0-9]{3,4})"                              # C3-017 (§1.5, the draw)
    rf"|(?P<division>{_DIVISION})-R(?P<div_round>[0-9]{{2}})-(?P<div_number>[0-9]{{2}})"   # 1div-R01-03
    r"|QE-R(?P<east_round>[0-9]{2})-(?P<east_number>[0-9]{2})"                    # east qualification
    r"|(?P<playoff>1div-SF1|1div-SF2|1div-F|3div-PO)")                              # §1.1.2.5-11 play-off
#: letters (Danish included), ASCII digits, '-' and '_'; at most 40; a file name, never a path
_TEAM = re.compile(r"[A-Za-z0-9ÆØÅæøå][A-Za-z0-9ÆØÅæøå_-]{0,39}")
#: any id that may name a file of the season (a match, a team): ASCII letters, digits, '-', '_'
_FILE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,40}")
_SEASON = re.compile(r"(?P<first>[0-9]{4})-(?P<second>[0-9]{2})")
_WHOLE = re.compile(r"[+-]?[0-9]+")


class IdError(ValueError):
    """Text that is not an id of the kind asked for; the message says what one looks like."""


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


class MatchId(Value):
    """A match: of the cup (``C3-017``), a division (``1div-R01-03``), the east qualification
    (``QE-R01-02``) or the play-off (``1div-SF1``)."""

    text: str
    kind: str                     # "cup", "division", "east", "playoff"
    round: int | None = None
    number: int | None = None
    division: str | None = None   # the division of a division or play-off match

    @classmethod
    def get(cls, value: object) -> "MatchId | None":
        """The id, or None when ``value`` is not a match id."""
        text = _text(value)
        m = _MATCH.fullmatch(text) if text is not None else None
        if m is None or text is None:
            return None
        g = m.groupdict()
        if g["cup_round"]:
            return cls(text, "cup", int(g["cup_round"]), int(g["cup_number"]))
        if g["division"]:
            return cls(text, "division", int(g["div_round"]), int(g["div_number"]), g["division"])
        if g["east_round"]:
            return cls(text, "east", int(g["east_round"]), int(g["east_number"]))
        return cls(text, "playoff", None, None, "1div" if text.startswith("1div") else None)

    @classmethod
    def parse(cls, value: object) -> "MatchId":
        """The id; :class:`IdError` when ``value`` is not one.

        >>> MatchId.parse("C3-17")
        Traceback (most recent call last):
        ...
        dbfcli.rules.ids.IdError: 'C3-17' is not a match id (C3-017, 1div-R01-03, QE-R01-02, 1div-SF1)
        """
        found = cls.get(value)
        if found is None:
            raise IdError(Msg('{} is not a match id (C3-017, 1div-R01-03, QE-R01-02, 1div-SF1)', f'{value!r}'))
        return found

    def __str__(self) -> str:
        return self.text


def cup_round_of(value: object) -> int | None:
    """The cup round a match id names (``C3-017`` -> 3), else None.

    >>> cup_round_of("C3-017"), cup_round_of("1div-R01-03"), cup_round_of("C3-017\\n")
    (3, None, None)
    """
    m = MatchId.get(value)
    return m.round if m is not None and m.kind == "cup" else None


def division_of(value: object) -> str | None:
    """The division of a division round-robin match id (§1.1.2.1), else None.

    >>> division_of("3div-a-R02-01"), division_of("1div-SF1"), division_of("C3-007")
    ('3div-a', None, None)
    """
    m = MatchId.get(value)
    return m.division if m is not None and m.kind == "division" else None


class TeamId(Value):
    """A team: letters (æøå too), ASCII digits, ``-`` and ``_``, at most 40 (it names files)."""

    text: str

    @classmethod
    def get(cls, value: object) -> "TeamId | None":
        text = _text(value)
        return cls(text) if text is not None and _TEAM.fullmatch(text) else None

    @classmethod
    def parse(cls, value: object) -> "TeamId":
        """The id; :class:`IdError` when ``value`` is not one.

        >>> str(TeamId.parse("ODE-1")), TeamId.get("ODE-1\\n")
        ('ODE-1', None)
        """
        found = cls.get(value)
        if found is None:
            raise IdError(Msg("team id {} may hold only letters, digits, '-' and '_' (at most 40)",
                              f'{value!r}'))
        return found

    def __str__(self) -> str:
        return self.text


def is_team_id(value: object) -> bool:
    return TeamId.get(value) is not None


def is_file_id(value: object) -> bool:
    """An id that may name a file of the season (a match or team id as a file name): ASCII
    letters, digits, ``-`` and ``_``, whole (no ``/``, ``..``, newline).

    >>> is_file_id("C1-001"), is_file_id("C1-001\\n"), is_file_id("../x")
    (True, False, False)
    """
    text = _text(value)
    return text is not None and _FILE_ID.fullmatch(text) is not None


class SeasonId(Value):
    """A season ``YYYY-YY`` whose second year follows the first (``2026-27``)."""

    text: str
    first_year: int

    @classmethod
    def get(cls, value: object) -> "SeasonId | None":
        text = _text(value)
        m = _SEASON.fullmatch(text) if text is not None else None
        if m is None or text is None or int(m["second"]) != (int(m["first"]) + 1) % 100:
            return None
        return cls(text, int(m["first"]))

    @classmethod
    def parse(cls, value: object) -> "SeasonId":
        """The id; :class:`IdError` when ``value`` is not one.

        >>> SeasonId.get("2026-27\\n"), SeasonId.get("2026-28"), SeasonId.get("٢٠٢٦-27")
        (None, None, None)
        """
        found = cls.get(value)
        if found is None:
            raise IdError(Msg('season {} is not YYYY-YY with consecutive years (e.g. 2026-27)', f'{value!r}'))
        return found

    @property
    def next(self) -> "SeasonId":
        """The season after this one.

        >>> str(SeasonId.parse("2099-00").next)
        '2100-01'
        """
        y = self.first_year + 1
        return SeasonId(f"{y}-{(y + 1) % 100:02d}", y)

    def __str__(self) -> str:
        return self.text


def looks_like_season(value: object) -> bool:
    """A folder name of the form ``YYYY-YY`` (ASCII digits, whole), consecutive years or not."""
    text = _text(value)
    return text is not None and _SEASON.fullmatch(text) is not None


def whole_number(text: str) -> int | None:
    """A whole number written in ASCII digits (``int()`` also reads ``'٣'`` and ``' 3 '``).

    >>> whole_number("42"), whole_number("-3"), whole_number("٣"), whole_number("4\\n"), whole_number("")
    (42, -3, None, None, None)
    """
    return int(text) if isinstance(text, str) and _WHOLE.fullmatch(text) else None
