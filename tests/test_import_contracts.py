"""The import contracts `make lint` checks can fail: import-linter run on a small package of its
own, with the two kinds of contract pyproject.toml holds (layers, and a forbidden Django)."""

import os
import subprocess
import sys
from pathlib import Path

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

CONTRACTS = """
[tool.importlinter]
root_package = "fixturepkg"
include_external_packages = true

[[tool.importlinter.contracts]]
name = "high above low"
type = "layers"
containers = ["fixturepkg"]
layers = ["high", "low"]

[[tool.importlinter.contracts]]
name = "low imports no Django"
type = "forbidden"
source_modules = ["fixturepkg.low"]
forbidden_modules = ["django"]
"""


def lint_imports(tmp_path: Path, *, high: str, low: str) -> subprocess.CompletedProcess:
    """lint-imports on `fixturepkg` (its modules `high` and `low` with the source given)."""
    package = tmp_path / "fixturepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "high.py").write_text(high)
    (package / "low.py").write_text(low)
    config = tmp_path / "contracts.toml"
    config.write_text(CONTRACTS)
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache", "--no-logo", config],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_an_import_against_the_layers_breaks_the_contracts(tmp_path):
    run = lint_imports(tmp_path, high="", low="from fixturepkg import high\nimport django\n")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "high above low BROKEN" in run.stdout
    assert "low imports no Django BROKEN" in run.stdout
    assert "fixturepkg.low -> fixturepkg.high (l.1)" in run.stdout
    assert "fixturepkg.low -> django (l.2)" in run.stdout
    assert "Contracts: 0 kept, 2 broken." in run.stdout


def test_imports_that_run_down_the_layers_keep_the_contracts(tmp_path):
    run = lint_imports(tmp_path, high="from fixturepkg import low\nimport django\n", low="")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "high above low KEPT" in run.stdout
    assert "low imports no Django KEPT" in run.stdout
    assert "Contracts: 2 kept, 0 broken." in run.stdout
