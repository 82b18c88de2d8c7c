"""#121 H'caor Ogre Mage -- silver ogre, strength 4."""

from legends_core import piece

from ..powers import TerrainBonus, TerrainJump

PIECE = piece(
    121, "H'caor Ogre Mage", 4, type="ogre", colour="silver",
    text=("Innate: +2 on mountain. Action: when H'caor stands on a mountain, reveal him and "
          "move him to another empty mountain square anywhere."),
    powers=[TerrainBonus("mountain", 2), TerrainJump("mountain")],
)
