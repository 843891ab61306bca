"""Benchmark scripts whose figures the docs report (run from the repository root with
``python -m lab.benchmarks.NAME``). Timings live here, never in unit tests."""
