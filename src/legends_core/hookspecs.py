"""Hook specifications: every point where a piece plugin can change the game.

Two kinds of hook live here.

*Catalogue hooks* are called once per process on every installed plugin pack (found through
the ``legends.pieces`` entry-point group, or the group a ruleset names for its pieces) to
collect piece types and keyword powers; :func:`legends_rulesets` likewise collects rulesets
from the ``legends.rulesets`` group.

*Piece hooks* are implemented by :class:`~legends_core.piecetype.Power` objects. They are
never broadcast: the kernel builds, once per process, a table from each piece type to the
implementations of its own powers, and calls only those for the piece concerned (a hook with
206 implementations would cost tens of microseconds a call). ``game`` is always the
:class:`~legends_core.engine.Engine` to query and change; ``piece`` is a piece id (an int).
Implementations may accept fewer arguments than the spec lists (pluggy's opt-in arguments).

*Ruleset hooks* (``legends_rules_*``, at the end) are implemented by the rule plugins a
:class:`~legends_core.ruleset.Ruleset` lists, and called only for games of that ruleset. They
are where an edition's rules differ from the kernel's defaults (ties, taking a flag, turn
actions that are not a piece's, what players keep knowing about captured pieces). A ruleset that
implements none of them plays by the defaults, which are the Stratego Legends rules.

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
    from .piecetype import PieceType, Power

    # The engine sits above the hooks (its catalogue is built from them): hooks name it by
    # the protocol it meets.
    from .state import State as Engine
    from .statevalues import Outcome

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


@hookspec
def legends_rulesets() -> list[object]:  # type: ignore[empty-body]
    """Return the rulesets this plugin adds (each a :class:`~legends_core.ruleset.Ruleset`).

    :return: A list of rulesets; their names must not clash with other plugins'.

    Use in plugins: a module named in the ``legends.rulesets`` entry-point group implements
    this once. Its pieces come as a piece pack in the entry-point group the ruleset names.
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

    Use in plugins: a piece's own way of moving (a Scout's run, a cavalry ride) is offered
    here too, as a power that moves the piece (and so reveals it). Yield one :class:`~legends_core.actions.Action` per distinct choice
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

    The answer may depend only on the curse (its type, who controls it) and on the piece's
    printed facts (its type) and controller, not on where the piece stands or what else is
    on the board: the kernel asks it once for each such combination and keeps the answer
    (see :mod:`legends_core.changes`).

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
    :return: An :class:`~legends_core.Outcome`, or ``None`` to leave the attack alone.

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


# -------------------------------------------------------------------------------------
# Ruleset, turn: called on the game's ruleset plugins only
# -------------------------------------------------------------------------------------


@hookspec
def legends_rules_turn_starts(game: Engine, player: int) -> None:
    """Called as ``player``'s turn begins, before their main decision.

    :param game: The game.
    :param player: Whose turn begins.

    Use in plugins: a win condition checked at the start of a turn (call ``game.end_game``).
    """


@hookspec
def legends_rules_turn_actions(game: Engine, player: int) -> Iterable[Action]:  # type: ignore[empty-body]
    """Offer turn actions that belong to no piece (bringing in a reserve piece).

    :param game: The game.
    :param player: The player whose main decision it is.
    :return: Actions of kind ``choose`` (``Action.choose("reserve")``); each stands for the
        whole turn's action, as a move does.

    Use in plugins: offer them only when they can be carried out; the kernel counts them when
    it checks whether a player can still move or act.
    """


@hookspec
def legends_rules_perform(game: Engine, player: int, action: Action) -> Any:
    """Carry out a turn action offered by :func:`legends_rules_turn_actions`.

    :param game: The game.
    :param player: Who chose it.
    :param action: The chosen action.
    :return: ``True`` when this plugin carried it out (the kernel asks each plugin in turn
        until one does), ``None`` otherwise.

    Use in plugins: ask the follow-up questions with ``game.ask``.
    """


@hookspec
def legends_rules_turn_ends(game: Engine, player: int, piece: int) -> None:
    """Called when ``player``'s move or action is over, before the turn ends.

    :param game: The game.
    :param player: Whose turn it is.
    :param piece: The piece that made the move or took the action (``-1`` for a turn action
        of the ruleset's own); it may have moved or gone since.

    Use in plugins: what the rules let a player do at the end of a turn (a rescue, a bonus
    reserve piece); ask with ``game.ask`` and a ``done`` choice where it is optional.
    """


# -------------------------------------------------------------------------------------
# Ruleset, attack and capture: called on the game's ruleset plugins only
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def legends_rules_compare(game: Engine, attacker: int, defender: int, attacker_strength: int,
                          defender_strength: int) -> tuple[bool, bool] | None:
    """Decide an attack from the two current strengths (no power overrode it).

    :param game: The game.
    :param attacker: The attacking warrior.
    :param defender: The attacked warrior.
    :param attacker_strength: Its current strength on the attacked square.
    :param defender_strength: Likewise.
    :return: ``(attacker destroyed, defender destroyed)``, or ``None`` for the default rule
        (the weaker is destroyed, both on a tie).

    Use in plugins: another rule for ties ("the attacker wins").
    """


@hookspec
def legends_rules_castle_taken(game: Engine, player: int, castle: int) -> None:
    """``player``'s attacker has just taken the enemy castle (a flag) and stands on its square.

    :param game: The game.
    :param player: The attacking player.
    :param castle: The castle, now destroyed.

    Use in plugins: end the game with ``game.end_game(player, reason)`` when taking it wins;
    if no plugin ends the game, play goes on and the attack counts as won. Without any
    implementation the kernel's rule applies: taking the castle wins.
    """


@hookspec
def legends_rules_attack_won(game: Engine, attacker: int, square: int) -> None:
    """``attacker`` won an attack and stands on ``square`` (after its own after-attack powers).

    Use in plugins: a bonus for winning an attack (remember it with ``game.remember`` under a
    ``"turn:"`` key and act on it in :func:`legends_rules_turn_ends`).
    """


@hookspec(firstresult=True)
def legends_rules_captured(game: Engine, piece: int, cause: str) -> int | None:
    """Who keeps knowing what ``piece`` is once it lies in its destroyed area.

    :param game: The game.
    :param piece: The piece being destroyed (still where it was).
    :param cause: Why (``"attack"``, ...).
    :return: A mask of players (bit ``1 << player``), or ``None`` for the default: everyone.

    Use in plugins: variants in which captured pieces are kept hidden from a player. The
    kernel's views, positions and records follow the knowledge masks, so nothing else changes.
    """
