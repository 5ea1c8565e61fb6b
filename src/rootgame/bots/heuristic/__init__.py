"""Heuristic bots: one framework (core.py) and a policy per faction (one module each).

A faction that lands adds ``bots/heuristic/<faction>.py`` with a :class:`Policy` subclass
(its terms and rules of thumb) and lists the module in ``POLICY_MODULES``; see docs/bots.md.
"""

from __future__ import annotations

import importlib

from .. import register
from .core import POLICIES, HeuristicBot, Policy, evaluate, policy, register_policy

POLICY_MODULES: tuple[str, ...] = ("marquise", "eyrie", "alliance", "vagabond", "clockwork")

for _m in POLICY_MODULES:
    importlib.import_module(f"{__name__}.{_m}")

register(HeuristicBot)

__all__ = ["POLICIES", "HeuristicBot", "Policy", "evaluate", "policy", "register_policy"]
