"""#97 Anti-Purple Wind -- blue magic."""

from legends_core import piece

from ..powers import SPELL, STATIONARY, CurseStrength, of

PIECE = piece(
    97, "Anti-Purple Wind", None, kind="magic", type="magic", colour="blue",
    text=("Stationary. Magic: when attacked it is destroyed and takes its attacker with it. "
          "Death Curse: purple pieces get -1 while it lasts."),
    powers=[STATIONARY, SPELL, CurseStrength(-1, of(colour="purple"))],
)
