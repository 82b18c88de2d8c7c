"""#105 Namhel -- silver giant, strength 9."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    105, "Namhel", 9, type="giant", colour="silver",
    text=("Ability (once per turn): reveal Namhel and a Giant of yours next to him; that Giant "
          "is revealed too and gets +1 for the rest of the turn."),
    powers=[Boost("namhel", 1, target=of(type="giant"), once="turn", reveal_target=True)],
)
