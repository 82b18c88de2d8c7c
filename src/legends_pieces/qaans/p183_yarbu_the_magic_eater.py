"""#183 Yarbu the Magic Eater -- purple worm, strength 6."""

from legends_core import piece

from ..powers import CHARGING, DISPEL_MAGIC

PIECE = piece(
    183, "Yarbu the Magic Eater", 6, type="worm", colour="purple",
    text=("Innate: Dispel Magic -- a magic piece it attacks is destroyed and casts nothing. "
          "Action: Charging."),
    powers=[DISPEL_MAGIC, CHARGING],
    rulings=["The chart transcription writes the name in lower case ('yarbu'); it is a proper name."],
)
