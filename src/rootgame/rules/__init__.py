"""The general Law of Root: rule, pieces, movement, battle, crafting, card effects, turns."""
