"""Fixed integer action ids and observation tensors, for learning and search libraries.

Both layouts are worked out from what a game exposes (board width and height, seat names, the
catalogue's piece names and power keys, the terrains and action kinds), never from Stratego
Legends constants, so every ruleset gets its own fixed layout. The ``Research interfaces`` page
of the documentation lists the blocks and their sizes.

Actions
    :class:`ActionSpace` numbers every action a player can be offered. A move, a swap, a pass
    or an answer to a question is one id. A power is chosen in steps, so the space stays small:
    first its source square and key (one id), then each target square in turn, and an ``end``
    id where a shorter and a longer target list are both legal. A step that leaves exactly one
    legal action completes it, so a power with one possible target takes one id. A
    :class:`Chooser` holds the steps taken in the current decision.

Observations
    :func:`observe` turns a player's :class:`~legends_core.visibility.View` (and the power
    steps they have taken) into one flat ``float32`` vector: board planes first, then a vector
    of counters. Nothing else goes in, so the tensor cannot hold what the view does not.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from legends_core import View
from legends_core.actions import KINDS as ACTION_KINDS
from legends_core.actions import Action
from legends_core.board import TERRAINS, square_name
from legends_core.errors import ActionIdError
from legends_core.piecetype import KINDS as PIECE_KINDS

if TYPE_CHECKING:
    from legends_core import Game
    from legends_core.registry import Catalogue

#: Answers to questions that are plain words (anything else unusual goes to ``choose-other``).
WORDS: tuple[str, ...] = ("done", "shuffle", "keep", "yes", "no")
#: Answers of a question that fit no other block, numbered in the order offered.
OTHER_CHOICES = 32
#: Switch for :func:`observe`'s caches (a board's static planes by the view's board, a
#: piece's indices by the piece as seen): on in play; tests turn it off to check that a
#: cached observation equals one built afresh.
CACHING = True
_PIECES_BOUND = 1 << 15
#: The most options a decision may have for its actions' ids to be kept (see Chooser).
_FIRST_ID_LIMIT = 256
#: Scale of strength values in the tensors (a strength of 10 reads 1.0).
STRENGTH_SCALE = 10.0
#: Scale of the turn counter (turn 100 reads 1.0).
TURN_SCALE = 100.0
#: The decisions the observation tells apart (its ``decision`` feature, for the deciding
#: player): the kernel's own kinds, a response window by its kind, and ``other`` for a kind
#: of decision a plugin or an edition adds.
DECISIONS: tuple[str, ...] = (
    "setup-shuffle", "setup-switch", "main", "window:attack", "window:strike", "window:end",
    "ask", "replacement", "berserk", "other")
#: The kernel's response windows by the words it asks them with: a player learns that a
#: window is open from :attr:`Knowledge.decision_kind <legends_core.knowledge.Knowledge>`
#: (``"window"``) and which one from their view's ``decision``.
WINDOW_WORDS: dict[str, str] = {
    "use an ability during the attack, or pass": "window:attack",
    "use an ability before the strike is decided, or pass": "window:strike",
    "use an ability before the turn ends, or pass": "window:end",
}


def decision_name(decision_kind: str | None, words: str | None) -> str | None:
    """The entry of :data:`DECISIONS` for a decision of ``decision_kind`` (as
    :attr:`Knowledge.decision_kind <legends_core.knowledge.Knowledge>` names it) asked with
    ``words`` (the view's ``decision``); ``None`` for a player who is not deciding."""
    if decision_kind is None:
        return None
    if decision_kind == "window":
        return WINDOW_WORDS.get(words or "", "other")
    return decision_kind if decision_kind in DECISIONS else "other"


def power_keys(catalogue: Catalogue) -> tuple[str, ...]:
    """Every power key the catalogue's pieces and keyword powers can offer, sorted."""
    keys: set[str] = set()
    for number, ptype in catalogue.items():
        keys.update(p.key for p in ptype.powers if p.key)
        keys.update(catalogue.behaviour(number).perform)
    for kw in catalogue.keywords:
        beh = catalogue.keyword_behaviour(kw)
        if beh is not None:
            keys.update(beh.perform)
    keys.discard("")
    return tuple(sorted(keys))


class ActionSpace:
    """The fixed numbering of actions for one board size, seat list and catalogue.

    ``blocks`` maps each block name to ``(offset, size)``; ids run from 0 to ``size - 1``.
    Get one with :meth:`for_game`; spaces are shared, so build as many as you like.
    """

    def __init__(self, width: int, height: int, players: Sequence[str],
                 keys: Sequence[str], names: Sequence[str]):
        self.width, self.height = width, height
        self.squares = s = width * height
        self.players = tuple(players)
        self.keys = tuple(keys)
        self.names = tuple(names)
        # Named as the board names them (files past ``z`` are ``aa``, ``ab``, ...).
        self.square_names = tuple(square_name(q % width, q // width) for q in range(s))
        self._sq = {n: i for i, n in enumerate(self.square_names)}
        self._key = {k: i for i, k in enumerate(self.keys)}
        self._name = {n: i for i, n in enumerate(self.names)}
        self._player = {p: i for i, p in enumerate(self.players)}
        self._terrain = {t: i for i, t in enumerate(TERRAINS)}
        self._word = {w: i for i, w in enumerate(WORDS)}
        p = len(self.players)
        sizes = [
            ("pass", 1), ("move", s * s), ("swap", s * s), ("power", s * len(self.keys)),
            ("target", s), ("end", 1), ("choose-square", s), ("choose-destroyed", p * s),
            ("choose-curse", 1), ("choose-curse-queue", s), ("choose-name", len(self.names)),
            ("choose-terrain", len(TERRAINS)), ("choose-player", p), ("choose-word", len(WORDS)),
            ("choose-other", OTHER_CHOICES),
        ]
        self.blocks: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.blocks[name] = (offset, size)
            offset += size
        self.size = offset
        self._starts = sorted((off, name) for name, (off, _) in self.blocks.items())
        #: :meth:`first_id` of actions seen (see :meth:`Chooser.ids`).
        self._first: dict[Action, int] = {}

    @classmethod
    def for_game(cls, game: Game) -> ActionSpace:
        """The action space of ``game``'s board size, seats and catalogue."""
        board = game.board
        return _space(board.width, board.height, tuple(game.players), game.catalogue)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.width}x{self.height} {len(self.keys)} keys: {self.size} ids>"

    # -- ids of single steps -----------------------------------------------------------
    def _at(self, block: str, index: int) -> int:
        return self.blocks[block][0] + index

    def _square(self, name: str) -> int:
        sq = self._sq.get(name)
        if sq is None:
            raise ActionIdError(f"{name!r} is not a square of this {self.width}x{self.height} board")
        return sq

    def first_id(self, action: Action) -> int:
        """The id of the first (often only) step of ``action`` (for a choice: see
        :meth:`choice_ids`, which also numbers unusual answers)."""
        k = action.kind
        if k == "pass":
            return 0
        if k in ("move", "swap"):
            return self._at(k, self._square(action.src) * self.squares + self._square(action.dst))
        if k == "power":
            key = self._key.get(action.key)
            if key is None:
                raise ActionIdError(f"power key {action.key!r} is not in this catalogue")
            return self._at("power", self._square(action.src) * len(self.keys) + key)
        if k == "choose":
            found = self._choice_id(action.value)
            if found is None:
                raise ActionIdError(f"{action.value!r} is an unusual answer: number it with "
                                    "choice_ids(all the answers)")
            return found
        raise ActionIdError(f"unknown action kind {k!r}")

    def target_id(self, square: str) -> int:
        return self._at("target", self._square(square))

    @property
    def end_id(self) -> int:
        return self.blocks["end"][0]

    def _choice_id(self, value: str) -> int | None:
        sq = self._sq.get(value)
        if sq is not None:
            return self._at("choose-square", sq)
        who, colon, idx = value.partition(":")
        if colon and idx.isdigit() and idx.isascii():
            i = int(idx)
            if who in self._player and i < self.squares:
                return self._at("choose-destroyed", self._player[who] * self.squares + i)
            if who == "curse-queue" and i < self.squares:
                return self._at("choose-curse-queue", i)
        if value == "curse":
            return self._at("choose-curse", 0)
        for block, table in (("choose-name", self._name), ("choose-terrain", self._terrain),
                             ("choose-player", self._player), ("choose-word", self._word)):
            found = table.get(value)
            if found is not None:
                return self._at(block, found)
        return None

    def choice_ids(self, values: Iterable[str]) -> list[int]:
        """The ids of a question's answers, in the order given. Unusual answers (none of a
        square, a destroyed piece, the curse slot, a piece name, a terrain, a seat or a word
        of :data:`~legends.envs.encoding.WORDS`) are numbered in the order offered, up to
        :data:`~legends.envs.encoding.OTHER_CHOICES`."""
        out = []
        other = 0
        for v in values:
            i = self._choice_id(v)
            if i is None:
                if other >= OTHER_CHOICES:
                    raise ActionIdError(f"a question offers more than {OTHER_CHOICES} unusual answers")
                i = self._at("choose-other", other)
                other += 1
            out.append(i)
        return out

    # -- reading ids -------------------------------------------------------------------
    def block_of(self, aid: int) -> tuple[str, int]:
        """``(block name, index within the block)``.

        :raises ~legends_core.errors.ActionIdError: ``aid`` is not an int in ``range(size)``.
        """
        if isinstance(aid, bool) or not isinstance(aid, int | np.integer) or not 0 <= aid < self.size:
            raise ActionIdError(f"action id {aid!r} is out of range (0..{self.size - 1})")
        aid = int(aid)
        name = self._starts[0][1]
        for off, n in self._starts:
            if off > aid:
                break
            name = n
        return name, aid - self.blocks[name][0]

    def describe(self, aid: int) -> str:
        """What an id means, in words (``"move a1-a2"``, ``"power c3 flying"``, ...)."""
        block, i = self.block_of(aid)
        s, sq = self.squares, self.square_names
        if block in ("move", "swap"):
            return f"{block} {sq[i // s]}-{sq[i % s]}"
        if block == "power":
            return f"power {sq[i // len(self.keys)]} {self.keys[i % len(self.keys)]}"
        if block in ("target", "choose-square"):
            return f"{block} {sq[i]}"
        if block == "choose-destroyed":
            return f"choose {self.players[i // s]}:{i % s}"
        if block == "choose-curse-queue":
            return f"choose curse-queue:{i}"
        table = {"choose-name": self.names, "choose-terrain": TERRAINS,
                 "choose-player": self.players, "choose-word": WORDS}.get(block)
        if table is not None:
            return f"choose {table[i]}"
        if block == "choose-other":
            return f"choose the unusual answer number {i}"
        return block  # pass, end, choose-curse

    def encode(self, action: Action, legal: Sequence[Action]) -> tuple[int, ...]:
        """The ids that choose ``action`` among the ``legal`` actions, step by step.

        :raises ~legends_core.errors.ActionIdError: ``action`` is not among ``legal``.
        """
        chooser = Chooser(self, legal)
        ids: list[int] = []
        while True:
            aid = chooser.id_towards(action)
            ids.append(aid)
            done = chooser.step(aid)
            if done is not None:
                return tuple(ids)


#: Spaces built so far, by board size, seats and catalogue (a catalogue is not hashable, so
#: it is keyed by identity and kept alive with its space); bounded like the kernel's caches.
_SPACES: dict[tuple[Any, ...], tuple[Any, Any]] = {}


def _cached(key: tuple[Any, ...], catalogue: Catalogue, build: Any) -> Any:
    hit = _SPACES.get(key)
    if hit is None or hit[0] is not catalogue:
        if len(_SPACES) >= 64:
            _SPACES.clear()
        hit = _SPACES[key] = (catalogue, build())
    return hit[1]


def _space(width: int, height: int, players: tuple[str, ...], catalogue: Catalogue) -> ActionSpace:
    return _cached(("actions", width, height, players, id(catalogue)), catalogue,
                   lambda: ActionSpace(width, height, players, power_keys(catalogue),
                                       catalogue.names))


class Chooser:
    """The ids legal now in one decision, and the power steps taken so far.

    Built from the deciding player's legal actions. :meth:`step` takes an id and returns the
    chosen :class:`~legends_core.Action` once it is complete, ``None`` while a power still
    needs targets.
    """

    def __init__(self, space: ActionSpace, legal: Iterable[Action]):
        self.space = space
        self.legal = list(legal)
        #: The power steps taken: ``(source square, key, targets so far)``, or ``None``.
        self.partial: tuple[str, str, tuple[str, ...]] | None = None
        self._ids: dict[int, list[Action]] | None = None

    def ids(self) -> dict[int, list[Action]]:
        """Each id legal now, with the legal actions it leads to."""
        if self._ids is None:
            self._ids = self._group()
        return self._ids

    def _group(self) -> dict[int, list[Action]]:
        sp = self.space
        out: dict[int, list[Action]] = {}
        if self.partial is not None:
            src, key, done = self.partial
            n = len(done)
            for a in self.legal:
                if a.kind == "power" and a.src == src and a.key == key and a.targets[:n] == done:
                    aid = sp.end_id if len(a.targets) == n else sp.target_id(a.targets[n])
                    out.setdefault(aid, []).append(a)
            return out
        choices = [a for a in self.legal if a.kind == "choose"]
        if choices:
            for a, aid in zip(choices, sp.choice_ids(a.value for a in choices), strict=True):
                out.setdefault(aid, []).append(a)
        # Only for decisions of a move's size: the setup's hundreds of switches are new
        # actions each time, and keeping them would cost more than it saves.
        known = sp._first if CACHING and len(self.legal) <= _FIRST_ID_LIMIT else None
        if known is None:
            for a in self.legal:
                if a.kind != "choose":
                    out.setdefault(sp.first_id(a), []).append(a)
            return out
        # An action is a value (a named tuple) whose first id depends on nothing else, and
        # the kernel offers the same moves again and again: most are known.
        for a, hit in zip(self.legal, map(known.get, self.legal), strict=True):
            if hit is not None:
                aid = hit
            elif a.kind == "choose":
                continue
            else:
                aid = sp.first_id(a)
                if len(known) >= _PIECES_BOUND:
                    known.clear()
                known[a] = aid
            group = out.get(aid)
            if group is None:
                out[aid] = [a]
            else:
                group.append(a)
        return out

    def legal_ids(self) -> list[int]:
        """The ids legal now, ascending."""
        return sorted(self.ids())

    def mask(self) -> np.ndarray:
        """A ``int8`` vector of ``space.size``: 1 where the id is legal now."""
        m = np.zeros(self.space.size, dtype=np.int8)
        ids = self.ids()
        if len(ids) == 1:  # a window's pass, most often
            for aid in ids:
                m[aid] = 1
        elif ids:
            m[list(ids)] = 1
        return m

    def check(self, aid: Any) -> list[Action]:
        """The legal actions ``aid`` leads to.

        :raises ~legends_core.errors.ActionIdError: ``aid`` is out of range or not legal now.
        """
        if type(aid) is int:  # a plain int that is legal needs no other check
            found = self.ids().get(aid)
            if found is not None:
                return found
        self.space.block_of(aid)
        found = self.ids().get(int(aid))
        if found is None:
            raise ActionIdError(f"action id {int(aid)} ({self.space.describe(int(aid))}) is not "
                                "legal now")
        return found

    def step(self, aid: Any) -> Action | None:
        """Take one id; the complete action once it is chosen, else ``None``.

        :raises ~legends_core.errors.ActionIdError: ``aid`` is out of range or masked; nothing changes.
        """
        found = self.check(aid)
        first = found[0]
        if self.partial is None:
            if first.kind != "power" or len(found) == 1:
                return self._done(first)
            self.partial = (first.src, first.key, ())
        else:
            if int(aid) == self.space.end_id or len(found) == 1:
                return self._done(first)
            src, key, done = self.partial
            self.partial = (src, key, (*done, first.targets[len(done)]))
        self._ids = None
        return None

    def _done(self, action: Action) -> Action:
        self.partial = None
        self._ids = None
        return action

    def id_towards(self, action: Action) -> int:
        """The next id on the way to ``action``.

        :raises ~legends_core.errors.ActionIdError: ``action`` is not reachable from the steps taken.
        """
        for aid, acts in self.ids().items():
            if action in acts:
                return aid
        raise ActionIdError(f"{action} is not among the legal actions")


# -- observation tensors ---------------------------------------------------------------


class ObservationSpace:
    """The layout of :func:`observe`'s vector for one board size, seat list and catalogue.

    ``planes`` names the board planes (each ``height x width``, rank 1 first, file ``a``
    first) and ``features`` maps each vector field to ``(offset, size)`` after the planes.
    Seats are numbered from the observer: 0 is the observer, 1 the next seat, and so on.
    """

    def __init__(self, actions: ActionSpace, numbers: Sequence[int]):
        self.actions = actions
        self.width, self.height = actions.width, actions.height
        self.numbers = tuple(numbers)
        self._number = {n: i for i, n in enumerate(self.numbers)}
        p, n, k = len(actions.players), len(self.numbers), len(actions.keys)
        planes = [f"terrain:{t}" for t in TERRAINS]
        planes += [f"controller:{i}" for i in range(p)] + [f"owner:{i}" for i in range(p)]
        planes += [f"known-to:{i}" for i in range(p)] + [f"region:{i}" for i in range(p)]
        planes += ["hidden", "revealed", "moved", "strength", "base-strength", "effects"]
        planes += [f"kind:{x}" for x in PIECE_KINDS] + ["power-source", "power-target"]
        planes += [f"piece:{num}" for num in self.numbers]
        self.planes = tuple(planes)
        self._plane = {name: i for i, name in enumerate(self.planes)}
        # Plane indices looked up once, for speed (observe runs at every step).
        self._seat_planes = tuple(tuple(self._plane[f"{what}:{i}"] for i in range(p))
                                  for what in ("controller", "owner", "known-to"))
        self._kind_planes = {x: self._plane[f"kind:{x}"] for x in PIECE_KINDS}
        self._piece_planes = {num: self._plane[f"piece:{num}"] for num in self.numbers}
        self._static: dict[Any, Any] = {}
        #: Each observer's last board planes, with the pieces and board they were made from.
        self._last: dict[int, tuple[Any, Any, np.ndarray]] = {}
        #: Each piece's flat indices and values by the piece as seen and the observer's seat
        #: (see :func:`observe`).
        self._pieces: dict[tuple[int, int], tuple[Any, list[int], list[int], list[float]]] = {}
        fields = [("destroyed", p * n), ("destroyed-count", p), ("reserve", p * n),
                  ("reserve-count", p), ("curse", n),
                  ("curse-active", 1), ("curse-controller", p), ("curse-queue", n),
                  ("turn", 1), ("active", p), ("to-move", p), ("deciding", 1), ("over", 1),
                  ("winner", p), ("offered", len(ACTION_KINDS)), ("decision", len(DECISIONS)),
                  ("power-key", k), ("power-targets", 1)]
        self.board_size = len(self.planes) * self.height * self.width
        self.features: dict[str, tuple[int, int]] = {}
        offset = self.board_size
        for name, size in fields:
            self.features[name] = (offset, size)
            offset += size
        self.size = offset
        # Offsets looked up once, for speed: where each feature starts, the seats numbered
        # from each observer, and where the fields after the areas and the curse begin.
        self._at = {name: off for name, (off, _) in self.features.items()}
        self._rel = tuple({name: (i - me) % p for i, name in enumerate(actions.players)}
                          for me in range(p))
        self._areas_end = self._at["turn"]
        #: Each observer's last areas and curse (the fields up to ``curse-queue``), with what
        #: they were made from (see :func:`_areas`).
        self._areas: dict[int, tuple[tuple[Any, ...], np.ndarray]] = {}
        #: The kinds of action offered by each recent list of options (see _offered_kinds).
        self._kinds: dict[tuple[str, ...], list[int]] = {}

    @classmethod
    def for_game(cls, game: Game) -> ObservationSpace:
        return _obs_space(ActionSpace.for_game(game), game.catalogue)

    def __repr__(self) -> str:
        return (f"<ObservationSpace {len(self.planes)} planes of {self.height}x{self.width} "
                f"+ {self.size - self.board_size} features: {self.size} floats>")

    def board(self, vector: np.ndarray) -> np.ndarray:
        """The planes of an observation vector, shaped ``(planes, height, width)``."""
        return vector[: self.board_size].reshape(len(self.planes), self.height, self.width)

    def feature(self, vector: np.ndarray, name: str) -> np.ndarray:
        off, size = self.features[name]
        return vector[off:off + size]


def _obs_space(actions: ActionSpace, catalogue: Catalogue) -> ObservationSpace:
    return _cached(("observations", actions, id(catalogue)), catalogue,
                   lambda: ObservationSpace(actions, sorted(catalogue)))


def _static_planes(space: ObservationSpace, view: View, rel: dict[str, int]) -> np.ndarray:
    """The terrain and set-up region planes of a board, seen from one seat (cached: a board
    does not change during a game)."""
    board = view.board
    if CACHING:
        # The kernel shares one board description among the views of a game's board.
        fast = space._static.get((id(board), view.player))
        if fast is not None and fast[0] is board:
            return fast[1]
    regions = board.get("regions", {})
    key = (tuple(view.board["rows"]), tuple(sorted(rel.items())),
           tuple((k, tuple(v)) for k, v in sorted(regions.items())))
    hit = space._static.get(key)
    if hit is not None:
        return hit
    planes = np.zeros((len(space.planes), space.height, space.width), np.float32)
    letters = {t[0].upper(): i for i, t in enumerate(TERRAINS)}
    letters.update({"N": TERRAINS.index("mountain"), "T": TERRAINS.index("town")})
    for r, row in enumerate(reversed(view.board["rows"])):
        for f, ch in enumerate(row):
            planes[letters[ch.upper()], r, f] = 1.0
    sq = space.actions._sq
    for who, squares in regions.items():
        if who in rel:
            k = space._plane[f"region:{rel[who]}"]
            for name in squares:
                planes[k, sq[name] // space.width, sq[name] % space.width] = 1.0
    if len(space._static) >= 256:
        space._static.clear()
    space._static[key] = planes
    if CACHING:
        space._static[(id(board), view.player)] = (board, planes)
    return planes


def _offered_kinds(space: ObservationSpace, options: tuple[str, ...]) -> list[int]:
    """The indices in :data:`~legends_core.actions.KINDS` of the kinds of action offered (kept
    by the options' words: a window offers every seat the same, a piece the same moves)."""
    found = space._kinds.get(options) if CACHING else None
    if found is not None:
        return found
    kinds: set[int] = set()
    for text in options:
        word = text.split(" ", 1)[0]
        kind = ("choose" if word == "choose" else "swap" if word == "swap"
                else "pass" if word == "pass" else "move" if "-" in word else "power")
        kinds.add(ACTION_KINDS.index(kind))
    found = sorted(kinds)
    if CACHING and len(options) <= _FIRST_ID_LIMIT:  # not the setup's hundreds of switches
        if len(space._kinds) >= 4096:
            space._kinds.clear()
        space._kinds[options] = found
    return found


def _same_pieces(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Are these the very same pieces as seen (the kernel's view reuses unchanged ones)?"""
    return len(a) == len(b) and all(map(operator.is_, a, b))


def _piece_entry(space: ObservationSpace, pv: Any, rel: dict[str, int],
                 me: int) -> tuple[Any, list[int], list[int], list[float]]:
    """A piece's flat indices set to one, and its indices with their values, as seat ``me``
    sees it: kept with the piece as seen (the kernel's view reuses a piece that did not
    change, so most pieces of a step were seen before)."""
    cache = space._pieces if CACHING else None
    if cache is not None:
        hit = cache.get((id(pv), me))
        if hit is not None and hit[0] is pv:
            return hit
        if len(cache) >= _PIECES_BOUND:
            cache.clear()
    plane = space._plane
    controller, owner, known_to = space._seat_planes
    hw = space.height * space.width
    p_ones: list[int] = []
    p_at: list[int] = []
    p_values: list[float] = []
    q = space.actions._sq[pv.square]
    p_ones.append(controller[rel[pv.controller]] * hw + q)
    p_ones.append(owner[rel[pv.owner]] * hw + q)
    for who in pv.known_to:
        p_ones.append(known_to[rel[who]] * hw + q)
    if pv.revealed:
        p_ones.append(plane["revealed"] * hw + q)
    if pv.moved:
        p_ones.append(plane["moved"] * hw + q)
    if pv.number is None:
        p_ones.append(plane["hidden"] * hw + q)
    else:
        p_ones.append(space._piece_planes[pv.number] * hw + q)
        k = space._kind_planes.get(pv.kind or "")
        if k is not None:
            p_ones.append(k * hw + q)
        if pv.strength is not None:
            p_at.append(plane["base-strength"] * hw + q)
            p_values.append(pv.strength / STRENGTH_SCALE)
        if pv.current is not None:
            p_at.append(plane["strength"] * hw + q)
            p_values.append(pv.current / STRENGTH_SCALE)
    entry = (pv, p_ones, p_at, p_values)
    if cache is not None:
        cache[(id(pv), me)] = entry
    return entry


def _changed_pieces(space: ObservationSpace, old: tuple[Any, ...], new: tuple[Any, ...],
                    rel: dict[str, int], me: int, planes: np.ndarray) -> bool:
    """Turn ``planes``, made from the pieces ``old``, into those of ``new`` by taking out the
    pieces that are gone and putting in those that came (a piece as seen that changed is a
    new object); ``False`` when too much changed to be worth it. Exact: each piece writes
    only on its own square, and never on the board's static planes."""
    # By identity (a piece as seen compares by value, which is slower), with the set
    # operations of dict views; the order of the pieces does not matter, as each writes
    # only on its own square.
    before = dict(zip(map(id, old), old, strict=True))
    after = dict(zip(map(id, new), new, strict=True))
    gone = [before[i] for i in before.keys() - after.keys()]
    came = [after[i] for i in after.keys() - before.keys()]
    if 2 * (len(gone) + len(came)) > len(new):
        return False
    flat = planes.reshape(-1)
    for pieces, value in ((gone, 0.0), (came, 1.0)):  # out first: a newcomer may share a square
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        for pv in pieces:
            _, p_ones, p_at, p_values = _piece_entry(space, pv, rel, me)
            ones += p_ones
            at += p_at
            values += p_values
        if ones:
            flat[ones] = value
        if at:
            flat[at] = values if value else 0.0
    return True


def _piece_planes(space: ObservationSpace, view: View, rel: dict[str, int], me: int,
                  planes: np.ndarray) -> None:
    """Fill ``planes`` with the board's static planes and the pieces of ``view`` (seen by
    seat ``me``, ``rel`` numbering the seats from it)."""
    planes[...] = _static_planes(space, view, rel)
    # Flat indices (plane * squares + square) gathered first and written at once: one numpy
    # assignment instead of several per piece (observe runs at every step).
    ones: list[int] = []
    at: list[int] = []
    values: list[float] = []
    for pv in view.pieces:
        _, p_ones, p_at, p_values = _piece_entry(space, pv, rel, me)
        ones += p_ones
        if p_at:
            at += p_at
            values += p_values
    flat = planes.reshape(-1)
    if ones:
        flat[ones] = 1.0
    if at:
        flat[at] = values


def observe(view: View, space: ObservationSpace,
            partial: tuple[str, str, tuple[str, ...]] | None = None,
            out: np.ndarray | None = None, decision_kind: str | None = None) -> np.ndarray:
    """The observation vector of ``view`` (a player's :func:`legends_core.visibility.view`).

    :param partial: the power steps the viewer has taken in their own decision
        (:attr:`Chooser.partial`), shown in the ``power-source`` and ``power-target`` planes
        and the ``power-key`` and ``power-targets`` features.
    :param out: a vector of ``space.size`` to fill instead of a new one.
    :param decision_kind: the kind of the viewer's pending decision, as their
        :class:`~legends_core.knowledge.Knowledge` names it (``None`` when they are not
        deciding), shown with the view's words in the ``decision`` feature.
    """
    acts = space.actions
    me = acts._player[view.player]
    rel = space._rel[me]
    vec = np.empty(space.size, dtype=np.float32) if out is None else out
    planes = space.board(vec)
    last = space._last.get(me) if CACHING else None
    if last is not None and last[1] is view.board and (
            last[0] is view.pieces or _same_pieces(last[0], view.pieces)):
        # The same pieces as this observer's previous observation (a window, say): the board
        # planes as they were then.
        planes[...] = last[2]
    elif last is not None and last[1] is view.board and _changed_pieces(
            space, last[0], view.pieces, rel, me, last[2]):
        # A few pieces changed (a move): the previous planes with those pieces redone.
        planes[...] = last[2]
        space._last[me] = (view.pieces, view.board, last[2])
    else:
        _piece_planes(space, view, rel, me, planes)
        if CACHING:
            space._last[me] = (view.pieces, view.board, planes.copy())
    plane = space._plane
    sq = acts._sq
    width = space.width
    effects = plane["effects"]
    for square, _, _ in view.effects:
        r, f = divmod(sq[square], width)
        planes[effects, r, f] += 1.0
    _areas(space, view, me, rel, vec)
    at = space._at
    vec[space._areas_end:] = 0.0
    vec[at["turn"]] = view.turn / TURN_SCALE
    vec[at["active"] + rel[view.active]] = 1.0
    if view.to_move is not None:
        vec[at["to-move"] + rel[view.to_move]] = 1.0
    vec[at["deciding"]] = float(view.to_move == view.player)
    vec[at["over"]] = float(view.over)
    if view.winner is not None:
        vec[at["winner"] + rel[view.winner]] = 1.0
    offered = at["offered"]
    for i in _offered_kinds(space, view.options):
        vec[offered + i] = 1.0
    name = decision_name(decision_kind, view.decision)
    if name is not None:
        vec[at["decision"] + _DECISION_INDEX[name]] = 1.0
    if partial is not None:
        src, key, targets = partial
        r, f = divmod(sq[src], width)
        planes[plane["power-source"], r, f] = 1.0
        # Each target chosen so far, numbered in order: two different steps of one power
        # never look alike.
        for i, target in enumerate(targets, 1):
            r, f = divmod(sq[target], width)
            planes[plane["power-target"], r, f] = float(i)
        vec[at["power-key"] + acts._key[key]] = 1.0
        vec[at["power-targets"]] = float(len(targets))
    return vec


def _areas(space: ObservationSpace, view: View, me: int, rel: dict[str, int],
           vec: np.ndarray) -> None:
    """Write the fields up to ``curse-queue`` of ``vec``: the destroyed areas, the reserves
    of editions that keep pieces off the board (a view without a ``reserve`` field has none)
    and the curse. Kept per observer with what they were made from, and reused while it is
    the same (most steps destroy nothing)."""
    reserve = getattr(view, "reserve", {})
    made_from = (view.destroyed, reserve, view.curse, view.curse_active,
                 view.curse_controller, view.curse_queue)
    start, end = space.board_size, space._areas_end
    last = space._areas.get(me) if CACHING else None
    if last is not None and last[0] == made_from:
        vec[start:end] = last[1]
        return
    vec[start:end] = 0.0
    number = space._number
    n = len(space.numbers)
    at = space._at
    # A piece the viewer does not know (``None``) counts without an identity.
    for area, where in ((view.destroyed, "destroyed"), (reserve, "reserve")):
        pieces, counts = at[where], at[f"{where}-count"]
        for who, numbers in area.items():
            seat = rel[who]
            vec[counts + seat] = float(len(numbers))
            for num in numbers:
                if num is not None:
                    vec[pieces + seat * n + number[num]] += 1.0
    if view.curse is not None:
        vec[at["curse"] + number[view.curse]] = 1.0
        vec[at["curse-active"]] = float(view.curse_active)
        if view.curse_controller is not None:
            vec[at["curse-controller"] + rel[view.curse_controller]] = 1.0
    queue = at["curse-queue"]
    for num in view.curse_queue:
        vec[queue + number[num]] += 1.0
    if CACHING:
        space._areas[me] = (made_from, vec[start:end].copy())


_DECISION_INDEX = {name: i for i, name in enumerate(DECISIONS)}


def observation_string(view: View, partial: tuple[str, str, tuple[str, ...]] | None = None,
                       decision_kind: str | None = None) -> str:
    """A compact text of the same information as :func:`observe` (for OpenSpiel's strings),
    taking the same arguments."""
    pieces = " ".join(
        f"{pv.square}:{pv.controller[0]}{pv.number if pv.number is not None else '?'}"
        f"{'*' if pv.moved else ''}{'!' if pv.revealed else ''}"
        for pv in view.pieces)
    dead = " ".join(f"{who}:{','.join(map(str, nums))}" for who, nums in view.destroyed.items())
    step = f" steps={partial[0]} {partial[1]} {' '.join(partial[2])}" if partial else ""
    curse = f"{view.curse}{'+' if view.curse_active else ''}" if view.curse is not None else "-"
    decision = decision_name(decision_kind, view.decision) or "-"
    return (f"{view.player} turn={view.turn} active={view.active} to_move={view.to_move} "
            f"decision={decision} curse={curse} destroyed[{dead}] pieces[{pieces}] "
            f"options={len(view.options)}{step}")
