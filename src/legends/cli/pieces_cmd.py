"""``legends pieces``: the catalogue as a table, or one piece in full."""

from __future__ import annotations

import argparse

from legends_core.events import keyword_name
from legends_core.ruleset import catalogue_for

from ..i18n import _, ngettext
from ..wording import is_legends, piece_lines


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pieces", help="list the pieces, or show one (legends pieces 37)")
    p.add_argument("piece", nargs="?", help="a collector number or name to show in full")
    p.add_argument("--colour", "--color", help="gold, green, blue, silver, red or purple")
    p.add_argument("--type", help="creature type, e.g. elf, dragon, spirit")
    p.add_argument("--strength", type=int, help="base strength")
    p.add_argument("--kind", choices=("warrior", "magic", "castle"))
    p.add_argument("--army", help="beige or gray (red or blue in the other editions)")
    p.add_argument("--rules", default="legends",
                   help="whose pieces: legends (default), classic, ultimate-lightning, ...")
    p.add_argument("--keyword", help="a keyword such as flying, charging, dispel_magic")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cat = catalogue_for(args.rules)
    if args.piece:
        try:
            t = cat.find(args.piece, args.army)
        except KeyError as exc:
            raise LookupErrorLine(str(exc.args[0])) from None
        # Its text once, in the edition's words (legends.wording.piece_lines).
        print("\n".join(piece_lines(t, is_legends(args.rules))))
        return 0
    legends = is_legends(args.rules)
    rows = []
    seen: set[tuple[str, str]] = set()
    for t in cat.values():
        if args.colour and t.colour != args.colour.lower():
            continue
        if args.type and t.type != args.type.lower():
            continue
        if args.strength is not None and t.strength != args.strength:
            continue
        if args.kind and t.kind != args.kind:
            continue
        if args.army and t.army != args.army:
            continue
        if args.keyword and args.keyword.lower().replace(" ", "_") not in t.keywords:
            continue
        kws = ", ".join(sorted(keyword_name(k) if legends or k != "stationary" else _("never moves")
                               for k in t.keywords if k != "cannot_attack"))
        if legends:
            s = "*" if t.kind == "magic" else "C" if t.kind == "castle" else str(t.strength)
            rows.append(f"{t.number:>4}  {t.name:<28} {s:>2}  {t.colour:<7} {t.type:<12} {kws}")
        elif (t.name, t.army) not in seen:  # no numbers in these editions: one row a kind
            seen.add((t.name, t.army))
            rank = "-" if t.strength is None else str(t.strength)
            rows.append(f"{t.name:<28} {rank:>4}  {t.army:<7} {kws}")
    # The headings are translated first: the extraction cannot see a call inside f-string braces.
    name, st, colour, kind, keywords = (_("name"), _("st"), _("colour"), _("type"),
                                        _("keywords"))
    if legends:
        print(f"{'#':>4}  {name:<28} {st:>2}  {colour:<7} {kind:<12} {keywords}")
    else:
        rank, army = _("rank"), _("army")
        print(f"{name:<28} {rank:>4}  {army:<7} {keywords}")
    print("\n".join(rows))
    print(ngettext("{count} piece", "{count} pieces", len(rows)).format(count=len(rows)))
    return 0


class LookupErrorLine(ValueError):
    """A piece that is not in the catalogue (reported on one line)."""
