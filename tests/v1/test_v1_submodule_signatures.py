"""tf.compat.v1's submodules (nn, math, strings, image, linalg, debugging, autograph, test,
train, and tf.compat.v1 itself) take TF 2.21's TF 1 parameters: every function and class
that eagerflow shares with TF there has TF's names, order, kinds and defaults (golden
v1_submodules.json, recorded by record_v1_submodule_golden.py), so a TF 1 program's
keyword and positional calls bind as in TF; and the calls of v1_submodule_programs.py (TF 1's
old argument names, both names given, positional orders, the functions whose TF 1 form
computes otherwise) give TF's values and errors."""

import json
import types
from pathlib import Path

import pytest

import eagerflow as tf
from tests.signatures import comparable, signatures
from tests.v1.test_v1_programs import _compare
from tests.v1.v1_submodule_programs import PROGRAMS, SIGNED_SPACES

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_submodules.json").read_text())
WANT = GOLDEN["signatures"]
GOT = signatures(tf.compat.v1, SIGNED_SPACES)

# Names whose parameters differ from TF's on purpose.
DIFFERENT = {
    "DType": "built from TF's C++ type enum; eagerflow's from a NumPy dtype",
    "Graph": "eagerflow's takes a name and a parent graph (its traces make them); TF's "
             "constructor takes nothing",
}
SHARED = sorted(set(WANT) & set(GOT))
COMPARED = [n for n in SHARED if n not in DIFFERENT and not all(
    kind in ("VAR_POSITIONAL", "VAR_KEYWORD") for _, kind, _ in WANT[n])]


def test_most_of_tf_1_is_compared():
    assert len(COMPARED) > 1000


@pytest.mark.parametrize("name", COMPARED)
def test_parameters_are_tfs(name):
    assert comparable(GOT[name]) == comparable(WANT[name])


def test_list_defaults_are_lists_as_tfs():
    """TF shows its list defaults as lists (`dilations=[1, 1, 1, 1]`): so do these."""
    listed = [n for n in COMPARED if any(d and d.startswith("[") for _, _, d in WANT[n])]
    assert listed
    for name in listed:
        assert GOT[name] == WANT[name], name


def test_the_exceptions_are_still_shared_names():
    assert not set(DIFFERENT) - set(SHARED)


def test_shared_function_objects_as_tfs():
    """TF's submodule names are tf.compat.v1's very functions where TF's are."""
    v1 = tf.compat.v1
    assert v1.math.reduce_sum is v1.reduce_sum and v1.math.argmax is v1.argmax
    assert v1.math.softmax is v1.nn.softmax and v1.math.in_top_k is v1.nn.in_top_k
    assert v1.nn.avg_pool is v1.nn.avg_pool2d
    assert v1.strings.to_number is v1.string_to_number
    assert v1.strings.reduce_join is v1.reduce_join
    assert v1.linalg.norm is v1.norm and v1.debugging.assert_rank is v1.assert_rank
    assert isinstance(v1.test.mock, types.ModuleType)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_matches_tf(name):
    _compare(PROGRAMS[name](tf), GOLDEN["programs"][name], name)
