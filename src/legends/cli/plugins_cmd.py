"""``legends plugins``: the installed piece packs and rulesets, like pytest's plugin listing."""

from __future__ import annotations

import argparse
import os
from importlib import metadata
from typing import Any

from legends_core.ruleset import DEFAULT, GROUP, get_ruleset, rulesets

from ..i18n import _, ngettext
from . import version

PIECES = "legends.pieces"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plugins", help=_("list the installed piece packs and rulesets "
                                         "(switch some off with LEGENDS_DISABLE_PACKS)"))
    p.set_defaults(run=run)


def disabled() -> list[str]:
    """The entry-point names ``LEGENDS_DISABLE_PACKS`` switches off."""
    return [n.strip() for n in os.environ.get("LEGENDS_DISABLE_PACKS", "").split(",") if n.strip()]


def _dist(ep: metadata.EntryPoint) -> str:
    dist = ep.dist
    return f"{dist.name} {dist.version}" if dist is not None else "?"


def _call(ep: metadata.EntryPoint, hook: str) -> tuple[list[Any], str]:
    """What the plugin's ``hook`` offers, or an empty list and why not."""
    try:
        plugin = ep.load()
        found = getattr(plugin, hook, None)
        return (list(found()) if found is not None else []), ""
    except Exception as exc:  # a broken plugin is listed, with what went wrong
        return [], _("failed to load: {problem}").format(problem=repr(exc))[:200]


def run(args: argparse.Namespace) -> int:
    off = disabled()
    off_word = _("disabled")
    import legends_core

    print(_("legends {version} from {folder}").format(
        version=version(), folder=os.path.dirname(legends_core.__file__)))
    groups = sorted(g for g in metadata.entry_points().groups if g.startswith(PIECES))
    print(_("piece packs (entry-point groups {group} and {group}.<edition>):").format(
        group=PIECES))
    for group in groups:
        print(f"  {group}:")
        for ep in sorted(metadata.entry_points(group=group), key=lambda e: e.name):
            if ep.name in off:
                print(f"    {ep.name:<24} {_dist(ep):<28} {off_word}")
                continue
            types, problem = _call(ep, "legends_piece_types")
            count = ngettext("{count} piece", "{count} pieces", len(types)).format(
                count=len(types))
            print(f"    {ep.name:<24} {_dist(ep):<28} {problem or count}")
    print(_("rulesets (entry-point group {group}):").format(group=GROUP))
    offered = rulesets()
    sources = {DEFAULT: _("built in")}
    for ep in sorted(metadata.entry_points(group=GROUP), key=lambda e: e.name):
        if ep.name in off:
            print(f"    ({ep.name}: {off_word})")
            continue
        found, problem = _call(ep, "legends_rulesets")
        if problem:
            print(f"    ({ep.name}: {problem})")
        for rs in found:
            sources[getattr(rs, "name", "?")] = f"{ep.name} ({_dist(ep)})"
    for name, text in offered.items():
        seats = ", ".join(get_ruleset(name).seats)
        source = sources.get(name, _("registered at run time"))
        print(f"    {name:<20} {source:<36} " + _("seats {seats}").format(seats=seats))
        print(f"    {'':<20} {text}")
    print(_("disabled by LEGENDS_DISABLE_PACKS: {names}").format(
        names=", ".join(off) or _("none")))
    return 0
