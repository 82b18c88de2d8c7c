"""Piece types (the catalogue entries) and the :class:`Power` base class.

A :class:`PieceType` is a frozen record of a piece's printed facts plus the powers that make it
play. Powers are small objects whose methods are pluggy hook implementations (see
:mod:`legends_core.hookspecs`); a piece is the sum of its powers. Shared powers (Flying, a
terrain bonus, ...) are built once and reused by every piece that has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .board import Board

KINDS = ("warrior", "magic", "castle")
BEIGE_COLOURS = ("gold", "green", "blue")
GRAY_COLOURS = ("silver", "red", "purple")
COLOURS = BEIGE_COLOURS + GRAY_COLOURS
ARMIES = ("beige", "gray")

#: The nation of each colour, as the rulebook names them.
NATIONS = {
    "gold": "Valorians",
    "green": "Ancients",
    "blue": "Celestia",
    "silver": "Gargans",
    "red": "Manes",
    "purple": "Qa'ans",
}


class Power:
    """Base class of every power.

    Subclasses set the class attributes below and implement any of the hooks in
    :mod:`legends_core.hookspecs` as methods decorated with :data:`legends_core.hookimpl` (a
    method named for a piece hook is taken without the mark too, as the compiled shared
    blocks of :mod:`legends_pieces.powers` need; the mark is what catches a misspelt name).
    Powers must hold no game state: everything that changes lives in the game.

    ``label`` is the printed category (``"Innate"``, ``"Ability"``, ``"Action"``, ``"Magic"``,
    ``"Death Curse"``, ``"Stationary"``). ``key`` names the power in action notation
    (``c3 charging c6``) and must be unique within a piece: a power several pieces share is
    keyed by its own name (``flying``, ``terrain-move``), a power of one piece alone by the
    piece's name through :func:`~legends_core.piecetype.slug` (``oreld-the-deliverer``). ``keywords`` are the static
    keywords the power gives its piece (``"flying"``, ``"dispel_magic"``, ...). ``protects``
    names pieces whose destruction in an attack this power may replace (Migol's Royal Guard):
    the kernel then offers a replacement decision whenever such a piece loses an attack,
    whether or not the protector is present, so the decision leaks nothing. ``once`` makes the
    kernel stop offering the power after one use per turn or per game. ``watches`` lets the
    kernel keep the power's offered actions between decisions.
    """

    # Plain class attributes: a subclass may override them as class attributes or as attrs
    # fields (a shared block such as a boost takes its key per piece).
    label: str = "Innate"
    key: str = ""
    keywords: frozenset[str] = frozenset()
    death_curse: bool = False
    protects: frozenset[str] = frozenset()
    #: ``"turn"`` or ``"game"`` when the text limits use to once per turn / per game.
    once: str | None = None
    #: True when the text points at a piece without revealing it: only the user sees the targets.
    secret_targets: bool = False
    #: What the power's :func:`~legends_core.hookspecs.legends_offer_actions` (and its
    #: :func:`~legends_core.hookspecs.legends_offer_abilities` in its player's own main
    #: decision) depends on, so the engine may keep its offers between decisions (see
    #: :mod:`legends_core.changes`):
    #: ``"own"``, ``"step"``, ``"adjacent"``, ``"near"``, ``"lines"``, ``"diagonals"`` or
    #: ``"board"``. Declaring it promises that the
    #: offers depend only on the pieces on those squares (who they are, who controls and who
    #: knows them), the board's terrain, this piece's keywords and game-wide effects; not on
    #: the turn, on what moved, or on once-per-turn counters (the kernel applies ``once``
    #: itself). ``"looked"`` promises the same of the squares the offers read through the
    #: kernel's recording building blocks (``legends_core.moves.line_targets``, ``leaps``,
    #: ``two_steps``, and the engine's ``empty_squares``), which the kernel then watches one
    #: by one: the power reads no other square; a list of candidates drawn from the whole
    #: board (``legends_core.queries.nameable``, the engine's ``pieces``) is watched through
    #: the squares of the pieces it returned and its players' rosters (see
    #: :mod:`legends_core.changes`). ``None``, the default, means the offers are
    #: worked out afresh every time.
    watches: str | None = None
    #: The windows in which the power's :func:`~legends_core.hookspecs.legends_offer_abilities`
    #: may offer anything (some of ``"main"``, ``"attack"``, ``"strike"``, ``"end"``); the
    #: kernel does not ask it in the others. ``None``, the default, means every window.
    windows: frozenset[str] | None = None
    #: The least the power's :func:`~legends_core.hookspecs.legends_strength_modifier` (or,
    #: for a death curse, its :func:`~legends_core.hookspecs.legends_curse_modifier`) ever
    #: adds, wherever the piece stands and whoever it fights (``0`` for a bonus that is never
    #: negative). After each step the kernel destroys warriors at strength 0 or below; a
    #: warrior whose printed strength plus the least of each modifier (its own and the curse
    #: in effect), plus its change until the end of the turn, is above 0 cannot be one, and
    #: its modifiers are not asked. ``None``, the default, means they are asked.
    lowest_modifier: int | None = None

    def idle_on(self, board: Board, square: int) -> bool:
        """Does this power offer no action at all while its piece stands on ``square`` of
        ``board``, whatever else is on the board (a jump "while on a mountain" off the
        mountains)? The kernel then leaves its :attr:`watches` out of what such a piece's
        kept offers depend on there, so they last until the piece's own surroundings change.
        The answer may depend only on the board's terrain and the square. The default,
        ``False``, is always safe."""
        return False

    def describe(self) -> str:
        """One line in our own words, used when a piece gives no text of its own."""
        return type(self).__name__

    def __repr__(self) -> str:
        # The fields it is made from: those worked out from them (init=False) follow.
        fields = getattr(self, "__attrs_attrs__", ())
        args = ", ".join(repr(getattr(self, f.name)) for f in fields if f.init)
        return f"{type(self).__name__}({args})"


def slug(name: str) -> str:
    """``"Lord of Eagles"`` -> ``"lord-of-eagles"``, ``"Tar'n"`` -> ``"tarn"``; used for
    the keys of one-piece powers and for module names."""
    out = []
    for ch in name.lower():
        if ch in "'’":
            continue
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


@attrs.frozen(eq=False, repr=False)
class PieceType:
    """One catalogue entry: printed facts, rules text in our words, and its powers.

    ``strength`` is the base strength (``None`` for magic and castle pieces). ``type`` is the
    creature word that Switching and "all Elves get +1" refer to. ``extra`` marks pieces outside
    the 206 of the rulebook (#207, #208).
    """

    number: int
    name: str
    strength: int | None
    kind: str
    type: str
    colour: str
    army: str
    text: str
    powers: tuple[Power, ...] = ()
    rulings: tuple[str, ...] = ()
    extra: bool = False
    keywords: frozenset[str] = attrs.field(init=False)
    has_death_curse: bool = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        kws: set[str] = set()
        for p in self.powers:
            kws |= p.keywords
        if self.kind == "magic":
            kws.add("cannot_attack")
        object.__setattr__(self, "keywords", frozenset(kws))
        object.__setattr__(self, "has_death_curse", any(p.death_curse for p in self.powers))

    def __repr__(self) -> str:
        s = "magic" if self.kind == "magic" else "castle" if self.kind == "castle" else self.strength
        return f"<PieceType #{self.number} {self.name} ({s}, {self.colour} {self.type})>"

    @property
    def is_warrior(self) -> bool:
        """Is it a warrior (a piece with a strength)?"""
        return self.kind == "warrior"

    @property
    def is_magic(self) -> bool:
        """Is it a magic piece?"""
        return self.kind == "magic"

    @property
    def is_castle(self) -> bool:
        """Is it a castle?"""
        return self.kind == "castle"

    @property
    def strength_label(self) -> str:
        """``"strength 7"``, or ``"no strength"`` for magic and castle pieces."""
        return "no strength" if self.strength is None else f"strength {self.strength}"

    @property
    def nation(self) -> str:
        """The nation of a Stratego Legends piece; another edition's pieces name their army."""
        if self.army not in ARMIES:
            return self.army
        return NATIONS.get(self.colour, self.colour)

    def power(self, key: str) -> Power | None:
        """The power with ``key``, or ``None``."""
        for p in self.powers:
            if p.key == key:
                return p
        return None


def piece(number: int, name: str, strength: int | None, *, type: str, colour: str,
          text: str, powers: tuple[Power, ...] | list[Power] = (),
          rulings: tuple[str, ...] | list[str] = (), kind: str | None = None,
          army: str | None = None, extra: bool = False) -> PieceType:
    """Small factory for piece modules.

    ``kind`` defaults to ``"warrior"`` when a strength is given; magic and castle pieces pass
    ``kind`` explicitly. ``army`` follows from the colour for Stratego Legends pieces; other
    editions' pieces name it (``army="red"``).
    """
    if kind is None:
        kind = "warrior" if strength is not None else "magic"
    if army is None:
        army = "beige" if colour in BEIGE_COLOURS else "gray" if colour in GRAY_COLOURS else ""
    return PieceType(number=number, name=name, strength=strength, kind=kind, type=type,
                     colour=colour, army=army, text=text, powers=tuple(powers),
                     rulings=tuple(rulings), extra=extra)
