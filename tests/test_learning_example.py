"""The learning example (examples/learn_classic.py): its smoke run, its hand-drawn plot, and
the Research page's figures, which a short run with the same seed must reproduce."""

from __future__ import annotations

import csv
import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "examples" / "learn_classic.py"
#: The committed output of scripts/research-figures, which the Research page includes.
FIGURES = ROOT / "docs" / "_static"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def learn():
    spec = importlib.util.spec_from_file_location("learn_classic", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def _points(polyline: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polyline.get("points", "").split()]


def test_smoke_run_writes_a_curve_and_trains(learn, tmp_path, capsys):
    result = learn.main(["--smoke", "--out", str(tmp_path)])
    assert "win rate against random" in capsys.readouterr().out

    with (tmp_path / learn.CSV_NAME).open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["episodes"]) for r in rows] == [0, 16, 32]
    games = learn.read_games(tmp_path / learn.GAMES_NAME)
    assert list(games) == [0, 16, 32]
    for r in rows:
        low, rate, high = float(r["ci95_low"]), float(r["win_rate"]), float(r["ci95_high"])
        assert 0.0 <= low <= rate <= high <= 1.0
        results = games[int(r["episodes"])]
        assert len(results) == int(r["games"]) == 6 and set(results) <= set("WLD")
        assert (results.count("W"), results.count("L")) == (int(r["wins"]), int(r["losses"]))

    root = ET.parse(tmp_path / learn.SVG_NAME).getroot()
    assert root.tag == f"{SVG}svg"
    curve = root.find(f"{SVG}polyline[@class='curve']")
    assert curve is not None and len(_points(curve)) == len(rows)
    assert root.find(f"{SVG}polygon[@class='interval']") is not None

    # Training moved the weights away from where they started (all zero), and the saved
    # weights are the trained ones.
    assert not np.array_equal(result.weights, result.start_weights)
    saved = np.load(tmp_path / learn.WEIGHTS_NAME)
    assert np.array_equal(saved["weights"], result.weights)
    assert not saved["start"].any()


def test_plot_puts_every_point_inside_the_axes(learn):
    xs, rates = [0, 150, 400, 1234], [0.09, 0.3, 0.55, 1.0]
    lows, highs = [0.05, 0.2, 0.45, 0.9], [0.15, 0.4, 0.65, 1.0]
    root = ET.fromstring(learn.learning_curve_svg(xs, rates, lows, highs, title="a < b & c"))
    frame = learn.Frame()
    box = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "none"][0]
    left, top = float(box.get("x")), float(box.get("y"))
    right, bottom = left + float(box.get("width")), top + float(box.get("height"))
    assert (left, top, right - left, bottom - top) == (frame.left, frame.top, frame.width,
                                                       frame.height)
    curve = _points(root.find(f"{SVG}polyline[@class='curve']"))
    band = _points(root.find(f"{SVG}polygon[@class='interval']"))
    for x, y in curve + band:
        assert left <= x <= right and top <= y <= bottom
    # Left to right in order of games; higher win rates are drawn higher (smaller y).
    assert [x for x, _ in curve] == sorted(x for x, _ in curve)
    assert curve[0][0] == left and curve[-1][1] == top
    assert [y for _, y in curve] == sorted((y for _, y in curve), reverse=True)
    # The title is escaped, so the picture stays well-formed XML.
    assert any(t.text == "a < b & c" for t in root.iter(f"{SVG}text"))


def test_wilson_interval(learn):
    assert learn.wilson(0, 0) == (0.0, 1.0)
    low, high = learn.wilson(60, 100)
    assert 0.50 < low < 0.6 < high < 0.70
    assert learn.wilson(0, 50)[0] == 0.0 and learn.wilson(50, 50)[1] == 1.0


def test_eval_points_come_early_then_regularly(learn):
    assert learn.eval_points(3000, 500) == [0, 50, 100, 250, 500, 1000, 1500, 2000, 2500, 3000]
    assert learn.eval_points(120, 500) == [0, 50, 100, 120]
    assert learn.eval_points(0, 500) == [0]


def test_a_short_seeded_run_gives_the_first_points_of_the_research_page(learn, tmp_path):
    # The page's curve comes from scripts/research-figures (seed 0, 100 held-out games per
    # point). The same seed trains the same way whatever the length of the run, and the first
    # k held-out games of a point are those of a longer evaluation: a run of 50 training
    # games, judged on 20 held-out games, must give the first 20 results of the page's first
    # two points.
    page = learn.read_games(FIGURES / learn.GAMES_NAME)
    with (FIGURES / learn.CSV_NAME).open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["episodes"]) for r in rows] == list(page)
    for r in rows:  # the page's table is the games file counted
        results = page[int(r["episodes"])]
        assert len(results) == int(r["games"]) == 100
        assert (results.count("W"), results.count("L")) == (int(r["wins"]), int(r["losses"]))

    result = learn.main(["--seed", "0", "--episodes", "50", "--eval-games", "20",
                         "--out", str(tmp_path)])
    assert [p.episodes for p in result.points] == [0, 50]
    for point in result.points:
        assert point.results == page[point.episodes][:20], point.episodes
