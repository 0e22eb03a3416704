"""LSTM/GRU `supports_jit` and `jit_compile="auto"` as Keras 3.15 on TF decides them: on
CPU every layer supports XLA and "auto" is off (golden.json, recorded from TF 2.21 + Keras
3.15 by record_golden.py); where a GPU is seen (a stand-in GPU here) a layer cuDNN's fused
kernel takes supports none, so "auto" resolves to False for a model holding one and True
for the others (Keras 3.15's cudnn_ok and _resolve_auto_jit_compile; before, eagerflow's
layers all supported XLA, so "auto" was True)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from tests.keras.cudnn_jit.cases import CONFIGS, run

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text())


@pytest.fixture(scope="module")
def on_cpu():
    return run(tf.keras)


@pytest.fixture(scope="module")
def on_gpu():
    with D.standin_gpus(1):
        return run(tf.keras)


@pytest.mark.skipif(bool(tf.config.list_logical_devices("GPU")),
                    reason="the golden is TF's on a machine of CPUs only (GPUs: below)")
@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_on_cpu_as_tfs(on_cpu, case):
    assert on_cpu[case] == GOLDEN[case]


@pytest.mark.parametrize("case", sorted(CONFIGS))
def test_on_a_gpu_cudnn_layers_turn_auto_jit_off(on_gpu, case):
    cudnn = CONFIGS[case][2]
    assert on_gpu[case] == {"supports_jit": not cudnn, "jit_compile": not cudnn}


def test_explicit_jit_compile_refused_for_a_cudnn_layer():
    # (Keras 3's jit_compile setter: a model whose layers don't all support XLA keeps it
    # off, with its warning)
    with D.standin_gpus(1):
        m = tf.keras.Sequential([tf.keras.Input((4, 2)), tf.keras.layers.GRU(3)])
        with pytest.warns(UserWarning, match="Model doesn't support `jit_compile=True`"):
            m.compile("sgd", "mse", jit_compile=True)
        assert m.jit_compile is False
