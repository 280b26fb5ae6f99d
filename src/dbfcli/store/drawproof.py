"""Committed draws on disk (issue 30; §1.5.16, §1.1.3.2): the commitments, the secrets, the proofs.

* ``SEASON/.draw-secrets`` (mode 0600; never in git, the journal or the published site, as
  ``.serve-secret``): a line ``dbf-draw-secrets 1``, then ``SUBJECT HEX`` per committed draw
  (``cup-round-03 9f1c...``). Written by ``dbf draw commit`` / ``dbf lot commit`` before the
  commitment is recorded, so there is never a commitment without its secret here.
* ``cup/commitments/round-NN.yaml`` (docs/formats/draw-commitment.md): the commitment of cup
  round N, public from the moment it is made: ``subject``, ``season``, ``commitment``,
  ``field_digest``, ``algorithm``, ``beacon_source``, ``committed_at``, the ``field`` itself, and
  ``withdrawn`` (earlier commitments a forced re-commit replaced, each with its secret revealed).
* ``divisions/lot-commitments.yaml``: ``commitments: [...]`` of the same shape, one per lot.
* the draw file ``cup/draws/round-NN.yaml`` of a committed round has ``proof: {algorithm,
  commitment, field, secret, beacon_source, beacon}`` (store.cup.draws writes it); a recorded lot
  has the same keys (store.divisions.lots).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..rules.cup.drawproof import Commitment, Reveal, is_secret, reveal_of
from ..rules.problems import Msg, Problem, Where
from .season import SeasonStore, StoreError

SECRETS_FILE = ".draw-secrets"
_HEADER = "dbf-draw-secrets 1"
COMMITMENTS = "cup/commitments"
LOT_COMMITMENTS = "divisions/lot-commitments.yaml"
SCHEMA = 1
_ROUND_FILE = re.compile(r"round-(\d+)\.yaml$")
_SUBJECT = re.compile(r"[A-Za-z0-9:,_.-]{1,200}\Z")


def commitment_file(round_no: int) -> str:
    return f"{COMMITMENTS}/round-{round_no:02d}.yaml"


# ----------------------------------------------------------------------------- the secrets
def _secrets(season_dir: Path) -> dict[str, str]:
    """Subject -> secret of ``SEASON/.draw-secrets`` (an unreadable or malformed file: none)."""
    try:
        lines = (season_dir / SECRETS_FILE).read_text(encoding="ascii").split("\n")
    except (OSError, UnicodeDecodeError):
        return {}
    if not lines or lines[0].strip() != _HEADER:
        return {}
    out = {}
    for line in lines[1:]:
        parts = line.split()
        if len(parts) == 2 and _SUBJECT.match(parts[0]) and is_secret(parts[1]):
            out[parts[0]] = parts[1]
    return out


def read_draw_secret(season_dir: Path, subject: str) -> str | None:
    """The secret committed for ``subject``, or None when this season folder does not hold it."""
    return _secrets(season_dir).get(subject)


def write_draw_secret(season_dir: Path, subject: str, secret: str) -> None:
    """Keep ``secret`` for ``subject`` (replacing an earlier one), atomically, mode 0600 (created
    so, never widened). Call with the season lock held exclusively."""
    known = {**_secrets(season_dir), subject: secret}
    text = _HEADER + "\n" + "".join(f"{s} {v}\n" for s, v in sorted(known.items()))
    target = season_dir / SECRETS_FILE
    tmp = target.with_name(f"{SECRETS_FILE}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, text.encode("ascii"))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, target)


# ----------------------------------------------------------------------------- the commitments
def commitment_data(c: Commitment) -> dict:
    """The document of one commitment (the cup round's file, or one item of the lots' file)."""
    doc: dict[str, Any] = {"subject": c.subject, "season": c.season, "commitment": c.commitment,
                           "field_digest": c.field_digest, "algorithm": c.algorithm,
                           "beacon_source": c.beacon_source, "committed_at": c.committed_at, "field": dict(c.field)}
    if c.withdrawn:
        doc["withdrawn"] = [dict(w) for w in c.withdrawn]
    return doc


def _commitment(data: Any, where: Where) -> Commitment | Problem:
    """One commitment document, or the problem with its shape (``format.commitment``)."""
    keys = ("subject", "season", "commitment", "field_digest", "algorithm", "committed_at")
    if not isinstance(data, dict):
        return Problem.error(None, Msg('a commitment is a mapping'), where, code="format.commitment")
    bad = [k for k in keys if not isinstance(data.get(k), str)]
    bad += [k for k in ("field",) if not isinstance(data.get(k), dict)]
    bad += [k for k in ("beacon_source",) if not isinstance(data.get(k), (str, type(None)))]
    bad += [k for k in ("withdrawn",) if not isinstance(data.get(k, []), list)]
    if bad:
        return Problem.error(None, Msg('a commitment lacks or has a malformed {}', ', '.join(bad)), where,
                             hint=Msg('made by dbf draw commit / dbf lot commit; '
                                      'docs/formats/draw-commitment.md'),
                             code="format.commitment")
    return Commitment(data["subject"], data["season"], data["commitment"], data["field_digest"], data["algorithm"],
                      data["beacon_source"], str(data["committed_at"]), _plain(data["field"]),
                      tuple(_plain(w) for w in data.get("withdrawn") or ()))


def _plain(value: Any) -> Any:
    """A document as plain dicts, lists, strings and numbers (what JSON holds)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _round_files(store: SeasonStore, folder: str):
    """``(file, round, document)`` of each ``round-NN.yaml`` in ``folder`` of the season."""
    for rel in store.list(folder):
        m = _ROUND_FILE.search(rel)
        if m:
            yield rel, int(m.group(1)), store.read_yaml(rel)


def load_cup_commitments(store: SeasonStore) -> tuple[dict[int, Commitment], list[Problem]]:
    """Round -> the commitment recorded for it (``cup/commitments/round-NN.yaml``)."""
    out: dict[int, Commitment] = {}
    problems: list[Problem] = []
    for rel, round_no, doc in _round_files(store, COMMITMENTS):
        got = _commitment(doc.data, Where(rel, doc.line()))
        if isinstance(got, Problem):
            problems.append(got)
        elif got.field.get("round") != round_no:
            problems.append(Problem.error(None, Msg("the commitment's field is of round {}, its file of "
                                                    'round {}', f"{got.field.get('round')!r}", round_no), Where(rel), code="format.mismatch"))
        else:
            out[round_no] = got
    return out, problems


def load_lot_commitments(store: SeasonStore) -> tuple[list[Commitment], list[Problem]]:
    """Every lot commitment of ``divisions/lot-commitments.yaml``."""
    doc = store.read_yaml(LOT_COMMITMENTS, required=False)
    if doc is None or doc.data is None:
        return [], []
    items = doc.data.get("commitments") if isinstance(doc.data, dict) else None
    if not isinstance(items, list):
        return [], [Problem.error(None, Msg('the lot commitments file is schema: 1, commitments: [...]'), doc.where(),
                                  code="format.commitment")]
    out, problems = [], []
    for i, item in enumerate(items):
        got = _commitment(item, doc.where("commitments", i))
        (problems if isinstance(got, Problem) else out).append(got)
    return out, problems


def lot_commitments_data(commitments) -> dict:
    return {"schema": SCHEMA, "commitments": [commitment_data(c) for c in commitments]}


# ----------------------------------------------------------------------------- the reveals
def load_cup_reveals(store: SeasonStore) -> tuple[dict[int, Reveal], list[Problem]]:
    """Round -> the proof of each committed draw, with the draw as its file records it (pending
    places as drawn, never filled): what ``dbf draw verify`` recomputes."""
    from .cup.draws import DRAWS
    from .cup.winnermove import as_drawn

    out: dict[int, Reveal] = {}
    problems: list[Problem] = []
    for rel, round_no, doc in _round_files(store, DRAWS):
        data = doc.data
        if not isinstance(data, dict) or "proof" not in data:
            continue
        data = as_drawn(data)   # §1.5.16: a new winner moved in after the draw (store.cup.winnermove) taken back
        draw = {"matches": _plain(data.get("matches") or []), "byes": _plain(data.get("byes") or []),
                "drawn_order": _plain(data.get("drawn_order") or [])}
        got = reveal_of(data.get("proof"), data.get("seed"), draw)
        if got is None:
            problems.append(Problem.error(None, Msg("the draw's proof is malformed: proof has algorithm, "
                                                    'commitment, field, secret, beacon_source, beacon, '
                                                    'and the draw a whole seed'),
                                          Where(rel), code="format.draw"))
        else:
            out[round_no] = got
    return out, problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check`` (issue 30): every committed draw verifies (its secret opens its commitment,
    its field is the field committed, the draw is the one the secret draws), and every commitment
    not drawn yet holds its field and, where this folder keeps it, its secret."""
    from .cup.draws import draw_file

    try:
        commits, problems = load_cup_commitments(store)
        reveals, more = load_cup_reveals(store)
    except StoreError as exc:
        return exc.problems
    problems += more
    for r, c in sorted(commits.items()):
        problems += _located(proof_problems(store.dir, c, reveals.get(r)), draw_file(r) if r in reveals
                             else commitment_file(r))
    for r in sorted(set(reveals) - set(commits)):
        problems.append(Problem.error("1.5.16", Msg('cup round {} records a proof but no commitment was '
                                                    'made for it', r),
                                      Where(draw_file(r)), code="draw.verify-secret"))
    return problems + _lot_problems(store)


def proof_problems(season_dir: Path, c: Commitment, r: Reveal | None) -> list[Problem]:
    """What fails to verify: the whole draw when it is made (``r``), else the commitment alone
    (its field's digest; the secret this folder keeps for it, if any)."""
    from ..rules.cup.drawproof import bundle, commitment, digest, reveal_problems, rule_of
    from ..rules.cup.drawverify import verify

    if r is not None:
        return reveal_problems(c, r) + verify(bundle(c, r))
    out = []
    if digest(c.field) != c.field_digest:
        out.append(Problem.error(rule_of(c.field), Msg('{}: the field recorded is not the field committed',
                                                       c.subject),
                                 code="draw.verify-field"))
    secret = read_draw_secret(season_dir, c.subject)
    if secret is not None and commitment(secret, season=c.season, subject=c.subject, field_digest=c.field_digest,
                                         algorithm=c.algorithm, beacon_source=c.beacon_source) != c.commitment:
        out.append(Problem.error(rule_of(c.field), Msg('{}: the secret kept in {} does not open the '
                                                       'commitment', c.subject, SECRETS_FILE), hint=Msg('commit again (--force) before the draw'),
                                 code="draw.verify-secret"))
    return out


def _lot_problems(store: SeasonStore) -> list[Problem]:
    """The lots' commitments, each with the recorded lot that honours it (store.divisions.lots)."""
    from .divisions.lots import LOTS, load_lots, lot_reveal

    try:
        commits, problems = load_lot_commitments(store)
        lots, _ = load_lots(store)
    except StoreError as exc:
        return exc.problems
    drawn = {lot_reveal(x)[0]: lot_reveal(x)[1] for x in lots if lot_reveal(x) is not None}
    for c in commits:
        problems += _located(proof_problems(store.dir, c, drawn.get(c.subject)),
                             LOTS if c.subject in drawn else LOT_COMMITMENTS)
    return problems


def _located(problems: list[Problem], rel: str) -> list[Problem]:
    from ..rules.value import replace

    return [p if p.where is not None else replace(p, where=Where(rel)) for p in problems]


#: the largest bundle ``dbf draw verify --bundle`` reads (a whole cup's field is ~100 kB)
MAX_BUNDLE = 16 * 1024 * 1024


def read_bundle(path: Path) -> Any:
    """A verification bundle the user names (JSON, as ``dbf publish`` writes it); a file that
    cannot be read, or is no JSON, is a :class:`StoreError` (exit 2). Reads no season."""
    import json

    try:
        if path.is_dir():
            raise StoreError([Problem.error(None, Msg('{} is a folder, not a bundle file', path), Where(str(path)),
                                            code="io.not-a-file")])
        raw = path.read_bytes()
    except OSError as exc:
        raise StoreError([Problem.error(None, Msg('cannot read {}: {}', path, exc.strerror or exc), Where(str(path)),
                                        code="io.cannot-read")]) from None
    if len(raw) > MAX_BUNDLE:
        raise StoreError([Problem.error(None, Msg('{} is larger than {} bytes', path, MAX_BUNDLE), Where(str(path)),
                                        code="format.too-large")])
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise StoreError([Problem.error(None, Msg('{} is not a JSON draw bundle ({})', path, exc), Where(str(path)),
                                        hint=Msg('a bundle is the verify-*.json file `dbf publish` writes'),
                                        code="format.bundle")]) from None
