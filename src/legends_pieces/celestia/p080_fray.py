"""#80 Fray -- blue angel, strength 6."""

from legends_core import piece

from ..powers import FLYING, Gather, of

PIECE = piece(
    80, "Fray", 6, type="angel", colour="blue",
    text=("Action: Flying. Action: reveal Fray and bring as many as three blue pieces of yours "
          "that are able to move onto empty squares around Fray; each one brought is revealed."),
    powers=[FLYING, Gather("fray", of(colour="blue", mobile=True), reveal=True)],
    rulings=[
        "The pieces may come from anywhere on the board; only pieces you control count, Fray "
        "itself excluded. Stationary blue pieces (magic, castles) cannot be brought.",
        "You may stop after the first piece; all of it is one action. You are asked for "
        "each further piece even when you have none left to bring (the shared ruling on "
        "optional questions).",
    ],
)
