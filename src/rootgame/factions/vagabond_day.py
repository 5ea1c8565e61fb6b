"""9.5 The Vagabond's Daylight: exhaust items to take actions in any order and number.

Move (9.5.1), Battle (9.5.2), Explore (9.5.3), Aid (9.5.4), Quest (9.5.5), Strike (9.5.6),
Repair (9.5.7), Craft (9.5.8), and the character's special action (9.5.9; Appendix V: Steal,
Day Labor, Hideout). The card actions of Daylight (Codebreakers, taking or activating a
dominance card, which for him forms a coalition, 9.2.8) are offered alongside.
"""

from __future__ import annotations

from ..actions import CARD, CLEARING, DOMINANCE_CARD, PIECE, QUEST, SEAT, Action
from ..board import Board
from ..cards import DECK, ITEMS
from ..flow import applies, decision, explains, pop
from ..rules import chance, crafting
from ..rules.battle import battle_targets, remove_kind, start_battle
from ..rules.core import (
    board,
    buildings_changed,
    can_take_card_from,
    card_suit,
    draw,
    fac,
    give_card,
    has_pieces,
    is_enemy,
    matching_cards,
    remove_warriors,
    score,
    take_random_card,
)
from ..rules.effects import (
    DAYLIGHT_CARD_ACTIONS,
    apply_daylight_card_action,
    daylight_card_actions,
)
from ..rules.turn import end_daylight
from ..state import Frame, GameState
from .vagabond import (
    HIDEOUT_REPAIRS,
    QUESTS,
    SIDES,
    SPECIALS,
    VagabondState,
    aid_relationship,
    allies,
    clearing_neighbours,
    clearing_of,
    do_repair,
    exhaust,
    gain,
    hostile_warriors_in,
    move_pawn,
    push_repairs,
    ready,
    ready_kinds,
    repair_options,
    st,
)

ACTION_KINDS = (
    "move", "battle", "explore", "aid", "quest", "strike", "repair", "craft", "forge",
    "steal", "day-labor", "hideout",
)
FOREST_KINDS = ("move", "repair", "hideout")
"""The actions he may take in a forest (9.5.1 Move, 9.5.7 Repair, Appendix V Hideout)."""


def _others_with_pieces(g: GameState, seat: int, c: int) -> list[int]:
    return [s for s in range(g.n) if s != seat and has_pieces(g, s, c)]


def move_cost(g: GameState, seat: int, dest: int) -> int:
    """9.5.1: one boot, plus one into a clearing with Hostile warriors (9.2.9.3.2)."""
    return 1 + (1 if hostile_warriors_in(g, seat, dest) else 0)


def moves(g: GameState, seat: int) -> list[Action]:
    """9.5.1: moves he can pay for with face-up boots."""
    fs: VagabondState = g.fs[seat]
    boots = ready(fs, "boot")
    if not boots:
        return []
    # Two boots pay for any move (move_cost is one or two).
    return [
        ("move", d)
        for d in clearing_neighbours(g, seat, fs.pawn)
        if boots >= 2 or boots >= move_cost(g, seat, d)
    ]


def do_pawn_move(g: GameState, seat: int, d: int) -> None:
    exhaust(g, seat, "boot", move_cost(g, seat, d))
    move_pawn(g, seat, d)


@decision("vb_card_move", "Cobbler: take a move?", takes=(("move", CLEARING), ("pass",)))
def _card_move_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [*moves(g, f.seat), ("pass",)]


@applies("vb_card_move")
def _card_move_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "move":
        assert f.seat is not None
        do_pawn_move(g, f.seat, int(a[1]))


def day_actions(g: GameState, seat: int) -> list[Action]:
    """Every Daylight action the Vagabond can take now."""
    fs: VagabondState = g.fs[seat]
    b = board(g)
    c = clearing_of(fs)
    out: list[Action] = moves(g, seat)
    if c:
        out.extend(_clearing_actions(g, seat, fs, b, c))
    else:
        out.extend(_forest_actions(fs))
    out.extend(daylight_card_actions(g, seat))
    out.append(("end",))
    return out


def _clearing_actions(
    g: GameState, seat: int, fs: VagabondState, b: Board, c: int
) -> list[Action]:
    out: list[Action] = []
    others = _others_with_pieces(g, seat, c)
    if ready(fs, "sword"):
        for _, d in battle_targets(g, seat, (c,)):
            out.append(("battle", c, d))
            out.extend(
                ("battle", c, d, a) for a in allies(g, seat) if a != d and g.warriors[c][a]
            )
    torch = ready(fs, "torch")
    if torch and fs.ruins.get(c):
        out.append(("explore",))
    if others and ready_kinds(fs):
        matching = sorted(set(matching_cards(g, seat, b.card_suit_at(c))))
        for s in others:
            out.extend(("aid", s, cid) for cid in matching)
    for q in fs.quests:
        name, suit, (i1, i2) = QUESTS[q]
        if b.matches(suit, c) and ready(fs, i1) >= (2 if i1 == i2 else 1) and ready(fs, i2):
            out.append(("quest", q))
    if ready(fs, "crossbow"):
        for s in others:
            if not is_enemy(g, seat, s):
                continue
            if g.warriors[c][s]:
                out.append(("strike", s))
            else:
                kinds = {k for o, k in g.buildings[c] + g.tokens[c] if o == s}
                out.extend(("strike", s, k) for k in sorted(kinds))
    out.extend(_repairs(fs))
    out.extend(crafting.craft_options(g, seat))
    if torch:
        special = SPECIALS[fs.character]
        if special == "steal":
            out.extend(("steal", s) for s in others if can_take_card_from(g, s))
        elif special == "day-labor":
            out.extend(
                ("day-labor", cid)
                for cid in sorted(set(g.discard))
                if b.matches(card_suit(cid), c)
            )
        elif special == "hideout":
            out.append(("hideout",))
    return out


def _repairs(fs: VagabondState) -> list[Action]:
    """9.5.7 Repair: a face-up hammer for each damaged item, wherever he stands."""
    if not ready(fs, "hammer"):
        return []
    return [("repair", *r[1:]) for r in repair_options(fs)]


def _forest_actions(fs: VagabondState) -> list[Action]:
    """His actions in a forest besides Move: those that name no clearing. 9.5 restricts only
    Move there (9.5.1, 9.2.10); Repair (9.5.7) and the Ranger's Hideout (Appendix V) need no
    clearing, while Battle, Explore, Aid, Quest, Strike, Craft, Steal and Day Labor act in or
    match his clearing."""
    out = _repairs(fs)
    if ready(fs, "torch") and SPECIALS[fs.character] == "hideout":
        out.append(("hideout",))
    return out


@decision(
    "vb_actions",
    "Take an action (move, battle, explore, aid, quest, strike, ...)",
    takes=(
        ("move", CLEARING),
        ("battle", CLEARING, SEAT),
        ("battle", CLEARING, SEAT, SEAT),
        ("explore",),
        ("aid", SEAT, CARD),
        ("quest", QUEST),
        ("strike", SEAT),
        ("strike", SEAT, PIECE),
        ("repair", ITEMS, SIDES),
        *crafting.CRAFT_ACTIONS,
        ("steal", SEAT),
        ("day-labor", CARD),
        ("hideout",),
        *DAYLIGHT_CARD_ACTIONS,
        ("coalition", DOMINANCE_CARD, SEAT),
        ("end",),
    ),
)
def _actions_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return day_actions(g, f.seat)


@applies("vb_actions")
def _actions_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    fs: VagabondState = g.fs[seat]
    c = clearing_of(fs)
    kind = a[0]
    if kind == "end":
        pop(g, f)
    elif kind == "move":
        do_pawn_move(g, seat, int(a[1]))
    elif kind == "battle":
        exhaust(g, seat, "sword")
        start_battle(g, seat, c, int(a[2]), int(a[3]) if len(a) > 3 else -1)
    elif kind == "explore":
        explore(g, seat, c)
    elif kind == "aid":
        aid(g, seat, int(a[1]), int(a[2]))
    elif kind == "quest":
        quest(g, seat, int(a[1]))
    elif kind == "strike":
        strike(g, seat, c, int(a[1]), str(a[2]) if len(a) > 2 else None)
    elif kind == "repair":
        exhaust(g, seat, "hammer")
        do_repair(g, seat, str(a[1]), str(a[2]))
    elif kind in crafting.CRAFT_WORDS:
        crafting.do_craft(g, seat, a)
    elif kind == "steal":
        exhaust(g, seat, "torch")
        steal(g, seat, int(a[1]))
    elif kind == "day-labor":
        # Appendix V, Tinker: a card matching his clearing from the discard pile.
        exhaust(g, seat, "torch")
        cid = int(a[1])
        g.discard.remove(cid)
        g.seats[seat].hand.append(cid)
        chance.emit(g, {"kind": "day-labor", "seat": seat, "card": cid})
    elif kind == "hideout":
        # Appendix V, Ranger: repair three items, then Daylight ends at once.
        exhaust(g, seat, "torch")
        pop(g, f)
        end_daylight(g)
        push_repairs(g, seat, HIDEOUT_REPAIRS)
    else:
        apply_daylight_card_action(g, seat, a)


@explains("vb_actions")
def _actions_explain(g: GameState, f: Frame, a: Action) -> str | None:
    assert f.seat is not None
    fs: VagabondState = g.fs[f.seat]
    kind = a[0]
    need = {
        "move": "boot", "battle": "sword", "explore": "torch", "strike": "crossbow",
        "repair": "hammer", "steal": "torch", "day-labor": "torch", "hideout": "torch",
    }
    if kind in need and not ready(fs, need[kind]):
        return f"you have no face-up undamaged {need[kind]} to exhaust (9.5)"
    if kind in ACTION_KINDS and kind not in FOREST_KINDS and not clearing_of(fs):
        return "you are in a forest: this action needs a clearing (9.5)"
    if kind == "move" and len(a) > 1 and isinstance(a[1], int):
        if a[1] not in clearing_neighbours(g, f.seat, fs.pawn):
            return (
                f"clearing {a[1]} is not adjacent to you (the Ferry takes you only from its own "
                "clearing, once a turn); Move never enters a forest (9.5.1, M.3.5)"
            )
        return "moving into a clearing with Hostile warriors costs an extra boot (9.2.9.3.2)"
    if kind == "explore":
        return "there is no ruin with an item in your clearing (9.5.3)"
    if kind in ("hideout", "steal", "day-labor") and SPECIALS[fs.character] != kind:
        return "that is not your character's special action (9.5.9)"
    return None


# --- The actions -----------------------------------------------------------------------------


def explore(g: GameState, seat: int, c: int) -> None:
    """9.5.3: take the item beneath the ruin, score 1 VP; an empty ruin is removed."""
    fs: VagabondState = g.fs[seat]
    exhaust(g, seat, "torch")
    item = fs.ruins[c].pop()
    gain(fs, item)
    emptied = not fs.ruins[c]
    chance.emit(g, {"kind": "explore", "seat": seat, "c": c, "item": item, "emptied": emptied})
    if emptied:
        del fs.ruins[c]
        g.take_building(c, g.buildings[c].index((-1, "ruin")))
        buildings_changed(g, c)
    score(g, seat, 1, "explored")


def aid(g: GameState, seat: int, target: int, cid: int) -> None:
    """9.5.4: exhaust any one item, give a matching card, then maybe take a crafted item."""
    g.stack.append(Frame("vb_aid_take", seat, {"target": target}))
    g.stack.append(Frame("vb_exhaust", seat, {}))
    chance.emit(g, {"kind": "give", "seat": seat, "to": target, "card": cid})
    give_card(g, seat, target, cid)
    aid_relationship(g, seat, target)


@decision("vb_exhaust", "Aid: choose an item to exhaust", takes=(("exhaust", ITEMS),))
def _exhaust_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("exhaust", i) for i in ready_kinds(st(g, f.seat))]


@applies("vb_exhaust")
def _exhaust_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    pop(g, f)
    exhaust(g, f.seat, str(a[1]))


@decision(
    "vb_aid_take",
    "Aid: take an item from their Crafted Items box?",
    takes=(("take", ITEMS), ("pass",)),
)
def _take_legal(g: GameState, f: Frame) -> list[Action]:
    items = g.seats[f.data["target"]].items
    out: list[Action] = [("take", i) for i in sorted(set(items))]
    out.append(("pass",))
    return out


@applies("vb_aid_take")
def _take_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    pop(g, f)
    if a[0] == "take":
        item = str(a[1])
        g.seats[f.data["target"]].items.remove(item)
        gain(st(g, f.seat), item)
        chance.emit(g, {"kind": "take-item", "seat": f.seat, "from": f.data["target"],
                        "item": item})


def quest(g: GameState, seat: int, q: int) -> None:
    """9.5.5: exhaust the quest's two items; it is completed; then the reward (1 VP per
    completed quest of its suit, or two cards); finally a new quest is drawn."""
    fs: VagabondState = g.fs[seat]
    _, suit, (i1, i2) = QUESTS[q]
    exhaust(g, seat, i1)
    exhaust(g, seat, i2)
    fs.quests.remove(q)
    fs.done.append(q)
    g.stack.append(Frame("vb_quest_reward", seat, {"suit": suit, "done": q}))


def draw_quest(g: GameState, seat: int, q: int) -> None:
    """9.5.5, last: a new quest from the quest deck, face up, in place of quest ``q``."""
    fs: VagabondState = g.fs[seat]
    if fs.quest_deck:
        new = fs.quest_deck.pop()
        fs.quests.append(new)
        g.reveals += 1
        chance.emit(g, {"kind": "quest", "seat": seat, "done": q, "new": new})
    else:
        chance.emit(g, {"kind": "quest", "seat": seat, "done": q, "new": None})


@decision(
    "vb_quest_reward",
    "Quest reward: score VP or draw two cards",
    takes=(("reward", ("vp", "draw")),),
)
def _reward_legal(g: GameState, f: Frame) -> list[Action]:
    return [("reward", "vp"), ("reward", "draw")]


@applies("vb_quest_reward")
def _reward_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    pop(g, f)
    fs: VagabondState = g.fs[f.seat]
    if a[1] == "vp":
        n = sum(1 for q in fs.done if QUESTS[q][1] == f.data["suit"])
        score(g, f.seat, n, "quest")
    else:
        draw(g, f.seat, 2)
    draw_quest(g, f.seat, int(f.data["done"]))


def strike(g: GameState, seat: int, c: int, target: int, kind: str | None) -> None:
    """9.5.6: remove an enemy warrior; with none of that enemy's warriors there, one of its
    other pieces instead (scoring 1 VP, 3.2.1). Not a battle: no Infamy (FAQ)."""
    exhaust(g, seat, "crossbow")
    if kind is None:
        remove_warriors(g, target, c, 1, seat)
        fac(g, seat).removed_warriors_of(g, seat, target, 1)
        fac(g, target).warriors_removed(g, target, c, 1)
        return
    remove_kind(g, target, c, kind, seat)


def steal(g: GameState, seat: int, victim: int) -> None:
    """Appendix V, Thief: take a random card from a player with pieces in his clearing."""
    take_random_card(g, seat, victim, "steal")


def card_name(cid: int) -> str:
    return DECK[cid].name
