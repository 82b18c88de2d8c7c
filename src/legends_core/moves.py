"""Standard movement, and gathering what a player may do right now.

Enumeration always walks the board in square order and never looks at the identity of a piece
the deciding player does not control, so the list of legal actions cannot give away an enemy
piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import actions
from .actions import Action
from .changes import Offers
from .effects import power_used_event
from .queries import curse_gift
from .rulings import ruling

if TYPE_CHECKING:
    from .engine import Engine
    from .registry import Behaviour

RULINGS = (
    ruling("Once per turn",
           "A power usable once per turn may be used once in each player's turn, by each piece "
           "that has it."),
    ruling("Back and forth",
           "The two-turn limit on moving back and forth applies to every move that carries one "
           "piece from one square to another, whatever made it: a standard move, a Scout's run, "
           "a Captain's ride (also the square it rides on after winning an attack), a flight or "
           "any other power the piece uses as its turn's move or action. The rule limits the "
           "piece's movement between two squares, not one kind of move, so a longer move is "
           "no way around it. An attack breaks the run of turns."),
    ruling("Cannot move or act",
           "A player loses when they have no standard move and no action, and no ability usable "
           "before moving would give them one (a Cloud Citadel lending Flying to a boxed-in "
           "piece, a sacrifice that empties a square). The rulebook lets abilities be used "
           "before moving, so such a player is not unable to move. The engine tries lines of up "
           "to two abilities on copies of the game; where an ability hands a choice to the "
           "opponent, every answer must leave a way out. The check is repeated before every main "
           "decision, also after each ability used in it."),
)

#: Keys of kernel-level actions that always exist.
NO_LIMIT = None


def _extra_behaviours(g: Engine, pid: int) -> tuple[Behaviour, ...]:
    """Behaviours of keywords the piece has now without printing them (granted until the end
    of the turn, or given by the curse in effect)."""
    extra = g.tkw.get(pid) if g.tkw else None
    c = g.curse
    curse_fs = g.beh[c].curse_keywords if c >= 0 and g.curse_on else ()
    if not extra and not curse_fs:
        return ()
    cat = g.catalogue
    kws: frozenset[str]
    if curse_fs:
        gift = curse_gift(g, pid)
        if not extra:
            # The curse's keywords alone (the usual case under a curse, asked of most pieces
            # at every decision): their behaviours are kept with them.
            if gift.lent_by is not cat:
                kws = gift.keywords
                gift.lent = cat.lent_behaviours(g.types[pid], kws) if kws else ()
                gift.lent_by = cat
            return gift.lent
        kws = gift.keywords | extra
    else:
        kws = extra  # type: ignore[assignment]  # not None: tested above
    if not kws:
        return ()
    out = cat.lent.get((g.types[pid], kws))  # the table, not a call, once worked out
    return cat.lent_behaviours(g.types[pid], kws) if out is None else out


def _behaviours(g: Engine, pid: int) -> list[Behaviour]:
    """The piece's own behaviour plus those of keywords it has without printing them."""
    return [g.beh[pid], *_extra_behaviours(g, pid)]


def can_attack_square(g: Engine, pid: int, target: int) -> bool:
    """May ``pid`` attack the piece on ``target`` (ignoring how it gets there)?"""
    q = g.grid[target]
    if q < 0:
        return False
    if g.has_keyword(pid, "cannot_attack"):
        return False
    p = g.ctrl[pid]
    if g.hostile(g.ctrl[q], p):
        return True
    return q != pid and g.has_keyword(pid, "attacks_own") and g.beh[q].type_kind != "castle"


def line_targets(g: Engine, pid: int, directions: range, min_steps: int = 1,
                 attack: bool = True, back_and_forth: bool = False) -> list[int]:
    """The squares ``pid`` may reach in a straight run along ``directions`` (indices of the
    board's rays: 0-3 orthogonal, 4-7 diagonal) over empty land, in order: each empty square
    at least ``min_steps`` away and, with ``attack``, the occupied square that ends the run when
    it is that far and ``pid`` may attack it. Water ends a run. With ``back_and_forth``, an
    empty square that would break the back-and-forth limit is left out.

    A building block for powers that run (a Scout, Charging, Slashing): the kernel's copy of
    the loop is compiled in the compiled build. It records the land squares it reads (every
    square run over and the one that stops the run) for a ``"looked"`` entry (see
    :mod:`legends_core.changes`)."""
    grid = g.grid
    land, rays = g.land, g.rays[g.loc[pid]]
    sq = g.loc[pid]
    player = g.ctrl[pid]
    looked = g.looked
    out: list[int] = []
    for d in directions:
        steps = 0
        for t in rays[d]:
            if not land[t]:
                break
            if looked is not None:
                looked.append(t)
            steps += 1
            if grid[t] >= 0:
                if attack and steps >= min_steps and can_attack_square(g, pid, t):
                    out.append(t)
                break
            if steps >= min_steps and not (
                    back_and_forth and back_and_forth_blocked(g, player, pid, sq, t)):
                out.append(t)
    return out


def leaps(g: Engine, sq: int, directions: range) -> list[int]:
    """Where a leap from ``sq`` lands in each of ``directions`` (ray indices): the first empty
    land square beyond a line of one or more occupied or water squares starting next to
    ``sq``; none in a direction whose first square is empty or whose line runs off the board.
    A building block of Flying, compiled in the compiled build; it records the land squares
    it reads (up to the landing square) for a ``"looked"`` entry."""
    grid, land, rays = g.grid, g.land, g.rays[sq]
    looked = g.looked
    out: list[int] = []
    for d in directions:
        over = False
        for s in rays[d]:
            if not land[s]:
                over = True
                continue
            if looked is not None:
                looked.append(s)
            if grid[s] >= 0:
                over = True
                continue
            if over:
                out.append(s)
            break
    return out


class _Aimed:
    """The actions :func:`power_actions` has handed out for one power key on boards whose
    squares are named ``names``: ``rows[src][dst]`` is the action of the piece on square
    ``src`` aimed at square ``dst``, each row and action built when first asked for. Lists
    indexed by square, not dicts keyed by names: the look-up is the hot part of a targeted
    power's offers. Boards of one size share their tuple of names (see ``Board``)."""

    __slots__ = ("names", "rows")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.rows: list[list[Action | None] | None] = [None] * len(names)


_AIMED: dict[str, _Aimed] = {}
#: How much :data:`_AIMED` holds, emptied at the size that bounds ``actions._POWERS``: one
#: for each action, and for a new row one more per ``_ROW_COST_DIV`` of its slots (about the
#: memory of an action).
_aimed_size = [0]
_ROW_COST_DIV = 16


def two_steps(g: Engine, pid: int) -> list[int]:
    """The squares two orthogonal steps from ``pid`` (turning allowed) through an empty
    first land square, in square order: each empty land square, and each occupied one
    ``pid`` may attack. A building block of Quickness, compiled in the compiled build; it
    records the land squares it reads for a ``"looked"`` entry."""
    grid = g.grid
    land, ortho = g.land, g.ortho
    sq = g.loc[pid]
    looked = g.looked
    out: list[int] = []
    for s1 in ortho[sq]:
        if not land[s1]:
            continue
        if looked is not None:
            looked.append(s1)
        if grid[s1] >= 0:
            continue
        for s2 in ortho[s1]:
            if s2 == sq or s2 in out or not land[s2]:
                continue
            if looked is not None:
                looked.append(s2)
            if grid[s2] < 0 or can_attack_square(g, pid, s2):
                out.append(s2)
    out.sort()
    return out


def power_actions(g: Engine, pid: int, key: str, squares: Iterable[int]) -> list[Action]:
    """The actions using the power ``key`` of ``pid`` aimed at each of ``squares`` in turn
    (``Action.power(its square, key, target)``; a building block of powers that aim at one
    square, compiled in the compiled build)."""
    names = g.sq_names
    src = g.loc[pid]
    aimed = _AIMED.get(key)
    if aimed is None or aimed.names is not names:
        aimed = _AIMED[key] = _Aimed(names)
    row = aimed.rows[src]
    if row is None:
        row = _new_row(aimed, src)
    out: list[Action] = []
    # Typed as a list: compiled, each square is then read by index, not through an iterator
    # (the powers' building blocks hand lists).
    seq: list[int] = squares if isinstance(squares, list) else list(squares)
    for s in seq:
        act = row[s]
        if act is None:
            if _aimed_size[0] >= actions.INTERN_MAX:
                _AIMED.clear()
                _aimed_size[0] = 0
                aimed = _AIMED[key] = _Aimed(names)
                row = _new_row(aimed, src)
            act = row[s] = _power_action(names[src], key, names[s])
            _aimed_size[0] += 1
        out.append(act)
    return out


def _power_action(src: str, key: str, dst: str) -> Action:
    """``Action.power(src, key, dst)``: the same shared table, read and filled here because
    the module of actions is not compiled, and a call into it costs the compiled build more
    than the look-up (new actions are built about twice a turn while the tables fill)."""
    k = (src, key, (dst,))
    shared = actions._POWERS
    act = shared.get(k)
    if act is None:
        if len(shared) >= actions.INTERN_MAX:
            shared.clear()
        act = shared[k] = tuple.__new__(Action, ("power", src, "", key, (dst,), ""))
    return act


def _new_row(aimed: _Aimed, src: int) -> list[Action | None]:
    row: list[Action | None] = [None] * len(aimed.names)
    aimed.rows[src] = row
    _aimed_size[0] += 1 + len(row) // _ROW_COST_DIV
    return row


def back_and_forth_blocked(g: Engine, player: int, pid: int, frm: int, to: int) -> bool:
    """A piece may not shuttle between the same two squares for more than two turns running."""
    rec = g.bf[player]
    return rec is not None and rec[0] == pid and rec[3] >= 2 and rec[1] == to and rec[2] == frm


def note_move(g: Engine, player: int, pid: int, frm: int, to: int) -> None:
    """Count a move of ``pid`` from ``frm`` to the empty square ``to`` toward the
    back-and-forth limit of ``player``: one more turn if it reverses the last counted move
    of the same piece, else the first."""
    rec = g.bf[player]
    if rec is not None and rec[0] == pid and rec[1] == to and rec[2] == frm:
        g.bf[player] = (pid, frm, to, rec[3] + 1)
    else:
        g.bf[player] = (pid, frm, to, 1)


def count_action_move(g: Engine, player: int, pid: int, frm: int,
                      before: tuple[int, int, int, int] | None) -> None:
    """After ``pid`` (on ``frm``) took its turn's action: if the action carried the piece
    itself to another square (a run, a ride, a flight), count that move toward the
    back-and-forth limit, continuing ``before`` (``player``'s record before the action)."""
    to = g.loc[pid]
    if to < 0 or to == frm or g.ctrl[pid] != player:
        return
    g.bf[player] = before
    note_move(g, player, pid, frm, to)


def _shuttles(g: Engine, pid: int, rec: tuple[int, int, int, int], action: Action) -> bool:
    """Would ``action`` carry ``pid`` back to the square it came from for a third turn
    running? Tried on a copy of the game (only actions naming that square can)."""
    if g.loc[pid] != rec[2] or g.board.name(rec[1]) not in action.targets:
        return False
    h = g.copy()
    h.stack = []
    h._opts = None
    h._step(perform, action)
    return h.loc[pid] == rec[1]


def dynamic_keywords(g: Engine) -> bool:
    """Could any piece have a keyword it does not print (a grant, or the curse)?"""
    c = g.curse
    return bool(g.tkw) or (c >= 0 and g.curse_on and bool(g.beh[c].curse_keywords))


def standard_moves(g: Engine, pid: int, sq: int, out: list[Action], dyn: bool = True) -> None:
    if dyn:  # one look at the grants and the curse, not one per keyword asked about
        kws = g.keywords_of(pid)
    else:
        kws = g.beh[pid].type_keywords
    if "stationary" in kws:
        return
    can_attack = "cannot_attack" not in kws
    own_ok = can_attack and "attacks_own" in kws
    grid, ctrl, land = g.grid, g.ctrl, g.land
    player = ctrl[pid]
    teams = g.teams
    team = teams[player]
    bf = g.bf[player]
    for t, act in g.steps[sq]:
        if not land[t]:
            continue
        q = grid[t]
        if q < 0:
            if bf is not None and bf[0] == pid and bf[3] >= 2 and bf[1] == t and bf[2] == sq:
                continue
            out.append(act)
        elif not can_attack:
            continue
        elif teams[ctrl[q]] != team or (own_ok and q != pid and g.beh[q].type_kind != "castle"):
            out.append(act)


def _offer(g: Engine, pid: int, b: Behaviour, fs: tuple, args: tuple, out: list[Action]) -> None:
    for f in fs:
        acts = f(g, pid, *args)
        if acts:
            _limited(g, pid, b.limits, acts, out)


def offer_actions(g: Engine, pid: int, out: list[Action], dyn: bool = True) -> None:
    b = g.beh[pid]
    if b.offer_actions:
        _offer(g, pid, b, b.offer_actions, (), out)
    if dyn:
        for b in _extra_behaviours(g, pid):
            _offer(g, pid, b, b.offer_actions, (), out)


def piece_options(g: Engine, pid: int, sq: int, out: list[Action], dyn: bool = True,
                  stale: bool = False) -> None:
    """Append the standard moves and actions of ``pid`` (on ``sq``) to ``out``.

    They are kept in ``g.offers`` between decisions and worked out again only when something
    they depend on has changed (see :mod:`legends_core.changes`): the areas the piece's
    powers watch, or game-wide state. Pieces with a power that watches nothing declared or
    with a back-and-forth limit on them are worked out afresh every time. ``stale``: the
    caller has found the kept entry unusable already.
    """
    e = None if stale else kept(g, pid, sq)
    if e is not None:
        bf = g.bf[g.ctrl[pid]]
        if bf is None or bf[0] != pid or bf[3] < 2:
            _limited(g, pid, e.limits, e.actions, out)
            return
    b = g.beh[pid]
    watch = b.watches
    if b.idle:  # a power idle on this square (Power.idle_on) watches nothing here
        watch = b.watches_on(g.board, sq)
    limits = b.limits
    extra: tuple[Behaviour, ...] = _extra_behaviours(g, pid) if dyn else ()
    if extra:  # keywords it does not print bring powers and limits of their own
        for x in extra:
            watch = None if watch is None or x.watches is None else watch | x.watches
            if x.limits:
                limits = {**x.limits, **limits}
    bf = g.bf[g.ctrl[pid]]
    if bf is not None and bf[0] == pid and bf[3] >= 2:
        # Shuttling: no action may carry the piece back for a third turn either.
        standard_moves(g, pid, sq, out, dyn)
        own: list[Action] = []
        offer_actions(g, pid, own, dyn)
        out.extend(a for a in own if not _shuttles(g, pid, bf, a))
        return
    if watch is None:
        standard_moves(g, pid, sq, out, dyn)
        offer_actions(g, pid, out, dyn)
        return
    # Raw offers, before once-limits. A grant or the curse changing this piece's keywords
    # stamps its square or moves the epoch, so the entry (and its limits) cannot outlive them.
    raw: list[Action] = []
    standard_moves(g, pid, sq, raw, dyn)
    table = g.areas.combined.get(watch)  # _watched(), without a call once built
    areas = table[sq] if table is not None else g.areas.watched(watch, sq)
    if "looked" in watch:
        prev = g.looked
        looked: list[int] = []
        g.looked = looked
        try:
            for f in b.offer_actions:  # the powers' raw offers, the piece's own first
                raw += f(g, pid)
            for x in extra:
                for f in x.offer_actions:
                    raw += f(g, pid)
        finally:
            g.looked = prev
        areas += tuple(looked)  # see Areas.exact
    else:
        for f in b.offer_actions:
            raw += f(g, pid)
        for x in extra:
            for f in x.offer_actions:
                raw += f(g, pid)
    acts = tuple(raw)
    g.offers[pid] = Offers(sq, g.epoch, g.clock, areas, acts, limits)
    if limits:
        _limited(g, pid, limits, acts, out)
    else:
        out += acts


def _watched(g: Engine, reaches: frozenset[str], sq: int) -> tuple[int, ...]:
    """``g.areas.watched(reaches, sq)``, read from its table without a call once built (a
    call into the areas, a Python class, costs more than the look-up)."""
    table = g.areas.combined.get(reaches)
    if table is None:
        return g.areas.watched(reaches, sq)
    return table[sq]


def kept(g: Engine, key: int, sq: int) -> Offers | None:
    """The entry of ``g.offers`` under ``key``, if it is still good for a piece on ``sq``:
    worked out there, in this epoch, and no area it watches changed since."""
    e = g.offers[key]
    if e is None or e.square != sq or e.epoch != g.epoch:
        return None
    t, changed = e.clock, g.changed
    for a in e.areas:
        if changed[a] > t:
            return None
    return e


def _limited(g: Engine, pid: int, limits: dict[str, str], acts: Iterable[Action],
             out: list[Action]) -> None:
    """``out += acts``, less the powers used up this turn or game."""
    if not limits or (not g.used_turn and not g.used_game):  # nothing used up yet: often
        out.extend(acts)
        return
    for a in acts:
        once = limits.get(a.key)
        if once is None or not g.used(pid, a.key, once):
            out.append(a)


def offer_abilities(g: Engine, pid: int, window: str, out: list[Action],
                    dyn: bool = True) -> None:
    """Append the abilities ``pid`` offers in ``window``. ``dyn``: as for
    :func:`standard_moves` (without it the piece has no keyword it does not print)."""
    b = g.beh[pid]
    fs = b.abilities_in.get(window, b.offer_abilities)
    if fs:
        for f in fs:  # _offer() written out: a call with ``*args`` costs more
            acts = f(g, pid, window)
            if acts:
                _limited(g, pid, b.limits, acts, out)
    if dyn:
        for b in _extra_behaviours(g, pid):
            fs = b.abilities_in.get(window, b.offer_abilities)
            if fs:
                _offer(g, pid, b, fs, (window,), out)


def turn_options(g: Engine, player: int) -> list[Action]:
    """Everything ``player`` may do at the start of their turn: moves, actions, abilities."""
    out = moves_and_actions(g, player)
    out.extend(ability_options(g, player, "main"))
    return out


def moves_and_actions(g: Engine, player: int) -> list[Action]:
    """``player``'s standard moves and actions, and the ruleset's own turn actions (bringing
    in a reserve piece), in board order: the main decision's options less the abilities."""
    out: list[Action] = []
    ctrl, offers, epoch, changed = g.ctrl, g.offers, g.epoch, g.changed
    bf = g.bf[player]
    shuttling = bf[0] if bf is not None and bf[3] >= 2 else -1
    dyn = dynamic_keywords(g)
    loc = g.loc
    for pid in g.grid:  # the board in square order; a piece's square is loc[pid]
        if pid < 0 or ctrl[pid] != player:
            continue
        sq = loc[pid]
        # kept() and piece_options' use of it, inline: most pieces' offers are still good.
        e = offers[pid]
        if e is not None and e.square == sq and e.epoch == epoch and pid != shuttling:
            t = e.clock
            for a in e.areas:
                if changed[a] > t:
                    break
            else:
                if e.limits:
                    _limited(g, pid, e.limits, e.actions, out)
                else:
                    out += e.actions
                continue
        piece_options(g, pid, sq, out, dyn, True)  # its entry is missing or stale
    for f in g.rs.turn_actions:
        out.extend(f(g, player))
    return out


#: How many abilities in a row :func:`can_move_or_act` tries, and how many positions it may
#: look at in all, before it concludes that a player cannot move or act.
ABILITY_DEPTH = 2
LOOKAHEAD_BUDGET = 200


def can_move_or_act(g: Engine, player: int) -> bool:
    """Can ``player`` make a move or take an action now, perhaps after using abilities first?

    Abilities may be used before moving, so a player whose pieces are boxed in is not stuck if
    an ability would free one (Cloud Citadel lending Flying, a sacrifice that empties a square).
    Such lines are tried on copies of the game, at most :data:`ABILITY_DEPTH` abilities deep.
    """
    if has_move_or_action(g, player):
        return True
    return _ability_frees(g, player, ABILITY_DEPTH, [LOOKAHEAD_BUDGET])


def has_move_or_action(g: Engine, player: int) -> bool:
    """Has ``player`` a standard move or an action right now (no abilities used first)?"""
    out: list[Action] = []
    ctrl, loc, offers, epoch, changed = g.ctrl, g.loc, g.offers, g.epoch, g.changed
    bf = g.bf[player]
    shuttling = bf[0] if bf is not None and bf[3] >= 2 else -1
    dyn = dynamic_keywords(g)
    if bf is not None and shuttling < 0:
        # The piece of the player's last move (the usual turn) most likely moves again:
        # asked first, it spares the walk over the board up to their first piece that can.
        pid = bf[0]
        if loc[pid] >= 0 and ctrl[pid] == player:
            piece_options(g, pid, loc[pid], out, dyn)
            if out:
                return True
    for pid in g.grid:
        if pid < 0 or ctrl[pid] != player:
            continue
        sq = loc[pid]
        # As in moves_and_actions: a kept entry still good is read without a call.
        e = offers[pid]
        if e is not None and e.square == sq and e.epoch == epoch and pid != shuttling:
            t = e.clock
            for a in e.areas:
                if changed[a] > t:
                    break
            else:
                if e.actions:
                    _limited(g, pid, e.limits, e.actions, out)
                    if out:
                        return True
                continue
        piece_options(g, pid, sq, out, dyn, True)
        if out:
            return True
    for f in g.rs.turn_actions:
        if any(True for _ in f(g, player)):
            return True
    return False


def _ability_frees(g: Engine, player: int, depth: int, budget: list[int]) -> bool:
    """Does some ability usable now in ``player``'s main decision lead to a move or action?"""
    if depth <= 0:
        return False
    for action in ability_options(g, player, "main"):
        h = g.copy()
        h.stack = []  # only the ability and what it sets off; the rest of the turn is not ours
        h._opts = None
        h._step(perform, action)
        h.run()
        if _settles_free(h, player, depth, budget):
            return True
    return False


def _settles_free(h: Engine, player: int, depth: int, budget: list[int]) -> bool:
    """After an ability on the copy ``h``: resolve its pending questions (every answer of
    ``player``'s own may be tried; other players' answers must all leave a way out), then
    look for a move, an action, or another ability that frees one."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if h.over:
        return h.winner == player
    pending = h.pending
    if pending is None:
        return has_move_or_action(h, player) or _ability_frees(h, player, depth - 1, budget)
    results = []
    for opt in h.options():
        nxt = h.copy()
        nxt.answer(opt)
        results.append(_settles_free(nxt, player, depth, budget))
        if results[-1] == (pending.player == player):
            return results[-1]  # ours: one way out is enough; theirs: one block is enough
    return bool(results) and all(results)


def ability_options(g: Engine, player: int, window: str) -> list[Action]:
    out: list[Action] = []
    ctrl, loc, tkw = g.ctrl, g.loc, g.tkw
    able = [pid for pid in g.ability_pieces(window) if loc[pid] >= 0 and ctrl[pid] == player]
    if tkw:  # a keyword lent until the end of the turn may bring abilities of its own
        able += [pid for pid in tkw if pid not in able and loc[pid] >= 0 and ctrl[pid] == player]
    if len(able) > 1:
        _by_square(able, loc)  # board order
    if window == "main" and player == g.active:
        offers, epoch, changed = g.offers, g.epoch, g.changed
        for pid in able:
            # kept() inline, as in moves_and_actions: most entries are still good.
            e = offers[-1 - pid]
            if e is not None and e.square == loc[pid] and e.epoch == epoch:
                t = e.clock
                for a in e.areas:
                    if changed[a] > t:
                        break
                else:
                    if e.actions:
                        _limited(g, pid, e.limits, e.actions, out)
                    continue
            main_abilities(g, pid, out, True)
    else:
        dyn = dynamic_keywords(g)
        for pid in able:
            offer_abilities(g, pid, window, out, dyn)
    return out


def _by_square(pids: list[int], loc: list[int]) -> None:
    """Sort ``pids`` (pieces on the board) by their squares, in place: ``pids.sort(key=
    loc.__getitem__)`` as an insertion sort, as the few pieces with abilities are asked at
    every decision, and compiled, a sort with a key calls it through the generic path."""
    for i in range(1, len(pids)):
        p = pids[i]
        s = loc[p]
        j = i - 1
        while j >= 0 and loc[pids[j]] > s:
            pids[j + 1] = pids[j]
            j -= 1
        pids[j + 1] = p


def main_abilities(g: Engine, pid: int, out: list[Action], stale: bool = False) -> None:
    """Append the abilities ``pid`` offers in its player's own main decision, kept between
    decisions like the piece's moves and actions (under the key ``-1 - pid``, see
    :func:`piece_options`) when its ability powers declare what they watch. ``stale``: the
    caller has found the kept entry unusable already."""
    sq = g.loc[pid]
    e = None if stale else kept(g, -1 - pid, sq)
    if e is not None:
        _limited(g, pid, e.limits, e.actions, out)
        return
    b = g.beh[pid]
    watch = b.ability_watches
    if watch is None or (g.tkw and pid in g.tkw) or _extra_behaviours(g, pid):
        offer_abilities(g, pid, "main", out)
        return
    raw: list[Action] = []
    if "looked" in watch:
        prev = g.looked
        # Abilities watch no "step" of their own: the piece's square (its keywords, its
        # strength) is watched with the squares read.
        looked: list[int] = [sq]
        g.looked = looked
        try:
            for f in b.abilities_in["main"]:
                raw.extend(f(g, pid, "main"))
        finally:
            g.looked = prev
        areas = _watched(g, watch, sq) + tuple(looked)  # see Areas.exact
    else:
        for f in b.abilities_in["main"]:
            raw.extend(f(g, pid, "main"))
        areas = _watched(g, watch, sq)
    acts = tuple(raw)
    g.offers[-1 - pid] = Offers(sq, g.epoch, g.clock, areas, acts, b.limits)
    _limited(g, pid, b.limits, acts, out)


def is_ability(g: Engine, pid: int, key: str) -> bool:
    return any(key in b.ability_keys for b in _behaviours(g, pid))


def perform(g: Engine, action: Action) -> None:
    """Use the power named by ``action``: reveal its piece, count its limit, carry it out."""
    pid = g.grid[g.sq(action.src)]
    for b in _behaviours(g, pid):
        fn = b.perform.get(action.key)
        if fn is None:
            continue
        g.reveal([pid])
        g.emit(power_used_event(g.seats[g.ctrl[pid]], action.src, g.types[pid].number,
                                action.key, action.targets, action.key in b.secret_keys))
        once = b.limits.get(action.key)
        if once is not None:
            g.mark_used(pid, action.key, once)
        fn(g, pid, action)
        return
    raise LookupError(f"no power {action.key!r} on {action.src}")


def do_move(g: Engine, action: Action) -> None:
    """Carry out a standard move (attacking if the square is occupied)."""
    sq, to = g.sq(action.src), g.sq(action.dst)
    pid = g.grid[sq]
    player = g.ctrl[pid]
    if g.grid[to] >= 0:
        g.bf[player] = None
        g.attack(pid, to, "move", sq)
        return
    note_move(g, player, pid, sq, to)
    g.move_piece(pid, to)
