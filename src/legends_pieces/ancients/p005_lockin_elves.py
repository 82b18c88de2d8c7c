"""#5 Lockin Elves -- green elf, strength 8."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    5, "Lockin Elves", 8, type="elf", colour="green",
    text=("Ability: show the Lockin Elves and put them in the destroyed area; a green piece "
          "of yours next to them is revealed and fights at +2 until the turn is over."),
    powers=[Boost("lockin-elves", 2, target=of(colour="green"), sacrifice=True,
                  reveal_target=True)],
)
