"""The protections every request of ``dbf serve`` goes through (issue 19), as plain ASGI and
plain functions: security headers, the body cap, rate limits, CSRF tokens, and an access log
that never shows a token."""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from collections import deque

BODY_LIMIT = 64 * 1024
CSP = ("default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY"),
           (b"cross-origin-opener-policy", b"same-origin")]
access = logging.getLogger("dbfcli.web.access")
_TOKENISH = re.compile(r"/s/[^/?#]+")


def redact(path: str) -> str:
    """A path as logged: a captain's token is never written down.

    >>> redact("/s/abc.def/check.json")
    '/s/<token>/check.json'
    """
    return _TOKENISH.sub("/s/<token>", path)


class Guard:
    """ASGI middleware: the security headers on every answer (no ``Server`` header), a body
    declared larger than :data:`BODY_LIMIT` refused with 413 before it is read, and one access
    log line per request with the token redacted (the logger ``dbfcli.web.access``, and with
    ``access_log`` a file: ``dbf serve --access-log FILE``, issue 26)."""

    def __init__(self, app, body_limit: int = BODY_LIMIT, access_log=None):
        self.app, self.body_limit = app, body_limit
        self.log_file = AccessLog(access_log) if access_log else None

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.monotonic()
        status = {"code": 0}

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"server"]
                message = dict(message, headers=headers + HEADERS)
            await send(message)

        length = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.body_limit:
            await _plain(send_with_headers, 413, b'{"ok": false, "errors": [{"rule": null, "code": "usage.too-large", '
                         b'"severity": "error", "message": "the request is larger than 64 KiB"}], "warnings": []}')
        else:
            await self.app(scope, receive, send_with_headers)
        client = (scope.get("client") or ("-", 0))[0]
        method, path, ms = scope.get("method"), redact(scope.get("path", "")), 1000 * (time.monotonic() - started)
        access.info('%s "%s %s" %s %.1fms', client, method, path, status["code"], ms)
        if self.log_file is not None:
            self.log_file.write(method, path, status["code"], ms)


class AccessLog:
    """``dbf serve --access-log FILE``: one line per request, appended and flushed as it ends:
    the local time with its offset, the method, the path with any token redacted
    (:func:`redact`), the status and the milliseconds, e.g.
    ``2026-12-13T20:04:11+01:00 POST /s/<token>/check.json 200 12.3ms``. No client address,
    no query, no header: nothing that names or lets in a captain."""

    def __init__(self, path):
        self.path = path
        self._lock = threading.Lock()
        self._file = open(path, "a", encoding="utf-8", buffering=1)

    def write(self, method, path: str, status: int, ms: float) -> None:
        import datetime as dt

        from ..rules.text import shown

        stamp = dt.datetime.now().astimezone().replace(microsecond=0).isoformat()
        line = f"{stamp} {shown(str(method))} {shown(path).replace(' ', '%20')} {status} {ms:.1f}ms\n"
        with self._lock:
            self._file.write(line)


async def _plain(send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class TooLarge(Exception):
    pass


async def read_body(request, limit: int = BODY_LIMIT) -> bytes:
    """The request body, at most ``limit`` bytes (a chunked body that goes on is :class:`TooLarge`)."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge()
        chunks.append(chunk)
    return b"".join(chunks)


class RateLimit:
    """At most ``count`` requests per ``window`` seconds per key (a sliding window)."""

    def __init__(self, count: int, window: float = 60.0):
        self.count, self.window = count, window
        self._hits: dict[str, deque] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        with self._lock:
            if len(self._hits) > 50_000:   # never unbounded: forget the idle keys
                self._hits = {k: q for k, q in self._hits.items() if q and q[-1] > now - self.window}
            q = self._hits.setdefault(key, deque())
            while q and q[0] <= now - self.window:
                q.popleft()
            if len(q) >= self.count:
                return False
            q.append(now)
            return True

    def retry_after(self, key: str) -> int:
        """Whole seconds until ``key`` may ask again (the oldest hit leaves the window), at least 1:
        the ``Retry-After`` of a 429."""
        now = time.monotonic()
        with self._lock:
            q = self._hits.get(key)
            oldest = q[0] if q else now
        return max(1, int(oldest + self.window - now + 0.999))


def token_key(token: str) -> str:
    """The rate-limit key of a token: its hash (the token itself is kept nowhere)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:32]


def new_csrf_cookie() -> str:
    return secrets.token_urlsafe(32)


def csrf_field(key: bytes, cookie: str, token: str) -> str:
    """The form's hidden CSRF value: bound to the browser's cookie and to the link."""
    return hmac.new(key, f"csrf:{cookie}:{token}".encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def csrf_ok(key: bytes, cookie: str | None, token: str, given: str | None) -> bool:
    if not cookie or not given:
        return False
    return hmac.compare_digest(csrf_field(key, cookie, token), given)
