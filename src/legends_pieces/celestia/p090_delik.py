"""#90 Delik -- blue unicorn, strength 3."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    90, "Delik", 3, type="unicorn", colour="blue",
    text=("Ability (once per turn): while Delik touches Aubrey, reveal the two of them and "
          "Aubrey has +1 until the turn is over."),
    powers=[Boost("delik", 1, target=of(name="Aubrey"), once="turn", reveal_target=True)],
    rulings=["Aubrey must be under your control, like every boost a piece gives."],
)
