"""A made-up final season (1div A01-A12 ...) and rollover invariants, for the rollover tests."""

from dbfcli.rules.divisions.qualification import Qualifiers
from dbfcli.rules.divisions.rollover import SeasonResult


def season(**kw) -> SeasonResult:
    """1div A01-A12, 2div B01-B12, 3div groups Ca01-Ca12 and Cb01-Cb12 (best first),
    qualification: west W1-W6 (Kreds IV), east Kreds II's K2 + tournament E1-E5."""
    q = kw.pop("qualifiers", Qualifiers(west=("W1", "W2", "W3", "W4", "W5", "W6"), east_direct=("K2",),
                                        east_tournament=("E1", "E2", "E3", "E4", "E5")))
    return SeasonResult(tuple(f"A{i:02d}" for i in range(1, 13)), tuple(f"B{i:02d}" for i in range(1, 13)),
                        tuple(f"Ca{i:02d}" for i in range(1, 13)), tuple(f"Cb{i:02d}" for i in range(1, 13)), q)


def invariants(r, dissolved=()):
    """Every complete rollover: sizes right, nobody twice, no dissolved team placed."""
    everyone = [t for d in r.divisions.values() for t in d]
    assert len(everyone) == len(set(everyone))
    assert not set(everyone) & set(dissolved)
    waiting = {t for p in r.pending for t in p.teams}
    assert not waiting & set(everyone)
