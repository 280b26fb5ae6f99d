"""Verifying a committed draw from its bundle (issue 30; §1.5.16, §1.1.3.2): the checks a captain
runs with ``dbf draw verify``, in the order they are made:

1. the bundle has every key, of its type (else ``format.bundle``, exit 2);
2. the field recorded is the field committed: its digest is the one the commitment names
   (``draw.verify-field``);
3. the secret revealed opens the commitment, with the season, the subject, the field's digest,
   the algorithm and the beacon's source (``draw.verify-secret``);
4. the seed is the one the secret and the beacon give (``draw.verify-seed``; a beacon source
   named without a beacon: ``draw.verify-beacon``);
5. the algorithm version is one this dbf knows (``draw.verify-algorithm``);
6. the draw recomputed from the field and the seed is the draw recorded (only when 2 and 3
   hold: a draw from a field or a secret not committed proves nothing): each match
   (``draw.verify-match``), the byes (``draw.verify-bye``), the drawn order (``draw.verify-order``,
   named only when matches and byes agree) -- for a lot, its order (``draw.verify-order``).

Every check that fails is a problem naming what differs; all of them are listed.

>>> from dbfcli.rules.cup.drawproof import LOT_ALGORITHM, commitment, digest, lot_field, lot_subject, seed_of
>>> from dbfcli.rules.lots import draw_order
>>> field = lot_field(season="2026-27", key="2div", rule="1.1.3.2", teams=["KBH-A", "ALL-B"])
>>> secret, subject = "0f" * 32, lot_subject("2div", ["KBH-A", "ALL-B"])
>>> bundle = {"bundle": "dbf-draw-bundle/1", "competition": "lot", "season": "2026-27", "subject": subject,
...           "algorithm": LOT_ALGORITHM, "field_digest": digest(field), "beacon_source": None, "beacon": None,
...           "secret": secret, "seed": seed_of(secret, None), "field": field,
...           "commitment": commitment(secret, season="2026-27", subject=subject, field_digest=digest(field),
...                                    algorithm=LOT_ALGORITHM, beacon_source=None),
...           "draw": {"order": list(draw_order(field["teams"], seed_of(secret, None)))}}
>>> verify(bundle)
[]
>>> [p.code for p in verify({**bundle, "draw": {"order": bundle["draw"]["order"][::-1]}})]
['draw.verify-order']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .drawproof import BUNDLE, rule_of, commitment, digest, is_secret, run, seed_of
from ..problems import Msg, Problem

#: the keys of a bundle and the types each may have
_KEYS: dict[str, tuple[type, ...]] = {
    "bundle": (str,), "competition": (str,), "season": (str,), "subject": (str,), "algorithm": (str,),
    "commitment": (str,), "field_digest": (str,), "beacon_source": (str, type(None)), "beacon": (str, type(None)),
    "secret": (str,), "seed": (int,), "field": (dict,), "draw": (dict,),
}


def bundle_shape(bundle: Any) -> list[Problem]:
    """What keeps ``bundle`` from being a draw bundle at all (``format.bundle``, exit 2)."""
    if not isinstance(bundle, Mapping):
        return [_bad("a draw bundle is a JSON object")]
    what = _keys_wrong(bundle)
    if what:
        return [_bad("the draw bundle " + what)]
    if bundle["bundle"] != BUNDLE:
        return [_bad(f"bundle {bundle['bundle']!r}: this dbf reads {BUNDLE}")]
    if not is_secret(bundle["secret"]):
        return [_bad("the secret is not 64 hex digits")]
    return []


def _keys_wrong(bundle: Mapping[str, Any]) -> str:
    """The keys of :data:`_KEYS` the bundle lacks or has of another type, as words ('' if none)."""
    missing = [k for k in _KEYS if k not in bundle]
    wrong = [k for k, types in _KEYS.items()
             if k in bundle and (not isinstance(bundle[k], types) or isinstance(bundle[k], bool))]
    return "; ".join(x for x in (f"lacks {', '.join(missing)}" if missing else "",
                                 f"has a value of the wrong type for {', '.join(wrong)}" if wrong else "") if x)


def _bad(message: str) -> Problem:
    return Problem.error(None, message, hint=Msg('a bundle is the verify-*.json file `dbf publish` writes'),
                         code="format.bundle")


def verify(bundle: Mapping[str, Any]) -> list[Problem]:
    """Every way the committed draw of ``bundle`` fails to verify; ``[]`` when it verifies."""
    shape = bundle_shape(bundle)
    if shape:
        return shape
    rule = rule_of(bundle["field"])
    problems = _commitment_problems(bundle, rule)
    if problems:   # a draw from a field or secret not committed proves nothing: not recomputed
        return problems
    seed = seed_of(bundle["secret"], bundle["beacon"])
    if bundle["beacon_source"] is not None and bundle["beacon"] is None:
        problems.append(Problem.error(rule, Msg('the commitment names the beacon source {}, but the draw '
                                                'records no beacon', f"{bundle['beacon_source']!r}"), code="draw.verify-beacon"))
    if seed != bundle["seed"]:
        problems.append(Problem.error(rule, Msg('the draw records seed {}, but the secret and the beacon '
                                                'give seed {}', bundle['seed'], seed), code="draw.verify-seed"))
    try:
        got, why = run(bundle["algorithm"], bundle["field"], seed)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        got, why = None, [Problem.error(rule, Msg('the recorded field cannot be read by {} ({}: {})',
                                                  bundle['algorithm'], type(exc).__name__, exc), code="draw.verify-field")]
    if got is None:
        return problems + (why or [Problem.error(rule, Msg('the recorded field cannot be drawn'), code="draw.verify-field")])
    return problems + _outcome_problems(bundle["draw"], got["draw"], rule)


def _commitment_problems(bundle: Mapping[str, Any], rule: str) -> list[Problem]:
    """Steps 2 and 3: the field against its digest, the secret against the commitment."""
    problems = []
    field = bundle["field"]
    if digest(field) != bundle["field_digest"]:
        problems.append(Problem.error(rule, Msg('the field recorded is not the field committed: its '
                                                'digest is {}, the commitment names {}', digest(field),
                                                bundle['field_digest']),
                                      hint=Msg('a team, an entry round, a club, a pool or an earlier '
                                               'result of the field was changed after the commitment'), code="draw.verify-field"))
    elif field.get("season") != bundle["season"]:
        problems.append(Problem.error(rule, Msg('the field is of season {}, the draw of {}',
                                                f"{field.get('season')!r}", f"{bundle['season']!r}"), code="draw.verify-field"))
    opened = commitment(bundle["secret"], season=bundle["season"], subject=bundle["subject"],
                        field_digest=bundle["field_digest"], algorithm=bundle["algorithm"],
                        beacon_source=bundle["beacon_source"])
    if opened != bundle["commitment"]:
        problems.append(Problem.error(rule, Msg('the secret revealed does not open the commitment {}: '
                                                'with {} of season {}, the field digest, the algorithm '
                                                'and the beacon source it gives {}', bundle['commitment'],
                                                bundle['subject'], bundle['season'], opened),
                                      hint=Msg('the secret, or what the commitment binds, was changed '
                                               'after the commitment'),
                                      code="draw.verify-secret"))
    return problems


def _outcome_problems(recorded: Mapping[str, Any], got: Mapping[str, Any], rule: str) -> list[Problem]:
    """Step 6: the recorded draw against the recomputed one, each difference named."""
    if "order" in got:
        if list(recorded.get("order") or []) != got["order"]:
            return [Problem.error(rule, Msg('the lot records the order {}; the secret draws {}',
                                            _names(recorded.get('order')), _names(got['order'])), code="draw.verify-order")]
        return []
    problems = _match_problems(recorded.get("matches"), got["matches"], rule)
    byes = recorded.get("byes")
    if not isinstance(byes, list) or sorted(map(str, byes)) != sorted(got["byes"]):
        problems.append(Problem.error(rule, Msg('the draw records the byes {}; the secret draws {}',
                                                _names(byes), _names(got['byes'])), code="draw.verify-bye"))
    elif list(byes) != got["byes"]:
        problems.append(Problem.error(rule, Msg('the byes are drawn in the order {}, not {}',
                                                _names(got['byes']), _names(byes)), code="draw.verify-bye"))
    if not problems and list(recorded.get("drawn_order") or []) != got["drawn_order"]:
        problems.append(Problem.error(rule, Msg('the drawn order recorded is not the order the secret draws'),
                                      code="draw.verify-order"))
    return problems


def _match_problems(recorded: Any, got: list[dict[str, Any]], rule: str) -> list[Problem]:
    """A problem for each match whose teams or pool differ, and for each match only one side has."""
    rows = {}
    for m in recorded if isinstance(recorded, list) else []:
        if isinstance(m, Mapping) and isinstance(m.get("id"), str):
            rows[m["id"]] = m
    want = {m["id"]: m for m in got}
    problems = []
    for mid in sorted(set(rows) | set(want)):
        a, b = rows.get(mid), want.get(mid)
        if a is None or b is None:
            text = (Msg('{}: the draw lacks this match; the secret draws it', mid) if a is None
                    else Msg('{}: the draw has this match; the secret draws no such match', mid))
            problems.append(Problem.error(rule, text, code="draw.verify-match"))
        elif list(a.get("teams") or []) != b["teams"] or a.get("pool") != b["pool"]:
            had, drawn = _names(a.get('teams')), _names(b['teams'])
            text = (Msg('{}: the draw records {}, the secret draws {} (pool {})', mid, had, drawn, b['pool'])
                    if b["pool"] else Msg('{}: the draw records {}, the secret draws {}', mid, had, drawn))
            problems.append(Problem.error(rule, text, code="draw.verify-match"))
    return problems


def _names(teams: Any) -> str:
    if not isinstance(teams, (list, tuple)) or not teams:
        return "none"
    return ", ".join(map(str, teams))
