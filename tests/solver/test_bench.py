"""The solver bench's measure of machine speed."""

from solitaire.core import Game, parse_code
from solitaire.solver.bench import SPEED_DEAL, SPEED_POSITIONS, machine_speed
from solitaire.solver.search import Search


def test_speed_deal_runs_the_whole_measured_search():
    # The speed figure divides SPEED_POSITIONS by the time taken: a deal decided sooner would
    # measure a shorter search and print a figure that means nothing.
    outcome = Search(Game.deal(parse_code(SPEED_DEAL))).run(600.0, node_limit=SPEED_POSITIONS)
    assert outcome.result == "unknown" and outcome.nodes == SPEED_POSITIONS


def test_machine_speed_counts_positions_a_second():
    assert machine_speed(positions=400, runs=1) > 0
