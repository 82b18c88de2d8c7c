"""#29 Earthquake -- green magic."""

from legends_core import piece

from ..powers import SPELL, STATIONARY, EndRevealTerrain

PIECE = piece(
    29, "Earthquake", None, kind="magic", type="magic", colour="green",
    text=("Stationary. Magic: a piece that attacks it dies together with it. Death Curse: "
          "nothing while it lasts; when a later curse replaces it, all pieces on plains squares "
          "are revealed and its player destroys one of them that can move."),
    powers=[STATIONARY, SPELL, EndRevealTerrain(terrain="plains")],
)
