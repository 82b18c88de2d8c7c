"""#119 Colossor -- silver titan, strength 4."""

from legends_core import piece

from ..powers import ReflectDistanceStrike, VsKeyword

PIECE = piece(
    119, "Colossor", 4, type="titan", colour="silver",
    text=("Innate: +3 when fighting a piece that has the Flying action. Ability: a Distance "
          "Strike that reveals Colossor leaves it unharmed and destroys the striker."),
    powers=[VsKeyword("flying", 3), ReflectDistanceStrike(label="Ability")],
    rulings=[
        "The reflection is automatic: it can only help Colossor's side (shared ruling for "
        "Poy, Colossor and Demarn), and it works whatever the two strengths are.",
        "The +3 counts against a piece that has Flying at the time of the fight, printed or "
        "granted.",
    ],
)
