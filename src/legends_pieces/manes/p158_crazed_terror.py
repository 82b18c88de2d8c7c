"""#158 Crazed Terror -- red zombie, strength 3."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    158, "Crazed Terror", 3, type="zombie", colour="red",
    text=("Ability: destroy Crazed Terror to give +2 for the rest of the turn to a zombie of "
          "yours next to it; that zombie is revealed."),
    powers=[Boost("crazed-terror", 2, target=of(type="zombie"), sacrifice=True,
                  reveal_target=True)],
)
