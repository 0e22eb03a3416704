"""An input signature's lists, tuples and dicts refuse other structures as TF 2.21's trace
types cast them (the reasons below are TF's, as tests/guides/guide_function_signatures.out
records them), and a SparseTensor of another dense shape is another trace unless a trace
for a supertype of its spec exists (reduce_retracing relaxes the dims that varied)."""

from __future__ import annotations

import pytest

import eagerflow as tf

S = tf.TensorSpec([], tf.float32)
ONE = tf.constant(1.0)
ONE_R = repr(ONE)


def _reason(fn, value) -> str:
    with pytest.raises(TypeError) as e:
        fn(value)
    text = str(e.value)
    assert text.startswith("Binding inputs to tf.function failed due to `")
    return text[len("Binding inputs to tf.function failed due to `"):text.index("`. Received")]


@pytest.mark.parametrize("spec,value,want", [
    ([S, S], [ONE], "object of type 'Tuple' has no len()"),
    ([S, S], (ONE, ONE), f"Can not cast ({ONE_R}, {ONE_R}) to list type."),
    ([S, S], ONE, f"Can not cast {ONE_R} to list type."),
    ((S, S), [ONE, ONE], f"Can not cast [{ONE_R}, {ONE_R}] to tuple type."),
    ((S, S), (ONE,), f"Expected ({ONE_R},) to have length of 2"),
    ((S, S), {"a": ONE}, f"Can not cast {{'a': {ONE_R}}} to tuple type."),
    ({"a": S, "b": (S, S)}, {"a": ONE, "b": (ONE,)}, f"Expected ({ONE_R},) to have length of 2"),
    ({"a": S, "b": (S, S)}, {"a": ONE, "b": [ONE, ONE]},
     f"Can not cast [{ONE_R}, {ONE_R}] to tuple type."),
    ({"a": S, "b": (S, S)}, [ONE], f"Can not cast [{ONE_R}] to a Dict type."),
    ({"a": S}, {"a": ONE, "z": 1},
     f"{{'a': {ONE_R}, 'z': 1}} has different keys with the TraceType "
     "Dict[['a', TensorSpec(shape=(), dtype=tf.float32, name=None)]]."),
    (S, {"a": ONE}, f"Attempt to convert a value ({{'a': {ONE_R}}}) with an unsupported type "
                    "(<class 'dict'>) to a Tensor."),
])
def test_a_signature_refuses_another_structure_with_tfs_reason(spec, value, want):
    f = tf.function(lambda x: x, input_signature=[spec])
    assert _reason(f, value) == want


def test_a_signature_takes_its_own_structure():
    f = tf.function(lambda x: x["b"][1] + x["a"], input_signature=[{"a": S, "b": (S, S)}])
    assert float(f({"b": (ONE, ONE), "a": ONE})) == 2.0


def _sparse(n: int, m: int = 4) -> tf.SparseTensor:
    return tf.sparse.SparseTensor(indices=[[0, 0]], values=[1.0], dense_shape=[n, m])


def test_a_sparse_tensor_of_another_shape_is_another_trace():
    seen = []

    @tf.function
    def rows(st):
        seen.append(tuple(st.shape))
        return tf.constant(st.shape[0])  # the static shape: wrong if a trace were reused

    assert [int(rows(_sparse(n))) for n in (2, 3, 2)] == [2, 3, 2]
    assert seen == [(2, 4), (3, 4)]


def test_a_trace_for_a_sparse_supertype_takes_any_fitting_shape():
    seen = []

    @tf.function
    def rows(st):
        seen.append(tuple(st.shape))
        return tf.shape(st)[0]

    rows.get_concrete_function(tf.SparseTensorSpec([None, 4], tf.float32))
    assert [int(rows(_sparse(n))) for n in (3, 9)] == [3, 9]
    assert int(rows(_sparse(3, 5))) == 3
    assert seen == [(None, 4), (3, 5)]


def test_reduce_retracing_relaxes_a_sparse_dense_shape():
    seen = []

    @tf.function(reduce_retracing=True)
    def total(st):
        seen.append(tuple(st.shape) if st.shape.rank is not None else None)
        return tf.sparse.reduce_sum(st)

    for n, m in [(2, 4), (3, 4), (5, 4), (5, 6), (7, 8)]:
        assert float(total(_sparse(n, m))) == 1.0
    assert seen == [(2, 4), (None, 4), (None, None)]
