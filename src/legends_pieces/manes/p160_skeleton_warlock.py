"""#160 Skeleton Warlock -- red skeleton, strength 2."""

from legends_core import piece

from ..powers import QUICKNESS, CurseStrength, of

PIECE = piece(
    160, "Skeleton Warlock", 2, type="skeleton", colour="red",
    text="Action: Quickness. Death Curse: skeletons get +1 while it lasts.",
    powers=[QUICKNESS, CurseStrength(1, of(type="skeleton"))],
)
