"""The measuring lab: tournaments, the self-play audit, ratings, the oracle yardsticks and
every benchmark. It builds on the game's packages and is never imported by them, nor
shipped with the game (not in the wheel, not in the executable).

    python -m lab tournament Master Expert --pairs 100
    python -m lab.benchmarks.tutor_latency
"""
