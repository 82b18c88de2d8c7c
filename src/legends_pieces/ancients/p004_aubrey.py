"""#4 Aubrey -- green elf, strength 9."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    4, "Aubrey", 9, type="elf", colour="green",
    text=("Action: when Aubrey stands in a forest, show her and move her to any other forest "
          "square that is empty."),
    powers=[TerrainJump("forest")],
)
