"""#123 Dumes -- silver giant, strength 3."""

from legends_core import piece

from ..powers import CHARGING, AttacksOwn

PIECE = piece(
    123, "Dumes", 3, type="giant", colour="silver",
    text="Ability: Dumes is allowed to attack pieces on its own side. Action: Charging.",
    powers=[AttacksOwn(), CHARGING],
    rulings=[
        "Dumes never attacks its own side's castle (shared ruling): that would end the game "
        "against its own player, which no reading of the text intends.",
        "Such an attack is fought like any other, and Dumes may also end a Charge on a piece "
        "of its own side.",
        "In a team game its own side is its whole team, so Dumes may also attack the pieces "
        "of its player's teammates (never a castle).",
    ],
)
