"""#66 Cleansing Mist -- gold magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, SPELL, SacrificeForceDestroy

PIECE = piece(
    66, "Cleansing Mist", None, kind="magic", type="magic", colour="gold",
    text=("Innate: it never attacks. Action: the Mist is revealed and destroyed, and the "
          "opponent then has to destroy one of their own pieces (their pick). Magic: when "
          "attacked, the Mist and its attacker are destroyed."),
    powers=[CANNOT_ATTACK, SacrificeForceDestroy("cleansing-mist"), SPELL],
    rulings=["Cleansing Mist is not stationary: it may make standard moves onto empty squares."],
)
