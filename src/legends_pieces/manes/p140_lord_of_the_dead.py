"""#140 Lord of the Dead -- red zombie, strength 9."""

from legends_core import piece

from ..powers import ReturnToTerrainAfterAttack, of

PIECE = piece(
    140, "Lord of the Dead", 9, type="zombie", colour="red",
    text=("Ability: each time the Lord of the Dead wins an attack, you may bring one destroyed "
          "zombie back onto an empty marsh square. With no empty marsh square, nothing returns."),
    powers=[ReturnToTerrainAfterAttack(of(type="zombie"), "marsh", any_area=True)],
    rulings=[
        "The text names no owner, so the zombie may come from any destroyed area, like every "
        "return that names none; it returns under the control of the Lord's player.",
    ],
)
