"""The library API for many games (legends.simulate), locally and on a real Ray instance."""

from __future__ import annotations

import pytest
from tests import simulate_helpers
from tests.simulate_helpers import DOOMED, play_or_die

from legends.cli import main
from legends.simulate import make_jobs, run_games


def jobs(n=4, seed=1, turn_limit=60):
    return make_jobs(n, seed=seed, players=("heuristic", "random"), turn_limit=turn_limit)


def test_the_same_seeds_give_the_same_results_in_and_out_of_process():
    here = run_games(jobs(), workers=1)
    pool = run_games(jobs(), workers=2)
    assert here == pool and [r["seed"] for r in here] == [1, 2, 3, 4]
    assert all("error" not in r and r["turns"] >= 1 for r in here)


def test_a_game_that_raises_is_reported_with_its_seed_and_the_rest_kept():
    bad = {**jobs(1, seed=40)[0], "beige": ["no such piece"]}
    out = run_games([*jobs(2), bad], workers=2)
    assert [r["seed"] for r in out] == [1, 2, 40]
    assert "error" not in out[0] and "error" not in out[1]
    assert "no such piece" in out[2]["error"]


def test_a_local_worker_that_dies_is_reported_with_its_seed_and_the_rest_kept():
    work = jobs(4, seed=DOOMED - 1)
    out = run_games(work, workers=2, play=play_or_die)
    assert [r["seed"] for r in out] == [j["seed"] for j in work]
    dead = [r for r in out if "error" in r]
    assert [r["seed"] for r in dead] == [DOOMED] and "died" in dead[0]["error"]
    assert run_games([j for j in work if j["seed"] != DOOMED], workers=2) == [
        r for r in out if r["seed"] != DOOMED]


def test_bad_backend_arguments():
    with pytest.raises(ValueError, match="backend"):
        run_games(jobs(1), backend="slurm")
    with pytest.raises(ValueError, match="address"):
        run_games(jobs(1), address="auto")


@pytest.fixture(scope="module")
def ray_instance():
    import ray

    # The one local Ray instance of the test suite: two CPUs, no dashboard.
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    ray.cloudpickle.register_pickle_by_value(simulate_helpers)
    yield ray
    ray.shutdown()


def test_ray_backend(ray_instance, capsys):
    work = jobs(4, seed=DOOMED - 2, turn_limit=60)
    bad = {**work[0], "seed": 40, "beige": ["no such piece"]}
    local = run_games([j for j in work if j["seed"] != DOOMED], workers=2)
    streamed = []
    out = run_games([*work, bad], backend="ray", play=play_or_die,
                    on_result=lambda i, r: streamed.append(i))
    # Same seeds, same results; the dead worker's game and the one that raised are
    # reported with their seeds.
    assert [r for r in out if "error" not in r] == local
    dead = [r for r in out if "error" in r]
    assert [r["seed"] for r in dead] == [DOOMED, 40]
    assert "died" in dead[0]["error"] and "no such piece" in dead[1]["error"]
    assert sorted(streamed) == [0, 1, 2, 3, 4]
    code = main(["simulate", "-n", "3", "--seed", "3", "--players", "heuristic,random",
                 "--turn-limit", "60", "--backend", "ray"])
    text = capsys.readouterr().out
    assert code == 0 and "3 games in" in text and "on Ray (a local instance)" in text
    assert run_games(make_jobs(3, seed=3, players=("heuristic", "random"), turn_limit=60),
                     backend="ray") == run_games(
        make_jobs(3, seed=3, players=("heuristic", "random"), turn_limit=60), workers=1)
