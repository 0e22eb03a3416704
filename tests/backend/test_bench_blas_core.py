"""benchmarks/run.py names the OpenBLAS kernels NumPy runs, and the OPENBLAS_CORETYPE that
chose them: eagerflow's products (and the NumPy column's) depend on them, no peer's does,
so a table taken with the environment forcing older kernels says so."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eagerflow._src.backend import numpy as cpu

ROOT = Path(__file__).resolve().parents[2]


def _bench_run():
    """benchmarks/run.py as a module of its own name (it imports its neighbours)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("_bench_run", ROOT / "benchmarks" / "run.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def _core_under(coretype: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"}
    if coretype is not None:
        env["OPENBLAS_CORETYPE"] = coretype
    r = subprocess.run([sys.executable, "-c", "from eagerflow._src.backend.numpy import _core; "
                        "print(_core())"], capture_output=True, text=True, env=env,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_names_the_kernels_and_the_forcing_variable(monkeypatch):
    if not cpu._core():
        pytest.skip("NumPy without OpenBLAS")
    run = _bench_run()
    monkeypatch.setenv("OPENBLAS_CORETYPE", "Haswell")
    got = run.blas_core(sys.executable)
    assert got == f"{_core_under('Haswell')} (OPENBLAS_CORETYPE=Haswell in the environment)"
    monkeypatch.delenv("OPENBLAS_CORETYPE")
    assert run.blas_core(sys.executable) == _core_under(None)  # (no note without it)
