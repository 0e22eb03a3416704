"""tf.compat.v1.distributions against TF 2.21: every case of distributions_cases.py (each
distribution's methods over broadcast parameters and edge values, seeded samples eagerly
and in tf.function, KL divergences, gradients, reprs, TF's errors) gives what TF gave, as
golden/distributions.json recorded it (record_distributions_golden.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import eagerflow as tf
from tests.distributions.distributions_cases import cases, run_case
from tests.tf_reference import as_cpu_run_words_it

GOLDEN = json.loads((Path(__file__).parent / "golden" / "distributions.json").read_text())
CASES = cases(tf)

# float results agree with TF's to these tolerances; seeded samples of the uniform and
# normal draws agree bit for bit (the draws are TF's Philox streams)
RTOL, ATOL = 2e-6, 1e-6


def _close(got, want, path):
    if isinstance(want, dict) and "array" in want:
        assert isinstance(got, dict) and "array" in got, (path, got, want)
        assert (got["array"], got["shape"]) == (want["array"], want["shape"]), (path, got, want)
        for i, (g, w) in enumerate(zip(got["values"], want["values"])):
            if isinstance(w, float) and isinstance(g, float):
                assert math.isclose(g, w, rel_tol=RTOL, abs_tol=ATOL), (path, i, g, w)
            else:
                assert g == w, (path, i, g, w)
        return
    if isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), (path, got, want)
        for k in want:
            _close(got[k], want[k], f"{path}.{k}")
        return
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{path}[{i}]")
        return
    assert got == want, (path, got, want)


# Multinomial's draws in a tf.function: TF's map_fn runs one op per batch member in a
# while loop of parallel iterations (so in no set order), eagerflow's draws them all from
# one op. Only their shape, dtype and totals are TF's.
UNORDERED = {"sample/multinomial/function"}


# On a GPU (the stand-in's suite), TF's SparseSoftmaxCrossEntropyWithLogits kernel checks no
# label: an out-of-range one gives NaN (None here) where the CPU kernel that recorded the
# golden raises
ON_GPU = {"graph/categorical_one": {"ok": [[], {"array": "float32", "shape": [],
                                                "values": [None]}]}}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_case_as_tf(name):
    got, want = as_cpu_run_words_it(run_case(CASES[name])), GOLDEN[name]
    if name in ON_GPU and tf.config.list_logical_devices("GPU"):
        want = ON_GPU[name]
    if name in UNORDERED:
        g, w = got["ok"], want["ok"]
        assert (g["array"], g["shape"]) == (w["array"], w["shape"])
        sums = [sum(g["values"][i:i + 2]) for i in range(0, len(g["values"]), 2)]
        assert sums == [sum(w["values"][i:i + 2]) for i in range(0, len(w["values"]), 2)]
    elif "error" in want:
        assert got == want
    else:
        assert "ok" in got, got
        _close(got["ok"], want["ok"], name)


def test_every_case_recorded():
    assert sorted(CASES) == sorted(GOLDEN)


def test_not_loaded_by_import():
    import subprocess
    import sys

    code = ("import sys, eagerflow; assert not any('distributions' in m and 'eagerflow' in m "
            "for m in sys.modules), [m for m in sys.modules if 'distributions' in m]")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


def test_deprecation_notices_as_tf():
    import sys

    from tests.tf_reference import program_json, program_notices

    want = json.loads((Path(__file__).parent / "golden" / "notices.json").read_text())
    result, log = program_json(sys.executable, Path(__file__).parent / "notices_program.py",
                               "eagerflow", cwd=Path(__file__).parents[2])
    assert result == want["result"]
    assert program_notices(log, "notices_program.py") == want["notices"]
