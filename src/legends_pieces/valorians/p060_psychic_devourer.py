"""#60 Psychic Devourer -- gold wizard, strength 1."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Outcome, Power, continuation, hookimpl, piece

if TYPE_CHECKING:
    from legends_core.engine import Engine

GUESS = "turn:guess"


@attrs.frozen(repr=False)
class NameGuess(Power):
    """Innate: on attacking, name a piece blind; a right name destroys both pieces, a wrong
    one destroys only this piece. Strengths are never compared."""

    def describe(self) -> str:
        return ("When it attacks, you name the piece it attacks before either is shown: if "
                "right, both are destroyed; if wrong, only this piece is destroyed.")

    @hookimpl
    def legends_attack_declared(self, game: Engine, attacker: int) -> None:
        game.forget(attacker, GUESS)
        game.ask(game.ctrl[attacker], "name the piece you are attacking", game.catalogue.names,
                 _guessed, {"piece": attacker})

    @hookimpl
    def legends_attack_override(self, game: Engine, attacker: int, defender: int,
                                role: str) -> Outcome | None:
        if role != "attacker":
            return None
        guess = game.recall(attacker, GUESS)
        right = isinstance(guess, str) and guess.casefold() == game.types[defender].name.casefold()
        return Outcome(True, right, reason="right guess" if right else "wrong guess")


@continuation
def _guessed(game: Engine, value: str, data: dict[str, Any]) -> None:
    game.remember(data["piece"], GUESS, value)


PIECE = piece(
    60, "Psychic Devourer", 1, type="wizard", colour="gold",
    text=("Innate: when Psychic Devourer attacks, you name the piece it attacks. A right name "
          "destroys both pieces; a wrong one destroys only the Devourer. Strengths play no part."),
    powers=[NameGuess()],
    rulings=[
        "The name is given when the attack is declared, before either piece is revealed: an "
        "attack reveals both pieces at once, so a later guess would always be right.",
        "Strengths are not compared, so boosts during the attack change nothing; the Devourer "
        "never survives its own attack.",
        "Against a magic piece or a castle the guess has no effect: the spell, or the fall of "
        "the castle, happens as usual.",
        "When the Devourer is attacked, strengths are compared as usual.",
    ],
)
