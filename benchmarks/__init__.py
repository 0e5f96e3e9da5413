"""Benchmarks, run by hand; results are recorded in docs/performance.md."""
