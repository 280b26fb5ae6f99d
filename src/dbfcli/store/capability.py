"""Captains' links for ``dbf serve`` (issue 19): capability tokens and the season's secret.

A token grants one match to one team of one season and nothing else. It is the text
``<payload>.<mac>``: ``payload`` the base64url of ``season:match:team:generation``, ``mac``
the base64url of HMAC-SHA256 over that text with the season's secret. The secret is kept in
``SEASON/.serve-secret`` (mode 0600, never in git, never in the published site, never in the
journal): a line ``dbf-serve-secret 1``, then ``GENERATION HEX``. ``dbf serve rotate-secret``
writes a new one with the next generation: every link made before is then refused.

Whether a token's match may still be sent (not locked by the next round's draw) is decided
by the web application; this module only signs and verifies, in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

from ..rules.problems import Msg, Problem

SECRET_FILE = ".serve-secret"
_HEADER = "dbf-serve-secret 1"
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")


class Secret:
    """The season's signing secret and its generation (1, 2, ... one more each rotation)."""

    __slots__ = ("generation", "key")

    def __init__(self, generation: int, key: bytes):
        self.generation, self.key = generation, key

    def __repr__(self) -> str:   # never the key itself: a secret must not reach a log
        return f"Secret(generation={self.generation})"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes | None:
    """The bytes of a token part, only from their one canonical spelling: base64 lets the
    unused low bits of the last character vary (``...A``, ``...B``, ``...C`` and ``...D`` read
    alike), so without this check one link had four spellings -- four keys for the per-token
    rate limit, and a changed last character that still verified (the flaky test of issue 26)."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        return None
    return raw if _b64(raw) == text else None


def secret_path(season_dir: Path) -> Path:
    return season_dir / SECRET_FILE


def read_secret(season_dir: Path) -> Secret | None:
    """The season's secret, or None when there is none yet (or it is unreadable or malformed:
    then no token verifies, and ``rotate-secret`` makes a fresh one)."""
    try:
        lines = secret_path(season_dir).read_text(encoding="ascii").split("\n")
    except (OSError, UnicodeDecodeError):
        return None
    if len(lines) < 2 or lines[0].strip() != _HEADER:
        return None
    parts = lines[1].split()
    if len(parts) != 2 or not parts[0].isdigit() or not re.fullmatch(r"[0-9a-f]{64}", parts[1]):
        return None
    return Secret(int(parts[0]), bytes.fromhex(parts[1]))


def write_secret(season_dir: Path, generation: int) -> Secret:
    """A new random secret of ``generation``, written atomically with mode 0600 (created so,
    never widened afterwards). Call with the season lock held exclusively."""
    key = secrets.token_bytes(32)
    target = secret_path(season_dir)
    tmp = target.with_name(f"{SECRET_FILE}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, f"{_HEADER}\n{generation} {key.hex()}\n".encode("ascii"))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, target)
    return Secret(generation, key)


def ensure_secret(season_dir: Path) -> Secret:
    """The season's secret, made (generation 1) when there is none."""
    return read_secret(season_dir) or write_secret(season_dir, 1)


def _mac(secret: Secret, payload: str) -> bytes:
    return hmac.new(secret.key, payload.encode("ascii"), hashlib.sha256).digest()


def make_token(secret: Secret, season: str, match: str, team: str) -> str:
    """The captain's token for ``team`` in ``match`` of ``season``."""
    payload = f"{season}:{match}:{team}:{secret.generation}"
    return f"{_b64(payload.encode('ascii'))}.{_b64(_mac(secret, payload))}"


class Grant:
    """What a verified token grants: ``season``, ``match``, ``team``."""

    __slots__ = ("season", "match", "team")

    def __init__(self, season: str, match: str, team: str):
        self.season, self.match, self.team = season, match, team


def _refused(why: str) -> tuple[None, Problem]:
    return None, Problem.error(None, Msg('this link is not valid: {}', why), code="usage.token",
                               hint=Msg('ask the tournament director for a new link (`dbf serve links`)'))


def _payload(token: object) -> tuple[str, list[str], bytes] | None:
    """``(payload text, its four parts, the given MAC)`` of a well-formed token, else None."""
    if not isinstance(token, str) or len(token) > 512 or token.count(".") != 1:
        return None
    head, _, mac = token.partition(".")
    raw, given = _unb64(head), _unb64(mac)
    if raw is None or given is None:
        return None
    try:
        payload = raw.decode("ascii")
    except UnicodeDecodeError:
        return None
    parts = payload.split(":")
    if len(parts) != 4 or not all(_ID.match(p) for p in parts[1:3]) or not parts[3].isdigit():
        return None
    return payload, parts, given


def verify_token(secret: Secret | None, season: str, token: str) -> tuple[Grant | None, Problem | None]:
    """``(grant, None)`` for a token signed by ``secret`` for ``season``; else ``(None, problem)``
    (code ``usage.token``). The MAC is compared in constant time (:func:`hmac.compare_digest`);
    the problem never quotes the token."""
    found = _payload(token)
    if found is None:
        return _refused("it is not a dbf link")
    payload, (tok_season, match, team, gen), given = found
    if secret is None or not hmac.compare_digest(_mac(secret, payload), given):
        if tok_season != season:
            return _refused(f"it is for another season ({tok_season[:16]}), not {season}")
        if secret is not None and int(gen) != secret.generation:
            return _refused("the links of this season were renewed since it was made")
        return _refused("its signature does not match")
    if tok_season != season:   # the same secret copied into another season's folder
        return _refused(f"it is for another season ({tok_season}), not {season}")
    return Grant(tok_season, match, team), None
