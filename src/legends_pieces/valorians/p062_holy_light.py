"""#62 Holy Light -- gold magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, SPELL

PIECE = piece(
    62, "Holy Light", None, kind="magic", type="magic", colour="gold",
    text=("Innate: cannot attack. Magic: when attacked, Holy Light is destroyed along with its "
          "attacker."),
    powers=[CANNOT_ATTACK, SPELL],
    rulings=["Holy Light is not stationary: it may make standard moves onto empty squares."],
)
