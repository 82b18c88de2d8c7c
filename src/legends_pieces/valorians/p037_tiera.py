"""#37 Tiera -- gold cleric, strength 9."""

from legends_core import piece

from ..powers import OpponentDestroysAfterAttack, TerrainBonus

PIECE = piece(
    37, "Tiera", 9, type="cleric", colour="gold",
    text=("Innate: -5 on marsh and -5 on forest. Innate: whenever Tiera wins an attack, the "
          "opponent must pick one of their own pieces and destroy it."),
    powers=[TerrainBonus("marsh", -5), TerrainBonus("forest", -5), OpponentDestroysAfterAttack()],
)
