"""The independent recount of a game's state for the random-game invariants
(test_invariants.py, test_vagabond_invariants.py; design.md, "Tests that mean something").

The piece counts, item supply and VP tables below are written out from the Law (6.3, 6.5.4,
7.3, 7.6.1, 5.1.5), not read from the engine, so that the recount is independent of it; the
checks (``check_all``, ``check_decision``, ``check_sound``) compare the engine's state and
legal actions with that recount after every action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rootgame import Game, parse, token
from rootgame.actions import Action
from rootgame.board import Board, load_board
from rootgame.cards import DECK, ITEM_SUPPLY, deck_ids
from rootgame.flow import DECISIONS, FACTIONS, asked
from rootgame.state import GameState

# --- Facts from the Law (independent of the engine's tables) ----------------------------------

MARQUISE_BOX = {"warrior": 25, "wood": 8, "sawmill": 6, "workshop": 6, "recruiter": 6}
"""6.3: 25 warriors, 8 wood, 6 of each building (B.1 components)."""
EYRIE_BOX = {"warrior": 20, "roost": 7}
"""7.3: 20 warriors, 7 roosts."""
MARQUISE_BUILD_VP = {
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}
"""6.5.4.III: VP uncovered by the Nth building of a kind (index N-1)."""
ROOST_VP = (0, 1, 2, 3, 4, 4, 5)
"""7.6.1: VP in Evening with N roosts on the map (index N-1)."""
BOT_ROOST_VP = (0, 1, 2, 3, 4, 5, 6)
"""Law of Rootbotics 5.6: the Electric Eyrie's Roosts track (its box is the Eyrie's, 5.3)."""
MECHANICAL_BOX = {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6}
"""Law of Rootbotics 4.3: the Mechanical Marquise 2.0 plays with the Marquise's pieces but no
wood."""
BOT_TRACK_VP = (0, 1, 2, 3, 4, 5)
"""Law of Rootbotics 4.6.1: VP of each Buildings track of the Mechanical Marquise."""
LAW_ITEM_SUPPLY = {
    "boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2
}
"""5.1.5: the item supply at setup (12 items)."""
VIZIER_COLUMNS = {
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}
"""7.8: where each leader tucks the Loyal Viziers."""
COLUMNS = ("recruit", "move", "battle", "build")
WIN_VP = 30

# --- An independent recount of the state ------------------------------------------------------


def board_now(g: GameState) -> Board:
    """The map of ``g`` now: its suit layout, the Mountain's paths still closed, the Elder
    Treetop's slot and the Lost City's suits (appendix L)."""
    lm = g.landmarks
    return load_board(
        g.map, g.suits, g.closed, lm.get("elder-treetop", 0), lm.get("lost-city", 0)
    )


def _ferry_move(g: GameState, b: Board, o: int, d: int) -> bool:
    """M.3.5: from the Ferry's clearing to another coastal clearing, once per turn; the Ferry
    landmark elsewhere: to a clearing a river links to its own."""
    linked = any({o, d} == {x, y} for x, y in b.rivers)
    on_lake = b.coastal and o in b.coastal and d in b.coastal
    return (
        o == g.ferry != 0 and d != o and bool(on_lake or linked)
        and "ferry" not in g.turn.get("used", ())
    )


def _of_suit(b: Board, c: int, suit: object) -> bool:
    """Whether clearing ``c`` is of ``suit`` (the Lost City is all three, appendix L)."""
    return b.suit[c] == suit or c == b.lost_city


def holds(g: GameState, s: int, key: str) -> bool:
    """Whether seat ``s`` has the persistent card ``key`` in its play area (4.1.3)."""
    return any(DECK[cid].key == key for cid in g.seats[s].persistent)


def my_ruler(g: GameState, c: int) -> int | None:
    """2.5 and 7.2.2, recounted: most warriors + buildings; the Eyrie rule ties they are in.
    Soup Kitchens (Exiles and Partisans): its holder's tokens count twice each."""
    presence = [g.warriors[c][s] + sum(1 for o, _ in g.buildings[c] if o == s) for s in range(g.n)]
    for o, _ in g.tokens[c]:
        if holds(g, o, "soup-kitchens"):
            presence[o] += 2
    best = max(presence)
    if best == 0:
        return None
    top = [s for s in range(g.n) if presence[s] == best]
    if len(top) == 1:
        return top[0]
    eyrie = [s for s in top if g.factions[s] == "eyrie"]
    return eyrie[0] if eyrie else None


def _on_map_warriors(g: GameState, s: int) -> int:
    return sum(g.warriors[c][s] for c in board_now(g).clearings)


def _keep_board(g: GameState, s: int) -> dict[str, tuple[int, int]]:
    """Warriors and buildings of a Marquise board, and the keep's checks (6.2.2, LR 4.2.1)."""
    b = board_now(g)
    fs = g.fs[s]
    mine = {"warrior": (_on_map_warriors(g, s), fs.warriors)}
    for kind in ("sawmill", "workshop", "recruiter"):
        on = sum(1 for c in b.clearings for o, k in g.buildings[c] if (o, k) == (s, kind))
        mine[kind] = (on, fs.track[kind])
    # 6.2.2: one keep at most, where the board says; once removed, gone for good.
    keeps = [c for c in b.clearings for o, k in g.tokens[c] if (o, k) == (s, "keep")]
    assert len(keeps) <= 1, f"keep tokens in {keeps}"
    assert fs.keep == (keeps[0] if keeps else 0), (fs.keep, keeps)
    if keeps:
        # Only the Marquise may place pieces there: no other building or token was placed.
        assert not any(
            o != s and o >= 0 for o, _ in g.buildings[keeps[0]] + g.tokens[keeps[0]]
        ), f"an enemy piece placed in the keep's clearing {keeps[0]}"
    return mine


def _marquise_pieces(g: GameState, s: int) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    b = board_now(g)
    mine = _keep_board(g, s)
    mine["wood"] = (
        sum(1 for c in b.clearings for o, k in g.tokens[c] if (o, k) == (s, "wood")),
        g.fs[s].wood,
    )
    return MARQUISE_BOX, mine


def _mechanical_marquise_pieces(
    g: GameState, s: int
) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    assert not any(k == "wood" for c in board_now(g).clearings for o, k in g.tokens[c] if o == s)
    return MECHANICAL_BOX, _keep_board(g, s)


def _eyrie_pieces(g: GameState, s: int) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    b = board_now(g)
    roosts = [c for c in b.clearings for o, k in g.buildings[c] if (o, k) == (s, "roost")]
    # 7.5.2.IV / 7.4.3: never two roosts in one clearing.
    assert len(roosts) == len(set(roosts)), f"two roosts in a clearing: {roosts}"
    mine = {
        "warrior": (_on_map_warriors(g, s), g.fs[s].warriors),
        "roost": (len(roosts), g.fs[s].roosts),
    }
    return EYRIE_BOX, mine


ALLIANCE_BOX = {"warrior": 10, "base": 3, "sympathy": 10}
"""8.3: 10 warriors, 3 bases, 10 sympathy tokens."""
SYMPATHY_VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
"""8.4.2.III: VP printed on the sympathy track (index N-1 for the Nth token placed)."""


def _alliance_map(g: GameState, s: int) -> dict[str, tuple[int, int]]:
    """Both Alliances' bases and sympathy tokens, on the map and off it."""
    b = board_now(g)
    fs = g.fs[s]
    bases = [c for c in b.clearings for o, k in g.buildings[c] if (o, k) == (s, "base")]
    sym = [c for c in b.clearings for o, k in g.tokens[c] if (o, k) == (s, "sympathy")]
    # 8.2.5.I: one sympathy token per clearing; a base only in a clearing of its suit.
    assert len(sym) == len(set(sym)), f"two sympathy tokens in a clearing: {sym}"
    # (A base in the Lost City, every suit at once, is of the one suit no other base has.)
    suited = [b.suit[c] for c in bases if c != b.lost_city] + fs.bases
    assert len(suited) == len(set(suited)) and len(bases) + len(fs.bases) == 3, (bases, fs.bases)
    return {"base": (len(bases), len(fs.bases)), "sympathy": (len(sym), fs.sympathy)}


def _alliance_pieces(g: GameState, s: int) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    fs = g.fs[s]
    mine = _alliance_map(g, s)
    # 8.2.3.I: five supporters at most without a base on the map (unless the discard down to
    # five is waiting beside another effect of the same moment, 1.1.3: seed 1026 of
    # vagabond,eyrie,alliance with the Exiles deck, a base and a sympathy token removed by
    # one battle, the Outrage and the discard in the turn player's order).
    waiting = [(f.kind, f.seat) for f in g.stack] + [
        (k, w) for f in g.stack if f.kind == "order_effects" for k, w, _ in f.data["pending"]
    ]
    pending = ("ally_discard_supporters", s) in waiting
    assert mine["base"][0] or pending or len(fs.supporters) <= 5, (
        f"{len(fs.supporters)} supporters, no base"
    )
    mine["warrior"] = (_on_map_warriors(g, s), fs.warriors + fs.officers)
    return ALLIANCE_BOX, mine


def _automated_alliance_pieces(
    g: GameState, s: int
) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    """Law of Rootbotics 6.3: the Alliance's box, without officers or supporters."""
    fs = g.fs[s]
    assert fs.order is None or g.turn_seat == s, "the order card outlives the bot's turn"
    mine = _alliance_map(g, s)
    mine["warrior"] = (_on_map_warriors(g, s), fs.warriors)
    return ALLIANCE_BOX, mine


VAGABOND_BOX = {"pawn": 1}
"""9.3.2: one pawn, never removed (9.2.2); he has no warriors."""


def _vagabond_pieces(g: GameState, s: int) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    on = 1 if g.fs[s].pawn else 0
    assert _on_map_warriors(g, s) == 0, "9.2.2: the Vagabond has no warriors"
    return VAGABOND_BOX, {"pawn": (on, 1 - on)}


VAGABOND_RUIN = Counter({"bag": 1, "boot": 1, "hammer": 1, "sword": 1})
"""9.3.4: the four items marked R."""
VAGABOND_START = {
    "thief": Counter({"boot": 1, "torch": 1, "tea": 1, "sword": 1}),
    "tinker": Counter({"boot": 1, "torch": 1, "bag": 1, "hammer": 1}),
    "ranger": Counter({"boot": 1, "torch": 1, "crossbow": 1, "sword": 1}),
}
"""Appendix V: the characters' starting items."""


def check_vagabond(g: GameState) -> None:
    """Items are conserved, the pawn is somewhere on the map, tracks and limits hold."""
    b = load_board(g.map)
    if "vagabond" not in g.factions:
        return
    v = g.factions.index("vagabond")
    fs = g.fs[v]
    assert all(g.warriors[c][v] == 0 for c in range(len(g.warriors)))
    if not fs.pawn:  # still in setup
        return
    # The pawn is in a clearing or one of the map's forests, never removed (9.2.2).
    assert fs.pawn in b.clearings or 101 <= fs.pawn <= 100 + len(b.forests), fs.pawn
    # Items: supply + Crafted Items boxes + his board + ruins + removed = supply + R + S.
    where = Counter(g.items) + Counter(g.forge)  # the Legendary Forge's card
    for s in g.seats:
        where.update(s.items)
    for it, states in fs.items.items():
        assert all(k >= 0 for k in states), (it, states)
        where[it] += sum(states)
    for c, its in fs.ruins.items():
        assert (-1, "ruin") in g.buildings[c] and its, (c, its)
        where.update(its)
    where.update(fs.removed)
    law = Counter(LAW_ITEM_SUPPLY) + VAGABOND_RUIN + VAGABOND_START[fs.character]
    assert +where == law, (where, fs.character)
    # A ruin stays until explored empty (2.2.4, 9.5.3).
    for c in b.clearings:
        if b.starts_with_ruin[c] and (-1, "ruin") not in g.buildings[c]:
            assert c not in fs.ruins
    # Relationships stay on the chart; quests are 15 cards in three places.
    assert all(-1 <= r <= 3 for r in fs.rel) and fs.rel[v] == 0
    assert sorted(fs.quests + fs.done + fs.quest_deck) == list(range(15))
    # While a quest's reward is chosen, its replacement is not drawn yet (9.5.5 "Finally").
    rewarding = any(f.kind == "vb_quest_reward" and f.seat == v for f in g.stack)
    assert len(fs.quests) == min(3, 15 - len(fs.done)) - (1 if rewarding and fs.quest_deck else 0)




def _vagabot_pieces(g: GameState, s: int) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    on = 1 if g.fs[s].pawn else 0
    assert _on_map_warriors(g, s) == 0, "Law of Rootbotics 7.2.1: the Vagabot has no warriors"
    return VAGABOND_BOX, {"pawn": (on, 1 - on)}


VAGABOT_TRACK_AT = (6, 9, 12)
"""Law of Rootbotics 7.2.4: undamaged items for one, two, three items on the Battle Track."""
VAGABOT_CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter")
"""Law of Rootbotics 7.7.1-7.7.6."""


def check_vagabot(g: GameState) -> None:
    """Law of Rootbotics 7: the named items are conserved (supply, Crafted Items boxes, ruins
    and the Vagabot's items from them); its pawn is on the map; the Battle Track holds one item
    per threshold reached; the quests are 15 cards; the order card lives only in its turn."""
    v = g.factions.index("vagabot")
    fs = g.fs[v]
    b = load_board(g.map)
    if not fs.pawn:
        return
    assert fs.pawn in b.clearings or 101 <= fs.pawn <= 100 + len(b.forests), fs.pawn
    where = Counter(g.items) + Counter(g.forge)
    for s in g.seats:
        where.update(s.items)
    for c, its in fs.ruins.items():
        assert (-1, "ruin") in g.buildings[c] and its, (c, its)
        where.update(its)
    where.update(fs.gained)
    assert +where == Counter(LAW_ITEM_SUPPLY) + VAGABOND_RUIN, where
    assert all(k >= 0 for k in fs.items), fs.items
    # LR 7.7.5: the Scoundrel's items covering building slots still count among its named ones.
    covered = sum(1 for c in b.clearings for x in g.buildings[c] if x == (-1, "item"))
    assert covered == 0 or fs.character == "scoundrel", covered
    assert len(fs.gained) <= sum(fs.items) + len(fs.track) + covered
    assert len(fs.track) <= 3 and set(fs.track) <= {"up", "down"}
    questing = "questing" in fs.traits
    count = sum(fs.items) + len(fs.track) if questing else fs.items[0] + fs.items[1] + len(
        fs.track)
    want = sum(1 for n in VAGABOT_TRACK_AT if count >= n)
    if questing:
        assert len(fs.track) >= want or fs.items[0] + fs.items[1] == 0, (fs.track, fs.items)
    else:
        assert len(fs.track) == want, (fs.track, fs.items)
    quests = ([] if fs.quest is None else [fs.quest]) + fs.done + fs.quest_deck
    assert sorted(quests) == list(range(15)), quests
    assert fs.quest is not None or not fs.quest_deck
    assert fs.order is None or g.turn_seat == v, "the order card outlives the bot's turn"
    for c in b.clearings:
        if b.starts_with_ruin[c] and (-1, "ruin") not in g.buildings[c]:
            assert c not in fs.ruins


PieceCheck = Callable[[GameState, int], tuple[dict[str, int], dict[str, tuple[int, int]]]]
PIECE_CHECKS: dict[str, PieceCheck] = {
    "marquise": _marquise_pieces,
    "eyrie": _eyrie_pieces,
    "alliance": _alliance_pieces,
    "vagabond": _vagabond_pieces,
    "electric-eyrie": _eyrie_pieces,
    "mechanical-marquise": _mechanical_marquise_pieces,
    "automated-alliance": _automated_alliance_pieces,
    "vagabot": _vagabot_pieces,
}
"""Per faction: (the Law's box of pieces, an independent recount kind -> (on the map, off
it)). Every faction in the engine needs one (test_every_faction_is_checked)."""

CARD_PLACES: dict[str, Callable[[GameState, int], list[int]]] = {
    "eyrie": lambda g, s: [cid for col in g.fs[s].decree for cid in col if cid >= 0],
    "electric-eyrie": lambda g, s: [cid for col in g.fs[s].decree for cid in col if cid >= 0],
    "mechanical-marquise": lambda g, s: [] if g.fs[s].order is None else [g.fs[s].order],
    "alliance": lambda g, s: list(g.fs[s].supporters),
    "automated-alliance": lambda g, s: [] if g.fs[s].order is None else [g.fs[s].order],
    "vagabot": lambda g, s: [] if g.fs[s].order is None else [g.fs[s].order],
}
"""Per faction: card ids held on its board (the Decree...), for the card count."""


def law_ruler(g: GameState, c: int) -> int | None:
    """2.5 counted afresh: most warriors and buildings rule; a tie rules for nobody but the
    Eyrie (Lords of the Forest, 7.2.2) when they are among the tied."""
    counts = [g.warriors[c][s] + sum(1 for o, _ in g.buildings[c] if o == s) for s in range(g.n)]
    best = max(counts)
    tied = [s for s in range(g.n) if counts[s] == best]
    if best == 0:
        return None
    if len(tied) == 1:
        return tied[0]
    eyrie = [s for s in tied if g.factions[s] in ("eyrie", "electric-eyrie")]
    return eyrie[0] if eyrie else None


def check_pieces(g: GameState) -> None:
    b = board_now(g)
    # The engine's memo of who rules (core.ruler) agrees with a fresh count wherever it
    # holds an answer: every change of pieces has forgotten its clearing.
    for c in b.clearings:
        m = g.rule_memo[c] if g.rule_memo else -2
        if m != -2:
            assert (None if m < 0 else m) == law_ruler(g, c), f"stale rule memo in {c}"
    # The engine's index of where each building stands (core.buildings_of) agrees with the
    # map wherever it holds an answer: every placed or removed building has forgotten it.
    # So does its index of where each token lies (core.tokens_of): every placed or removed
    # token has forgotten it.
    indexes = (("building", g.building_memo, g.buildings), ("token", g.token_memo, g.tokens))
    for name, memo, pieces in indexes:
        if memo is None:
            continue
        where: dict[tuple[int, str], list[int]] = {}
        for c in b.clearings:
            for piece in pieces[c]:
                where.setdefault(piece, []).append(c)
        fresh = {piece: tuple(cs) for piece, cs in where.items()}
        known = {piece: fresh.get(piece, ()) for piece in memo}  # (tokens: those asked of)
        assert memo == known, f"stale {name} index {memo} != {known}"
    clearings = set(b.clearings)
    n = g.n
    assert len(g.warriors) == len(g.buildings) == len(g.tokens) == len(b.suit)
    for c in range(len(b.suit)):
        assert len(g.warriors[c]) == n
        assert all(w >= 0 for w in g.warriors[c]), f"negative warriors in {c}: {g.warriors[c]}"
        if c not in clearings:
            assert not any(g.warriors[c]) and not g.buildings[c] and not g.tokens[c], c
    for c in b.clearings:
        # 2.2.3-2.2.4: buildings and ruins never exceed the slots.
        assert len(g.buildings[c]) <= b.slots[c], f"clearing {c}: {g.buildings[c]}"
        # Ruins only where they started (2.2.4, 5.1.4); only a Vagabond removes them.
        ruins = sum(1 for o, k in g.buildings[c] if (o, k) == (-1, "ruin"))
        assert ruins <= (1 if b.starts_with_ruin[c] else 0), f"ruins in {c}: {g.buildings[c]}"
        if "vagabond" not in g.factions and "vagabot" not in g.factions:
            assert ruins == (1 if b.starts_with_ruin[c] else 0), f"ruins in {c}"
        # The map's own pieces come first: the ruin, then the Vagabot Scoundrel's items
        # (Law of Rootbotics 7.7.5), which only the Vagabot places.
        neutral = [k for o, k in g.buildings[c] if o == -1]
        assert neutral == ["ruin"] * ruins + ["item"] * (len(neutral) - ruins), neutral
        assert [o for o, _ in g.buildings[c][: len(neutral)]] == [-1] * len(neutral)
        assert "vagabot" in g.factions or "item" not in neutral
        for o, k in g.buildings[c]:
            if o == -1:
                assert k in ("ruin", "item")
            else:
                assert 0 <= o < n and k in FACTIONS[g.factions[o]].building_kinds, (c, o, k)
        for o, k in g.tokens[c]:
            assert 0 <= o < n and k in FACTIONS[g.factions[o]].token_kinds, (c, o, k)
    for s, name in enumerate(g.factions):
        hook = FACTIONS[name].piece_counts(g, s)
        totals = FACTIONS[name].piece_totals()
        assert name in PIECE_CHECKS, f"no invariant recount for the {name}"
        box, mine = PIECE_CHECKS[name](g, s)
        assert totals == box, f"{name}: piece_totals {totals} != the Law's {box}"
        assert hook == mine, f"{name}: piece_counts {hook} != recount {mine}"
        for kind, (on, off) in mine.items():
            assert on >= 0 and off >= 0, f"{name}: negative {kind}: {on}, {off}"
            # Coffin Makers (Exiles and Partisans) holds warriors out of their supply.
            if kind == "warrior" and g.coffins:
                off += g.coffins[s]
            assert on + off == box[kind], f"{name}: {on} {kind}s on the map + {off} off != {box}"
    if g.coffins:
        assert any(holds(g, s, "coffin-makers") for s in range(n)), "coffins without the card"


def card_places(g: GameState) -> list[int]:
    """Every card id wherever it is (2.1; 3.3; 7.4.2)."""
    ids: list[int] = list(g.deck) + list(g.discard) + list(g.available_dominance)
    ids += list(g.removed_cards)
    ids += list(g.market)  # face down by the Black Market
    for s, seat in enumerate(g.seats):
        ids += seat.hand + seat.persistent
        if seat.dominance is not None:
            ids.append(seat.dominance)
        on_board = CARD_PLACES.get(g.factions[s])
        if on_board is not None:
            ids += on_board(g, s)
    return ids


def check_cards(g: GameState) -> None:
    ids = card_places(g)
    assert len(deck_ids(g.shared_deck)) == 54, "2.1, B: a shared deck has 54 cards"
    assert sorted(ids) == list(deck_ids(g.shared_deck)), _card_diff(g, ids)
    # 5.1.3: with two players the four dominance cards are out of the game.
    if g.n == 2:
        assert sorted(g.removed_cards) == sorted(c.id for c in DECK if c.kind == "dominance")
    for s, seat in enumerate(g.seats):
        for cid in seat.persistent:
            assert DECK[cid].kind == "persistent", DECK[cid]
        names = [DECK[cid].name for cid in seat.persistent]
        assert len(names) == len(set(names)), f"4.1.4: two identical persistent cards: {names}"
        if g.factions[s] == "eyrie":
            fs = g.fs[s]
            assert len(fs.decree) == 4
            viziers = sorted(cid for col in fs.decree for cid in col if cid < 0)
            in_setup = any(f.kind == "setup" for f in g.stack)
            if not (in_setup and fs.leader is None):
                assert viziers == [-2, -1], f"the Loyal Viziers: {fs.decree}"
            if fs.leader is not None:
                where = sorted(
                    COLUMNS[i] for i, col in enumerate(fs.decree) for cid in col if cid < 0
                )
                assert tuple(where) == tuple(sorted(VIZIER_COLUMNS[fs.leader])), (
                    f"7.8: viziers of {fs.leader} in {where}"
                )
                assert fs.leader not in fs.face_up
            else:
                # Only between setup and the choice of a leader, or after a deposition.
                assert any(f.kind in ("eyrie_leader", "setup") for f in g.stack), g.stack
            assert len(set(fs.face_up)) == len(fs.face_up)
            assert set(fs.face_up) <= set(VIZIER_COLUMNS)


def _card_diff(g: GameState, ids: list[int]) -> str:
    dup = sorted({c for c in ids if ids.count(c) > 1})
    missing = sorted(set(deck_ids(g.shared_deck)) - set(ids))
    extra = sorted(set(ids) - set(deck_ids(g.shared_deck)))
    return f"duplicated {dup}, missing {missing}, unknown {extra}"


def check_items(g: GameState) -> None:
    assert ITEM_SUPPLY == LAW_ITEM_SUPPLY
    if "vagabond" in g.factions:
        # His items (ruins, starting items, Aid's taking) join the count (9.3.4-9.3.5).
        check_vagabond(g)
        return
    if "vagabot" in g.factions:
        check_vagabot(g)
        return
    crafted: dict[str, int] = {}
    for seat in g.seats:
        for it in seat.items:
            crafted[it] = crafted.get(it, 0) + 1
    assert set(crafted) <= set(LAW_ITEM_SUPPLY), crafted
    for it, n in LAW_ITEM_SUPPLY.items():
        left = g.items.get(it, 0) + g.forge.get(it, 0)  # the Legendary Forge's card
        assert left >= 0, f"negative {it} supply"
        assert left + crafted.get(it, 0) == n, f"{it}: {left} in supply + {crafted} != {n}"


def check_vp(g: GameState) -> None:
    for s, seat in enumerate(g.seats):
        logged = sum(n for who, n, _ in g.vp_log if who == s)
        assert seat.vp == logged, f"seat {s}: vp {seat.vp} but the log sums to {logged}"
    for who, n, reason in g.vp_log:
        assert 0 <= who < g.n and n != 0 and reason, (who, n, reason)
        if reason.startswith("removed "):
            assert n == 1, "3.2.1: one VP per enemy building or token removed"
        elif reason == "humiliate":
            assert n <= -2, "7.7.1: the two Loyal Viziers alone cost 2 VP"
        elif reason == "roosts":
            vps = BOT_ROOST_VP if g.factions[who] == "electric-eyrie" else ROOST_VP
            assert n in vps[1:], (n, reason)
        elif reason.startswith("crafted ") and FACTIONS[g.factions[who]].is_bot:
            assert n == 1, "Law of Rootbotics 1.1: a bot's item scores one VP"
        elif reason in ("nightmare", "card given", "ferry", "outrage", "aided", "scoundrel",
                        "arbiter"):
            assert n == 1, (n, reason)
        elif reason.endswith(" track"):
            # Law of Rootbotics 4.6.1: a Buildings track's space (0 VP is not scored).
            assert g.factions[who] == "mechanical-marquise" and n in BOT_TRACK_VP[1:], (n, reason)
        elif reason == "overwhelming":
            assert 1 <= n <= 4, (n, reason)
        elif reason == "cannot spread":
            assert n == 5, "Law of Rootbotics 6.5.1.II: five VP for a token it cannot place"
        elif reason == "quest" and g.factions[who] == "vagabot":
            # Law of Rootbotics 7.5.2: one VP (Questing: two).
            assert n == (2 if "questing" in g.fs[who].traits else 1), (n, reason)
        elif reason in ("aid", "warriors removed"):
            assert g.factions[who] == "vagabot" and n >= 1, (n, reason)
        elif reason == "war tax":
            assert n == -1, (n, reason)
        elif reason.startswith("built "):
            assert n in MARQUISE_BUILD_VP[reason[6:]][1:], (n, reason)
        elif reason in (
            "despot", "brutal tactics", "stand and deliver", "opened path", "pass",
            "charm offensive", "tower", "legendary forge", "elder treetop",
        ):
            assert n == 1, (n, reason)
        elif reason == "sympathy":
            assert n in SYMPATHY_VP[1:], (n, reason)
    # 6.5.4.III: each building on the map beyond the first of its kind was scored when built,
    # once its wood was paid (6.5.4.II): one whose payment is still being chosen is not yet.
    for s, name in enumerate(g.factions):
        if name != "marquise" or g.seats[s].dominance is not None:
            continue
        for kind, vps in MARQUISE_BUILD_VP.items():
            paying = sum(
                1 for f in g.stack if f.kind == "cat_pay_wood" and f.data.get("kind") == kind
            )
            placed = MARQUISE_BOX[kind] - g.fs[s].track[kind] - paying
            logged = Counter(n for who, n, r in g.vp_log if who == s and r == "built " + kind)
            needed = Counter(vps[1:placed])
            assert not needed - logged, f"{kind}: {placed} placed, VP logged {logged}"
    # 3.1: anyone at 30 VP (without dominance) has won; within a simultaneous step (a
    # battle's hits waiting on a decision such as Outrage) the check comes at its end (3.1.1).
    simultaneous = any("simultaneous" in f.data for f in g.stack)
    if g.cooperative:
        # Law of Rootbotics 3.5.1: the bots win together when any bot has 30 VP, the humans
        # together when each human has 30.
        bots = [k for k in range(g.n) if FACTIONS[g.factions[k]].is_bot]
        humans = [k for k in range(g.n) if k not in bots]
        vp = [p.vp for p in g.seats]
        if not simultaneous and (
            any(vp[k] >= WIN_VP for k in bots) or all(vp[k] >= WIN_VP for k in humans)
        ):
            assert g.winners, "a side reached its goal but the game goes on"
        if g.winners:
            assert sorted(g.winners) in (bots, humans), g.winners
            side = bots if sorted(g.winners) == bots else humans
            assert (max if side == bots else min)(vp[k] for k in side) >= WIN_VP, vp
        return
    if any(s.vp >= WIN_VP and s.dominance is None for s in g.seats) and not simultaneous:
        assert g.winners, "a player reached 30 VP but the game goes on"
    if g.winners:
        # 9.2.8: a coalition wins together.
        partner = g.seats[g.winners[0]].coalition
        assert g.winners == [g.winners[0]] + ([] if partner is None else [partner]), g.winners
        if g.win_reason == "vp":
            assert g.seats[g.winners[0]].vp >= WIN_VP
        else:
            assert g.win_reason == "dominance" and g.n > 2


def check_decision(game: Game, acts: list[Action]) -> None:
    g = game.state
    if game.is_over:
        assert acts == [] and game.legal_tokens() == []
        assert game.current_seat is None and game.phase == "over"
        return
    # Forced steps are automatic, except a window that depends on a hidden hand ("ask"),
    # which is asked whenever its player holds a card so that it reveals nothing (1.2.1).
    top = g.stack[-1]
    if len(acts) < 2:
        assert acts and asked(g, top), (
            f"a pending {top.kind} decision offers {acts}"
        )
    assert len(set(acts)) == len(acts), f"duplicate legal actions in {acts}"
    seat = game.current_seat
    assert seat is not None and 0 <= seat < g.n
    assert not FACTIONS[g.factions[seat]].is_bot, f"a bot is asked {g.stack[-1].kind}"
    for s, name in enumerate(g.factions):
        # Law of Rootbotics 2.8.1: a bot never holds a card.
        assert not FACTIONS[name].is_bot or g.seats[s].hand == [], f"{name} holds cards"
    assert g.stack[-1].kind in DECISIONS and g.stack[-1].seat == seat
    assert game.decision == g.stack[-1].kind
    assert game.phase in ("setup", "birdsong", "daylight", "evening")
    assert g.turn_seat == (g.first_seat + g.turn_number) % g.n
    for a in acts:
        assert parse(token(a)) == a, a
    assert g.decisions == len(game.history)


OFF_TURN_DECISIONS = (
    "ambush",
    "battle_effects",
    "take_hits",
    "field_hospital",
    "outrage",
    "ally_discard_supporters",
    "vb_damage",
    "enlist",  # a defender enlisting the Vagabot's Arbiter (Law of Rootbotics 7.7.6)
)
"""Decisions a player may face in another player's turn: as defender in a battle (4.3.1,
4.3.4, 4.3.6), Field Hospitals (6.2.3), Outrage as the defender who removed sympathy (8.2.6),
the Alliance's supporters after losing its last base (8.2.4), and the Vagabond's items
damaged by hits or a full removal (9.2.7, 9.2.2.I)."""


def _matches(card_id: int, suit: str) -> bool:
    """2.1.1: a card can be spent as ``suit`` (birds are wild)."""
    return DECK[card_id].suit in (suit, "bird")


def _fits(card_id: int, b: Board, c: int) -> bool:
    """2.1.1: a card can be spent for clearing ``c`` (any card in the Lost City)."""
    return c == b.lost_city or _matches(card_id, b.suit[c])


def _pawn_at(g: GameState, s: int, c: int) -> bool:
    """9.2.2 (Law of Rootbotics 7.2.1): the Vagabond's (the Vagabot's) pawn is a piece of his
    in its clearing."""
    return g.factions[s] in ("vagabond", "vagabot") and g.fs[s].pawn == c


def _has_pieces(g: GameState, s: int, c: int) -> bool:
    return bool(
        g.warriors[c][s]
        or any(o == s for o, _ in g.buildings[c])
        or any(o == s for o, _ in g.tokens[c])
        or _pawn_at(g, s, c)
    )


def _card_path(g: GameState, b: Board, s: int, o: int, d: int) -> bool:
    """Boat Builders (rivers are paths) and Tunnels (clearings with your crafting pieces are
    adjacent), recounted for the Marquise's workshops, the Eyrie's roosts and the Alliance's
    sympathy."""
    if holds(g, s, "boat-builders") and (min(o, d), max(o, d)) in b.rivers:
        return True
    piece = {"marquise": "workshop", "eyrie": "roost", "alliance": "sympathy"}.get(g.factions[s])
    at = {c for c in b.clearings for x, k in g.buildings[c] + g.tokens[c] if (x, k) == (s, piece)}
    return holds(g, s, "tunnels") and o in at and d in at


def _keep_at(g: GameState, c: int) -> bool:
    return any(k == "keep" for _, k in g.tokens[c])


def check_sound(game: Game, acts: list[Action]) -> None:
    """Each legal action obeys the Law, recounted here from the state (not the engine's
    helpers): the rule requirement of moves, who can battle, where one can build, which card
    can pay for what."""
    g = game.state
    if game.is_over:
        return
    seat = game.current_seat
    assert seat is not None
    b = board_now(g)
    kind = g.stack[-1].kind
    if g.stack[-1].seat != g.turn_seat and not any(f.kind == "setup" for f in g.stack):
        assert kind in OFF_TURN_DECISIONS, f"seat {seat} decides {kind!r} in another's turn"
    hand = g.seats[seat].hand
    for a in acts:
        w = a[0]
        if w in ("march", "move") and kind in ("cat_actions", "move", "decree", "ally_ops"):
            o, d = (int(a[2]), int(a[3])) if kind == "decree" else (int(a[1]), int(a[2]))
            if kind == "decree" and a[1] != "bird":
                assert _of_suit(b, o, a[1]), f"{token(a)}: origin does not match the card"
            assert (
                b.is_adjacent(o, d) or _ferry_move(g, b, o, d) or _card_path(g, b, seat, o, d)
            ), token(a)
            assert g.warriors[o][seat] > 0, token(a)
            assert seat in (my_ruler(g, o), my_ruler(g, d)) or holds(
                g, seat, "corvid-planners"
            ), f"4.2.1: {token(a)}"
        elif w == "propaganda":
            cid, c, e = int(a[1]), int(a[2]), int(a[3])
            assert cid in hand and _fits(cid, b, c) and g.warriors[c][e] > 0, token(a)
            assert holds(g, seat, "propaganda-bureau") and e != seat, token(a)
            # Glossary "Replace" (ruling 179): a warrior to place, and a clearing to place it
            # in (not another player's keep, 6.2.2).
            assert g.fs[seat].warriors > 0, f"{token(a)}: no warrior to place"
            assert not any(k == "keep" and o != seat for o, k in g.tokens[c]), token(a)
        elif w == "false-orders":
            e, o, d = int(a[1]), int(a[2]), int(a[3])
            assert holds(g, seat, "false-orders") and g.warriors[o][e] > 0, token(a)
            assert b.is_adjacent(o, d) or _card_path(g, b, e, o, d), token(a)
        elif w == "battle":
            c, d = (int(a[2]), int(a[3])) if kind == "decree" else (int(a[1]), int(a[2]))
            if kind == "decree" and a[1] != "bird":
                assert _of_suit(b, c, a[1]), f"{token(a)}: clearing does not match the card"
            assert g.warriors[c][seat] > 0 or _pawn_at(g, seat, c), token(a)
            # G.1.8, 9.2.8: an enemy, never a coalition partner.
            assert d not in (seat, g.seats[seat].coalition) and _has_pieces(g, d, c), token(a)
        elif w == "build":
            c = int(a[2])
            assert my_ruler(g, c) == seat, f"{token(a)}: not ruled"
            assert len(g.buildings[c]) < b.slots[c], f"{token(a)}: no open slot"
            if g.factions[seat] == "eyrie":
                assert a[1] == "bird" or _of_suit(b, c, a[1]), token(a)
                assert (seat, "roost") not in g.buildings[c] and not _keep_at(g, c), token(a)
                assert g.fs[seat].roosts > 0
            else:
                assert g.fs[seat].track[str(a[1])] > 0, token(a)
        elif w == "recruit" and kind == "decree":
            c = int(a[2])
            assert (seat, "roost") in g.buildings[c] and g.fs[seat].warriors > 0, token(a)
            assert a[1] == "bird" or _of_suit(b, c, a[1]), token(a)
        elif w == "craft":
            card = DECK[int(a[1])]
            assert int(a[1]) in hand and card.kind not in ("ambush", "dominance"), token(a)
            assert card.item is None or g.items[card.item] > 0, f"4.1.2: {token(a)}"
        elif w == "forge":
            # The Legendary Forge: its item, and a piece of the crafter's at the Forge.
            card = DECK[int(a[1])]
            assert int(a[1]) in hand and card.item and g.forge.get(card.item), token(a)
            assert _has_pieces(g, seat, g.landmarks["forge"]), token(a)
        elif w == "black-market":
            # Once in a turn, a piece at the Black Market, a card of the hand.
            assert int(a[2]) in hand and _has_pieces(g, seat, g.landmarks["black-market"])
            assert "black-market" not in g.turn.get("used", ()), token(a)
        elif w in ("decree", "bird", "discard", "ambush", "hospital"):
            assert int(a[1]) in hand, f"{token(a)}: not in hand {hand}"
            if w == "bird":
                assert DECK[int(a[1])].suit == "bird"
            if w == "discard" and kind == "aa_outrage":
                # Law of Rootbotics 6.2.3: a card matching the clearing (birds are wild).
                assert _fits(int(a[1]), b, g.stack[-1].data["c"]), token(a)
            elif w == "discard":
                assert len(hand) > 5, "2.1: discard only down to five"
            if w == "ambush":
                assert DECK[int(a[1])].kind == "ambush"
                assert _fits(int(a[1]), b, g.stack[-1].data["c"]), token(a)
            if w == "hospital":
                assert _fits(int(a[1]), b, g.stack[-1].data["c"]), token(a)
        elif w == "overwork":
            c, cid = int(a[1]), int(a[2])
            assert cid in hand and _fits(cid, b, c) and g.fs[seat].wood > 0, token(a)
            assert (seat, "sawmill") in g.buildings[c], token(a)
        elif w == "turmoil":
            # 7.5.2: turmoil is offered only for a pending card that cannot be carried out.
            assert not any(
                x[0] in COLUMNS and x[1] == a[1] for x in acts
            ), f"turmoil offered for {a[1]} while {acts} carry it out"


def check_all(game: Game) -> None:
    g = game.state
    check_pieces(g)
    check_cards(g)
    check_items(g)
    check_vp(g)
    check_map(g)
    acts = game.legal_actions()
    check_decision(game, acts)
    check_sound(game, acts)


def check_map(g: GameState) -> None:
    """Appendix M and A: the suit markers (four of each), closed paths only among the map's
    own and each opening scored once (M.4.3), the Ferry in a coastal clearing (M.3.5)."""
    b = board_now(g)
    printed = load_board(g.map)
    if not printed.printed_suits:
        assert sorted(g.suits) == sorted("FFFFMMMMRRRR"), g.suits
    assert set(g.closed) <= set(printed.closed_at_start)
    opened = sum(1 for _, n, r in g.vp_log if r == "opened path")
    assert opened <= len(printed.closed_at_start) - len(g.closed)
    if "ferry" in g.landmarks:
        assert g.ferry == g.landmarks["ferry"], "the Ferry landmark moves with its piece"
    elif printed.ferry_start:
        assert g.ferry in b.coastal
    else:
        assert g.ferry == 0
    if "tower" not in g.landmarks:
        assert not any(r == "tower" for _, _, r in g.vp_log)
    if not printed.tower:
        assert not any(r == "pass" for _, _, r in g.vp_log)
    for a, c in g.closed:
        assert not b.is_adjacent(a, c)
