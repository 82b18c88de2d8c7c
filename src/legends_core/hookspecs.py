"""Hook specifications: every point where a piece plugin can change the game.

Two kinds of hook live here.

*Catalogue hooks* are called once per process on every installed plugin pack (found through
the ``legends.pieces`` entry-point group) to collect piece types and keyword powers.

*Piece hooks* are implemented by :class:`~legends_core.piecetype.Power` objects. They are
never broadcast: the kernel builds, once per process, a table from each piece type to the
implementations of its own powers, and calls only those for the piece concerned (a hook with
206 implementations would cost tens of microseconds a call). ``game`` is always the
:class:`~legends_core.engine.Engine` to query and change; ``piece`` is a piece id (an int).
Implementations may accept fewer arguments than the spec lists (pluggy's opt-in arguments).

Each spec below says what it is for, its parameters, what it returns and whether the first
non-``None`` answer decides (``firstresult``), and how plugins use it.

Hidden information (read the "Information model" page of the docs): everything a player
receives must be a function only of what that player may know. Hooks that offer a player
choices (``legends_offer_actions``, ``legends_offer_abilities``, questions put with
``game.ask``) must build them from that player's knowledge: never leave out a piece the player
cannot see because of what it is, and never skip a question whose trigger everyone saw because
the asked player holds nothing that fits (offer ``"done"``). Reveal a piece only where the text
says so; mark a power ``secret_targets`` when its text points at a piece without showing it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .actions import Action
    from .engine import Engine, Outcome
    from .piecetype import PieceType, Power

hookspec = pluggy.HookspecMarker("legends")
hookimpl = pluggy.HookimplMarker("legends")


# -------------------------------------------------------------------------------------
# Catalogue: called once per process on each plugin pack
# -------------------------------------------------------------------------------------


@hookspec
def legends_piece_types() -> list[PieceType]:  # type: ignore[empty-body]
    """Return the piece types this pack adds to the catalogue.

    :return: A list of :class:`~legends_core.piecetype.PieceType`.

    Use in plugins: a pack's entry-point module implements this once and returns all its
    pieces. Collector numbers and names must not clash with other packs.
    """


@hookspec
def legends_keyword_powers() -> list[Power]:  # type: ignore[empty-body]
    """Return keyword powers (Flying, Charging, ...) that other powers may grant by name.

    :return: A list of powers, each with exactly one entry in ``keywords``.

    Use in plugins: when a piece gains a keyword it does not print ("all non-stationary pieces
    gain Flying"), the kernel asks the registered keyword power for that piece's offers.
    """


# -------------------------------------------------------------------------------------
# Turn: what a piece may do, and doing it
# -------------------------------------------------------------------------------------


@hookspec
def legends_offer_actions(game: Engine, piece: int) -> Iterable[Action]:  # type: ignore[empty-body]
    """Offer the turn actions this piece may take now, instead of a move.

    :param game: The game.
    :param piece: The piece (controlled by the player whose turn it is, on the board).
    :return: Actions of kind ``power`` whose ``key`` is this power's key.

    Use in plugins: yield one :class:`~legends_core.actions.Action` per distinct choice
    (``Action.power(square, "charging", target)``). Offer nothing that would be illegal; the
    kernel takes care of "one action per turn" and of once-per-game limits. Offer targets from
    the deciding player's knowledge only: a hidden enemy piece is a target whenever some piece
    it could be would qualify (the pick then resolves by the rules).
    """


@hookspec
def legends_offer_abilities(game: Engine, piece: int, window: str) -> Iterable[Action]:  # type: ignore[empty-body]
    """Offer the abilities this piece may use now.

    :param game: The game.
    :param piece: A piece on the board controlled by the deciding player.
    :param window: ``"main"`` (the player's own turn, before acting), ``"attack"`` (during an
        attack, both pieces revealed, before strengths are compared), ``"strike"`` (before a
        power such as Distance Strike compares two pieces' strengths outside an attack; the two
        pieces are those for which ``game.in_combat`` is true) or ``"end"`` (before the turn
        ends).
    :return: Actions of kind ``power``.

    Use in plugins: abilities may be used at any time unless their text limits them; check
    ``window`` and the game only for limits the text states. Offer nothing that would change
    nothing (granting a keyword the piece already has), so response windows stay finite. As
    for actions, targets come from the deciding player's knowledge only.
    """


@hookspec(firstresult=True)
def legends_perform(game: Engine, piece: int, action: Action) -> Any:
    """Carry out an action or ability this power offered.

    :param game: The game.
    :param piece: The piece whose power is used; the kernel has already revealed it.
    :param action: The chosen action (its ``key`` is this power's key).

    Use in plugins: change the game through the :class:`~legends_core.engine.Engine`
    methods and schedule follow-up questions with ``game.ask``. Only the power whose key
    matches is called.
    """


@hookspec
def legends_offer_replacements(game: Engine, piece: int, doomed: int) -> Iterable[Action]:  # type: ignore[empty-body]
    """Offer to replace the destruction of ``doomed``, which has just lost an attack.

    :param game: The game.
    :param piece: A piece of the deciding player with this power.
    :param doomed: The attacked piece about to be destroyed.
    :return: Actions of kind ``power``.

    Use in plugins: only powers that list the doomed piece's name in ``protects`` are asked.
    The performing power must take ``doomed`` off the attacked square.
    """


# -------------------------------------------------------------------------------------
# Strength: summed from every power of the piece and from the death curse in effect
# -------------------------------------------------------------------------------------


@hookspec
def legends_strength_modifier(game: Engine, piece: int, square: int, opponent: int) -> int:  # type: ignore[empty-body]
    """Return this power's change to the piece's current strength.

    :param game: The game.
    :param piece: A warrior.
    :param square: Where the strength counts: the piece's own square, or the attacked square
        during an attack (its terrain counts for both pieces).
    :param opponent: The other piece in the attack, or ``-1`` outside an attack.
    :return: An int (``0`` for no change).

    Use in plugins: terrain bonuses, "+1 against red pieces", "+2 next to water".
    """


@hookspec
def legends_curse_modifier(game: Engine, curse: int, piece: int, square: int, opponent: int) -> int:  # type: ignore[empty-body]
    """Return the death curse's change to a warrior's current strength.

    :param curse: The piece in the curse slot, whose curse is in effect.
    :param piece: Any warrior on the board.
    :return: An int.

    Use in plugins: "All Elves get +1", "All red pieces get -1".
    """


@hookspec
def legends_curse_keywords(game: Engine, curse: int, piece: int) -> Iterable[str]:  # type: ignore[empty-body]
    """Return keywords the death curse in effect gives a piece on the board.

    Use in plugins: "All Clerics gain Dispel Magic", "All Titans gain Berserk".
    """


# -------------------------------------------------------------------------------------
# Attack: declared, revealed, resolved, followed up
# -------------------------------------------------------------------------------------


@hookspec
def legends_attack_declared(game: Engine, attacker: int, defender: int) -> None:
    """Called when ``attacker`` moves onto ``defender``, before either is revealed.

    Use in plugins: a choice that must be made blind (Psychic Devourer's guess) is asked here
    with ``game.ask``; remember the answer with ``game.remember``.
    """


@hookspec(firstresult=True)
def legends_attack_override(game: Engine, attacker: int, defender: int, square: int,
                            role: str) -> Outcome | None:
    """Replace the comparison of strengths in an attack.

    :param attacker: The attacking piece.
    :param defender: The attacked piece (not magic, not a castle).
    :param square: The attacked square.
    :param role: ``"attacker"`` when asked of the attacker's powers, ``"defender"`` when asked
        of the defender's. The attacker is asked first.
    :return: An :class:`~legends_core.engine.Outcome`, or ``None`` to leave the attack alone.

    Use in plugins: "if X attacks a base strength 10 piece, that piece is destroyed"; Daemin's
    capture (do the capture and return ``Outcome.HANDLED``).
    """


@hookspec
def legends_magic_spell(game: Engine, magic: int, attacker: int, square: int) -> None:
    """Cast this magic piece's spell: it has been attacked by a piece without Dispel Magic.

    Use in plugins: destroy what the spell destroys with ``game.destroy`` (usually the magic
    piece and its attacker together) and schedule any choices. If the attacker survives and
    the square is empty afterwards, the attacker moves in.
    """


@hookspec
def legends_after_attack(game: Engine, piece: int, square: int, defender_type: PieceType) -> None:
    """Called after ``piece`` attacked successfully and moved onto ``square``.

    :param defender_type: What the defeated piece was.

    Use in plugins: "After Tiera successfully attacks, ...". Optional powers ask with a
    ``done`` option.
    """


@hookspec(firstresult=True)
def legends_revealed_by(game: Engine, piece: int, source: int, keyword: str) -> str | None:
    """``piece`` is being revealed by ``source`` using ``keyword`` (``"vision"`` or
    ``"distance_strike"``).

    :return: ``"reflect"`` to destroy ``source`` instead of what would happen to ``piece``.

    Use in plugins: Poy, Colossor, Demarn (Distance Strike); Gallat, Moridium (Vision).
    """


# -------------------------------------------------------------------------------------
# Death curse: asked of the piece in the curse slot
# -------------------------------------------------------------------------------------


@hookspec
def legends_curse_begins(game: Engine, curse: int) -> None:
    """The curse of ``curse`` has just taken effect."""


@hookspec
def legends_curse_ends(game: Engine, curse: int, controller: int) -> None:
    """The curse of ``curse`` has been replaced; carry out its "when this ends" text.

    :param controller: The player the curse works for.

    Use in plugins: reveal, destroy or return pieces; schedule choices with ``game.ask``. The
    next curse takes effect only after everything scheduled here is done.
    """
