"""The Autumn map (Law 2.2-2.4): data checked against ../shared/rules/autumn-map.md."""

from __future__ import annotations

import pytest

from rootgame.board import load_board

B = load_board("autumn")

SUITS = {
    1: "fox",
    2: "mouse",
    3: "rabbit",
    4: "rabbit",
    5: "rabbit",
    6: "fox",
    7: "mouse",
    8: "fox",
    9: "mouse",
    10: "rabbit",
    11: "mouse",
    12: "fox",
}
SLOTS = {1: 1, 2: 2, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 11: 3, 12: 2}
ADJ = {
    1: (5, 9, 10),
    2: (5, 6, 10),
    3: (6, 7, 11),
    4: (8, 9, 12),
    5: (1, 2),
    6: (2, 3, 11),
    7: (3, 8, 12),
    8: (4, 7),
    9: (1, 4, 12),
    10: (1, 2, 12),
    11: (3, 6, 12),
    12: (4, 7, 9, 10, 11),
}


def test_2_2_2_every_clearing_has_its_suit() -> None:
    assert B.clearings == tuple(range(1, 13))
    assert {c: B.suit[c] for c in B.clearings} == SUITS
    for s in ("fox", "rabbit", "mouse"):
        assert len(B.clearings_of_suit(s)) == 4
    assert B.clearings_of_suit("bird") == B.clearings


def test_2_2_3_building_slots() -> None:
    """22 slots in all; clearing 2 has two (the sources disagreed: docs/rulings.md)."""
    assert {c: B.slots[c] for c in B.clearings} == SLOTS
    assert sum(SLOTS.values()) == 22
    assert B.slots[2] == 2


def test_2_2_4_ruins_in_clearings_6_10_11_12() -> None:
    assert [c for c in B.clearings if B.starts_with_ruin[c]] == [6, 10, 11, 12]


def test_2_2_1_adjacency_by_the_18_paths() -> None:
    assert len(B.paths) == 18
    assert {c: B.adjacent[c] for c in B.clearings} == ADJ
    for a in B.clearings:
        for b in B.clearings:
            assert B.is_adjacent(a, b) == (b in ADJ[a]) == B.is_adjacent(b, a)


def test_2_3_rivers_are_not_paths() -> None:
    assert B.rivers == ((5, 10), (10, 11), (7, 11), (4, 7))
    assert not B.is_adjacent(5, 10) and not B.is_adjacent(4, 7)


def test_2_4_seven_forests() -> None:
    assert len(B.forests) == 7
    ids = {f.id for f in B.forests}
    for f in B.forests:
        assert f.id == "_".join(str(c) for c in f.clearings)
        assert set(f.forests) <= ids and f.id not in f.forests


FOREST_NEIGHBOURS = {
    "1_2_5_10": {"1_9_10_12", "2_6_10_11_12"},
    "1_9_10_12": {"1_2_5_10", "2_6_10_11_12", "4_9_12"},
    "2_6_10_11_12": {"1_2_5_10", "1_9_10_12", "3_6_11", "3_7_11_12"},
    "4_9_12": {"1_9_10_12", "4_7_8_12"},
    "4_7_8_12": {"3_7_11_12", "4_9_12"},
    "3_7_11_12": {"2_6_10_11_12", "3_6_11", "4_7_8_12"},
    "3_6_11": {"2_6_10_11_12", "3_7_11_12"},
}


def test_2_4_1_forests_are_adjacent_across_one_path() -> None:
    # 2.4.1: a forest touches the clearings around it (its name lists them) and neighbours
    # the forests on the other side of each printed path around it: two forests are
    # adjacent exactly when one path borders both.
    assert {f.id: set(f.forests) for f in B.forests} == FOREST_NEIGHBOURS
    for f in B.forests:
        across = {
            g.id
            for g in B.forests
            if g is not f
            for a, b in B.paths
            if {a, b} <= set(f.clearings) and {a, b} <= set(g.clearings)
        }
        assert across == FOREST_NEIGHBOURS[f.id]

def test_corners_and_diagonals() -> None:
    assert B.corners == (1, 2, 3, 4)
    assert [B.opposite_corner[c] for c in B.corners] == [3, 4, 1, 2]


@pytest.mark.parametrize(
    ("card", "clearing", "ok"),
    [("fox", 1, True), ("fox", 2, False), ("bird", 2, True), ("mouse", 11, True)],
)
def test_2_1_1_bird_matches_any_clearing(card: str, clearing: int, ok: bool) -> None:
    assert B.matches(card, clearing) is ok


def test_unknown_map_names_the_maps() -> None:
    with pytest.raises(ValueError, match="unknown map 'moon'; the maps are: autumn, winter"):
        load_board("moon")
