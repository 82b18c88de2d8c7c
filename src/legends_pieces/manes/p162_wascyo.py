"""#162 Wascyo -- red vampire, strength 1."""

from legends_core import piece

from ..powers import KillsBase

PIECE = piece(
    162, "Wascyo", 1, type="vampire", colour="red",
    text=("Innate: in any attack between Wascyo and a piece of base strength 10, whichever "
          "of the two attacked, the base strength 10 piece is destroyed and Wascyo is not."),
    powers=[KillsBase((10,), when="either")],
    rulings=[
        "Wascyo survives such an attack: the text destroys only the base strength 10 piece, "
        "so when Wascyo attacks it moves onto the emptied square.",
    ],
)
