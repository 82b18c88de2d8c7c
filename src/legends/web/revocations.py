"""Revoked access tokens, told to every server process: a websocket opened with a personal
access token is closed when its owner revokes the token, whichever process holds it.

The process that revokes a token closes its own such websockets and announces the token's id
on the store's channel (:meth:`legends.web.store.Store.announce_revocation`); the others close
theirs when they hear it. Only the id goes out: it is no secret (the owner's token list shows
it) and it lets nobody use the token.
"""

from __future__ import annotations

#: what an announcement of a revoked token starts with
PREFIX = "revoked-token"


def payload(token_id: str) -> str:
    """The announcement that the access token ``token_id`` was revoked."""
    return f"{PREFIX} {token_id}"


def parse(text: str) -> str | None:
    """The id of the revoked token ``text`` announces; ``None`` if it announces something
    else. :class:`ValueError` if it is a revocation, malformed."""
    if not text.startswith(PREFIX + " "):
        return None
    _, token_id = text.split(" ")
    if not token_id:
        raise ValueError("a revocation without a token id")
    return token_id
