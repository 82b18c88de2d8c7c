"""#134 Wheel of Energy -- silver magic."""

from legends_core import piece

from ..powers import SPELL, STATIONARY, Boost

PIECE = piece(
    134, "Wheel of Energy", None, kind="magic", type="magic", colour="silver",
    text=("Stationary. Ability: destroy the Wheel to give a piece next to it +1 until the end "
          "of the turn (that piece is revealed). Magic: when attacked it is destroyed along "
          "with its attacker."),
    powers=[STATIONARY,
            Boost("wheel-of-energy", 1, sacrifice=True, reveal_target=True, whose="any"),
            SPELL],
)
