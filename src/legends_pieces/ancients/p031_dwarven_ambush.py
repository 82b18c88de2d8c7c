"""#31 Dwarven Ambush -- green magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, AmbushSpell

PIECE = piece(
    31, "Dwarven Ambush", None, kind="magic", type="magic", colour="green",
    text=("Innate: never attacks (it may still move). Magic: a piece that attacks it dies "
          "together with it, after which you may bring one of your Dwarves onto the square it "
          "held; that Dwarf is revealed."),
    powers=[CANNOT_ATTACK, AmbushSpell(type="dwarf")],
    rulings=[
        "The reference chart misspells the name; its own text calls it Dwarven Ambush.",
        "Only a Dwarf that can move may be brought in: a stationary piece never changes square.",
        "You are asked even when you have no such Dwarf ('done' is then the only answer): the "
        "spell is seen by both players, so skipping the question would tell them so.",
    ],
)
