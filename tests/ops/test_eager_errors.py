"""Eager op errors worded in full as TF 2.21 words them: the "{{function_node
__wrapped__OP[_ATTR_N...]_device_DEVICE}} " prefix of the function TF runs an eager op as,
and the op wrapper's " name: NAME" suffix (eager_errors.py), against
eager_errors_golden.json (recorded by record_eager_errors.py from eager_errors_cases.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import device
from eagerflow._src.ops.eager_errors import counted_as, decorate, slow_path, wrapped_name
from eagerflow._src.ops.tf_op_defs import summary
from tests.golden_io import as_recorded, recorded_outcome
from tests.gpu_target import INDEX_CHECKS, on_recording_device
from tests.ops.eager_errors_cases import CASES, outcome

GOLDEN = json.loads((Path(__file__).parent / "eager_errors_golden.json").read_text())["cases"]
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"

# Cases whose outcome is not TF's for reasons other than the eager wording (pattern, why);
# each must still differ, so that a fix removes it from here.
KNOWN = [
    (r"tf\.RaggedTensor\.from_row_splits\(.*validate=False.*", "TF's to_tensor of invalid "
     "splits pads; eagerflow refuses them"),
    (r"list\(tf\.data\.Dataset.*", "TF 2.21 runs an eager map as ParallelMapV2 and numbers "
     "the ops process-wide (test_dataset_error_is_the_iterator_ops checks the wording)"),
]


# Known differences in a number TF counts process-wide (its dataset ops'): a run whose
# count happens to equal the recorded one gives TF's message
BY_CHANCE = (r"list\(tf\.data\.Dataset.*",)


# Checks TF's CPU kernel makes and its GPU kernel doesn't (it gives NaN rows, as
# eagerflow's device kernel does), and dtypes only the CPU lacks a kernel for: run on the
# CPU where a GPU is the default device
CPU_KERNEL_CHECKS = {
    "tf.nn.sparse_softmax_cross_entropy_with_logits(tf.constant([5]), tf.ones([1, 3]))",
    "tf.math.bessel_i0(tf.ones([2], tf.bfloat16))",
    "tf.math.special.bessel_i1(tf.ones([2], tf.bfloat16))"}


def _known(case: str) -> str | None:
    return next((why for pattern, why in KNOWN if re.fullmatch(pattern, case)), None)


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_error_is_worded_as_tf(case):
    want = GOLDEN[case]
    if case.lower().startswith("device /gpu") or case.startswith("device GPU"):
        if device.default_device().device_type == "GPU" and \
                any(c in str(want) for c in INDEX_CHECKS):
            pytest.skip("recorded without a GPU: TF's GPU kernel makes no index check")
    with tf.device("/CPU:0") if case in CPU_KERNEL_CHECKS else on_recording_device(want):
        got = recorded_outcome(outcome(tf, case))
    why = _known(case)
    if why is not None:
        if not any(re.fullmatch(p, case) for p in BY_CHANCE):
            assert got != want, f"fixed? remove the KNOWN entry for {case!r}"
        pytest.skip(why)
    assert got == want


def test_dataset_error_is_the_iterator_ops():
    # the function of TF's IteratorGetNext, named after the element's components (two)
    ds = tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [3, 4])).map(
        lambda x, y: (x, tf.gather([1, 2], y)))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        next(iter(ds))
    text = str(e.value)
    assert text.startswith("{{function_node __wrapped__IteratorGetNext_output_types_2_device_"
                           f"{CPU}}}}} Error in user-defined function passed to MapDataset:")
    assert text.endswith("indices = 3 is not in [0, 2)\n\t [[{{node GatherV2}}]] "
                         "[Op:IteratorGetNext] name: ")


# On a GPU the function is named after the device the op was placed on: the GPU, or CPU:0
# for an op soft-placed there (strings). TF's recorder ran without a GPU (TF then places
# every op on CPU:0, as recorded); the stand-in GPU runs the same cases on GPU:0.
GPU_CASES = {
    "device GPU:0:tf.ones([2]) + tf.ones([3])": "GPU:0",
    "device /gpu:0:tf.concat([tf.ones([2]), tf.ones([2, 2])], 0)": "GPU:0",
    "device GPU:0:tf.strings.to_number('x')": "CPU:0",
}
# tf.data's dataset ops have no GPU kernels: made with a GPU as the default device, they
# run on the host and their argument errors name CPU:0, as TF's
GPU_CASES.update((case, "CPU:0") for case in CASES
                 if case.startswith(("tf.data.Dataset", "next(iter(tf.data.Dataset",
                                     "tf.data.experimental.SqlDataset")))
# nor do its lookup tables, RaggedCross and the sparse-dense elementwise ops
GPU_CASES.update((case, "CPU:0") for case in (
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1, 2]), -1)",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1)"
    ".lookup(tf.constant([1]))",
    "tf.ragged.cross([tf.ragged.constant([[1], [2]]), tf.ragged.constant([[1]])])",
    "tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2]) * tf.ones([3, 3])"))


@pytest.mark.parametrize("case", sorted(GPU_CASES))
def test_gpu_errors_name_the_device_the_op_ran_on(case):
    want = dict(GOLDEN[case])
    if "message" in want:
        want["message"] = want["message"].replace("device:CPU:0}}",
                                                  "device:" + GPU_CASES[case] + "}}")
    with device.standin_gpus(1):
        assert outcome(tf, case) == want


def test_errors_inside_a_function_keep_the_functions_wording():
    @tf.function
    def f(x):
        return tf.gather(x, 5)

    # (TF's CPU kernel's check: its GPU kernel gives a zero)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError) as e:
        f(tf.ones([3]))
    text = str(e.value)
    assert "__wrapped__" not in text and " name: " not in text
    assert "indices = 5 is not in [0, 3)\n\t [[{{node GatherV2}}]] [Op:__inference_f_" in text


def test_wrapped_name_orders_list_lengths_as_tf():
    assert wrapped_name("ConcatV2", {"N": 3}) == "__wrapped__ConcatV2_N_3"
    # (bytes order: upper case first), and `_` in the op's name doubled
    assert wrapped_name("ParseExampleV2", {"num_sparse": 0, "Tdense": 1}) == \
        "__wrapped__ParseExampleV2_Tdense_1_num_sparse_0"
    assert wrapped_name("_FusedConv2D") == "__wrapped____FusedConv2D"


def test_an_error_the_slow_path_left_unnamed_is_not_named_again():
    # TF 2.21: tf.gather_nd(tf.reshape(tf.range(12), [3, 4]), [[1], [7], [2]],
    # bad_indices_policy="bad") ends "[Op:GatherNd]": its wrapper's slow path, although
    # eagerflow's public function words it in two wrappers, one around the other
    e = tf.errors.NotFoundError(None, None, "Could not find device for node: {{node "
                                "GatherNd}} = GatherNd[bad_indices_policy=\"bad\"] [Op:GatherNd]")
    decorate(e, None, (), {}, CPU, None)
    assert e.message.endswith("[Op:GatherNd] name: ")
    slow_path(e)
    decorate(e, None, (), {}, CPU, "outer")
    assert e.message.endswith("[Op:GatherNd]") and str(e) == e.message


def test_counted_as_names_the_function_again_and_keeps_the_name():
    # the function of TF's ParseExampleV2 for one RaggedFeature (TF 2.21, parse_example's
    # error before its wrapper's slow path drops the name), where eagerflow's op read the
    # ragged key as a sparse one
    body = "Key: v.  Data types don't match. [Op:ParseExampleV2] name: p"
    e = tf.errors.InvalidArgumentError(None, None, (
        "{{function_node __wrapped__ParseExampleV2_Tdense_0_num_sparse_1_ragged_split_types_0"
        f"_ragged_value_types_0_sparse_types_1_device_{CPU}}}}} {body}"))
    counted_as(e, "ParseExampleV2", {"Tdense": 0, "num_sparse": 0, "sparse_types": 0,
                                     "ragged_value_types": 1, "ragged_split_types": 1})
    assert str(e) == ("{{function_node __wrapped__ParseExampleV2_Tdense_0_num_sparse_0_ragged_"
                      f"split_types_1_ragged_value_types_1_sparse_types_0_device_{CPU}}}}} {body}")
    counted_as(e, "Reshape", {"N": 2})  # (another op's lengths: left as it is)
    assert "ragged_value_types_1" in str(e)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=3),
       st.lists(st.integers(1, 4), min_size=1, max_size=3),
       st.sampled_from([None, "n", "a/b"]))
def test_broadcast_errors_carry_tfs_prefix_and_name(a, b, name):
    x, y = tf.ones(a), tf.ones(b)
    try:
        tf.subtract(x, y, name=name)
    except tf.errors.InvalidArgumentError as e:
        body = f"Incompatible shapes: [{','.join(map(str, a))}] vs. [{','.join(map(str, b))}]"
        assert str(e) == e.message
        assert as_recorded(str(e)) == (f"{{{{function_node __wrapped__Sub_device_{CPU}}}}} "
                                       f"{body} [Op:Sub] name: {name or ''}")
    else:  # (shapes that broadcast)
        assert len(a) != len(b) or all(p == q or 1 in (p, q) for p, q in zip(a, b))


# Goldens whose TF messages show ops' definitions ("; Op<name=...>": an attr the op refused)
OP_DEF_GOLDENS = ["io/proto_golden.json", "numpy_ops/tnp_golden.json",
                  "numpy_ops/weak_golden.json", "ops/diag_band_golden.json",
                  "ops/eager_errors_golden.json", "ops/image_extra_golden.json",
                  "ops/linalg_matfunc_golden.json", "ops/quantization_golden.json",
                  "ops/quantized_ops_golden.json"]


@pytest.mark.parametrize("golden", OP_DEF_GOLDENS)
def test_op_definitions_are_summarized_as_tf(golden):
    text = (Path(__file__).parent.parent / golden).read_text()
    found = {m.group(1): text[m.start():text.index(">", text.index(" -> ", m.end()) + 4) + 1]
             for m in re.finditer(r"Op<name=(\w+);", text)}
    assert found
    for op, want in found.items():
        # (a golden's JSON escapes the quotes of string attrs)
        assert summary(op) == want.replace('\\"', '"'), op
