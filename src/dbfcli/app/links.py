"""The captains' links of ``dbf serve`` (issue 19), as the use cases that send them read them:
the base URL (``--base-url``, else ``base_url`` in ``DIR/dbf.toml``), the matches of a cup round
or of a division's round (§1.5.16, §1.1.2.1), and each team's link, a token bound to season,
match and team, made with the season's secret. Reading only: the secret is made by ``dbf serve``
(``cli/serve.py``)."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg
from .outcome import fail, not_drawn, not_entered

DEFAULT_BASE = "http://127.0.0.1:8000"


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


__all__ = ["DEFAULT_BASE", "base_url", "captain_links", "configured_base_url", "links_of", "round_matches"]
