"""#172 Queen Kivoa -- purple insectoid, strength 10."""

from legends_core import piece

from ..powers import Gather, of

PIECE = piece(
    172, "Queen Kivoa", 10, type="insectoid", colour="purple",
    text=("Action: reveal the Queen and move up to three insectoids you control onto empty "
          "squares next to her; each one moved is revealed."),
    powers=[Gather("queen-kivoa", of(type="insectoid"), reveal=True)],
    rulings=[
        "The reference chart spells her 'Kiova'; the rulebook's 'Kivoa' is used here.",
        "After the first insectoid you are asked for another while a square next to her is "
        "free, even when none is left ('done' is then the only answer), so the opponent "
        "cannot count your hidden insectoids by when the questions stop.",
    ],
)
