"""#161 Gloomis -- red zombie, strength 2."""

from legends_core import piece

from ..powers import SacrificeForceDestroy

PIECE = piece(
    161, "Gloomis", 2, type="zombie", colour="red",
    text=("Action: reveal Gloomis and destroy it; the opponent then picks one of their own "
          "pieces and destroys it."),
    powers=[SacrificeForceDestroy("gloomis")],
    rulings=["The opponent never picks their castle: a castle falls only to an attack."],
)
