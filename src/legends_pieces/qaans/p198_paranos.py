"""#198 Paranos -- purple magic."""

from legends_core import piece

from ..powers import CANNOT_ATTACK, SPELL

PIECE = piece(
    198, "Paranos", None, kind="magic", type="magic", colour="purple",
    text=("Cannot attack (but may move). Magic: when attacked it is destroyed and takes its "
          "attacker with it."),
    powers=[CANNOT_ATTACK, SPELL],
)
