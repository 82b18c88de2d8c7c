"""#70 Elementus the Airlord -- blue spirit, strength 10."""

from legends_core import piece

from ..powers import Grant, of

PIECE = piece(
    70, "Elementus the Airlord", 10, type="spirit", colour="blue",
    text=("Ability: reveal Elementus to lend the Flying action to a spirit of yours, wherever it "
          "stands, until this turn is over."),
    powers=[Grant("elementus-the-airlord", "flying", target=of(type="spirit"), reach="any")],
    rulings=[
        "The spirit must be one you control (Elementus itself included); it need not be next to "
        "Elementus, since the text names no distance.",
        "As with every granted movement action, it is offered in your own turn before you act.",
        "Only Elementus is revealed: the text shows no other piece, so the spirit stays hidden "
        "and the other players are not told which piece got Flying. It is revealed when it "
        "uses the action, like any piece using a power.",
    ],
)
