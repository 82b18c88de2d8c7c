"""#197 Demarn the Putrid -- purple mold, strength 1."""

from legends_core import piece

from ..powers import KillsBase, ReflectDistanceStrike

PIECE = piece(
    197, "Demarn the Putrid", 1, type="mold", colour="purple",
    text=("Innate: a Distance Strike that reveals Demarn leaves it unharmed and destroys the "
          "striking piece instead. Ability: when Demarn attacks a piece whose base strength is "
          "10, that piece is destroyed."),
    powers=[ReflectDistanceStrike(), KillsBase((10,))],
    rulings=["Both powers can only help Demarn's player, so they apply every time, whatever "
             "the strengths."],
)
