"""#59 Urgwaine's Knights -- gold paladin, strength 2."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    59, "Urgwaine's Knights", 2, type="paladin", colour="gold",
    text=("Ability: reveal and destroy Urgwaine's Knights so that a Paladin next to them, which "
          "is revealed, gets +2 until the turn ends."),
    powers=[Boost("urgwaines-knights", 2, target=of(type="paladin"), reach="adjacent",
                  sacrifice=True, reveal_target=True, whose="any")],
)
