"""#196 Helliton -- purple insectoid, strength 1."""

from legends_core import piece

from ..powers import KillsBase, TerrainBonus

PIECE = piece(
    196, "Helliton", 1, type="insectoid", colour="purple",
    text=("Innate: +4 on mountain. Ability: when Helliton attacks a piece whose base strength "
          "is 9 or 10, that piece is destroyed."),
    powers=[TerrainBonus("mountain", 4), KillsBase((9, 10))],
    rulings=["The kill is printed as an Ability but can only help Helliton's player, so it "
             "applies every time, like an innate power."],
)
