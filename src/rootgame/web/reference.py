"""The printed numbers of the faction boards, for the table to draw them (``/api/meta``).

A view says where each piece is (how many roosts are left on the track, which bases are in
the box); what the board prints under them (the VP and costs of each space, the card draw
bonuses, the relationship track's steps) is read here from the factions' own modules, so
the browser and the engine never disagree.
"""

from __future__ import annotations

from typing import Any

from ..factions import alliance, eyrie, marquise, vagabond


def board_data() -> dict[str, Any]:
    """Each base faction's printed tracks: spaces left to right (index 0 is uncovered first)."""
    return {
        "marquise": {
            "per_track": marquise.PER_TRACK,
            "cost": list(marquise.COST),
            "vp": {k: list(v) for k, v in marquise.VP.items()},
            # 6.2.3: the draw bonuses, on the recruiter track (a space's 1-based number).
            "draw_bonus_at": list(marquise.DRAW_BONUS_AT),
            "draw_bonus_track": "recruiter",
        },
        "eyrie": {
            "roosts": eyrie.ROOSTS,
            "vp": list(eyrie.ROOST_VP),
            "draw_bonus_at": list(eyrie.DRAW_BONUS_AT),
        },
        "alliance": {
            "sympathy": alliance.SYMPATHY,
            "cost": list(alliance.SYMPATHY_COST),
            "vp": list(alliance.SYMPATHY_VP),
            "bases": list(alliance.BASES),
            "supporters_without_base": alliance.STACK_LIMIT,
        },
        "vagabond": {
            "track_items": list(vagabond.TRACK_ITEMS),
            "track_capacity": vagabond.TRACK_CAP,
            # 9.2.9: the steps from Indifferent to Allied, the aids each needs and its VP.
            "relationship_steps": ["hostile", "indifferent"]
            + [str(k) for k in range(1, vagabond.ALLIED)]
            + ["allied"],
            "relationship_aids": list(vagabond.AIDS_NEEDED),
            "relationship_vp": list(vagabond.REL_VP),
            "quests": {
                key: list(q[2]) for key, q in zip(vagabond.QUEST_KEYS, vagabond.QUESTS,
                                                  strict=True)
            },
            "characters": {k: list(v) for k, v in vagabond.CHARACTERS.items()},
        },
    }


def clockwork_options() -> dict[str, Any]:
    """Each Clockwork bot faction's difficulties and traits (Law of Rootbotics 3.3), for the
    lobby: a bot faction added to the engine is offered with its own settings (the Vagabot's
    characters too, LR 7.3.1); and how many
    of each piece it has, for the table to draw its tracks."""
    from ..factions.clockwork import DIFFICULTIES
    from ..flow import FACTIONS

    return {
        name: {"difficulties": list(DIFFICULTIES), "traits": list(f.traits),
               "characters": list(f.characters), "pieces": f.piece_totals()}
        for name, f in sorted(FACTIONS.items())
        if f.is_bot
    }
