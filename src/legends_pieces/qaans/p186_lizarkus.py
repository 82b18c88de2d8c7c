"""#186 Lizarkus -- purple reptillian, strength 5."""

from legends_core import piece

from ..powers import TerrainBonus, WaterJump

PIECE = piece(
    186, "Lizarkus", 5, type="reptillian", colour="purple",
    text=("Innate: -2 on desert. Action: from a square touching water, Lizarkus is revealed "
          "and moves to any empty square that touches water."),
    powers=[TerrainBonus("desert", -2), WaterJump()],
    rulings=["The type is kept exactly as the chart transcription spells it ('reptillian'); "
             "no other piece shares it, so the spelling changes nothing in play."],
)
