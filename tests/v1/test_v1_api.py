"""tf.compat.v1's namespaces list in `dir()` exactly the public names they resolve, TF
2.21's (golden/v1_api.json, recorded by record_v1_api_golden.py), less the names eagerflow
leaves out on purpose; TF 2's names that TF 1 lacks raise AttributeError; and TF 1's own
functions of v1_api_programs.py give TF's results and errors."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.signatures import _params, comparable
from tests.v1.recorded import compare
from tests.v1.v1_api_programs import (
    DIR_SPACES,
    PROGRAMS,
    SIGNED,
    notice_lines,
    public_dir,
    resolve,
)

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_api.json").read_text())
V1 = tf.compat.v1

# TF's names eagerflow does not provide: TPUs, XLA, MLIR, distributed servers, shared
# libraries of C++ kernels, TF 1's profiler and
# structures of tf.data and TF's other C++-only machinery
LEFT_OUT = {
    "": {"mlir", "tpu"},
    "train": {"SyncReplicasOptimizer",
              "do_quantize_training_on_graphdef", "sdca_fprint",
              "sdca_optimizer", "sdca_shrink_l1"},
    "experimental": {"output_all_intermediates"},
    "profiler": {"AdviceProto", "GraphNodeProto", "MultiGraphNodeProto", "OpLogProto",
                 "ProfileOptionBuilder", "Profiler", "advise", "profile", "write_op_log"},
    "data.experimental": {"DatasetStructure", "OptionalStructure", "RaggedTensorStructure",
                          "SparseTensorStructure", "Structure", "TensorArrayStructure",
                          "TensorStructure", "make_saveable_from_iterator",
                          "map_and_batch_with_legacy_function"},
    "distribute.experimental": {"TPUStrategy"},
}


@pytest.mark.parametrize("space", DIR_SPACES)
def test_dir_is_tfs(space):
    want = sorted(set(GOLDEN["dir"][space]) - LEFT_OUT.get(space, set()))
    assert public_dir(resolve(V1, space)) == want


@pytest.mark.parametrize("space", DIR_SPACES)
def test_dir_names_resolve(space):
    module = resolve(V1, space)
    assert [n for n in dir(module) if not hasattr(module, n)] == []


@pytest.mark.parametrize("space", DIR_SPACES)
def test_left_out_names_are_missing(space):
    """What eagerflow leaves out is neither listed nor resolved (no half-made stand-ins)."""
    module = resolve(V1, space)
    assert [n for n in sorted(LEFT_OUT.get(space, ())) if hasattr(module, n)] == []


@pytest.mark.parametrize("name", GOLDEN["tf2_only"])
def test_tf2_only_names_raise(name):
    with pytest.raises(AttributeError, match=f"has no attribute '{name}'"):
        getattr(V1, name)


def test_every_program_recorded():
    assert sorted(PROGRAMS) == sorted(GOLDEN["programs"])


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program(name):
    with on_recording_device(GOLDEN["programs"][name]):  # (TF's CPU index checks)
        got = PROGRAMS[name](tf)
    compare(got, GOLDEN["programs"][name], name)


def test_notices_are_tfs():
    """Each function's deprecation notice (or warning) as TF logs it on its first call."""
    import sys
    root = str(Path(__file__).resolve().parent.parent.parent)
    assert notice_lines(sys.executable, "eagerflow", root) == GOLDEN["notices"]


@pytest.mark.parametrize("name", SIGNED)
def test_parameters_are_tfs(name):
    assert comparable(_params(resolve(V1, name))) == comparable(GOLDEN["signatures"][name])
