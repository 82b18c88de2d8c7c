"""#51 Redillian Evoker -- gold wizard, strength 4."""

from legends_core import piece

from ..powers import CHARGING, CurseStrength, of

PIECE = piece(
    51, "Redillian Evoker", 4, type="wizard", colour="gold",
    text="Action: Charging. Death Curse: while it lasts, every Wizard gets +1.",
    powers=[CHARGING, CurseStrength(1, of(type="wizard"))],
    rulings=["The +1 goes to the Wizards of both sides, since the text names no side."],
)
