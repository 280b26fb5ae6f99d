"""The bracket picture's geometry (publish/bracket.py): pure functions, table-driven."""

from __future__ import annotations

import random

import pytest

from dbfcli.publish.bracket import BOX_H, CHAMPION, BMatch, BRound, layout, score_label, short


def knockout(n_first: int, rounds: int, seed: int = 0, byes: int = 0, first_round: int = 3) -> list[BRound]:
    """A random cup from ``first_round``: each round drawn afresh among the winners (§1.5.16)."""
    rng = random.Random(seed)
    teams = [f"T{i:03d}" for i in range(2 * n_first + byes)]
    out = []
    alive = teams[:]
    for k in range(rounds):
        rnd = first_round + k
        rng.shuffle(alive)
        bye = alive[:byes] if k == 0 else []
        play = alive[len(bye):]
        matches = []
        nxt = list(bye)
        for i in range(0, len(play) - 1, 2):
            a, b = play[i], play[i + 1]
            ia, ib = rng.randint(10, 90), rng.randint(10, 90)
            ib += ia == ib
            w = a if ia > ib else b
            matches.append(BMatch(f"C{rnd}-{i // 2 + 1:03d}", (a, b), w, (ia, ib)))
            nxt.append(w)
        out.append(BRound(rnd, tuple(matches), tuple(bye)))
        alive = nxt
    return out


def overlaps(boxes) -> bool:
    by_col: dict[int, list] = {}
    for b in boxes:
        by_col.setdefault(b.column, []).append(b)
    for col in by_col.values():
        col.sort(key=lambda b: b.y)
        for a, b in zip(col, col[1:]):
            if a.y + a.h > b.y:
                return True
    return False


@pytest.mark.parametrize("n_first,rounds,byes,seed", [
    (1, 1, 0, 0),          # a final only
    (2, 2, 0, 1),          # semi-finals and final
    (4, 3, 0, 2),          # quarter-finals on
    (16, 5, 0, 3),
    (48, 7, 32, 4),        # the 1/64 final with 32 byes by seeding (§1.5.3), 64 into the 1/32 final
])
def test_fed_boxes_sit_between_their_feeders_and_nothing_overlaps(n_first, rounds, byes, seed):
    lay = layout(knockout(n_first, rounds, seed, byes))
    assert not overlaps(lay.boxes)
    centre = {b.match_id or (b.round, b.teams): b for b in lay.boxes}
    for ln in lay.lines:
        (x0, y0), _, (xm, y1), (x1, y2) = ln.points
        assert x0 < xm < x1 and y1 == y2            # left to right, ends level with the fed box
    # every line that carries a winner ends at a box holding that winner
    fed = {(b.x, b.cy): b for b in lay.boxes}
    for ln in lay.lines:
        assert ln.points[-1] in fed
    assert len(centre) == len(lay.boxes)


@pytest.mark.parametrize("n_first,rounds", [(4, 3), (8, 4), (32, 6)])
def test_lines_never_cross(n_first, rounds):
    lay = layout(knockout(n_first, rounds, seed=n_first))
    # lines into one column: the order of their start points equals the order of their end points
    by_target: dict[int, list] = {}
    for ln in lay.lines:
        by_target.setdefault(ln.points[-1][0], []).append(ln)
    for lines in by_target.values():
        starts = [ln.points[0][1] for ln in sorted(lines, key=lambda ln: (ln.points[-1][1], ln.points[0][1]))]
        assert starts == sorted(starts)


def test_winner_line_carries_the_score_winner_first():
    rounds = knockout(2, 2, seed=5)
    lay = layout(rounds)
    semis = {m.id: m for m in rounds[0].matches}
    labels = {ln.label for ln in lay.lines if ln.won}
    for m in semis.values():
        assert score_label(m) in labels
        w, l = (m.imps if m.winner == m.teams[0] else m.imps[::-1])
        assert score_label(m) == f"{w}-{l}"


def test_final_gets_a_champion_box():
    rounds = knockout(4, 3, first_round=7)
    lay = layout(rounds)
    champ = [b for b in lay.boxes if b.kind == "champion"]
    assert len(champ) == 1 and champ[0].teams == (rounds[-1].matches[0].winner,)
    assert lay.columns[-1][0] == CHAMPION


@pytest.mark.parametrize("drawn,places,expected", [
    # rounds drawn so far, places of the later rounds -> boxes per column
    (0, [128, 64, 32, 16, 8, 4, 2], [64, 32, 16, 8, 4, 2, 1, 1]),
    (1, [128, 64, 32, 16, 8, 4, 2], [64, 32, 16, 8, 4, 2, 1, 1]),
])
def test_rounds_not_drawn_are_empty_placeholders(drawn, places, expected):
    rounds = []
    first = knockout(64, 1, seed=9) if drawn else []
    for k, p in enumerate(places):
        rnd = 3 + k
        if k < drawn:
            rounds.append(BRound(rnd, first[k].matches, first[k].byes, p))
        else:
            rounds.append(BRound(rnd, places=p))
    lay = layout(rounds)
    counts = [sum(1 for b in lay.boxes if b.column == c) for c in range(len(lay.columns))]
    assert counts == expected
    assert not overlaps(lay.boxes)
    assert all(b.kind == "empty" for b in lay.boxes if b.round > 3 + drawn - 1 and b.kind != "champion")


def test_byes_are_one_line_boxes():
    lay = layout(knockout(3, 2, byes=2, seed=3))
    byes = [b for b in lay.boxes if b.kind == "bye"]
    assert len(byes) == 2 and all(b.h == BOX_H // 2 and len(b.teams) == 1 for b in byes)


@pytest.mark.parametrize("name,limit,expected", [("Odense", 28, "Odense"), ("x" * 30, 28, "x" * 27 + "…"), (None, 5, "")])
def test_short(name, limit, expected):
    assert short(name, limit) == expected
