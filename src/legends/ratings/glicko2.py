"""Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system" (2013).

Our own small implementation: the one on PyPI (``glicko2``) is a mutable, untyped class, last
changed years ago, whose wheel also installs a top-level ``tests`` package. The functions here
are pure: a :class:`Rating` in, a new one out. Ratings are given on the Glicko scale (1500,
RD 350) and worked on Glicko-2's (divided by :data:`SCALE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

#: Glicko-2's scale factor between the two scales (400 / ln 10)
SCALE = 173.7178
#: a newcomer's rating, rating deviation and volatility
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
#: the system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2)
TAU = 0.5
#: when the volatility iteration stops
EPSILON = 1e-6


@attrs.frozen
class Rating:
    """A player's rating, rating deviation (how unsure it is) and volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY


@attrs.frozen
class Result:
    """One game of a rating period: the opponent's rating before it, and the score (1 a win,
    0.5 a draw, 0 a loss)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def idle(player: Rating, periods: float = 1.0, *, cap: float = START_RD) -> Rating:
    """``player`` after ``periods`` rating periods without a game: only the deviation grows
    (never above ``cap``, a newcomer's)."""
    phi = player.rd / SCALE
    grown = math.sqrt(phi * phi + max(periods, 0.0) * player.volatility ** 2) * SCALE
    return attrs.evolve(player, rd=min(grown, cap))


def rate(player: Rating, results: Sequence[Result], *, tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``results`` (none: :func:`idle`)."""
    if not results:
        return idle(player)
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    terms = []
    for result in results:
        mu_j = (result.opponent.rating - START_RATING) / SCALE
        g = _g(result.opponent.rd / SCALE)
        terms.append((g, _expected(mu, mu_j, result.opponent.rd / SCALE), result.score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    gain = sum(g * (s - e) for g, e, s in terms)
    delta = v * gain
    sigma = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(mu_new * SCALE + START_RATING, phi_new * SCALE, sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """The new volatility: the root of Glickman's f(x), by the Illinois algorithm (step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
