"""tests/global_state.py, which tests/conftest.py uses to put the process-wide state back
after every test: each setting a test may change through the public API is put back by
`restore` and named by `changed`, and `reset_random` gives the same draws each time."""

import os
import random

import numpy as np

import eagerflow as tf
from tests import global_state


def _public_settings() -> dict:
    keras = tf.keras
    return {
        "floatx": keras.config.floatx(),
        "epsilon": keras.config.epsilon(),
        "image_data_format": keras.config.image_data_format(),
        "policy": keras.mixed_precision.global_policy().name,
        "max_epochs": keras.config.max_epochs(),
        "interactive": keras.config.is_interactive_logging_enabled(),
        "run_eagerly": tf.config.functions_run_eagerly(),
        "soft_placement": tf.config.get_soft_device_placement(),
        "jit": tf.config.optimizer.get_jit(),
        "optimizer_options": tf.config.optimizer.get_experimental_options(),
        "synchronous": tf.config.experimental.get_synchronous_execution(),
        "log_placement": tf.debugging.get_log_device_placement(),
    }


def _change_everything() -> None:
    keras = tf.keras
    keras.utils.set_random_seed(7)
    keras.config.set_floatx("float64")
    keras.config.set_epsilon(1e-3)
    keras.config.set_image_data_format("channels_first")
    keras.mixed_precision.set_global_policy("mixed_float16")
    keras.config.set_max_epochs(2)
    keras.config.disable_interactive_logging()
    tf.config.run_functions_eagerly(True)
    tf.config.set_soft_device_placement(False)
    tf.config.optimizer.set_jit(True)
    tf.config.optimizer.set_experimental_options({"disable_model_pruning": True})
    tf.config.experimental.set_synchronous_execution(False)
    tf.debugging.set_log_device_placement(True)
    tf.debugging.enable_check_numerics()
    tf.random.uniform([2])  # (a stateful op's stream under the seed)


def test_restore_puts_back_what_the_public_api_changed():
    before = _public_settings()
    seeded_draw = None
    saved = global_state.snapshot()
    try:
        _change_everything()
        assert _public_settings() != before
        seeded_draw = tf.random.uniform([3]).numpy()
        named = global_state.changed(saved, threads=10**6)
        for part in ("tf.random seed", "random op streams", "floatx", "epsilon",
                     "image_data_format", "dtype policy", "interactive logging",
                     "run_functions_eagerly", "soft device placement", "jit",
                     "op callbacks"):
            assert part in named, (part, named)
        assert any(p.startswith("keras switches ['max_epochs']") for p in named), named
        assert any(p.startswith("debugging flags ['log_device_placement']") for p in named)
    finally:
        global_state.restore(saved)
    assert _public_settings() == before
    assert global_state.changed(saved, threads=10**6) == []
    # check_numerics is off again: a NaN passes as TF's ops pass it
    assert np.isnan(tf.math.log(tf.constant(-1.0)).numpy())
    # the same seed gives the same stream again (set_seed restarts the op's stream)
    tf.random.set_seed(7)
    try:
        tf.random.uniform([2])
        assert np.array_equal(tf.random.uniform([3]).numpy(), seeded_draw)
    finally:
        global_state.restore(saved)


def test_reset_random_gives_the_same_draws():
    global_state.reset_random()
    first = (random.random(), np.random.rand(3), tf.keras.layers.Dense(2).kernel_initializer.seed)
    global_state.reset_random()
    again = (random.random(), np.random.rand(3), tf.keras.layers.Dense(2).kernel_initializer.seed)
    assert first[0] == again[0] and first[2] == again[2]
    np.testing.assert_array_equal(first[1], again[1])


def test_a_working_directory_left_behind_is_put_back(tmp_path):
    """A test that changes into a directory (even one removed since) and never changes
    back: the next test's relative paths are the repository's again."""
    here = os.getcwd()
    saved = global_state.snapshot()
    gone = tmp_path / "gone"
    gone.mkdir()
    try:
        os.chdir(gone)
        gone.rmdir()
        assert any(p.startswith("working directory") for p in
                   global_state.changed(saved, threads=10**6))
    finally:
        global_state.restore(saved)
    assert os.getcwd() == here
