"""Benchmark scripts whose figures the docs report (run from the repository root with
``python -m benchmarks.NAME``). Timings live here, never in unit tests."""
