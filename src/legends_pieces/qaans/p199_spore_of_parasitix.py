"""#199 Spore of Parasitix -- purple magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, SPELL, SacrificeForceGive

PIECE = piece(
    199, "Spore of Parasitix", None, kind="magic", type="magic", colour="purple",
    text=("Cannot attack (but may move). Action: the Spore is revealed and destroyed; the "
          "opponent then picks one of the pieces they control, and it comes under your "
          "control. Magic: when attacked it is destroyed and takes its attacker with it."),
    powers=[CANNOT_ATTACK, SacrificeForceGive("spore-of-parasitix"), SPELL],
)
