"""#65 Altar of Deliverance -- gold magic."""

from legends_core import piece

from ..powers import STATIONARY, SpellOpponentDestroys

PIECE = piece(
    65, "Altar of Deliverance", None, kind="magic", type="magic", colour="gold",
    text=("Stationary. Magic: when attacked, the Altar and its attacker are destroyed, and the "
          "opponent then has to destroy one of their own pieces (their pick)."),
    powers=[STATIONARY, SpellOpponentDestroys()],
    rulings=[
        "If the destroyed attacker sets off a death curse, that curse change is carried out "
        "first; the opponent then chooses among the pieces they still have.",
    ],
)
