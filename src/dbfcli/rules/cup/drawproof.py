"""Draws anyone can verify (issue 30): commit before, reveal after (§1.5.2, §1.5.16, §1.1.3.2).

The cup is drawn by lot (§1.5.2, §1.5.16) and the divisions break ties and home sections by
lot (§1.1.2.9, §1.1.3.2, §1.1.4.2). A recorded seed lets the TD replay a draw, but it proves
nothing to a captain who did not see it chosen. So, before the draw, dbf makes a fresh
secret (32 random bytes, shown as 64 hex digits) and publishes a **commitment**:

    commitment = SHA-256(canonical JSON of {protocol, season, subject, field, algorithm,
                                            beacon_source, secret})

where ``field`` is the SHA-256 of the canonical JSON of the **field as it will be drawn**
(every input of the draw: the teams, their entry rounds, clubs and pools, the earlier draws
and their winners, the dispensations) and ``subject`` names what is drawn (``cup-round-03``,
``lot:2div:ALL-B,KBH-A``). After the draw the secret is revealed; the seed of the draw is

    seed = int(secret, 16)                                   without a beacon
    seed = int(HMAC-SHA256(key=secret, msg=beacon), 16)      with a beacon (a public random
                                                              value announced in advance)

and anyone recomputes the draw from the field and the seed with the recorded algorithm
version (:data:`ALGORITHMS`). Canonical JSON: keys sorted, no spaces, UTF-8, no NaN.

>>> secret = "ab" * 32
>>> field = {"competition": "lot", "season": "2026-27", "key": "2div", "rule": "1.1.3.2",
...          "teams": ["ALL-B", "KBH-A"]}
>>> c = commitment(secret, season="2026-27", subject="lot:2div:ALL-B,KBH-A",
...                field_digest=digest(field), algorithm=LOT_ALGORITHM, beacon_source=None)
>>> len(c), c == commitment("cd" * 32, season="2026-27", subject="lot:2div:ALL-B,KBH-A",
...                         field_digest=digest(field), algorithm=LOT_ALGORITHM, beacon_source=None)
(64, False)
>>> seed_of(secret, None) == int(secret, 16), seed_of(secret, "drand 1") != seed_of(secret, "drand 2")
(True, True)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Callable

from ..problems import Msg, Problem
from ..value import Value
from ..value import field as _field

if TYPE_CHECKING:
    from ..model import CupDraw

PROTOCOL = "dbf-draw-commitment/1"
BUNDLE = "dbf-draw-bundle/1"
#: the current version of each draw's algorithm; a change to the draw's code that changes the
#: outcome for a given field and seed gets a new version here and in :data:`ALGORITHMS`
CUP_ALGORITHM = "dbf-cup-draw/1"
LOT_ALGORITHM = "dbf-lot/1"
SECRET_HEX = 64


def canonical(obj: Any) -> bytes:
    """The canonical JSON of ``obj``: keys sorted, no spaces, UTF-8 (not ASCII-escaped).

    >>> canonical({"b": [1, "ø"], "a": None})
    b'{"a":null,"b":[1,"\\xc3\\xb8"]}'
    """
    import json   # only when a draw is committed or verified (dbf check imports no json otherwise)

    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def digest(obj: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``obj``."""
    return hashlib.sha256(canonical(obj)).hexdigest()


def commitment(secret: str, *, season: str, subject: str, field_digest: str, algorithm: str,
               beacon_source: str | None) -> str:
    """The commitment to ``secret`` for one draw: it binds the season, what is drawn, the field's
    digest, the algorithm version and the beacon's source (issue 30)."""
    return digest({"protocol": PROTOCOL, "season": season, "subject": subject, "field": field_digest,
                   "algorithm": algorithm, "beacon_source": beacon_source, "secret": secret})


def is_secret(text: object) -> bool:
    """A secret is 64 lower-case hex digits."""
    return isinstance(text, str) and len(text) == SECRET_HEX and all(c in "0123456789abcdef" for c in text)


def seed_of(secret: str, beacon: str | None) -> int:
    """The seed of the draw: the secret as a number, or mixed with the beacon by HMAC-SHA256."""
    if beacon is None:
        return int(secret, 16)
    return int(hmac.new(bytes.fromhex(secret), beacon.encode("utf-8"), hashlib.sha256).hexdigest(), 16)


def cup_subject(round_no: int) -> str:
    return f"cup-round-{round_no:02d}"


def lot_subject(key: str, teams: Iterable[str]) -> str:
    return f"lot:{key}:{','.join(sorted(teams))}"


# ----------------------------------------------------------------------------- the fields
def cup_field(*, season: str, round_no: int, entry: Mapping[str, int], clubs: Mapping[str, Any],
              pool_of: Mapping[str, str], earlier: Mapping[int, Any], winners: Mapping[str, str],
              dispensations: Iterable[str], walkovers: Iterable[str] = ()) -> dict[str, Any]:
    """The field of cup round ``round_no`` as it will be drawn (§1.5.2, §1.5.3, §1.5.16): every
    input of :func:`dbfcli.rules.cup.draw.draw_cup_round`, as plain JSON. ``earlier``: the recorded
    draws of the rounds before (their matches and byes); ``winners`` and ``dispensations`` are
    kept for those draws' matches only (no other is read by the draw), and so are ``walkovers``
    (the matches recorded as walkovers: their winners have not played, §1.5.2)."""
    ids = {m.id for d in earlier.values() for m in d.matches}
    return {"competition": "cup", "season": season, "round": round_no,
            "entry": {t: int(r) for t, r in sorted(entry.items())},
            "clubs": {t: clubs[t] for t in sorted(clubs)},
            "pools": {t: p for t, p in sorted(pool_of.items())},
            "earlier": {str(r): {"matches": [{"id": m.id, "pool": m.pool, "teams": list(m.teams)} for m in d.matches],
                                 "byes": list(d.byes)} for r, d in sorted(earlier.items())},
            "winners": {m: w for m, w in sorted(winners.items()) if m in ids},
            "dispensations": sorted(m for m in dispensations if m in ids),
            "walkovers": sorted(m for m in walkovers if m in ids)}


def lot_field(*, season: str, key: str, rule: str, teams: Iterable[str]) -> dict[str, Any]:
    """The field of a division lot (§1.1.3.2, §1.1.2.9, §1.1.4.2, §1.1.1.1): what it decides
    and the teams drawn among."""
    return {"competition": "lot", "season": season, "key": key, "rule": rule, "teams": sorted(teams)}


# ----------------------------------------------------------------------------- the algorithms
def _cup_v1(field: Mapping[str, Any], seed: int) -> tuple[dict[str, Any] | None, list[Problem]]:
    """``dbf-cup-draw/1``: :func:`dbfcli.rules.cup.draw.draw_cup_round` as of issue 30."""
    from .draw import draw_cup_round
    from ..model import CupDraw, CupMatch

    earlier = {int(r): CupDraw(int(r), 0, tuple(CupMatch(str(m["id"]), int(r), (str(m["teams"][0]), str(m["teams"][1])),
                                                         m.get("pool")) for m in d["matches"]),
                               tuple(str(b) for b in d["byes"]))
               for r, d in field["earlier"].items()}
    outcome, problems = draw_cup_round(int(field["round"]), entry=dict(field["entry"]), clubs=dict(field["clubs"]),
                                       pool_of=dict(field["pools"]), draws=earlier, winners=dict(field["winners"]),
                                       seed=seed, dispensations=frozenset(field["dispensations"]),
                                       walkovers=frozenset(field["walkovers"]))
    if outcome is None:
        return None, problems
    return {"draw": outcome_doc(outcome.draw), "outcome": outcome}, problems


def _lot_v1(field: Mapping[str, Any], seed: int) -> tuple[dict[str, Any] | None, list[Problem]]:
    """``dbf-lot/1``: :func:`dbfcli.rules.lots.draw_order` as of issue 30."""
    from ..lots import draw_order

    return {"draw": {"order": list(draw_order(field["teams"], seed))}}, []


#: every algorithm version that has drawn, so an old draw verifies with its own version
ALGORITHMS: dict[str, Callable[[Mapping[str, Any], int], tuple[dict[str, Any] | None, list[Problem]]]] = {
    CUP_ALGORITHM: _cup_v1,
    LOT_ALGORITHM: _lot_v1,
}


def outcome_doc(draw: "CupDraw") -> dict[str, Any]:
    """A cup draw as the bundle and the verification compare it: matches, byes, the drawn order."""
    return {"matches": [{"id": m.id, "pool": m.pool, "teams": list(m.teams)} for m in draw.matches],
            "byes": list(draw.byes), "drawn_order": list(draw.drawn_order)}


def run(algorithm: str, field: Mapping[str, Any], seed: int) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Draw ``field`` with ``seed`` by the algorithm version ``algorithm``."""
    fn = ALGORITHMS.get(algorithm)
    if fn is None:
        return None, [Problem.error(rule_of(field), Msg('unknown draw algorithm {}; this dbf knows {}',
                                                        f'{algorithm!r}', ', '.join(sorted(ALGORITHMS))),
                                    hint=Msg('verify with the dbf version that made the draw'), code="draw.verify-algorithm")]
    return fn(field, seed)


def rule_of(field: Any) -> str:
    """The § of what is drawn: the cup draw §1.5.16, a lot its own § (§1.1.3.2 ...)."""
    if isinstance(field, Mapping) and field.get("competition") == "lot" and isinstance(field.get("rule"), str):
        return str(field["rule"])
    return "1.5.16"


# ----------------------------------------------------------------------------- the records
class Commitment(Value):
    """A commitment as recorded before the draw (``cup/commitments/round-NN.yaml`` or
    ``divisions/lot-commitments.yaml``): public, never the secret. ``withdrawn``: the earlier
    commitments of the same draw a forced re-commit replaced, each with its secret revealed."""

    subject: str
    season: str
    commitment: str
    field_digest: str
    algorithm: str
    beacon_source: str | None
    committed_at: str
    field: Mapping[str, Any] = _field(default_factory=dict)
    withdrawn: tuple[Mapping[str, Any], ...] = ()

    def public(self) -> dict[str, Any]:
        """What is published and printed: the commitment, the field's digest, the algorithm,
        the beacon source (never a secret)."""
        out: dict[str, Any] = {"subject": self.subject}
        for k in ("round", "key"):
            if k in self.field:
                out[k] = self.field[k]
        out.update({"commitment": self.commitment, "field": self.field_digest, "algorithm": self.algorithm,
                    "beacon_source": self.beacon_source, "committed_at": self.committed_at})
        return out


class Reveal(Value):
    """What a committed draw records when it is made: the commitment it honours, the secret
    revealed, the beacon, the field's digest, the algorithm version, the seed, and the draw."""

    commitment: str
    secret: str
    beacon: str | None
    beacon_source: str | None
    field_digest: str
    algorithm: str
    seed: int
    draw: Mapping[str, Any] = _field(default_factory=dict)

    def data(self) -> dict[str, Any]:
        """The ``proof:`` of the draw file (the draw itself is the file's own keys)."""
        return {"algorithm": self.algorithm, "commitment": self.commitment, "field": self.field_digest,
                "secret": self.secret, "beacon_source": self.beacon_source, "beacon": self.beacon}


def reveal_of(proof: Any, seed: Any, draw: dict[str, Any]) -> Reveal | None:
    """The :class:`Reveal` of a draw file's (or a lot's) ``proof:``, or None when it has none
    or it is malformed (:func:`check_season` names that)."""
    if not isinstance(proof, dict):
        return None
    text = ("algorithm", "commitment", "field", "secret")
    if not all(isinstance(proof.get(k), str) for k in text) or not isinstance(seed, int) or isinstance(seed, bool):
        return None
    if not all(isinstance(proof.get(k), (str, type(None))) for k in ("beacon", "beacon_source")):
        return None
    return Reveal(proof["commitment"], proof["secret"], proof.get("beacon"), proof.get("beacon_source"),
                  proof["field"], proof["algorithm"], seed, draw)


def bundle(c: Commitment, r: Reveal) -> dict[str, Any]:
    """The verification bundle of a committed draw: everything ``dbf draw verify --bundle`` needs."""
    out = {"bundle": BUNDLE, "competition": c.field.get("competition", "cup"), "season": c.season,
           "subject": c.subject, "algorithm": r.algorithm, "commitment": r.commitment, "field_digest": r.field_digest,
           "beacon_source": r.beacon_source, "beacon": r.beacon, "secret": r.secret, "seed": r.seed,
           "field": dict(c.field), "draw": dict(r.draw)}
    for k in ("round", "key"):
        if k in c.field:
            out[k] = c.field[k]
    return out


def reveal_problems(c: Commitment, r: Reveal) -> list[Problem]:
    """Where the draw's record and its commitment record disagree (the draw file names another
    commitment or field digest than the commitment file): ``draw.verify-secret``/``-field``."""
    rule = rule_of(c.field)
    out = []
    if r.commitment != c.commitment:
        out.append(Problem.error(rule, Msg('{}: the draw names the commitment {}, the commitment made '
                                           'before it is {}', c.subject, r.commitment, c.commitment), code="draw.verify-secret"))
    if r.field_digest != c.field_digest or r.algorithm != c.algorithm or r.beacon_source != c.beacon_source:
        out.append(Problem.error(rule, Msg('{}: the draw names the field {} ({}), the commitment {} ({})',
                                           c.subject, r.field_digest, r.algorithm, c.field_digest, c.algorithm), code="draw.verify-field"))
    return out
