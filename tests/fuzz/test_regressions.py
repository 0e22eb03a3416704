"""One regression test per failure the fuzz campaigns found (minimal reproducers).

Grouped by class: raw NumPy/Python errors escaping, attrs of the wrong type, missing
validation in gradient-helper ops, NumPy warnings leaking to the user, allocations
without a size check, silent wrong values in conversions and kernels.
"""

from __future__ import annotations

import re
import resource
import warnings

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    ResourceExhaustedError,
    UnimplementedError,
)
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import array as A
from eagerflow._src.ops import random as R
from eagerflow._src.ops import random_stateless as RS
from eagerflow._src.ops import reduce as RD
from eagerflow._src.ops import reshaping as RSH
from eagerflow._src.ops import slicing as SL
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import ADD_N, CAST, CONJ
from eagerflow._src.ops.registry import REGISTRY


def _t(a, d=None):
    return EagerTensor(np.asarray(a, dtype=d))


@pytest.fixture
def strict_warnings():
    # the project's policy (pyproject): warnings are errors, except NumPy's IEEE warnings
    # raised from eagerflow's own modules, which TF doesn't emit either
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"eagerflow\.")
        yield


def _peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss << 10


# -- raw errors escaping --------------------------------------------------------------

def test_add_n_rank_mismatch_is_invalid_argument():
    # was: ValueError "truth value of an array is ambiguous" from list.index(tensor)
    with pytest.raises(InvalidArgumentError, match=r"Input 0: \[3\] != input 1: \[2,3\]"):
        bind(ADD_N, (_t(np.ones(3)), _t(np.ones((2, 3))), _t(np.ones(3))), {})


def test_concat_of_nothing():
    # TF 2.21 eagerly (once any op has run in the process: the very first call is Python's
    # IndexError): the kernel lookup's refusal; traced, the op definition's ValueError
    with pytest.raises(InvalidArgumentError, match=r"OpKernel 'ConcatV2' has constraint"):
        tf.concat([], 0)
    with pytest.raises(ValueError, match="'ConcatV2' Op with length 0 shorter than minimum"):
        tf.function(lambda: tf.concat([], 0))()


def test_pack_scalar_with_vector():
    with pytest.raises(InvalidArgumentError, match=r"values\[0\].shape = \[\] != values\[1\]"):
        tf.stack([tf.ones([]), tf.ones([2])])


def test_malformed_slice_spec_and_zero_stride():
    with pytest.raises(TypeError, match="StridedSlice"):
        bind(SL.STRIDED_SLICE, (_t(np.ones(3)),), {"spec": (("i",),)})
    with pytest.raises(InvalidArgumentError, match="must be non-zero"):
        bind(SL.STRIDED_SLICE, (_t(np.ones(3)),), {"spec": (("s", None, None, 0),)})


@pytest.mark.parametrize("case", [
    (RSH.RESHAPE_LIKE, (np.ones(6), np.ones(3)), {}),
    (REGISTRY["SumToShapeOf"], (np.ones((0, 3)), np.ones((1, 0))), {}),
    (SL.STRIDED_SLICE_GRAD, (np.ones(3), np.ones((4, 0))),
     {"spec": (("s", 1, None, None), ("i", -1))}),
    (SL.STRIDED_SLICE_GRAD, (np.ones(3), np.ones((3, 5))), {"spec": (("s", 1, None, None),)}),
    (RD.KEEPDIMS_LIKE, (np.ones(3), np.ones((2, 3))), {"axes": (2**62,)}),
], ids=lambda c: c[0].name if hasattr(c[0], "name") else str(c))
def test_gradient_helpers_validate_their_inputs(case):
    # internal ops reachable through graphs: a shape mismatch is an InvalidArgumentError,
    # not a NumPy reshape/broadcast/index error
    op, inputs, attrs = case
    with pytest.raises(InvalidArgumentError, match=op.name.replace("Grad", "")):
        bind(op, tuple(_t(a) for a in inputs), attrs)


# -- attrs of the wrong type or value ---------------------------------------------------

@pytest.mark.parametrize("op,inputs,attrs", [
    (CAST, (np.ones(2),), {"dtype": "float32"}),
    (RD.ARGMAX, (np.ones(2),), {"axis": 0, "output_type": 1j}),
    (A.SHAPE, (np.ones(2),), {"out_type": object}),
    (RS.STATELESS_MULTINOMIAL, (np.ones((1, 3)), np.array([1, 2])),
     {"num_samples": 2, "output_dtype": slice(None)}),
    (R.RANDOM_UNIFORM, (), {"shape": (2,), "dtype": "abc", "seed": 1, "seed2": 2}),
    (RD.SUM, (np.ones((2, 3)),), {"axes": (0,), "keepdims": 2**70}),
])
def test_attr_of_wrong_type_is_type_error(op, inputs, attrs):
    with pytest.raises(TypeError, match=op.name):
        bind(op, tuple(_t(a) for a in inputs), attrs)


@pytest.mark.parametrize("op,inputs,attrs,match", [
    (RD.ARGMAX, (np.ones(2),), {"axis": 0, "output_type": dt.float32}, "attr 'output_type'"),
    (A.SHAPE, (np.ones(2),), {"out_type": dt.float32}, "attr 'out_type'"),
    (R.MULTINOMIAL, (np.ones((1, 3)),),
     {"num_samples": 2, "output_dtype": dt.float32, "seed": 1, "seed2": 2}, "output_dtype"),
    (RD.SUM, (np.ones((2, 3)),), {"axes": (0, 0), "keepdims": False},
     "Axes contains duplicate dimension: 0"),
    (CONJ, (np.ones(3, bool),), {}, "attr 'T'"),
])
def test_attr_value_outside_tf_allowed_list(op, inputs, attrs, match):
    with pytest.raises(InvalidArgumentError, match=match):
        bind(op, tuple(_t(a) for a in inputs), attrs)


def test_cast_to_handle_dtypes_is_unimplemented():
    # was: a string array labelled `resource`
    with pytest.raises(UnimplementedError, match="Cast"):
        bind(CAST, (_t(np.ones(2)),), {"dtype": dt.resource})


def test_public_conj_of_bool():
    with pytest.raises(TypeError, match="Expected numeric"):
        tf.math.conj(tf.constant([True]))


# -- Range: value checks in the kernel, before allocating ----------------------------

@pytest.mark.parametrize("args,match", [
    ((1, -9, 2), "Requires start <= limit when delta > 0: 1/-9"),
    ((0, 10, 0), "Requires delta != 0: 0"),
    ((0.0, float("nan")), "Requires start <= limit when delta > 0: 0/nan"),
    ((0.0, 1.0, float("nan")), "Requires start >= limit when delta < 0: 0/1"),
    ((0.0, float("inf")), r"Requires \(\(limit - start\) / delta\) <= 9223372036854775807"),
])
def test_range_refuses_bad_bounds(args, match):
    with pytest.raises(InvalidArgumentError, match=match):
        tf.range(*args)


def test_range_op_validates_values_itself():
    # the op (not only tf.range) checks: graphs and bind reach the kernel directly
    with pytest.raises(InvalidArgumentError, match="Requires delta != 0"):
        bind(A.RANGE, (_t(1, np.int32), _t(9, np.int32), _t(0, np.int32)), {})
    with pytest.raises(InvalidArgumentError, match="must be a scalar"):
        bind(A.RANGE, (_t([], np.int32), _t(9, np.int32), _t(2, np.int32)), {})


def test_range_too_big_is_refused_before_allocating(small_memory):
    before = _peak()
    with pytest.raises(ResourceExhaustedError, match=r"shape\[4294967295\] and type int32"):
        tf.range(-2**31, 2**31 - 1)
    assert _peak() - before < 32 << 20


def test_range_integer_arithmetic_does_not_wrap():
    # was: np.arange computing the length in int32 gave an empty tensor
    assert tf.range(tf.constant(2**63 - 3, tf.int64),
                    tf.constant(2**63 - 1, tf.int64)).numpy().tolist() == [2**63 - 3, 2**63 - 2]
    assert tf.range(tf.constant(-2**31 + 5), -2**31, -2).numpy().tolist() == [
        -2**31 + 5, -2**31 + 3, -2**31 + 1]
    # (int8 and uint8 tensors: tf.range refuses them, as TF's asserts its dtypes)
    with pytest.raises(AssertionError):
        tf.range(tf.constant(-3, tf.int8), tf.constant(-120, tf.int8))


# -- sizes: overflow and memory checked before allocating -----------------------------

def test_element_count_overflow_is_invalid_argument():
    with pytest.raises(InvalidArgumentError,
                       match=r"Shape \[1099511627776,1099511627776\] would have more than "
                             r"2\*\*63 - 1 elements \[Op:Fill\]"):
        tf.zeros([2**40, 2**40])
    with pytest.raises(InvalidArgumentError, match=r"has too many elements \[Op:Reshape\]"):
        tf.reshape(tf.zeros([0]), [0, 2**62, 4])
    with pytest.raises(InvalidArgumentError, match="too many elements"):
        tf.tile(tf.zeros([0, 1]), [1, 2**62])
    assert tf.zeros([2**40, 0]).shape == (2**40, 0)  # empty and describable: fine


@pytest.mark.parametrize("make", [
    lambda: tf.zeros([2**20, 2**20]),
    lambda: tf.ones([2**16, 2**16], tf.float64),
    lambda: tf.fill([2**30], 1.0),
    lambda: tf.tile(tf.ones([2, 2]), [2**14, 2**14]),
    lambda: tf.broadcast_to(tf.ones([1]), [2**30]),
    lambda: tf.linspace(0.0, 1.0, 2**31 - 1),  # (2**31 wraps in int32: Range's refusal)
    lambda: tf.random.uniform([2**30]),
    lambda: tf.random.categorical(tf.zeros([2, 3]), 2**30),
    lambda: tf.constant(1.0, shape=[2**30]),
], ids=["zeros", "ones", "fill", "tile", "broadcast_to", "linspace", "uniform", "categorical",
        "constant"])
def test_big_outputs_are_refused_before_allocating(make, small_memory):
    before = _peak()
    with pytest.raises(ResourceExhaustedError, match=r"OOM when allocating tensor with shape\["):
        make()
    assert _peak() - before < 32 << 20, "the refusal came after allocating"


def test_linspace_of_2_31_values_is_ranges_refusal_as_tfs():
    # TF 2.21 converts num preferring int32, so 2**31 wraps: its Range then refuses 1 / -1
    with pytest.raises(InvalidArgumentError,
                       match=r"Requires start <= limit when delta > 0: 1/-1 \[Op:Range\]"):
        tf.linspace(0.0, 1.0, 2**31)


def test_zero_size_outputs_with_huge_dims():
    # was: NumPy's "array is too big" / "Maximum allowed dimension exceeded" ValueErrors
    with pytest.raises(InvalidArgumentError, match="too many elements"):
        bind(R.RANDOM_UNIFORM, (), {"shape": (2**63, 0), "dtype": dt.float16, "seed": 1,
                                    "seed2": 2})
    with pytest.raises(InvalidArgumentError, match="too many elements"):
        bind(R.MULTINOMIAL, (_t(np.zeros((0, 3))),),
             {"num_samples": 2**62, "output_dtype": dt.int64, "seed": 1, "seed2": 2})


# -- NumPy warnings leaking (TF returns inf/nan silently) -----------------------------

@pytest.mark.parametrize("make", [
    lambda: tf.reduce_prod(tf.constant([1e30, 1e30])),
    lambda: tf.reduce_sum(tf.constant([3e38, 3e38])),
    lambda: tf.reduce_mean(tf.zeros([0, 3]), axis=0),
    lambda: tf.linspace(float("nan"), 1.0, 3),
    lambda: tf.linspace(-3e38, 3e38, 3),
], ids=["prod", "sum", "mean-empty", "linspace-nan", "linspace-overflow"])
def test_no_numpy_warning_reaches_the_user(make, strict_warnings):
    make()


# -- wrong values ---------------------------------------------------------------------

def test_integer_mean_truncates_toward_zero_without_overflow():
    assert tf.reduce_mean(tf.constant([-1, -2])).numpy() == -1  # was -2 (floor)
    assert tf.reduce_mean(tf.constant([2**30] * 3)).numpy() == 2**30
    assert tf.reduce_mean(tf.constant([200, 200], tf.uint8)).numpy() == 200
    assert tf.reduce_mean(tf.zeros([0], tf.int32)).numpy() == 0
    assert tf.reduce_mean(tf.zeros([0], tf.complex64)).numpy() == 0
    assert np.isnan(tf.reduce_mean(tf.zeros([0])).numpy())


def test_out_of_range_python_ints():
    # was: 2**63 wrapped to -2**63, [1, 2**63] became float32, 2**64 recursed forever
    for value in (2**63, -2**63 - 1, [1, 2**63], 2**64):
        with pytest.raises(ValueError, match="out-of-range integer"):
            tf.constant(value)
    assert tf.constant(2**63, tf.uint64).numpy() == 2**63
    assert tf.add(tf.zeros([2], tf.complex128), 2**64).numpy()[0] == 2.0**64


def test_string_scalars_stay_object_arrays():
    # was: bytes scalars wrapped as fixed-width |S arrays
    s = tf.constant([b"a\x00", b""])
    for t in (s[0], tf.unstack(s)[1], s[..., 1]):
        assert t.dtype is tf.string and t._arr.dtype == object


def test_linspace_matches_tf_float32_arithmetic():
    # TF computes start + i * step in the input dtype
    got = tf.linspace(0.0, 1.0, 7).numpy().tolist()
    assert got[5] == float(np.float32(5) * (np.float32(1) / np.float32(6)))
    assert tf.linspace(0.0, 1.0, 0).shape == (0,)
    assert tf.linspace([0.0, 1.0], [1.0, 3.0], 3, axis=-1).numpy().tolist() == \
        [[0.0, 0.5, 1.0], [1.0, 2.0, 3.0]]


# -- the long survey's findings (`make fuzz`, 372,476 calls) ---------------------------
# Each case is the surveyed call, minimized, with TF 2.21's answer to the same input.

@pytest.mark.parametrize("op", [RD.SUM, RD.PROD, RD.MIN, RD.MAX, RD.MEAN],
                         ids=lambda op: op.name)
def test_reduction_axes_attr_none_and_int(op):
    # was: TypeError "'NoneType' object is not iterable" from the infer's axis loop.
    # None is "all axes" (as for an unknown rank); an int is a wrong attr type, named as
    # TF's wrappers name a list attr given a scalar
    empty = _t(np.array([], np.int64))
    out = bind(op, (empty,), {"axes": None, "keepdims": True})
    assert out.shape == (1,)
    ref = {"Sum": 0, "Prod": 1, "Min": 2**63 - 1, "Max": -2**63, "Mean": 0}[op.name]
    assert out.numpy().tolist() == [ref]  # TF's identities for an empty reduction
    assert bind(op, (_t(np.array([[1, 2], [3, 4]], np.int32)),),
                {"axes": None, "keepdims": False}).shape == ()
    with pytest.raises(TypeError, match=f"Expected list of ints for 'axes' argument to "
                                        f"'{op.name}' Op, not -3"):
        bind(op, (_t(np.ones((2, 2), np.int32)),), {"axes": -3, "keepdims": True})
    # and its gradient is that of the reduction over every axis
    x = tf.constant([[1.0, 5.0, 3.0], [2.0, 5.0, 0.0]])
    grads = []
    for axes in (None, (0, 1)):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = bind(op, (x,), {"axes": axes, "keepdims": False})
        grads.append(tape.gradient(y, x).numpy().tolist())
    assert grads[0] == grads[1]


@pytest.mark.parametrize("name,attrs,node,first", [
    ("SelfAdjointEigV2", {"compute_v": True}, "SelfAdjointEigV2[T=DT_HALF, compute_v=true]",
     "DT_FLOAT"),
    ("Cholesky", {}, "Cholesky[T=DT_HALF]", "DT_COMPLEX128"),
    ("Svd", {"compute_uv": False, "full_matrices": True},
     "Svd[T=DT_HALF, compute_uv=false, full_matrices=true]", "DT_FLOAT"),
])
def test_linalg_half_has_no_cpu_kernel(name, attrs, node, first):
    # was: NumPy's "array type float16 is unsupported in linalg" (eigh); TF 2.21's CPU has
    # no half kernel for these ops: NotFoundError naming the node and listing the CPU
    # kernels in TF's order (`first` the first CPU one TF 2.21 lists)
    x = _t(np.eye(3, dtype=np.float16))
    with pytest.raises(tf.errors.NotFoundError,
                       match=re.escape(f"Could not find device for node: {{{{node {name}}}}} = "
                                       f"{node}\nAll kernels registered for op {name}:\n")) as e:
        bind(REGISTRY[name], (x,), attrs)
    assert str(e.value).split("device='CPU'; ")[1].startswith(f"T in [{first}]\n")
    with pytest.raises(tf.errors.NotFoundError, match="SelfAdjointEigV2"):
        tf.linalg.eigh(tf.constant(np.eye(2, dtype=np.float16)))


def test_assert_summarize_negative_infinity():
    # was: OverflowError from int(-inf). Eagerly TF compares summarize with 0 (negative:
    # show everything) and only on failure; in a graph it is an int attr
    assert tf.debugging.Assert([[b"b", "s", -0.5]], [[1.0]], summarize=-float("inf")) is None
    with pytest.raises(InvalidArgumentError, match="Summarized data: 1.0, 2.0, 3.0, 4.0$"):
        tf.debugging.Assert(False, [[1.0, 2.0, 3.0, 4.0]], summarize=-float("inf"))
    with pytest.raises(TypeError, match="summarize=2.5"):
        tf.debugging.Assert(False, [[1.0]], summarize=2.5)
    with pytest.raises(TypeError, match=r"Expected int for argument 'summarize' not -inf\. "
                                        r"\[Op:Assert\]"):
        bind(REGISTRY["Assert"], (_t(False), _t([1.0])), {"summarize": -float("inf")})
    with pytest.raises(InvalidArgumentError, match="Attr summarize has value 1099511627776 "
                                                   "out of range for an int32"):
        bind(REGISTRY["Assert"], (_t(False), _t([1.0])), {"summarize": 2**40})


@pytest.mark.parametrize("name,inputs,attrs,message", [
    ("CTCBeamSearchDecoder", (np.zeros((4, 2, 3)), np.array([2, 4], np.int32)),
     {"beam_width": 10**30, "top_paths": 10**30, "merge_repeated": False},
     "Attr beam_width has value 1000000000000000000000000000000 out of range for an int32"),
    ("CTCBeamSearchDecoder", (np.zeros((4, 2, 3)), np.array([2, 4], np.int32)),
     {"beam_width": 2**31, "top_paths": 1, "merge_repeated": False},
     "Attr beam_width has value 2147483648 out of range for an int32"),
    ("StringSplitV2", (np.array([b"a", b""], object), np.array(b"a", object)),
     {"maxsplit": 2**70}, "Attr maxsplit has value 1180591620717411303424 out of range"),
    ("StringSplitV2", (np.array([b"a", b""], object), np.array(b"a", object)),
     {"maxsplit": -2**31 - 1}, "Attr maxsplit has value -2147483649 out of range for an int32"),
    # was a hang: 2**31 rounds of the key schedule
    ("RandomIndexShuffle", (np.array(5, np.int32), np.array([498247692, 7, -3], np.int32),
                            np.array(-3, np.int32)),
     {"rounds": 2**31}, "Attr rounds has value 2147483648 out of range for an int32"),
])
def test_int_attrs_out_of_int32_range(name, inputs, attrs, message):
    # was: OverflowError from NumPy or Python when sizing by the attr (TF checks the attr's
    # int32 range first; past int64 its Python wrapper itself raises SystemError)
    with pytest.raises(InvalidArgumentError, match=re.escape(message) + r".*\[Op:" + name):
        bind(REGISTRY[name], tuple(tf.constant(a) for a in inputs), attrs)


def test_public_wrappers_reach_the_attr_checks():
    with pytest.raises(InvalidArgumentError, match="Attr maxsplit has value 2147483648"):
        tf.strings.split([b"aa"], sep=b"a", maxsplit=2**31)
    with pytest.raises(InvalidArgumentError, match="Attr beam_width has value 2147483648"):
        tf.nn.ctc_beam_search_decoder(tf.zeros([4, 2, 3]), tf.constant([2, 4]),
                                      beam_width=2**31)


@pytest.mark.parametrize("name,inputs", [
    ("RandomGamma", (np.array([[0.2], [7.5]]),)),
    ("RandomPoissonV2", (np.array([2.0, 40.0]),)),
])
def test_stateful_draws_with_a_numpy_shape_attr(name, inputs):
    # was: OverflowError adding a NumPy int64 block count to the 128-bit Philox counter
    attrs = {"shape": np.array([1, 2]), "seed": 11, "seed2": 7, "node": 2}
    if name == "RandomPoissonV2":
        attrs["dtype"] = dt.int64
    out = bind(REGISTRY[name], tuple(_t(a) for a in inputs), attrs)
    assert out.shape == (1, 2) + inputs[0].shape


@pytest.mark.parametrize("make,shapes", [
    (lambda: tf.random.gamma([1, 1], np.ones((2, 3, 1, 3), np.float32), beta=[]),
     "[2,3,1,3] vs. [0]"),
    (lambda: tf.random.stateless_gamma([2, 4, 2, 2], [1, 2], np.ones((2, 4, 2, 2), np.float32),
                                       beta=np.ones((1, 2, 1, 1), np.float32)),
     "[2,4,2,2] vs. [1,2,1,1]"),
])
def test_gamma_alpha_beta_not_broadcastable(make, shapes):
    # was: NumPy's "shape mismatch: objects cannot be broadcast" ValueError
    with pytest.raises(InvalidArgumentError,
                       match=re.escape(f"Incompatible shapes: {shapes} [Op:BroadcastArgs]")):
        make()


@pytest.mark.parametrize("seed,error,match", [
    (-1, InvalidArgumentError, r"Attempting to slice scalar input\. \[Op:StridedSlice\]"),
    ([1], InvalidArgumentError, r"slice index 1 of dimension 0 out of bounds\."),
    ([[1, 2], [3, 4]], InvalidArgumentError, r"tensor with 2 values.*\[Op:Reshape\]"),
])
def test_fold_in_threefry_seed_not_a_pair(seed, error, match):
    # was: IndexError "too many indices for array" from seed[1]
    with pytest.raises(error, match=match):
        tf.random.fold_in(seed, 3, alg="threefry")


def test_fold_in_float_data():
    # the surveyed call: TF converts minval=None to a tensor (for a float dtype) before it
    # looks at the seed
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\)"):
        tf.random.fold_in(-1, tf.constant([0.5, 0.0], tf.float16), alg=2)


# -- found by the differential long mode against TF 2.21 ------------------------------

def test_binomial_count_at_most_zero_draws_zero():
    # was: the count itself (-1, -5) where p >= 1; TF draws 0 for any count <= 0
    got = tf.random.stateless_binomial([4], [1, 2], counts=[-1.0, -1.0, 3.0, 0.0],
                                       probs=[0.5, 1.0, -1.0, 0.5])
    assert got.numpy().tolist() == [0, 0, 0, 0]
    got = tf.random.stateless_binomial([2], [1, 2], counts=[-5.0, 5.0], probs=[1.5, 2.0])
    assert got.numpy().tolist() == [0, 5]


def test_max_pool_grad_with_argmax_of_an_empty_batch():
    # was: NumPy's "cannot reshape array of size 0 into shape (0,newaxis)"
    x = _t(np.zeros((0, 4, 4, 1), np.float32))
    attrs = {"ksize": (1, 2, 2, 1), "strides": (1, 2, 2, 1), "padding": "VALID",
             "include_batch_in_index": False}
    out = bind(REGISTRY["MaxPoolGradWithArgmax"], (x, _t(np.zeros((0, 2, 2, 1), np.float32)),
                                                   _t(np.zeros((0, 2, 2, 1), np.int64))), attrs)
    assert out.shape == (0, 4, 4, 1)
