"""#32 Elven Ambush -- green magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, AmbushSpell

PIECE = piece(
    32, "Elven Ambush", None, kind="magic", type="magic", colour="green",
    text=("Innate: never attacks (it may still move). Magic: a piece that attacks it dies "
          "together with it, after which you may bring one of your Elves onto the square it "
          "held; that Elf is revealed."),
    powers=[CANNOT_ATTACK, AmbushSpell(type="elf")],
    rulings=[
        "Only an Elf that can move may be brought in: a stationary piece never changes square.",
        "You are asked even when you have no such Elf ('done' is then the only answer): the "
        "spell is seen by both players, so skipping the question would tell them so.",
    ],
)
