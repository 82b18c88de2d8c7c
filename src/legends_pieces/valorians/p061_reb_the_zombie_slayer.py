"""#61 Reb the Zombie Slayer -- gold cleric, strength 1."""

from legends_core import piece

from ..powers import KillsBase, KillsType

PIECE = piece(
    61, "Reb the Zombie Slayer", 1, type="cleric", colour="gold",
    text=("Innate: a piece of base strength 10 that Reb attacks is destroyed. Innate: a Zombie "
          "that Reb attacks is destroyed."),
    powers=[KillsBase((10,)), KillsType("zombie")],
    rulings=[
        "Reb survives both kills and takes the attacked square: the attack is a success.",
        "Only attacking counts; when Reb is attacked, strengths are compared as usual.",
    ],
)
