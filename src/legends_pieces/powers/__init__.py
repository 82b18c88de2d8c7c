"""Shared power building blocks. Pieces compose these; a power that recurs is written once.

See each module: ``keywords`` (traits), ``movement``, ``ranged``, ``strength``, ``boosts``,
``combat``, ``magic``, ``curses``, ``turns``, ``choices`` (multi-step choices), ``match``
(piece filters, :class:`~legends_pieces.powers.match.Match`) and ``knowledge`` (candidate
lists built from what the chooser knows).

A normal install compiles these modules with mypyc, as it compiles the kernel: their classes
are plain Python classes whose methods are compiled, which pieces subclass as before. Their
hook methods carry no ``@hookimpl`` mark and take every argument of their spec (see
``legends_core.registry.compiled_hooks``); a piece's own methods may carry the mark.
"""

from legends_core.compiling import warn_if_stale as _warn_if_stale

from .boosts import Boost, Grant, Weaken
from .choices import (
    DONE,
    an_opponent_destroys,
    an_opponent_gives,
    choose_and_destroy,
    choose_opponent,
    choose_square,
    destroyed_matching,
    move_one_to,
    opponent_destroys,
    opponent_gives,
    return_pieces,
    reveal_then_destroy_one,
)
from .combat import (
    KillsBase,
    KillsType,
    OpponentDestroysAfterAttack,
    ReturnAfterAttack,
    ReturnToTerrainAfterAttack,
)
from .curses import (
    CurseGrant,
    CurseStrength,
    EndReturnMolds,
    EndRevealNearWater,
    EndRevealTerrain,
    WhenCurseEnds,
)
from .keywords import (
    BERSERK,
    CANNOT_ATTACK,
    DISPEL_MAGIC,
    STATIONARY,
    AttacksOwn,
    Berserk,
    CannotAttack,
    DispelMagic,
    Stationary,
)
from .knowledge import candidate_squares, candidates, could_match, not_castle
from .magic import SPELL, AmbushSpell, GraveSpell, Spell, SpellOpponentDestroys
from .match import ANY, WARRIOR, Match, of
from .movement import (
    CHARGING,
    FLYING,
    QUICKNESS,
    SLASHING,
    SWITCHING,
    TELEPORT,
    Charging,
    Flying,
    Gather,
    Quickness,
    RevealFlownOver,
    Slashing,
    StepAction,
    Switching,
    Teleport,
    TerrainJump,
    WaterJump,
)
from .ranged import (
    DISTANCE_STRIKE,
    SURROUND,
    VISION,
    DistanceStrike,
    ReflectDistanceStrike,
    ReflectVision,
    Surround,
    Vision,
    enemies_within_two,
)
from .sacrifice import Sacrifice, SacrificeForceDestroy, SacrificeForceGive
from .strength import NearWater, TerrainBonus, VsColour, VsKeyword
from .targeted import TargetAction, move_or_attack
from .turns import DestroyAdjacent, ExtraTurn, Relocate

# The blocks are compiled with the kernel where it is (see the Speed page): as for the kernel,
# warn if a compiled block was built from another version of its source.
_warn_if_stale(__name__)

#: Keyword powers a piece can be given by name ("gains Flying for the rest of the turn").
KEYWORD_POWERS = [FLYING, CHARGING, SLASHING, QUICKNESS, TELEPORT, SWITCHING,
                  DISTANCE_STRIKE, VISION, SURROUND]

__all__ = [
    "ANY", "BERSERK", "CANNOT_ATTACK", "CHARGING", "DISPEL_MAGIC", "DISTANCE_STRIKE", "DONE",
    "FLYING", "KEYWORD_POWERS", "QUICKNESS", "SLASHING", "SPELL", "STATIONARY", "SURROUND",
    "SWITCHING", "TELEPORT", "VISION", "WARRIOR",
    "AmbushSpell", "AttacksOwn", "Berserk", "Boost", "CannotAttack", "Charging", "CurseGrant",
    "CurseStrength", "DestroyAdjacent", "DispelMagic", "DistanceStrike", "EndReturnMolds",
    "EndRevealNearWater", "EndRevealTerrain", "ExtraTurn", "Flying", "Gather", "Grant", "GraveSpell", "KillsBase",
    "KillsType", "Match", "NearWater", "OpponentDestroysAfterAttack", "Quickness",
    "ReflectDistanceStrike", "ReflectVision", "Relocate", "ReturnAfterAttack",
    "ReturnToTerrainAfterAttack", "RevealFlownOver", "Sacrifice", "SacrificeForceDestroy", "SacrificeForceGive", "Slashing", "Spell",
    "SpellOpponentDestroys", "Stationary", "StepAction", "Surround", "Switching", "TargetAction", "Teleport", "TerrainBonus",
    "TerrainJump", "Vision", "VsColour", "VsKeyword", "WaterJump", "Weaken", "WhenCurseEnds",
    "candidate_squares", "candidates", "could_match", "not_castle",
    "choose_and_destroy", "move_or_attack", "enemies_within_two", "choose_square", "destroyed_matching", "move_one_to", "of",
    "opponent_destroys", "opponent_gives", "an_opponent_destroys", "an_opponent_gives",
    "choose_opponent", "return_pieces", "reveal_then_destroy_one",
]
