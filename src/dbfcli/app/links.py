"""The captains' links of ``dbf serve`` (issue 19), as the use cases that send them read them:
the base URL (``--base-url``, else ``base_url`` in ``DIR/dbf.toml``), the matches of a cup round
or of a division's round (§1.5.16, §1.1.2.1), and each team's link, a token bound to season,
match and team, made with the season's secret. The use cases :func:`serve_links` (``dbf serve
links``: the links of one round, the secret made when the season has none) and
:func:`rotate_secret` (``dbf serve rotate-secret``: a new generation of the secret, so every
earlier link is refused); :func:`new_secret` writes it (outside the journal, which records only
the event and the generation, ``serve/secret.yaml``)."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, not_drawn, not_entered, outcome_of
from .session import Session

DEFAULT_BASE = "http://127.0.0.1:8000"
#: the journaled record of the secret's generation (the secret itself is never in it)
SECRET_LOG = "serve/secret.yaml"


def base_url(store: Any, option: str | None) -> str:
    """``--base-url``, else ``base_url`` in ``DIR/dbf.toml``, else the local default."""
    from ..store.season import read_dbf_toml

    url = option or read_dbf_toml(store.root).get("base_url") or DEFAULT_BASE
    if not isinstance(url, str) or not url.startswith(("http://", "https://")) or any(c in url for c in " \n\r\t\"'<>"):
        fail(Msg('base URL {} is not an http(s) URL', f'{str(url)[:80]!r}'), hint=Msg('--base-url https://dbf.example.dk'),
             code="usage.option")
    return url.rstrip("/")


def configured_base_url(store: Any) -> str | None:
    """``base_url`` of ``DIR/dbf.toml`` when the TD set one (what ``notify draw`` links to)."""
    from ..store.season import read_dbf_toml

    url = read_dbf_toml(store.root).get("base_url")
    return base_url(store, url) if url else None


def _cup_round(snap: Any, round_no: int) -> tuple[list[Any], list[Any]]:
    """``([(match id, teams)], cup teams)`` of a drawn cup round (§1.5.16: refused before its draw)."""
    draws, _, _ = snap.draws()
    if round_no not in draws:
        not_drawn(round_no, "1.5.16")
    teams, _ = snap.cup_teams()
    return [(m.id, m.teams) for m in draws[round_no].matches], teams


def _division_round(snap: Any, div: str, round_no: int) -> tuple[list[Any], list[Any]]:
    """``([(match id, (home, away))], the division's teams)`` of round ``round_no`` of the
    division's schedule (the frozen one once stored), byes left out (§1.1.2.1, §1.1.3.1, §1.1.4.1)."""
    from ..rules.model import DIVISIONS, all_play_all_rule

    if div not in DIVISIONS:
        fail(Msg('no division {}', f'{div!r}'), hint=Msg("one of {}", ", ".join(DIVISIONS)), code="usage.option")
    division, problems = snap.division(div)
    if division is None or not division.teams:
        not_entered(div)
    rounds = snap.season_schedule(division, snap.settings().division(div))
    rnd = next((r for r in rounds if r.number == round_no), None)
    if rnd is None:
        fail(Msg('{} has no round {} (rounds 1-{})', div, round_no, len(rounds)), rule=all_play_all_rule(div),
             hint=f"dbf schedule {div}", code="usage.option")
    return [(m.id, (m.home, m.away)) for m in rnd.matches if m.away], list(division.teams)


def round_matches(snap: Any, round_no: int, division: str | None = None) -> tuple[list[Any], list[Any]]:
    """``([(match id, its two teams)], the teams)`` of cup round ``round_no`` or of round
    ``round_no`` of ``division``'s all-play-all (exit 2 for a round that is not there)."""
    return _division_round(snap, division, round_no) if division else _cup_round(snap, round_no)


def links_of(store: Any, secret: Any, matches: list[Any], teams: list[Any], base: str) -> list[dict[str, Any]]:
    """``[{match, team, captain, url, token}]`` for every team of ``matches``: the token made with
    the season's ``secret`` (:func:`dbfcli.store.capability.make_token`)."""
    from ..store.capability import make_token

    names = {t.id: t for t in teams}
    out = []
    for mid, pair in matches:
        for team in pair:
            token = make_token(secret, store.season, mid, team)
            t = names.get(team)
            captain = next((p.name for p in (t.players if t else ()) if p.id == t.captain), None) if t else None
            out.append({"match": mid, "team": team, "captain": captain, "url": f"{base}/s/{token}", "token": token})
    return out


def captain_links(snap: Any, round_no: int, base: str, division: str | None = None) -> list[dict[str, Any]]:
    """The links of :func:`links_of` for the matches of :func:`round_matches`; none while the
    season has no secret (``dbf serve`` makes it)."""
    from ..store.capability import read_secret

    matches, teams = round_matches(snap, round_no, division)
    secret = read_secret(snap.store.dir)
    return links_of(snap.store, secret, matches, teams, base) if secret is not None else []


def new_secret(store: Any, generation: int, message: Msg, actor: str, lock_timeout: float) -> Any:
    """Write a fresh secret of ``generation`` (outside the journal: it never enters it) and
    journal the event with its generation (``serve/secret.yaml``); the season lock is held."""
    import datetime as dt

    from ..store.capability import write_secret

    secret = write_secret(store.dir, generation)
    with store.transaction(actor, message, False, lock_timeout) as tx:
        tx.write_yaml(SECRET_LOG, {"schema": 1, "generation": generation,
                                   "at": dt.datetime.now().replace(microsecond=0).isoformat()},
                      header="dbf serve: the generation of SEASON/.serve-secret (the secret itself is never here)")
    return secret


class LinksRequest(Value, kw_only=True):
    """``dbf serve links --round N [--division DIV] [--base-url URL]``: ``round`` of the cup
    (1-9, §1.5.16) or of ``division``'s all-play-all (§1.1.2.1); ``base_url`` the option."""

    round: int
    division: str | None = None
    base_url: str | None = None


class CaptainLinks(MutableValue, kw_only=True):
    """The links (``[{match, team, captain, url, token}]``) and whether the secret was made."""

    rows: list[dict[str, Any]]
    made_secret: bool = False


def serve_links(session: Session, request: LinksRequest) -> Outcome:
    """``dbf serve links``: every captain's link of the round's matches, the season's secret
    made first when it has none (a write). Refused (exit 2) for a cup round past the final (``LAST_ROUND``),
    a base URL that is no http(s) URL, a cup round not drawn (§1.5.16), a division or round that
    is not there (§1.1.2.1). ``doc``: as ``--json`` prints it; ``plan``: :class:`CaptainLinks`."""
    return outcome_of(_serve_links, session, request)


def _serve_links(session: Session, request: LinksRequest) -> Outcome:
    from ..rules.model import LAST_ROUND
    from ..store.capability import read_secret

    snap = session.snap
    store = snap.store
    if request.division is None and request.round > LAST_ROUND:
        fail(Msg('--round {}: the cup has rounds 1-9', request.round), hint="dbf serve links --round 3",
             code="usage.option")
    base = base_url(store, request.base_url)
    matches, teams = round_matches(snap, request.round, request.division)
    secret = read_secret(store.dir)
    made = secret is None
    if secret is None:
        secret = new_secret(store, 1, Msg("made the secret of the captains' links"), session.actor,
                            session.lock_timeout)
    rows = links_of(store, secret, matches, teams, base)
    doc: dict[str, Any] = {"ok": True, "round": request.round, "links": rows, "errors": [], "warnings": []}
    if request.division:
        doc["division"] = request.division
    return Outcome(doc=doc, written=made, plan=CaptainLinks(rows=rows, made_secret=made))


class RotateRequest(Value, kw_only=True):
    """``dbf serve rotate-secret [--dry-run]``."""

    dry_run: bool = False


def rotate_secret(session: Session, request: RotateRequest) -> Outcome:
    """``dbf serve rotate-secret``: the next generation of the season's secret (1 when it has
    none or an unreadable one), so every link made before is refused. ``doc``: as ``--json``
    prints it; ``plan``: the new generation."""
    return outcome_of(_rotate_secret, session, request)


def _rotate_secret(session: Session, request: RotateRequest) -> Outcome:
    from ..store.capability import read_secret

    store = session.snap.store
    old = read_secret(store.dir)
    generation = (old.generation if old else 0) + 1
    if not request.dry_run:
        new_secret(store, generation, Msg("rotated the secret of the captains' links (generation {})", generation),
                   session.actor, session.lock_timeout)
    doc = {"ok": True, "generation": generation, "dry_run": request.dry_run, "errors": [], "warnings": []}
    return Outcome(doc=doc, written=not request.dry_run, plan=generation, show="would" if request.dry_run else "")


__all__ = ["DEFAULT_BASE", "SECRET_LOG", "CaptainLinks", "LinksRequest", "RotateRequest", "base_url",
           "captain_links", "configured_base_url", "links_of", "new_secret", "rotate_secret", "round_matches",
           "serve_links"]
