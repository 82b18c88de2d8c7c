"""Auto-pass must not change what the other seats are sent.

With auto-pass, a window is answered at once for a seat whose only answer is pass; whether a
seat is asked therefore depends on its hidden pieces. Two games that differ only in one hidden
gray piece (one that lets gray answer a window, or one that does not) are driven by the same
actions: beige's browser must receive exactly the same messages in both, message for message.
"""

from __future__ import annotations

from typing import Any

from test_web_leaks import normalised
from webgames import Table, castle_hunt, client

FIRE_WALL, OTHER = 168, 144  # gray may answer a window with Fire Wall; never with the other
#: Every seat's own actions in order; any other decision it is asked is answered with a pass.
PLAN = {"beige": ["c3-c4", "c4-c5"], "gray": ["h8-h7"]}


def auto_pass_hunt(gray_d5: int) -> dict[str, Any]:
    position = castle_hunt(d5={"number": gray_d5, "owner": "gray"})
    position["rules"]["auto_pass"] = True
    return position


def play(t: Table) -> None:
    """Each seat answers the latest state it was sent, when that state asks it to decide."""
    plan = {seat: list(actions) for seat, actions in PLAN.items()}
    answered = {seat: 0 for seat in t.ws}
    for _ in range(40):
        states = {s: [m for m in t.received[s] if m["type"] == "state"] for s in t.ws}
        if any(m[-1]["view"]["over"] for m in states.values()):
            return
        deciding = [s for s in t.ws if len(states[s]) > answered[s]
                    and states[s][-1]["view"]["to_move"] == s]
        assert len(deciding) == 1, deciding
        seat = deciding[0]
        answered[seat] = len(states[seat])
        options = states[seat][-1]["view"]["options"]
        planned = plan[seat][:1]
        t.act(seat, plan[seat].pop(0) if planned and planned[0] in options else "pass")
    raise AssertionError("the game did not end")


def stream(tmp_path, name: str, gray_d5: int) -> dict[str, list[dict[str, Any]]]:
    with client(str(tmp_path / f"{name}.sqlite3"), start=auto_pass_hunt(gray_d5)) as http, \
            Table(http, position="start") as t:
        play(t)
        return t.received


def test_beige_is_sent_the_same_messages_whether_gray_could_answer_a_window(tmp_path):
    asked = stream(tmp_path, "asked", FIRE_WALL)
    skipped = stream(tmp_path, "skipped", OTHER)
    assert asked["beige"][-1]["view"]["winner"] == "beige"
    assert skipped["beige"][-1]["view"]["winner"] == "beige"
    assert normalised(asked["beige"]) == normalised(skipped["beige"])
    # The twins really differ: gray, who knows its piece, was asked more often in one.
    assert len(asked["gray"]) > len(skipped["gray"])
