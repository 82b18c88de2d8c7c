"""#112 Medusa -- silver gorgon, strength 7."""

from legends_core import piece

from ..powers import DestroyAdjacent

PIECE = piece(
    112, "Medusa", 7, type="gorgon", colour="silver",
    text=("Action: reveal Medusa and destroy her; every piece touching her square is "
          "destroyed at the same moment."),
    powers=[DestroyAdjacent("medusa")],
    rulings=[
        "Her own pieces next to her are destroyed as well: the text spares no side.",
        "A castle next to her survives (shared ruling: castles fall only to attacks).",
    ],
)
