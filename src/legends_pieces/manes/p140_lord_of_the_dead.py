"""#140 Lord of the Dead -- red zombie, strength 9."""

from legends_core import piece

from ..powers import ReturnToTerrainAfterAttack, of

PIECE = piece(
    140, "Lord of the Dead", 9, type="zombie", colour="red",
    text=("Ability: each time the Lord of the Dead wins an attack, you may bring one destroyed "
          "zombie back onto an empty marsh square. With no empty marsh square, nothing returns."),
    powers=[ReturnToTerrainAfterAttack(of(type="zombie"), "marsh")],
    rulings=[
        "The zombie comes from your own destroyed area. Every zombie belongs to the gray army, "
        "so in a two-player game that is every destroyed zombie there is.",
        "A zombie lying in the death curse slot cannot be brought back.",
    ],
)
