"""#202 Larva -- purple magic."""

from legends_core import piece

from ..powers import SPELL, STATIONARY, CurseStrength, of

PIECE = piece(
    202, "Larva", None, kind="magic", type="magic", colour="purple",
    text=("Stationary. Magic: when attacked it is destroyed and takes its attacker with it. "
          "Death Curse: insectoids get +1 while it lasts."),
    powers=[STATIONARY, SPELL, CurseStrength(1, of(type="insectoid"))],
)
