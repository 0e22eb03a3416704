"""TF 2.21 names eagerflow lacked (tf.xla.experimental, tf.compat.v2.enable_v2_behavior,
the C++ library loaders, the Slurm/Union/GCE/Kubernetes cluster resolvers,
tf.train.ServerDef, tf.config.experimental.ClusterDeviceFilters,
tf.security.fuzzing.py.annotation_types) against TensorFlow's recorded behaviour
(api_gaps_golden.json, written by record_api_gaps.py from api_gap_cases.py)."""

import ctypes.util
import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.core.api_gap_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "api_gaps_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_api_gaps_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]


def test_a_library_that_loads_is_refused_honestly():
    """TF would load a real shared library's kernels; eagerflow says it cannot use them."""
    name = ctypes.util.find_library("m") or "libm.so.6"
    found = [p for d in ("/lib", "/usr/lib", "/lib64", "/usr/lib64", "/lib/x86_64-linux-gnu",
                         "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu")
             if (p := Path(d) / name).is_file()]
    if not found:
        pytest.skip("no C math library file to load")
    for load in (tf.load_op_library, tf.load_library,
                 tf.experimental.register_filesystem_plugin):
        with pytest.raises(tf.errors.UnimplementedError, match="cannot run the C\\+\\+ kernels"):
            load(str(found[0]))
