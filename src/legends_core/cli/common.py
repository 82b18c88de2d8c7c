"""Argument helpers shared by the commands."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from ..errors import ArmyError


def army_arg(text: str | None) -> Any:
    """``preset-3``, ``3``, ``random``, or a file holding collector numbers or names (a JSON
    list, or values separated by commas, spaces or new lines)."""
    if text is None:
        return None
    if text == "random" or text.startswith("preset") or text.isdigit():
        return text
    if not os.path.exists(text):
        raise ArmyError(f"army {text!r}: not a preset (preset-1..preset-6), 'random' or a file")
    raw = open(text, encoding="utf-8").read()
    try:
        items = json.loads(raw)
    except json.JSONDecodeError:
        items = [x for x in raw.replace(",", "\n").splitlines() for x in [x.strip()] if x]
    if not isinstance(items, list):
        raise ArmyError(f"army file {text}: expected a list of collector numbers or names")
    return [int(x) if isinstance(x, str) and x.strip().lstrip("#").isdigit() else x for x in items]


def add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, help="seed for boards, presets and placement")
    p.add_argument("--beige", help="beige army: preset-1..preset-6, random, or a file")
    p.add_argument("--gray", help="gray army: preset-1..preset-6, random, or a file")
    p.add_argument("--boards", help="four battle boards, e.g. 1A,2B,3C,4D (optionally 1A@90)")
    p.add_argument("--turn-limit", type=int, default=None, help="stop after this many turns")


def boards_arg(text: str | None) -> list[str] | None:
    return [b.strip() for b in text.split(",")] if text else None
