"""Shared multi-step effects: choosing pieces to lose, give away, destroy or bring back.

These are the building blocks behind texts that make the opponent pick one of their own pieces
to lose or to hand over (with several opponents, the power's player first picks which one:
:func:`choose_opponent`), and behind texts that bring destroyed pieces back onto the board.
Each one starts after what is already scheduled (so its list of choices is made when the
question is reached, after any death curse set off just before has been resolved), asks with
``game.ask`` and finishes in a continuation, so a game can be saved in the middle of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from legends_core.rulings import ruling
from legends_core.tasks import CONTINUATIONS, continuation, continuation_name

from .match import Match, printed

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Castles in forced choices",
           "A castle falls only to an attack, so a player forced to destroy one of their pieces "
           "never picks the castle; a player forced to hand over a piece may pick the castle "
           "only when they control nothing else (handing it over loses the game)."),
    ruling("Which opponent",
           "Where a text names \"the opponent\" or \"an opponent\" and there are several (a team "
           "game), the player using the power picks which one, as a private decision, before "
           "anything else of the power happens; the one picked then makes the choices the text "
           "gives the opponent. This holds for actions, for spells (the magic piece's player "
           "picks), for powers after a won attack and for death curses (the player the curse "
           "works for picks). Every opponent may be picked, also one with nothing to lose: "
           "which pieces each player holds is hidden, and the text leaves the pick free. With "
           "a single opponent nothing is asked."),
    ruling("Optional questions are always put",
           "When something every player sees (a spell cast, an action used) lets a player pick "
           "a piece if they wish, the question is put even when that player has nothing to "
           "pick, with \"done\" as the only answer. Skipping it would tell the other players "
           "that the player holds no such piece (no Elf to bring in, no more Insectoids to "
           "gather)."),
)

DONE = "done"


# -- which opponent --------------------------------------------------------------------


def choose_opponent(g: Engine, player: int, then: Callable[..., Any],
                    data: dict[str, Any] | None = None, *,
                    about: str = "choose the opponent this power works on") -> None:
    """Run ``then(game, opponent, data)`` for the opponent ``player`` picks (see the ruling
    "Which opponent"): at once when ``player`` has a single opponent, otherwise after asking
    them. ``then`` must be a :func:`~legends_core.tasks.continuation`."""
    foes = g.opponents(player)
    if len(foes) == 1:
        then(g, foes[0], dict(data or {}))
        return
    g.ask(player, about, [g.players[f] for f in foes], _opponent_chosen,
          {"then": continuation_name(then), "data": dict(data or {})})


@continuation
def _opponent_chosen(g: Engine, value: str, data: dict[str, Any]) -> None:
    CONTINUATIONS[data["then"]](g, g.player_index(value), dict(data["data"]))


def an_opponent_destroys(g: Engine, player: int, count: int = 1, *,
                         together: bool = False) -> None:
    """An opponent of ``player`` (their pick, see :func:`choose_opponent`) chooses ``count``
    of their own pieces and destroys them (as :func:`opponent_destroys`)."""
    choose_opponent(g, player, _opponent_destroys, {"count": count, "together": together},
                    about="choose the opponent who must destroy their own pieces")


@continuation
def _opponent_destroys(g: Engine, foe: int, data: dict[str, Any]) -> None:
    opponent_destroys(g, foe, data["count"], together=data["together"])


def an_opponent_gives(g: Engine, player: int, count: int = 1) -> None:
    """An opponent of ``player`` (their pick, see :func:`choose_opponent`) chooses ``count``
    of their pieces and ``player`` takes control of them (as :func:`opponent_gives`)."""
    choose_opponent(g, player, _opponent_gives, {"taker": player, "count": count},
                    about="choose the opponent who must hand you their pieces")


@continuation
def _opponent_gives(g: Engine, foe: int, data: dict[str, Any]) -> None:
    opponent_gives(g, foe, data["taker"], data["count"])


# -- forced sacrifice ------------------------------------------------------------------


def opponent_destroys(g: Engine, victim: int, count: int = 1, *, together: bool = False) -> None:
    """``victim`` chooses ``count`` of their own pieces (not the castle) and destroys them,
    one after another, or all at the same moment when ``together``."""
    g.later(_start_destroy, {"victim": victim, "left": count, "together": together})


@continuation
def _start_destroy(g: Engine, data: dict[str, Any]) -> None:
    _ask_destroy(g, data["victim"], data["left"], data["together"], ())


def _ask_destroy(g: Engine, victim: int, left: int, together: bool, chosen: tuple[int, ...]) -> None:
    choices = [g.ref(p) for p in g.pieces(victim)
               if g.types[p].kind != "castle" and p not in chosen]
    if left <= 0 or not choices:
        if chosen:
            g.destroy(chosen, cause="forced choice")
        return
    g.ask(victim, "choose one of your pieces to destroy", choices, _destroy_chosen,
          {"victim": victim, "left": left, "together": together, "chosen": chosen})


@continuation
def _destroy_chosen(g: Engine, value: str, data: dict[str, Any]) -> None:
    pid = _still_there(g, value)
    if pid < 0:  # gone since the question was put: ask again
        _ask_destroy(g, data["victim"], data["left"], data["together"], data["chosen"])
        return
    if data["together"]:
        _ask_destroy(g, data["victim"], data["left"] - 1, True, (*data["chosen"], pid))
    else:
        g.destroy([pid], cause="forced choice")
        _ask_destroy(g, data["victim"], data["left"] - 1, False, ())


# -- forced gift -----------------------------------------------------------------------


def opponent_gives(g: Engine, victim: int, taker: int, count: int = 1) -> None:
    """``victim`` chooses ``count`` of their pieces; ``taker`` gains control of each."""
    g.later(_start_give, {"victim": victim, "taker": taker, "left": count})


@continuation
def _start_give(g: Engine, data: dict[str, Any]) -> None:
    _ask_give(g, data["victim"], data["taker"], data["left"])


def _ask_give(g: Engine, victim: int, taker: int, left: int) -> None:
    if left <= 0 or g.over:
        return
    own = g.pieces(victim)
    others = [p for p in own if g.types[p].kind != "castle"]
    choices = [g.ref(p) for p in (others or own)]
    g.ask(victim, "choose one of your pieces to hand over", choices, _give_chosen,
          {"victim": victim, "taker": taker, "left": left})


@continuation
def _give_chosen(g: Engine, value: str, data: dict[str, Any]) -> None:
    pid = _still_there(g, value)
    if pid < 0 or g.ctrl[pid] != data["victim"]:
        _ask_give(g, data["victim"], data["taker"], data["left"])
        return
    g.take_control(pid, data["taker"])
    _ask_give(g, data["victim"], data["taker"], data["left"] - 1)


# -- choose and destroy ----------------------------------------------------------------


def choose_and_destroy(g: Engine, player: int, candidates: Iterable[int], *,
                       optional: bool = False, about: str = "choose a piece to destroy",
                       cause: str = "power") -> None:
    """``player`` picks one of ``candidates`` (pieces on the board) to destroy.

    Build ``candidates`` with :func:`~legends_pieces.powers.candidates`. A pick the rules exempt (a
    castle) is destroyed only if :meth:`~legends_core.effects.Effects.destroy` allows it, so
    nothing happens to it. An optional choice is always asked; a compulsory one only when
    ``candidates`` is not empty, which the caller must make a public fact."""
    g.later(_start_pick, {"player": player, "cands": tuple(candidates), "optional": optional,
                          "about": about, "cause": cause})


@continuation
def _start_pick(g: Engine, data: dict[str, Any]) -> None:
    choices = [g.ref(p) for p in data["cands"] if g.loc[p] >= 0]
    # Asked even with nothing to pick: see the ruling "Optional questions are always put".
    if data["optional"]:
        choices.append(DONE)
    g.ask(data["player"], data["about"], choices, _destroy_picked, data)


@continuation
def _destroy_picked(g: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE:
        return
    pid = _still_there(g, value)
    if pid < 0:
        _start_pick(g, data)
        return
    g.destroy([pid], cause=data["cause"])


def reveal_then_destroy_one(g: Engine, player: int, pids: Sequence[int], *,
                            mobile_only: bool = True, cause: str = "death curse") -> None:
    """Reveal ``pids``; then ``player`` must destroy one of them (non-stationary ones only
    when ``mobile_only``)."""
    g.reveal(pids)
    targets = [p for p in pids if g.loc[p] >= 0 and not (mobile_only and g.is_stationary(p))]
    choose_and_destroy(g, player, targets, about="choose a revealed piece to destroy", cause=cause)


# -- bringing destroyed pieces back ----------------------------------------------------


def return_pieces(g: Engine, player: int, candidates: Iterable[int], *,
                  squares: Sequence[int] | None = None, count: int | None = 1,
                  budget: int | None = None, optional: bool = True) -> None:
    """``player`` puts destroyed pieces back on the board under their control.

    :param candidates: pieces in destroyed areas that qualify (never the curse slot).
    :param squares: where they may go (each must be empty when placed); ``None`` means any
        empty land square.
    :param count: how many at most (``None``: any number).
    :param budget: the most their base strengths may add up to (``None``: no limit).
    :param optional: whether the player may stop (``done``) before placing anything.
    """
    g.later(_ask_return, {"player": player, "cands": tuple(candidates),
                          "squares": None if squares is None else tuple(squares),
                          "count": count, "budget": budget, "optional": optional})


def _fits(g: Engine, pid: int, data: dict[str, Any]) -> bool:
    if g.loc[pid] != -1:
        return False
    b = data["budget"]
    return b is None or (g.types[pid].strength or 0) <= b


def _free(g: Engine, data: dict[str, Any]) -> list[int]:
    sq = data["squares"]
    if sq is None:
        return g.empty_squares()
    return [s for s in sq if g.is_empty(s)]


@continuation
def _ask_return(g: Engine, data: dict[str, Any]) -> None:
    if data["count"] is not None and data["count"] <= 0:
        return
    if not _free(g, data):
        return
    choices = [g.ref(p) for p in data["cands"] if _fits(g, p, data)]
    if not choices:
        return
    if data["optional"]:
        choices.append(DONE)
    g.ask(data["player"], "choose a destroyed piece to bring back", choices, _return_which, data)


@continuation
def _return_which(g: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE:
        return
    try:
        pid = g.from_ref(value)
    except ValueError:
        pid = -1
    if pid < 0 or not _fits(g, pid, data) or not _free(g, data):
        _ask_return(g, data)
        return
    g.ask(data["player"], "choose the square for the returning piece",
          [g.name(s) for s in _free(g, data)], _return_where, {**data, "piece": pid})


@continuation
def _return_where(g: Engine, value: str, data: dict[str, Any]) -> None:
    pid = data["piece"]
    if g.loc[pid] != -1 or not g.is_empty(g.sq(value)):
        _ask_return(g, {k: v for k, v in data.items() if k != "piece"})
        return
    g.place(pid, g.sq(value), data["player"])
    nxt = dict(data)
    nxt.pop("piece")
    if nxt["count"] is not None:
        nxt["count"] -= 1
    if nxt["budget"] is not None:
        nxt["budget"] -= g.types[pid].strength or 0
    nxt["optional"] = True
    _ask_return(g, nxt)


def destroyed_matching(g: Engine, player: int | None, match: Any) -> list[int]:
    """Pieces in ``player``'s destroyed area (every area when ``None``) that ``match``."""
    areas = g.dead if player is None else [g.dead[player]]
    # A Match on printed facts keeps its answers by piece type: read them here rather than
    # call it (a generic call each) for every destroyed piece, as Great Shaman asks at every
    # decision once destroyed areas fill up.
    by_type = match.by_type if type(match) is Match and match.keyword is None else None
    if by_type is None:
        return [p for area in areas for p in area if match(g, p)]
    types = g.types
    return [p for area in areas for p in area if printed(match, by_type, types[p])]


# -- moving one of your pieces to a square ---------------------------------------------


def move_one_to(g: Engine, player: int, candidates: Iterable[int], square: int, *,
                optional: bool = True, reveal: bool = False, how: str = "move") -> None:
    """``player`` may move one of ``candidates`` (on the board) to the empty ``square``; the
    piece moved is revealed when ``reveal`` (when the text says so). An optional move is
    always asked while the square is empty, with "done" among the answers."""
    g.later(_start_move, {"player": player, "cands": tuple(candidates), "square": square,
                          "optional": optional, "reveal": reveal, "how": how})


@continuation
def _start_move(g: Engine, data: dict[str, Any]) -> None:
    square = data["square"]
    if not g.is_empty(square):
        return
    choices = [g.ref(p) for p in data["cands"] if g.loc[p] >= 0 and g.loc[p] != square
               and g.ctrl[p] == data["player"]]
    # Asked even with nothing to move: see the ruling "Optional questions are always put".
    if data["optional"]:
        choices.append(DONE)
    g.ask(data["player"], f"choose a piece to move to {g.name(square)}", choices, _move_chosen,
          data)


@continuation
def _move_chosen(g: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE or not g.is_empty(data["square"]):
        return
    pid = _still_there(g, value)
    if pid < 0:
        _start_move(g, data)
        return
    g.move_piece(pid, data["square"], data["how"])
    if data["reveal"]:
        g.reveal([pid])


# -- choosing squares and pieces ------------------------------------------------------


def _still_there(g: Engine, ref: str) -> int:
    """The piece a choice names, or ``-1`` if it has gone since the question was put."""
    try:
        return g.from_ref(ref)
    except ValueError:
        return -1



def choose_square(g: Engine, player: int, squares: Iterable[int], then: Any,
                  data: dict[str, Any] | None = None, *, about: str = "choose a square",
                  optional: bool = False) -> None:
    """Ask ``player`` for one of ``squares``; ``then(game, value, data)`` gets its name."""
    choices = [g.name(s) for s in squares]
    if choices and optional:
        choices.append(DONE)
    g.ask(player, about, choices, then, data)
