"""Every function of tf.keras.losses, tf.keras.metrics and tf.keras.activations, on
tensors of 8 dtypes, as TF 2.21 + Keras 3.15 answer (function_sweep_cases.py says how;
function_sweep_golden.json is their record, made by record_function_sweep_golden.py).
Outcomes match as in tests/core/test_api_sweep.py; a function whose cases still differ is
listed in KNOWN with why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests import sweeps
from tests.keras.function_sweep_cases import functions, outcome

GOLDEN = json.loads(Path(__file__).with_name("function_sweep_golden.json").read_text())
WANT = GOLDEN["outcomes"]
CASES: dict = {}  # Keras's cases, by function
for _key in WANT:
    _full, _d1, _d2, _shape = _key.split("|")
    CASES.setdefault(_full, []).append((_full, _d1, None if _d2 == "None" else _d2, _shape))

# eagerflow's one keras namespace is Keras 3's `keras` and TF's `tf.keras` both; these
# functions of Keras 3's keras.losses and keras.metrics are not in tf.keras'.
KERAS3_ONLY = {f"{ns}.{name}" for ns in ("losses", "metrics") for name in (
    "kl_divergence", "log_cosh", "mean_absolute_error", "mean_absolute_percentage_error",
    "mean_squared_error", "mean_squared_logarithmic_error")}

# function -> why some of its cases still differ from Keras's.
KNOWN = {
    "losses.circle": "Keras's keras.ops promote integer embeddings to float32 where "
                     "eagerflow's circle refuses them (TypeError); embeddings are floats",
}


def differences(full: str) -> list:
    return sweeps.differences(CASES[full], lambda case: WANT["|".join(map(str, case))],
                              sweeps.on_cpu(tf, outcome))


def test_same_functions() -> None:
    assert {full for full, _ in functions(tf.keras)} == set(CASES) | KERAS3_ONLY


@pytest.mark.parametrize("full", sorted(CASES))
def test_function_answers_as_keras(full: str) -> None:
    sweeps.check_known(full, differences(full), KNOWN)
