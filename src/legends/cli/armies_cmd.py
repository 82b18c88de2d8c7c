"""``legends armies``: the preset armies of Stratego Legends, or one of them in full."""

from __future__ import annotations

import argparse
from collections import Counter

from legends_core.armies import PRESETS
from legends_core.errors import ArmyError, short
from legends_core.registry import catalogue

from ..i18n import _, ngettext


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("armies", help=_("list the preset armies, or show one (legends armies "
                                        "preset-3)"))
    p.add_argument("preset", nargs="?", help=_("a preset to show in full: preset-1 .. preset-6 "
                                               "(or 1 .. 6)"))
    p.add_argument("--side", choices=("beige", "gray"), help=_("show only this side"))
    p.set_defaults(run=run)


def _strength(t) -> str:
    return "*" if t.kind == "magic" else "C" if t.kind == "castle" else str(t.strength)


def run(args: argparse.Namespace) -> int:
    cat = catalogue()
    sides = [args.side] if args.side else ["beige", "gray"]
    if args.preset:
        name = args.preset if args.preset.startswith("preset-") else f"preset-{args.preset}"
        if name not in PRESETS:
            raise ArmyError(_("no preset {name}: choose from {presets}").format(
                name=short(args.preset), presets=", ".join(PRESETS)))
        for side in sides:
            types = sorted((cat[n] for n in PRESETS[name][side]),
                           key=lambda t: (t.kind != "castle", t.kind != "magic",
                                          -(t.strength or 0), t.name))
            print(ngettext("{preset}, {side} ({count} piece):", "{preset}, {side} ({count} pieces):",
                           len(types)).format(preset=name, side=side, count=len(types)))
            for t in types:
                print(f"  {t.number:>4}  {t.name:<28} {_strength(t):>2}  {t.colour:<7} {t.type}")
        print(_("Use it with: {command}").format(command=f"legends game --{sides[0]} {name}"))
        return 0
    for name, armies in PRESETS.items():
        print(f"{name}:")
        for side in sides:
            types = [cat[n] for n in armies[side]]
            nations = Counter(t.nation for t in types)
            castle = next(t.name for t in types if t.kind == "castle")
            top = ", ".join(t.name for t in sorted(types, key=lambda t: -(t.strength or 0))[:2])
            mix = ", ".join(f"{k} {v}" for k, v in nations.most_common())
            print(f"  {side:<5}  " + _("castle {castle}; strongest {strongest}; nations: "
                                         "{nations}").format(castle=castle, strongest=top,
                                                             nations=mix))
    print(_("Show one in full with 'legends armies preset-3'; play one with "
            "'legends game --beige preset-3'."))
    return 0
