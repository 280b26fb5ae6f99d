"""Division results for CLI tests: every match recorded so the final order is the seeding order."""


def write_results(folder, season="2026-27", margin_per_place=3, skip=0):
    """Record every division match of the example season as divisions/matches/<id>.yaml:
    the better seed wins by ``margin_per_place`` IMPs per place between them, so the
    final order is the seeding order. ``skip`` leaves out that many 1div matches."""
    import yaml

    from dbfcli.rules.divisions.roundrobin import division_schedule
    from dbfcli.store.season import SeasonStore
    from dbfcli.store.settings import load_settings
    from dbfcli.store.teams import load_division

    store = SeasonStore(folder, season)
    settings = load_settings(store)
    out = store.dir / "divisions" / "matches"
    out.mkdir(parents=True, exist_ok=True)
    order = {}
    for div in ("1div", "2div", "3div-a", "3div-b"):
        d, _ = load_division(store, div)
        order[div] = [t.id for t in d.teams]
        idx = {t: i for i, t in enumerate(order[div])}
        matches = [m for rnd in division_schedule(d, settings.division(div)) for m in rnd.matches if m.away]
        if div == "1div" and skip:
            matches = matches[:-skip]
        for m in matches:
            diff = (idx[m.away] - idx[m.home]) * margin_per_place
            doc = {"schema": 1, "match": m.id, "division": div, "round": m.round, "home": m.home, "away": m.away,
                   "boards": settings.division(div).boards, "imps": [40 + max(diff, 0), 40 + max(-diff, 0)]}
            (out / f"{m.id}.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return order


#: the four halves of a play-off match (`dbf playoff ... --half`), used by the play-off tests
HALVES = ["--half", "30-20", "--half", "10-12", "--half", "40-40", "--half", "5-9"]


def qualifiers_file(path, membership=(5000, 5000)):
    """West (Kreds IV) QW1-QW5 in Jutland, Kreds II's QK2 and the east tournament QE1-QE4 on Zealand."""
    west = [("QW1", "8000"), ("QW2", "7100"), ("QW3", "9000"), ("QW4", "6700"), ("QW5", "8800")]
    east = [("QE1", "4000"), ("QE2", "2100"), ("QE3", "3700"), ("QE4", "4700")]
    teams, pid = [], 900000
    for tid, pc in west + east + [("QK2", "4300")]:
        players = [{"id": pid + k, "name": f"Player {pid + k}", "club": 9999} for k in range(1, 5)]
        pid += 10
        teams.append({"id": tid, "name": f"Team {tid}", "captain": players[0]["id"], "club": 9999, "postcode": pc,
                      "players": players})
    doc = {"schema": 1, "membership": {"west": membership[0], "east": membership[1]},
           "west": [w for w, _ in west], "east_direct": ["QK2"], "east_tournament": [e for e, _ in east], "teams": teams}
    import yaml

    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path
