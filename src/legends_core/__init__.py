"""legends_core: the rules kernel of Stratego Legends, and of the other Stratego editions.

The names below are the public API; see the documentation for each.
"""

from .actions import DONE, PASS, Action
from .armies import COMPOSITION, PRESETS, preset, random_army, validate_army
from .board import Board, from_battle_boards, from_rows
from .campaign import Campaign
from .compiling import compiled_modules
from .endings import Ending
from .engine import NO_PROGRESS_LIMIT, REPETITION_LIMIT, Combat, Engine, Outcome, Rules
from .errors import (
    ActionIdError,
    ArmyError,
    CatalogueError,
    GameOverError,
    IllegalActionError,
    LegendsError,
    NotationError,
    PluginError,
    PositionError,
)
from .events import Event
from .game import Game, LegalActions
from .hookspecs import hookimpl, hookspec
from .piecetype import PieceType, Power, piece
from .position import SEED_LIMIT
from .registry import Catalogue, catalogue, load_packs
from .ruleset import (
    Ruleset,
    catalogue_for,
    get_ruleset,
    register_ruleset,
    rulesets,
    unregister_ruleset,
)
from .rulings import Ruling, all_rulings, ruling
from .tasks import continuation
from .visibility import SPECTATOR, PieceView, View, event_for
from .worlds import Knowledge, imagine, imagine_game, random_main_action

__all__ = [
    "COMPOSITION",
    "DONE",
    "NO_PROGRESS_LIMIT",
    "REPETITION_LIMIT",
    "PASS",
    "PRESETS",
    "SEED_LIMIT",
    "SPECTATOR",
    "Action",
    "ActionIdError",
    "ArmyError",
    "Board",
    "Campaign",
    "Catalogue",
    "CatalogueError",
    "Combat",
    "Ending",
    "Engine",
    "Event",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "Knowledge",
    "LegalActions",
    "LegendsError",
    "NotationError",
    "Outcome",
    "PieceType",
    "PieceView",
    "PluginError",
    "PositionError",
    "Power",
    "Rules",
    "Ruleset",
    "Ruling",
    "View",
    "all_rulings",
    "catalogue",
    "catalogue_for",
    "compiled_modules",
    "continuation",
    "event_for",
    "from_battle_boards",
    "from_rows",
    "get_ruleset",
    "imagine",
    "imagine_game",
    "hookimpl",
    "hookspec",
    "load_packs",
    "piece",
    "preset",
    "random_main_action",
    "random_army",
    "register_ruleset",
    "unregister_ruleset",
    "ruling",
    "rulesets",
    "validate_army",
]

# Modules that hand something in to the modules below them must have loaded before any game
# is played: the tasks the state schedules by name (combat, curses, flow, strikes), the
# built-in ruleset (setup), the text form of a view (textboard). Most are loaded above
# already; named here so that stays true.
from . import combat, curses, flow, setup, strikes, textboard  # noqa: E402, F401

# A compiled build made from other sources than the .py files beside it would run other code
# than they say: say so (silent for an installed wheel, and cheap: see compiling.py).
from .compiling import warn_if_stale as _warn_if_stale  # noqa: E402

_warn_if_stale()
