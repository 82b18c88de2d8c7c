"""#35 Sir Urgwaine -- gold paladin, strength 10."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    35, "Sir Urgwaine", 10, type="paladin", colour="gold",
    text=("Ability (once per turn): reveal Sir Urgwaine together with a Paladin next to him; "
          "that Paladin gets +1 until the turn ends."),
    powers=[Boost("sir-urgwaine", 1, target=of(type="paladin"), reach="adjacent", once="turn",
                  reveal_target=True, whose="any")],
)
