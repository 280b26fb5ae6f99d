"""The committed draws on the site (issue 30; §1.5.16, §1.1.3.2): captains see each commitment
from the moment it is made, and verify each draw from the site alone.

* ``draws.html``: every commitment (cup rounds and lots): what is drawn, the commitment, the
  field's digest, the algorithm version, the beacon source, when it was made; once drawn, the
  revealed secret and the bundle; withdrawn commitments with their secrets.
* ``commitment-<subject>.json``: a commitment not drawn yet, with its field (never a secret).
* ``verify-<subject>.json``: the verification bundle of a committed draw that is made
  (``dbf draw verify --bundle FILE`` / ``dbf lot verify --bundle FILE``, no season folder needed).

Pure: it reads nothing (the gathered season brings the commitments and the reveals).
"""

from __future__ import annotations

import json
from typing import Any

from ..i18n import round_name, t


def safe_name(subject: str) -> str:
    """A subject as a file name: ``cup-round-03``, ``lot-2div-ALL-B-KBH-A``.

    >>> safe_name("lot:2div:ALL-B,KBH-A")
    'lot-2div-ALL-B-KBH-A'
    """
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in subject)


def _json(doc: dict) -> bytes:
    return (json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def committed(data) -> list[tuple[Any, Any]]:
    """``(Commitment, Reveal or None)`` of every committed draw: the cup rounds in order, then the lots."""
    from ..store.divisions.lots import lot_reveal

    out = [(c, data.reveals.get(r)) for r, c in sorted(data.commitments.items())]
    drawn = dict(x for x in map(lot_reveal, data.lots) if x is not None)
    out += [(c, drawn.get(c.subject)) for c in data.lot_commitments]
    return out


def proof_files(data) -> dict[str, bytes]:
    """The site's JSON files of the committed draws: a bundle per draw made, the commitment and
    field of each draw not made yet (no secret in it)."""
    from ..rules.cup.drawproof import bundle

    out = {}
    for c, r in committed(data):
        if r is not None:
            out[f"verify-{safe_name(c.subject)}.json"] = _json(bundle(c, r))
        else:
            out[f"commitment-{safe_name(c.subject)}.json"] = _json({**c.public(), "field_digest": c.field_digest,
                                                                    "season": c.season, "field": dict(c.field)})
    return out


def _what(c, lang: str) -> str:
    """What a commitment draws, in words: 'cup round 1/64 final', 'lot 2div (ALL-B, KBH-A)'."""
    f = c.field
    if f.get("competition") == "lot":
        return t("proof_lot", lang, lot=f.get("key", ""), teams=", ".join(f.get("teams") or ()))
    return round_name(int(f.get("round", 0)), lang)


def proof_rows(data, lang: str) -> list[dict]:
    """One row per committed draw for ``draws.html``."""
    rows = []
    for c, r in committed(data):
        name = safe_name(c.subject)
        rows.append({"id": name, "what": _what(c, lang), "commitment": c.commitment, "field": c.field_digest,
                     "algorithm": c.algorithm, "beacon_source": c.beacon_source or "", "committed_at": c.committed_at,
                     "drawn": r is not None, "secret": r.secret if r is not None else "",
                     "beacon": (r.beacon or "") if r is not None else "",
                     "file": f"verify-{name}.json" if r is not None else f"commitment-{name}.json",
                     "withdrawn": [{"commitment": w.get("commitment", ""), "secret": w.get("secret") or "",
                                    "at": w.get("withdrawn_at", "")} for w in c.withdrawn]})
    return rows


def round_proof(data, rnd: int) -> dict | None:
    """The commitment of cup round ``rnd`` for its round page (the secret once drawn), or None."""
    c = data.commitments.get(rnd)
    if c is None:
        return None
    r = data.reveals.get(rnd)
    name = safe_name(c.subject)
    return {"commitment": c.commitment, "secret": r.secret if r is not None else "",
            "file": f"verify-{name}.json" if r is not None else f"commitment-{name}.json"}
