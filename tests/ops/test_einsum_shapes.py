"""tf.einsum's shape checks as TF 2.21 makes them (its messages recorded from it): its
kernel's eagerly and at run time for dims a trace did not know, its shape function's as
a ValueError naming the node while a tf.function is traced. A named label of size 1 does
not broadcast against one of size n; only an ellipsis's dims do. And the gradient of an
einsum whose ellipsis broadcast is summed back to each operand's shape."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf


def _ones(*shape: int) -> tf.Tensor:
    return tf.ones(shape)


# (equation, operand shapes, what TF's kernel says: eagerly, and in a tf.function traced
# with every dim unknown)
KERNEL = [
    ("ij,jk->ik", [(2, 1), (3, 4)],
     "Expected dimension 1 at axis 0 of the input shaped [3,4] but got dimension 3"),
    ("bij,bjk->bik", [(1, 2, 3), (3, 3, 4)],
     "Expected dimension 1 at axis 0 of the input shaped [3,3,4] but got dimension 3"),
    ("ii->i", [(2, 3)],
     "Expected dimension 2 at axis 1 of the input shaped [2,3] but got dimension 3"),
    ("ij,ij->ij", [(2, 1), (2, 3)],
     "Expected dimension 1 at axis 1 of the input shaped [2,3] but got dimension 3"),
    ("...ij,...jk->...ik", [(2, 2, 3), (3, 3, 4)],
     "Invalid broadcasting dimensions: [2,2,3] vs. [3,3,4]"),
    # (the kernel's layout for its batch of products: free dims merged, contracted ones
    # merged, transposed where the operand's own order is not already one of the two)
    ("...ijk,...kl->...ijl", [(2, 3, 4, 5), (3, 5, 6)],
     "Invalid broadcasting dimensions: [2,12,5] vs. [3,5,6]"),
    ("i...j,j...k->i...k", [(2, 5, 3), (3, 2, 4)],
     "Invalid broadcasting dimensions: [5,2,3] vs. [2,4,3]"),
    ("b...ij,b...jk->b...ik", [(7, 2, 3, 4), (7, 3, 4, 5)],
     "Invalid broadcasting dimensions: [2,7,3,4] vs. [3,7,5,4]"),
    ("...ij,...jk->...", [(2, 3, 4), (3, 4, 5)],
     "Invalid broadcasting dimensions: [2,1,4] vs. [3,4,1]"),
]

# eagerly only: a trace of known ranks refuses these itself (RANKS below)
EAGER_ONLY = [
    ("...ij,...jk->ik", [(1, 2, 3), (1, 3, 4)],
     "Output contains 1 broadcasting dimension(s) but no ellipsis (...) was found in the "
     "output subscripts."),
    ("...ij,...jk", [(4, 2, 3), (4, 3, 4)],  # (TF's implicit output leaves the ellipsis out)
     "Output contains 1 broadcasting dimension(s) but no ellipsis (...) was found in the "
     "output subscripts."),
    ("...ijk->ij", [(2, 3)], "Expected input 0 to have rank at least 3 but got: 2"),
    ("ij,jk->i", [(2, 3), (4, 5, 6)], "Expected input 1 to have rank 2 but got: 3"),
]


@pytest.mark.parametrize("equation,shapes,message", KERNEL + EAGER_ONLY)
def test_eager_kernel_checks(equation: str, shapes: list, message: str) -> None:
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.einsum(equation, *(_ones(*s) for s in shapes))
    assert e.value.message.endswith(f"}} {message} [Op:Einsum] name: ")


@pytest.mark.parametrize("equation,shapes,message", KERNEL)
def test_run_time_checks_of_dims_a_trace_did_not_know(equation: str, shapes: list,
                                                      message: str) -> None:
    f = tf.function(lambda *xs: tf.einsum(equation, *xs),
                    input_signature=[tf.TensorSpec([None] * len(s)) for s in shapes])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        f(*(_ones(*s) for s in shapes))
    assert f"}} {message}\n\t [[{{{{node einsum/Einsum}}}}]]" in e.value.message


# (equation, operand shapes, the reason TF's shape function gives for static shapes)
STATIC = [
    ("ij,jk->ik", [(2, 1), (3, 4)], "Dimensions must be equal, but are 1 and 3"),
    ("ii->i", [(2, 3)], "Dimensions must be equal, but are 2 and 3"),
    ("...ij,...jk->...ik", [(2, 4, 2, 3), (3, 5, 3, 4)],
     "Dimensions must be equal, but are 2 and 3"),
    ("...ij,...jk->...ik", [(2, 4, 2, 3), (5, 3, 4)],
     "Dimensions must be equal, but are 4 and 5"),
]
RANKS = [
    ("...ij,...jk->ik", [(4, 2, 3), (4, 3, 4)],
     "Shape must be at most rank 0 but is rank 1\n\t for einsum equation '...ij,...jk->ik' "
     "without ellipsis (...) in the output subscripts where input(s) have non-empty "
     "broadcasting shape"),
    ("...ijk->ij", [(2, 3)],
     "Shape must be at least rank 3 but is rank 2\n\t for 0th input and equation: ...ijk->ij"),
    ("ij,jk->i", [(2, 3), (4, 5, 6)],
     "Shape must be rank 2 but is rank 3\n\t for 1th input and equation: ij,jk->i"),
]


def _shown(reason: str) -> str:
    """A reason as a traced function's error shows it: its lines indented under "in user
    code"."""
    return reason.replace("\n", "\n    ")


def _node(equation: str, shapes: list) -> str:
    names = ", ".join(f"a_{k}" for k in range(len(shapes)))
    return (f"'{{{{node einsum/Einsum}}}} = Einsum[N={len(shapes)}, T=DT_FLOAT, "
            f"equation=\"{equation}\"]({names})'")


@pytest.mark.parametrize("equation,shapes,reason", STATIC + RANKS)
def test_trace_refuses_static_shapes(equation: str, shapes: list, reason: str) -> None:
    f = tf.function(lambda *a: tf.einsum(equation, *a))
    with pytest.raises(ValueError) as e:
        f(*(_ones(*s) for s in shapes))
    given = ", ".join("[" + ",".join(map(str, s)) + "]" for s in shapes)
    assert f"{_shown(reason)} for {_node(equation, shapes)} with input shapes: {given}." in \
        str(e.value)


def test_trace_of_unknown_dims_still_checks_ranks() -> None:
    equation, shapes, reason = RANKS[0]
    f = tf.function(lambda *a: tf.einsum(equation, *a),
                    input_signature=[tf.TensorSpec([None] * 3)] * 2)
    with pytest.raises(ValueError) as e:
        f.get_concrete_function()
    assert (f"{_shown(reason)} for {_node(equation, shapes)} with input shapes: [?,?,?], "
            f"[?,?,?]." in str(e.value))


@pytest.mark.parametrize("equation,shapes,want", [
    ("...ij,...jk->...ik", [(1, 2, 3), (3, 3, 4)], (3, 2, 4)),
    ("...ij,jk", [(5, 2, 3), (3, 4)], (5, 2, 4)),  # (one ellipsis: kept, first)
    ("i...j,j...k->i...k", [(2, 5, 3), (3, 1, 4)], (2, 5, 4)),
    ("...ij->ij", [(2, 3)], (2, 3)),  # (an ellipsis of no dims needs no output ellipsis)
])
def test_ellipsis_dims_broadcast(equation: str, shapes: list, want: tuple) -> None:
    assert tuple(tf.einsum(equation, *(_ones(*s) for s in shapes)).shape) == want


# TF 2.21's gradients of sum(y * sin(y)), y the einsum of np.random.default_rng(0)'s normal
# draws, first four values of each operand's
GRADIENTS = [
    ("...ij,...jk->...ik", [(1, 2, 3), (3, 3, 4)],
     [[-1.285765, 1.999157, 10.068358, -0.628062],
      [-0.120734, -0.124522, 0.111737, -0.107717]]),
    ("...ij,...jk->...ik", [(3, 2, 3), (1, 3, 4)],
     [[-7.861683, -4.866617, -1.855603, -0.67429],
      [-5.406678, 6.404426, -1.6546, 2.451856]]),
    ("...ij,...jk->...ik", [(2, 3), (5, 3, 4)],
     [[0.761598, 5.189325, -0.192006, 4.636403],
      [-0.312878, 2.269394, -0.466813, -0.171582]]),
    ("i...j,...j->i...", [(2, 1, 3), (4, 3)],
     [[-0.934361, 0.789445, -2.368803, 0.472775],
      [0.598538, -1.024425, -0.621172, 1.701138]]),
]


def _loss(equation: str, *xs: tf.Tensor) -> tf.Tensor:
    y = tf.einsum(equation, *xs)
    return tf.reduce_sum(y * tf.sin(y))


def _gradients(equation: str, xs: list) -> list:
    with tf.GradientTape() as tape:
        tape.watch(xs)
        loss = _loss(equation, *xs)
    return tape.gradient(loss, xs)


def test_gradients_of_a_broadcast_ellipsis_are_tfs() -> None:
    rng = np.random.default_rng(0)
    for equation, shapes, want in GRADIENTS:
        xs = [tf.constant(rng.standard_normal(s)) for s in shapes]
        grads = _gradients(equation, xs)
        assert [tuple(g.shape) for g in grads] == [tuple(s) for s in shapes]
        for g, w in zip(grads, want):
            np.testing.assert_allclose(g.numpy().ravel()[:4], w, atol=1e-6)


@pytest.mark.parametrize("equation,shapes,_", GRADIENTS)
def test_gradients_equal_finite_differences_and_traced(equation: str, shapes: list,
                                                       _: list) -> None:
    rng = np.random.default_rng(1)
    xs = [tf.constant(rng.standard_normal(s)) for s in shapes]
    grads = _gradients(equation, xs)
    for k, x in enumerate(xs):
        v, num = x.numpy(), np.zeros(x.shape)
        for idx in np.ndindex(*v.shape):
            e = np.zeros_like(v)
            e[idx] = 1e-6
            up = [y if j != k else tf.constant(v + e) for j, y in enumerate(xs)]
            down = [y if j != k else tf.constant(v - e) for j, y in enumerate(xs)]
            num[idx] = (float(_loss(equation, *up)) - float(_loss(equation, *down))) / 2e-6
        np.testing.assert_allclose(grads[k].numpy(), num, atol=1e-5)
    traced = tf.function(lambda *a: _gradients(equation, list(a)), input_signature=[
        tf.TensorSpec([None] * len(s), tf.float64) for s in shapes])(*xs)
    for g, t in zip(grads, traced):
        np.testing.assert_allclose(t.numpy(), g.numpy(), rtol=1e-12)


@pytest.mark.parametrize("equation", [None, 3])
def test_a_raw_equation_that_is_not_a_string_is_tfs_type_error(equation):
    with pytest.raises(TypeError, match=f"^Expected string for argument 'equation' not "
                                        f"{equation!r}.$"):
        tf.raw_ops.Einsum(inputs=[np.ones((2, 3))], equation=equation)


def test_a_raw_equation_in_bytes_computes_as_tfs():
    assert tf.raw_ops.Einsum(inputs=[np.ones((2, 3))], equation=b"ij->ji").shape == (3, 2)
