"""#132 Living Statue -- silver magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, SPELL

PIECE = piece(
    132, "Living Statue", None, kind="magic", type="magic", colour="silver",
    text=("Innate: never attacks. Magic: when attacked it is destroyed along with its "
          "attacker."),
    powers=[CANNOT_ATTACK, SPELL],
    rulings=[
        "Unlike most magic pieces it is not stationary: it may make ordinary moves onto empty "
        "squares, but never an attack.",
    ],
)
