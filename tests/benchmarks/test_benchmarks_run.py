"""Every benchmark runs, at a tiny size, and `make bench`'s runner writes its table and
results.json. Nothing here is timed: the figures are benchmarks/README.md's business."""

import json
import subprocess
import sys

import pytest

from benchmarks.measure import ROOT
from benchmarks.run import BENCHMARKS


@pytest.mark.database  # each benchmark on DATABASE_URL's database when it names one
def test_every_benchmark_runs_and_the_results_describe_the_machine(tmp_path):
    output = tmp_path / "results.json"
    done = subprocess.run(
        [sys.executable, "benchmarks/run.py", "--tiny", "--output", str(output)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(output.read_text())
    assert results["machine"]["cores"] >= 1
    assert results["machine"]["python"].startswith("3.")
    measured = {row["benchmark"] for row in results["figures"]}
    assert measured == {name for name, _ in BENCHMARKS}
    for row in results["figures"]:
        assert row["value"] >= 0
        assert row["name"] in done.stdout
