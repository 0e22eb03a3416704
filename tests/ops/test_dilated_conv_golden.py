"""eagerflow's dilated convolutions against TF 2.21's on its CPU (dilated_conv_cases.py,
recorded in dilated_conv_golden.json by record_dilated_conv_golden.py): tf.nn's and Keras's
dilated convolutions and pools (SpaceToBatchND forms), their values and gradients eagerly
and in a tf.function of unknown spatial sizes, the dilated kernels TF's default oneDNN build
computes (its oneDNN-off CPU kernels refuse them: ONEDNN_CASES, recorded with oneDNN on), a
dilated model's fit() losses and weights, and the op types of the graphs traced with unknown
sizes (the paddings computed from tf.shape as TF's ops compute them)."""

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.gpu_target import on_recording_device
from tests.ops.dilated_conv_cases import CASES, GRAPHS, MODES, outcome

GOLDEN = json.loads((Path(__file__).parent / "dilated_conv_golden.json").read_text())


def test_golden_file_covers_every_case():
    assert sorted(GOLDEN["cases"]) == sorted(f"{n}/{m}" for n in CASES for m in MODES)
    assert sorted(GOLDEN["graphs"]) == sorted(GRAPHS)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_tensorflow(name, mode):
    want = GOLDEN["cases"][f"{name}/{mode}"]
    # (TF's CPU depthwise gradient kernels read no dilations, its GPU ones do: where a GPU
    # is the default device, those run on CPU:0)
    cpu = name.startswith("depthwise_backprop")
    with tf.device("/CPU:0") if cpu else on_recording_device(want):
        got = outcome(tf, CASES[name], mode, lambda v: v)
    if "error" in want:
        assert got == want
        return
    assert "value" in got, got
    assert len(got["value"]) == len(want["value"])
    for i, (g, w) in enumerate(zip(got["value"], want["value"])):
        w = decode_array(w)
        assert (g.dtype, g.shape) == (w.dtype, w.shape), f"{name}: output {i}"
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5, err_msg=f"{name}: output {i}")


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_graph_with_unknown_sizes_uses_tfs_ops(name):
    """The same ops (Const and Placeholder aside): Shape, its StridedSlices and Pack, the
    paddings' AddV2/FloorMod/Sub/Pack, SpaceToBatchND, the undilated op, BatchToSpaceND."""
    assert Counter(GRAPHS[name](tf)) == Counter(GOLDEN["graphs"][name])
