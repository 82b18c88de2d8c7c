"""#87 Tar'n -- blue centaur, strength 4."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    87, "Tar'n", 4, type="centaur", colour="blue",
    text=("Ability (once per turn): while Tar'n touches Tiera, reveal the two of them and Tiera "
          "has +1 until the turn is over."),
    powers=[Boost("tarn", 1, target=of(name="Tiera"), once="turn", reveal_target=True)],
    rulings=["Tiera must be under your control, like every boost a piece gives."],
)
