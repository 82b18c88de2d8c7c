"""#39 Oreld the Deliverer -- gold wizard, strength 8."""

from legends_core import piece

from ..powers import ExtraTurn

PIECE = piece(
    39, "Oreld the Deliverer", 8, type="wizard", colour="gold",
    text=("Ability: as your turn is ending you may reveal Oreld and destroy him; you then play "
          "one more turn."),
    powers=[ExtraTurn("oreld-the-deliverer")],
)
