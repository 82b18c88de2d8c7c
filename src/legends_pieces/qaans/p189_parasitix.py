"""#189 Parasitix -- purple worm, strength 4."""

from legends_core import piece

from ..powers import SacrificeForceGive

PIECE = piece(
    189, "Parasitix", 4, type="worm", colour="purple",
    text=("Action: Parasitix is revealed and destroyed; the opponent then picks one of the "
          "pieces they control, and that piece comes under your control."),
    powers=[SacrificeForceGive("parasitix")],
)
