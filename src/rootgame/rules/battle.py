"""4.3 Battle, as a driver frame that walks the Law's steps (numbered as in the current
printing, p16):

1. 4.3.1 the defender may ambush; the attacker may foil it with an ambush of its own;
2. 4.3.2 effects "before rolling" (the attacker's faction's hook, ``before_roll``);
3. 4.3.3 roll the dice: the attacker deals the higher, the defender the lower, each capped by
   its warriors in the clearing (4.3.3.I);
4. 4.3.4 effects after the roll: optional cards (the attacker orders them when both sides
   have one); 4.3.5 count the hits: extra hits (not capped, 4.3.5.I), defenseless defender +1
   (4.3.5.II), ignored hits (Armorers, 4.3.5.III);
5. 4.3.6 deal hits: the side hit loses all its warriors there before any building or token,
   and chooses among those; 1 VP per enemy building or token removed (3.2.1), scored as it
   goes (the Despot's extra point with the first, 7.8.4). Both sides' hits are one
   simultaneous step: the 30-VP check comes when it is complete, with the tie rule (3.1.1).

Effects that removals trigger (Field Hospitals) come after all removals of a step (1.5.4).

Two Law of Rootbotics rules let a third player into a battle, each written once here: before
the dice the defender may enlist a player who offers (``Faction.enlistable``: the Vagabot's
Arbiter, 7.7.6; a bot defender decides by that player's rule, ``Faction.enlisted_by_bot``), and
a battle may be started by a player who then chooses the pieces both sides lose (``chooser``:
the Vagabot's Vagrant, 7.7.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ..actions import (
    CARD,
    PIECE,
    SEAT,
    Action,
)
from ..cards import DECK
from ..flow import applies, decision, pop, steps_driver
from ..state import Frame, GameState
from .chance import emit
from .core import (
    board,
    discard,
    discard_from_hand,
    end_simultaneous_step,
    enemies,
    fac,
    has_persistent,
    matching_cards,
    order_simultaneous,
    owner_bits,
    pawn_clearings,
    remove_building,
    remove_token,
    remove_warriors,
    roll_dice,
    score,
    seat_factions,
)

AMBUSH_HITS: Final = 2


def battle_targets(g: GameState, seat: int, clearings: Iterable[int]) -> list[tuple[int, int]]:
    """Every (clearing, defender) where ``seat`` can start a battle: it has warriors or its
    pawn there and the defender, an enemy (9.2.8) it does not spare (a bot in fully
    cooperative play, LR 3.5.1: ``Faction.spares``), has any piece there (4.3)."""
    out: list[tuple[int, int]] = []
    f = fac(g, seat)
    pawns = pawn_clearings(g)
    pawn = pawns[seat]
    foes = enemies(g, seat)
    if f.is_bot:  # only a bot spares an enemy (Faction.spares)
        foes = [d for d in foes if not f.spares(g, seat, d)]
    warriors, buildings, tokens = g.warriors, g.buildings, g.tokens
    for c in clearings:
        here = warriors[c]
        if not here[seat] and c != pawn:
            continue
        # The defender has any piece there (has_pieces, the pawns and owners found once).
        owners = owner_bits(g, c) if buildings[c] or tokens[c] else 0
        for d in foes:
            if here[d] or pawns[d] == c or owners >> d & 1:
                out.append((c, d))
    return out


def _other_pieces(g: GameState, s: int, c: int) -> int:
    return sum(1 for o, _ in g.buildings[c] if o == s) + sum(1 for o, _ in g.tokens[c] if o == s)


def start_battle(
    g: GameState, attacker: int, c: int, defender: int, ally: int = -1, chooser: int = -1
) -> None:
    """Push a battle in ``c``; it runs when the engine next advances. ``ally``: the seat whose
    warriors the attacking Vagabond treats as his own (9.2.9.2.3), or -1. ``chooser``: the
    player who started the battle between two others and chooses the buildings and tokens
    both sides lose (the Vagrant, Law of Rootbotics 7.7.4), or -1."""
    if g.log is not None:
        event: dict[str, object] = {
            "kind": "battle", "seat": attacker, "defender": defender, "clearing": c
        }
        if ally >= 0:
            event["ally"] = ally
        if chooser >= 0:
            event["chooser"] = chooser
        emit(g, event)
    data: dict[str, Any] = {
        "a": attacker,
        "d": defender,
        "c": c,
        "step": "ambush",
        "firsts": (),
        "rolled_a": 0,
        "rolled_d": 0,
        "extra_a": 0,
        "extra_d": 0,
        "armor_a": False,
        "armor_d": False,
        "removed": (),
        "ally": ally,
        "lost_a": 0,
        "lost_d": 0,
    }
    if chooser >= 0:
        data["chooser"] = chooser
    g.stack.append(Frame("battle", None, data))


def current_battle(g: GameState) -> Frame:
    """The battle being resolved (the innermost battle frame)."""
    for f in reversed(g.stack):
        if f.kind == "battle":
            return f
    raise AssertionError("no battle in progress")


def ambush_cards(g: GameState, seat: int, c: int) -> list[int]:
    """Ambush cards in hand that match clearing ``c`` (a bird ambush matches any, 2.1.1; in the
    Lost City every ambush card matches, so attacker and defender may use different suits)."""
    cards = matching_cards(g, seat, board(g).card_suit_at(c))
    return [x for x in cards if DECK[x].kind == "ambush"]


def deal_hits(g: GameState, bf: Frame, target: int, n: int, by: int) -> None:
    """4.3.6: ``target`` takes ``n`` hits in the battle's clearing: warriors first, then the
    buildings and tokens it chooses. Enemies score removed buildings and tokens (3.2.1)."""
    c = bf.data["c"]
    f = fac(g, target)
    if f.takes_hits_itself:
        f.take_battle_hits(g, bf, target, n, by)
        return
    k = remove_warriors(g, target, c, n, by)
    if k:
        bf.data["removed"] = bf.data["removed"] + ((target, k),)
        bf.data["lost_a" if target == bf.data["a"] else "lost_d"] += k
    take_other_hits(g, target, c, n - k, by)


def take_other_hits(g: GameState, target: int, c: int, hits: int, by: int | None) -> None:
    """Hits left after the warriors are gone: remove buildings/tokens, asking ``target`` which
    when it has a real choice (or the battle's ``chooser``, who chooses for both sides)."""
    if hits <= 0:
        return
    chooser = current_battle(g).data.get("chooser", target)
    if fac(g, target).is_bot or fac(g, chooser).is_bot:
        # Law of Rootbotics 1.2.1: a bot's tokens go first, then buildings chosen at random.
        from ..factions.clockwork import lose_pieces  # (it builds on these rules)

        lose_pieces(g, target, c, hits, by, _remove_kind)
        return
    kinds = _kinds(g, target, c)
    total = _other_pieces(g, target, c)
    if not kinds:
        return
    if hits >= total or len(kinds) == 1:
        for _ in range(min(hits, total)):
            _remove_kind(g, target, c, kinds[0] if len(kinds) == 1 else _kinds(g, target, c)[0], by)
        return
    data: dict[str, Any] = {"c": c, "hits": hits, "by": by}
    if chooser != target:
        data["of"] = target
    g.stack.append(Frame("take_hits", chooser, data))


def _kinds(g: GameState, s: int, c: int) -> list[str]:
    out: list[str] = []
    for o, k in g.buildings[c]:
        if o == s and k not in out:
            out.append(k)
    for o, k in g.tokens[c]:
        if o == s and k not in out:
            out.append(k)
    return out


def remove_kind(g: GameState, s: int, c: int, kind: str, by: int | None) -> None:
    """Remove one building or token of ``kind`` of seat ``s`` from ``c``; ``by`` scores it."""
    for i, (o, k) in enumerate(g.buildings[c]):
        if o == s and k == kind:
            remove_building(g, c, i, by)
            return
    for i, (o, k) in enumerate(g.tokens[c]):
        if o == s and k == kind:
            remove_token(g, c, i, by)
            return
    raise AssertionError(f"no {kind} of seat {s} in clearing {c}")


def _remove_kind(g: GameState, s: int, c: int, kind: str, by: int | None) -> None:
    """A hit removes a building or token of ``s`` in the battle (4.3.6)."""
    remove_kind(g, s, c, kind, by)
    bf = current_battle(g)
    key = "others_a" if s == bf.data["a"] else "others_d"
    bf.data[key] = bf.data.get(key, 0) + 1
    _scored_in_battle(g, by, c)


def _scored_in_battle(g: GameState, by: int | None, c: int) -> None:
    """``by`` has just removed an enemy building or token in this battle (and scored it,
    3.2.1). The first time in a battle, its faction may score more at once (the Despot,
    7.8.4: "two in total"), in the same step as the removal."""
    if by is None:
        return
    bf = current_battle(g)
    firsts = bf.data.get("firsts", ())
    if by in firsts:
        return
    bf.data["firsts"] = (*firsts, by)
    fac(g, by).battle_removed(g, by, c)


@decision("take_hits", "Choose which piece to remove", takes=(("remove", PIECE),))
def _take_hits_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("remove", k) for k in _kinds(g, f.data.get("of", f.seat), f.data["c"])]


@applies("take_hits")
def _take_hits_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    c = f.data["c"]
    target = f.data.get("of", f.seat)
    # Popped first: effects the removal triggers (Outrage, 8.2.6; a base's losses, 8.2.5)
    # push their frames, which resolve after the remaining hits (1.5.4).
    pop(g, f)
    _remove_kind(g, target, c, str(a[1]), f.data["by"])
    take_other_hits(g, target, c, f.data["hits"] - 1, f.data["by"])


def _triggers(g: GameState, bf: Frame) -> None:
    """1.5.4: after all removals of one step, effects triggered by them."""
    removed = bf.data["removed"]
    bf.data["removed"] = ()
    c = bf.data["c"]
    for s, k in reversed(removed):
        fac(g, s).warriors_removed(g, s, c, k)


@steps_driver("battle")
def _battle_step(g: GameState, f: Frame) -> None:
    """One step of the battle in frame ``f`` (the module's docstring lists them); the
    battle's driver walks them until one asks something (``flow.steps_driver``)."""
    d = f.data
    # Typed locals: the compiled core then compares and passes them as machine values.
    a: int = d["a"]
    de: int = d["d"]
    c: int = d["c"]
    step: str = d["step"]
    if step == "ambush":
        d["step"] = "after_ambush"
        # The window opens whenever the defender holds a card, so it reveals no card (1.2.1).
        # No ambush against a bot (LR 2.8.2 Hates Surprises).
        if (
            g.seats[de].hand
            and has_persistent(g, a, "scouting-party") is None
            and not fac(g, a).hates_surprises
        ):
            g.stack.append(Frame("ambush", de, {"c": c, "ask": True}))
    elif step == "after_ambush":
        # 1.5.4: the ambush's removals trigger their effects first (Field Hospitals puts
        # the warriors back in the keep's clearing, 6.2.3), then 4.3.1.II asks whether
        # attacking warriors remain (the Vagabond's pawn always remains, 9.2.2).
        d["step"] = "ambush_check"
        _triggers(g, f)
    elif step == "ambush_check":
        # 4.3.1.II: with no attacking warrior left, the battle ends here.
        if fac(g, a).fights_on(g, a, c, d):
            d["step"] = "before_roll"
        else:
            d["step"] = "end"
            _after_battle(g, d)
    elif step == "before_roll":
        # Effects "before the dice are rolled" (the Vagabot's Marksman, Law of Rootbotics).
        d["step"] = "enlist"
        fac(g, a).before_roll(g, a, f)
    elif step == "enlist":
        # Before the dice, the defender may enlist a player there (the Arbiter, LR 7.7.6).
        d["step"] = "dice"
        _offer_enlist(g, f)
    elif step == "dice":
        hi, lo = roll_dice(g)
        if hi < lo:
            hi, lo = lo, hi
        fa, fd = fac(g, a), fac(g, de)
        if fd.deals_higher_roll(g, de):
            # 8.2.2 Guerrilla War: the defender deals the higher roll, the attacker the lower.
            hi, lo = lo, hi
        d["dice"] = (hi, lo)
        d["rolled_a"] = min(hi, fa.rolled_hits_cap(g, a, c, d))
        d["rolled_d"] = min(lo, fd.rolled_hits_cap(g, de, c, d) + d.get("enlisted", 0))
        # 4.3.3.I: rolled hits are capped by each side's warriors in the clearing.
        if g.log is not None:
            emit(
                g,
                {
                    "kind": "rolled",
                    "clearing": c,
                    "seat": a,
                    "defender": de,
                    "roll": [hi, lo],
                    "hits": [d["rolled_a"], d["rolled_d"]],
                },
            )
        d["extra_a"] = fa.attacker_extra_hits(g, a)
        d["extra_d"] += fd.defender_extra_hits(g, de, c)
        d["step"] = "effects"
    elif step == "effects":
        # 4.3.4: if both sides want to use effects, the attacker decides who goes first.
        d["step"] = "effects_1"
        d["first"] = a
        if _effect_options(g, f, a) and _effect_options(g, f, de):
            g.stack.append(Frame("effects_order", a, {}))
    elif step in ("effects_1", "effects_2"):
        side = d["first"] if step == "effects_1" else (de if d["first"] == a else a)
        d["step"] = "effects_2" if step == "effects_1" else "hits"
        if _effect_options(g, f, side):
            g.stack.append(Frame("battle_effects", side, {}))
    elif step == "hits":
        # 4.3.5.II Defenseless: no defending warriors -> one extra hit.
        defenseless = fac(g, de).defenseless(g, de, c)
        if defenseless:
            d["extra_a"] += 1
        on_d = (0 if d["armor_d"] else d["rolled_a"]) + d["extra_a"]
        d["on_a"] = (0 if d["armor_a"] else d["rolled_d"]) + d["extra_d"]
        if g.log is not None:
            _hits_event(g, f, a, de, on_d, defenseless)
            _hits_event(g, f, de, a, d["on_a"], False)
        # 4.3.6: both sides' hits are dealt in one step (p6 4.3.2: "not dealt until step 4");
        # the VP they score reach the track together, checked for victory when the step ends.
        d["simultaneous"] = True
        d["step"] = "hits_a"
        start = len(g.stack)
        deal_hits(g, f, de, on_d, a)
        order_simultaneous(g, start)
    elif step == "hits_a":
        d["step"] = "hits_end"
        start = len(g.stack)
        deal_hits(g, f, a, d["on_a"], de)
        order_simultaneous(g, start)
    elif step == "hits_end":
        d["step"] = "triggers"
        # Relationships and Infamy (9.2.9.3) follow from the removals of this step and
        # score in it.
        _after_battle(g, d)
        end_simultaneous_step(g, d)
    elif step == "triggers":
        d["step"] = "end"
        _triggers(g, f)
    else:
        pop(g, f)


def _after_battle(g: GameState, d: dict[str, Any]) -> None:
    """Each side learns what it removed of the other (the Vagabond's relationships and
    Infamy, 9.2.9.3)."""
    a: int = d["a"]
    de: int = d["d"]
    c: int = d["c"]
    fac(g, a).after_battle(g, a, de, c, d["lost_d"], d.get("others_d", 0), d)
    fac(g, de).after_battle(g, de, a, c, d["lost_a"], d.get("others_a", 0), d)


def _hits_event(g: GameState, bf: Frame, side: int, target: int, n: int, defenseless: bool) -> None:
    """4.3.6: the hits ``side`` deals to ``target``: rolled (after the cap, 4.3.3.I; 0 when
    the target ignores them with Armorers) plus extra hits (4.3.5.I, the defenseless one
    included, 4.3.5.II)."""
    d = bf.data
    attacker = side == d["a"]
    ignored = bool(d["armor_d"] if attacker else d["armor_a"])
    emit(
        g,
        {
            "kind": "hits",
            "seat": side,
            "target": target,
            "clearing": d["c"],
            "hits": n,
            "rolled": 0 if ignored else d["rolled_a" if attacker else "rolled_d"],
            "extra": d["extra_a" if attacker else "extra_d"],
            "defenseless": defenseless,
            "ignored": ignored,
        },
    )


# --- Enlisting a third player before the dice (Law of Rootbotics 7.7.6) ------------------


def _offer_enlist(g: GameState, bf: Frame) -> None:
    """Each player the defender may enlist (``Faction.enlistable``): a bot defender decides
    by that player's rule (``Faction.enlisted_by_bot``), a human is asked."""
    de = bf.data["d"]
    factions = seat_factions(g)
    for s, f in enumerate(factions):
        if not f.enlistable(g, s, bf):
            continue
        if not factions[de].is_bot:
            g.stack.append(Frame("enlist", de, {"helper": s}))
        elif f.enlisted_by_bot(g, s, bf):
            _enlist(g, bf, s)


def _enlist(g: GameState, bf: Frame, helper: int) -> None:
    """``helper`` joins the defender: its gain, and the hits it adds to the defender's
    maximum rolled hits (4.3.3.I)."""
    n = fac(g, helper).enlist(g, helper, bf)
    bf.data["enlisted"] = bf.data.get("enlisted", 0) + n
    emit(
        g,
        {"kind": "enlist", "seat": bf.data["d"], "helper": helper, "clearing": bf.data["c"],
         "hits": n},
    )


@decision("enlist", "Enlist a player in your defence?", takes=(("enlist", SEAT), ("pass",)))
def _enlist_legal(g: GameState, f: Frame) -> list[Action]:
    return [("enlist", f.data["helper"]), ("pass",)]


@applies("enlist")
def _enlist_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "enlist":
        _enlist(g, current_battle(g), int(a[1]))


# --- 4.3.1 Ambush --------------------------------------------------------------------------


@decision("ambush", "Ambush the attacker?", takes=(("ambush", CARD), ("pass",)))
def _ambush_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    acts: list[Action] = [("ambush", x) for x in ambush_cards(g, f.seat, f.data["c"])]
    acts.append(("pass",))
    return acts


@applies("ambush")
def _ambush_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "pass":
        return
    assert f.seat is not None
    discard_from_hand(g, f.seat, int(a[1]))
    emit(g, {"kind": "ambush", "seat": f.seat, "card": int(a[1]), "clearing": f.data["c"]})
    bf = current_battle(g)
    attacker = bf.data["a"]
    if g.seats[attacker].hand:
        g.stack.append(Frame("foil_ambush", attacker, {"c": f.data["c"], "ask": True}))
    else:
        _ambush_hits(g, bf, f.seat, attacker)


@decision(
    "foil_ambush",
    "Foil the ambush with an ambush of your own?",
    takes=(("ambush", CARD), ("pass",)),
)
def _foil_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    acts: list[Action] = [("ambush", x) for x in ambush_cards(g, f.seat, f.data["c"])]
    acts.append(("pass",))
    return acts


@applies("foil_ambush")
def _foil_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    if a[0] == "ambush":
        # 4.3.1.I: the defender's ambush is cancelled; the foiling card is discarded too.
        discard_from_hand(g, f.seat, int(a[1]))
        emit(
            g,
            {"kind": "ambush", "seat": f.seat, "card": int(a[1]), "clearing": f.data["c"],
             "foil": True},
        )
        return
    bf = current_battle(g)
    _ambush_hits(g, bf, bf.data["d"], f.seat)


def _ambush_hits(g: GameState, bf: Frame, defender: int, attacker: int) -> None:
    """4.3.1.II: the defender deals two hits at once."""
    emit(
        g,
        {"kind": "hits", "seat": defender, "target": attacker, "clearing": bf.data["c"],
         "hits": AMBUSH_HITS, "ambush": True},
    )
    deal_hits(g, bf, attacker, AMBUSH_HITS, defender)


# --- 4.3.4 Optional battle effects (cards) -------------------------------------------------


def _effect_options(g: GameState, bf: Frame, seat: int) -> list[Action]:
    if not g.seats[seat].persistent:  # every battle effect here is a persistent card's
        return []
    d = bf.data
    out: list[Action] = []
    attacker = seat == d["a"]
    used = d.get("used", ())
    if attacker:
        bt = has_persistent(g, seat, "brutal-tactics")
        if bt is not None and "brutal-tactics" not in used:
            out.append(("brutal-tactics",))
    else:
        sp = has_persistent(g, seat, "sappers")
        if sp is not None:
            out.append(("sappers",))
    ar = has_persistent(g, seat, "armorers")
    if ar is not None and not d["armor_a" if attacker else "armor_d"]:
        out.append(("armorers",))
    if g.shared_deck != "base":
        key = _partisans(g, seat, d["c"], used)
        if key not in used and has_persistent(g, seat, key) is not None:
            out.append(("partisans",))
    return out


def _partisans(g: GameState, seat: int, c: int, used: tuple[str, ...] = ()) -> str:
    """The key of the Partisans card of clearing ``c``'s suit (Exiles and Partisans); in the
    Lost City, the first of its three suits whose card ``seat`` holds, not ``used`` yet."""
    b = board(g)
    for suit in b.suits_at(c):
        key = f"{suit}-partisans"
        if key not in used and has_persistent(g, seat, key) is not None:
            return key
    return f"{b.suit[c]}-partisans"


@decision(
    "effects_order",
    "Both sides have battle effects: who uses them first?",
    takes=(("first", ("attacker", "defender")),),
)
def _order_legal(g: GameState, f: Frame) -> list[Action]:
    return [("first", "attacker"), ("first", "defender")]


@applies("effects_order")
def _order_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    bf = current_battle(g)
    bf.data["first"] = bf.data["a"] if a[1] == "attacker" else bf.data["d"]


@decision(
    "battle_effects",
    "Use a battle effect?",
    takes=(("brutal-tactics",), ("sappers",), ("armorers",), ("partisans",), ("done",)),
)
def _effects_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return _effect_options(g, current_battle(g), f.seat) + [("done",)]


@applies("battle_effects")
def _effects_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    bf = current_battle(g)
    d = bf.data
    kind = a[0]
    if kind == "done":
        pop(g, f)
        return
    if kind == "brutal-tactics":
        # Brutal Tactics: one extra hit; the defender scores 1 VP.
        d["extra_a"] += 1
        d["used"] = d.get("used", ()) + ("brutal-tactics",)
        score(g, d["d"], 1, "brutal tactics")
    elif kind == "sappers":
        # Sappers: discard it to deal one extra hit as defender.
        d["extra_d"] += 1
        _discard_persistent(g, seat, "sappers")
    elif kind == "armorers":
        # Armorers: discard it to ignore all rolled hits you would take.
        d["armor_a" if seat == d["a"] else "armor_d"] = True
        _discard_persistent(g, seat, "armorers")
    elif kind == "partisans":
        # Fox/Rabbit/Mouse Partisans: one extra hit in a clearing of its suit, then discard
        # every card in hand but those of that suit (birds too: docs/rulings.md).
        key = _partisans(g, seat, d["c"], d.get("used", ()))
        d["extra_a" if seat == d["a"] else "extra_d"] += 1
        d["used"] = d.get("used", ()) + (key,)
        suit = key.split("-")[0]
        gone = [x for x in g.seats[seat].hand if DECK[x].suit != suit]
        for x in gone:
            discard_from_hand(g, seat, x)
        emit(g, {"kind": "discard", "seat": seat, "cards": gone, "why": key})
    if not _effect_options(g, bf, seat):
        pop(g, f)


def _discard_persistent(g: GameState, seat: int, key: str) -> None:
    cid = has_persistent(g, seat, key)
    assert cid is not None
    g.seats[seat].persistent.remove(cid)
    discard(g, cid)
