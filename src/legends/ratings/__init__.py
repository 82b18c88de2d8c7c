"""Ratings: Glicko-2 per edition, for people and computer players alike.

* :mod:`.glicko2`: the rating system itself (Glickman's Glicko-2).
* :mod:`.games`: what one rated game changes: who scored what, whom each seat is rated
  against (in a team game, the other side's average), and how a rating's deviation grows
  while its player is away.

A rating belongs to an opaque player id (a string): an account, a computer player
(``"computer:search"``) or a browser that keeps an id of its own (:func:`.games.browser_player`).
Each rated game is its own rating period, as on lichess: ratings move after every game, not
once a month; between games the deviation grows by one period's worth of volatility per day.
"""
