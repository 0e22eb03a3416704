"""Gradients at the points the numeric-gradient suites never visit (issue #21): zeros in
products, ties, kinks at 0, NaN in the branch tf.where does not take, batched gather_nd,
empty segments, division by zero, integer inputs.

Each case is a function of the `tf` module (TensorFlow or eagerflow) returning the values to
compare: the forward result and the tape's gradients (None where there is none).
make_grad_edges_golden.py runs them under TensorFlow 2.21 and writes grad_edges_golden.json;
test_grad_edges.py checks eagerflow against that file, so CI checks them without TF.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

nan, inf = float("nan"), float("inf")


def _grads(f: Callable, *xs: Any) -> Callable:
    def run(tf: Any) -> list:
        ts = [tf.constant(x) for x in xs]
        with tf.GradientTape() as tape:
            for t in ts:
                tape.watch(t)
            y = f(tf, *ts)
        gs = tape.gradient(y, ts)  # gather's are IndexedSlices in TF: made dense
        return [y] + [None if g is None else tf.convert_to_tensor(g) for g in gs]
    return run


def _f(*v: float) -> np.ndarray:
    return np.array(v, np.float32)


def _i(*v: int) -> np.ndarray:
    return np.array(v, np.int32)


CASES: dict = {
    # reduce_prod: the gradient is the product of the others, zeros included
    "prod_one_zero": _grads(lambda tf, x: tf.reduce_prod(x), _f(2, 0, 3)),
    "prod_two_zeros": _grads(lambda tf, x: tf.reduce_prod(x), _f(2, 0, 0, 3)),
    "prod_axis_zeros": _grads(lambda tf, x: tf.reduce_prod(x, axis=1),
                              np.array([[2, 0, 3], [0, 0, 1], [1, 2, 3]], np.float32)),
    "prod_two_axes_keepdims": _grads(lambda tf, x: tf.reduce_prod(x, axis=[0, 2], keepdims=True),
                                     np.arange(-3, 9, dtype=np.float32).reshape(2, 3, 2)),
    "cumprod_zero": _grads(lambda tf, x: tf.math.cumprod(x), _f(2, 0, 3)),
    "cumprod_exclusive_reverse": _grads(
        lambda tf, x: tf.math.cumprod(x, exclusive=True, reverse=True), _f(2, 0, 3, 0)),
    # ties
    "reduce_max_tie": _grads(lambda tf, x: tf.reduce_max(x), _f(1, 3, 3, 2)),
    "reduce_min_tie_axis": _grads(lambda tf, x: tf.reduce_min(x, axis=0),
                                  np.array([[1, 3], [1, 2]], np.float32)),
    "maximum_tie": _grads(lambda tf, x, y: tf.maximum(x, y), _f(1, 2), _f(1, 3)),
    "minimum_tie": _grads(lambda tf, x, y: tf.minimum(x, y), _f(1, 2), _f(1, 3)),
    "maximum_broadcast_tie": _grads(lambda tf, x, y: tf.maximum(x, y),
                                    np.array([[1, 2]], np.float32), _f(1)),
    "max_pool_tie": _grads(lambda tf, x: tf.nn.max_pool2d(x, 2, 2, "VALID"),
                           np.ones((1, 2, 2, 1), np.float32)),
    "sort_tie": _grads(lambda tf, x: tf.sort(x), _f(1, 1, 0)),
    "top_k_tie": _grads(lambda tf, x: tf.math.top_k(x, 2).values, _f(1, 1, 1)),
    "segment_max_tie": _grads(lambda tf, x: tf.math.segment_max(x, [0, 0, 1]), _f(2, 2, 1)),
    "clip_at_bounds": _grads(lambda tf, x: tf.clip_by_value(x, 0.0, 1.0), _f(0, 1, 0.5, 2)),
    # kinks at 0
    "abs_at_0": _grads(lambda tf, x: tf.abs(x), _f(0, -1, 1)),
    "relu_at_0": _grads(lambda tf, x: tf.nn.relu(x), _f(0, -1, 1)),
    "relu6_at_0_and_6": _grads(lambda tf, x: tf.nn.relu6(x), _f(0, 6, 3)),
    "leaky_relu_at_0": _grads(lambda tf, x: tf.nn.leaky_relu(x), _f(0, -1)),
    "leaky_relu_float64": _grads(lambda tf, x: tf.nn.leaky_relu(x, 0.1),
                                 np.array([-1.0, 0.0, 2.0])),
    "elu_at_0": _grads(lambda tf, x: tf.nn.elu(x), _f(0)),
    "sqrt_at_0": _grads(lambda tf, x: tf.sqrt(x), _f(0, 4)),
    "rsqrt_at_0": _grads(lambda tf, x: tf.math.rsqrt(x), _f(0)),
    "log_at_0": _grads(lambda tf, x: tf.math.log(x), _f(0)),
    "sign_at_0": _grads(lambda tf, x: tf.sign(x), _f(0, 1)),
    "norm_at_0": _grads(lambda tf, x: tf.norm(x), _f(0, 0)),
    "euclidean_norm_at_0": _grads(lambda tf, x: tf.math.reduce_euclidean_norm(x), _f(0, 0)),
    "std_of_constant": _grads(lambda tf, x: tf.math.reduce_std(x), _f(1, 1)),
    "atan2_at_origin": _grads(lambda tf, x, y: tf.math.atan2(x, y), _f(0), _f(0)),
    "pow_at_0": _grads(lambda tf, x, y: tf.pow(x, y), _f(0, 0, -2), _f(0, 2, 0.5)),
    # tf.where: the branch not taken still has a gradient of 0 times its partial
    "where_sqrt_negative": _grads(
        lambda tf, x: tf.where(x > 0, tf.sqrt(x), tf.zeros_like(x)), _f(-1, 4)),
    "where_log_zero": _grads(lambda tf, x: tf.where(x > 0, tf.math.log(x), x), _f(0, 4)),
    "where_rsqrt_zero": _grads(lambda tf, x: tf.where(x > 0, tf.math.rsqrt(x), x), _f(-1, 0)),
    "where_reciprocal_zero": _grads(
        lambda tf, x: tf.where(x > 0, tf.math.reciprocal(x), x), _f(-1, 0)),
    "where_divide_zero": _grads(lambda tf, x: tf.where(x > 0, 1 / x, x), _f(-1, 0)),
    "where_pow_negative": _grads(lambda tf, x, y: tf.where(x > 0, tf.pow(x, y), x),
                                 _f(-2, 3), _f(0.5, 2)),
    "where_safe_pattern": _grads(
        lambda tf, x: tf.where(x > 0, tf.math.log(tf.where(x > 0, x, tf.ones_like(x))), x),
        _f(0, -1, 2)),
    "softmax_inf": _grads(lambda tf, x: tf.nn.softmax(x), _f(inf, 0)),
    "logsumexp_minus_inf": _grads(lambda tf, x: tf.reduce_logsumexp(x), _f(-inf, -inf)),
    "reduce_max_nan": _grads(lambda tf, x: tf.reduce_max(x), _f(nan, 1)),
    "maximum_nan": _grads(lambda tf, x, y: tf.maximum(x, y), _f(nan, 1), _f(0, nan)),
    # gather_nd and gather with batch_dims
    "gather_nd_batch_dims_1": _grads(lambda tf, x: tf.gather_nd(x, [[1], [0]], batch_dims=1),
                                     np.arange(6, dtype=np.float32).reshape(2, 3)),
    "gather_nd_batch_dims_1_pairs": _grads(
        lambda tf, x: tf.gather_nd(x, [[[1, 0]], [[0, 1]]], batch_dims=1),
        np.arange(12, dtype=np.float32).reshape(2, 3, 2)),
    "gather_nd_batch_dims_2": _grads(
        lambda tf, x: tf.gather_nd(x, [[[1], [0]], [[0], [0]]], batch_dims=2),
        np.arange(12, dtype=np.float32).reshape(2, 2, 3)),
    "gather_nd_repeated": _grads(lambda tf, x: tf.gather_nd(x, [[1], [1], [0]]),
                                 np.arange(6, dtype=np.float32).reshape(3, 2)),
    "gather_batch_dims": _grads(lambda tf, x: tf.gather(x, [[2, 0], [1, 1]], batch_dims=1),
                                np.arange(6, dtype=np.float32).reshape(2, 3)),
    # segment ops with empty segments (segment 1 has no rows)
    "segment_sum_empty": _grads(lambda tf, x: tf.math.segment_sum(x, [0, 0, 2]), _f(1, 2, 3)),
    "segment_mean_empty": _grads(lambda tf, x: tf.math.segment_mean(x, [0, 0, 2]), _f(1, 2, 3)),
    "segment_max_empty": _grads(lambda tf, x: tf.math.segment_max(x, [0, 0, 2]), _f(1, 2, 3)),
    "segment_min_empty": _grads(lambda tf, x: tf.math.segment_min(x, [0, 0, 2]), _f(1, 2, 3)),
    "segment_prod_empty": _grads(lambda tf, x: tf.math.segment_prod(x, [0, 0, 2]), _f(1, 0, 3)),
    "unsorted_max_empty": _grads(lambda tf, x: tf.math.unsorted_segment_max(x, [0, 0, 3], 4),
                                 _f(1, 1, 3)),
    "unsorted_min_empty": _grads(lambda tf, x: tf.math.unsorted_segment_min(x, [0, 0, 3], 4),
                                 _f(1, 1, 3)),
    "unsorted_prod_zeros": _grads(lambda tf, x: tf.math.unsorted_segment_prod(x, [0, 0, 3], 4),
                                  _f(0, 2, 3)),
    "unsorted_prod_two_zeros": _grads(
        lambda tf, x: tf.math.unsorted_segment_prod(x, [0, 0, 0, 1], 3), _f(0, 0, 3, 2)),
    "unsorted_mean_empty": _grads(lambda tf, x: tf.math.unsorted_segment_mean(x, [0, 0, 3], 4),
                                  _f(0, 2, 3)),
    "unsorted_sqrt_n_empty": _grads(
        lambda tf, x: tf.math.unsorted_segment_sqrt_n(x, [0, 0, 3], 4), _f(0, 2, 3)),
    "unsorted_sum_dropped_id": _grads(
        lambda tf, x: tf.math.unsorted_segment_sum(x, [0, -1, 1], 2), _f(1, 2, 3)),
    # division by zero
    "divide_by_zero": _grads(lambda tf, x, y: x / y, _f(1, 0, -1), _f(0, 0, 0)),
    "divide_no_nan_zero": _grads(lambda tf, x, y: tf.math.divide_no_nan(x, y), _f(1, 0, -1),
                                 _f(0, 0, 2)),
    # (TF's DivNoNan gradient: an inf or nan output gradient where y == 0 gives 0 for x, nan
    # for y)
    "divide_no_nan_inf_nan_grads": _grads(
        lambda tf, x, y: tf.math.divide_no_nan(x, y) * tf.constant([inf, 1, nan, inf]),
        _f(1, 2, 3, 0), _f(0, 2, 0, 4)),
    "divide_no_nan_broadcast": _grads(lambda tf, x, y: tf.math.divide_no_nan(x, y),
                                      np.array([[1], [-2]], np.float32), _f(0, 4, -0.5)),
    "divide_no_nan_ints": _grads(lambda tf, x, y: tf.math.divide_no_nan(x, y), _i(1, 2, 0),
                                 _i(0, 2, 0)),
    "floordiv_zero": _grads(lambda tf, x, y: tf.math.floordiv(x, y), _f(1, 0), _f(0, 0)),
    "floormod_zero": _grads(lambda tf, x, y: tf.math.floormod(x, y), _f(1, 3), _f(0, 2)),
    "xdivy_zero": _grads(lambda tf, x, y: tf.math.xdivy(x, y), _f(0, 1), _f(0, 0)),
    "xlogy_zero": _grads(lambda tf, x, y: tf.math.xlogy(x, y), _f(0, 1), _f(0, 0)),
    "reciprocal_zero": _grads(lambda tf, x: tf.math.reciprocal(x), _f(0, -0.0)),
    # empty inputs and reductions over nothing
    "reduce_mean_empty": _grads(lambda tf, x: tf.reduce_mean(x), np.zeros((0,), np.float32)),
    "reduce_max_empty_axis": _grads(lambda tf, x: tf.reduce_max(x, axis=1),
                                    np.zeros((2, 0), np.float32)),
    "reduce_prod_empty": _grads(lambda tf, x: tf.reduce_prod(x, axis=0),
                                np.zeros((0, 2), np.float32)),
    "logsumexp_empty": _grads(lambda tf, x: tf.reduce_logsumexp(x, axis=0),
                              np.zeros((0, 2), np.float32)),
    "variance_one_element": _grads(lambda tf, x: tf.math.reduce_variance(x), _f(3)),
    # norms and normalizations at the origin
    "l2_normalize_zero": _grads(lambda tf, x: tf.math.l2_normalize(x), _f(0, 0)),
    "clip_by_norm_zero": _grads(lambda tf, x: tf.clip_by_norm(x, 1.0), _f(0, 0)),
    "clip_by_norm_at_norm": _grads(lambda tf, x: tf.clip_by_norm(x, 5.0), _f(3, 4)),
    "norm_ord1_at_0": _grads(lambda tf, x: tf.norm(x, ord=1), _f(0, 1, -1)),
    "norm_inf_tie": _grads(lambda tf, x: tf.norm(x, ord=np.inf), _f(2, -2, 1)),
    "fro_norm_zero": _grads(lambda tf, x: tf.norm(x, ord="fro", axis=[0, 1]),
                            np.zeros((2, 2), np.float32)),
    "global_norm_zero": _grads(lambda tf, x: tf.linalg.global_norm([x]), _f(0, 0)),
    "moments_constant": _grads(lambda tf, x: tf.nn.moments(x, axes=[0])[1], _f(2, 2, 2)),
    # saturating and unbounded functions at their limits
    "softplus_extremes": _grads(lambda tf, x: tf.nn.softplus(x), _f(100, -100, 0)),
    "sigmoid_extremes": _grads(lambda tf, x: tf.sigmoid(x), _f(inf, -inf, 0)),
    "tanh_extremes": _grads(lambda tf, x: tf.tanh(x), _f(inf, -inf)),
    "log_softmax_minus_inf": _grads(lambda tf, x: tf.nn.log_softmax(x), _f(-inf, 0, 1)),
    "sigmoid_ce_infinite_logits": _grads(
        lambda tf, x, z: tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x),
        _f(inf, -inf, 0), _f(1, 0, 0.5)),
    "softmax_ce_minus_inf": _grads(
        lambda tf, x, z: tf.nn.softmax_cross_entropy_with_logits(labels=z, logits=x),
        _f(-inf, 0, 1), _f(0, 0.5, 0.5)),
    "cumulative_logsumexp_minus_inf": _grads(lambda tf, x: tf.math.cumulative_logsumexp(x),
                                             _f(-inf, -inf, 0)),
    "logsumexp_plus_inf": _grads(lambda tf, x: tf.reduce_logsumexp(x), _f(inf, 0)),
    "exp_overflow": _grads(lambda tf, x: tf.exp(x), _f(100, -inf)),
    "square_inf": _grads(lambda tf, x: tf.square(x), _f(inf, -inf)),
    "log1p_at_minus_1": _grads(lambda tf, x: tf.math.log1p(x), _f(-1, -2)),
    "xlog1py_at_minus_1": _grads(lambda tf, x, y: tf.math.xlog1py(x, y), _f(0, 1), _f(-1, -1)),
    "atanh_at_1": _grads(lambda tf, x: tf.math.atanh(x), _f(1, -1)),
    "asin_acos_at_1": _grads(lambda tf, x: tf.math.asin(x) + tf.math.acos(x), _f(1, -1)),
    "acosh_at_1": _grads(lambda tf, x: tf.math.acosh(x), _f(1)),
    "lgamma_at_0": _grads(lambda tf, x: tf.math.lgamma(x), _f(0, -1)),
    "digamma_at_0": _grads(lambda tf, x: tf.math.digamma(x), _f(0)),
    "erfinv_at_1": _grads(lambda tf, x: tf.math.erfinv(x), _f(1, -1, 0)),
    "softsign_at_0": _grads(lambda tf, x: tf.nn.softsign(x), _f(0)),
    "selu_at_0": _grads(lambda tf, x: tf.nn.selu(x), _f(0)),
    "sqrt_negative": _grads(lambda tf, x: tf.sqrt(x), _f(-1)),
    "pow_negative_base": _grads(lambda tf, x, y: tf.pow(x, y), _f(-2, -2), _f(2, 0.5)),
    "squared_difference_tie": _grads(lambda tf, x, y: tf.math.squared_difference(x, y),
                                     _f(1), _f(1)),
    "max_pool_minus_inf_tie": _grads(lambda tf, x: tf.nn.max_pool2d(x, 2, 2, "VALID"),
                                     np.full((1, 2, 2, 1), -np.inf, np.float32)),
    "reduce_min_keepdims_tie": _grads(lambda tf, x: tf.reduce_min(x, axis=1, keepdims=True),
                                      np.array([[1, 1, 2], [0, 3, 0]], np.float32)),
    "batch_norm_zero_variance": _grads(
        lambda tf, x: tf.nn.batch_normalization(x, tf.reduce_mean(x), 0.0, None, None, 0.0),
        _f(1, 1)),
    # piecewise-constant ops
    "floor_round_ceil": _grads(lambda tf, x: tf.floor(x) + tf.round(x) + tf.math.ceil(x),
                               _f(0.5, 1.5)),
    "argmax_then_gather": _grads(lambda tf, x: tf.gather(x, tf.argmax(x)), _f(1, 3, 3)),
    # integer inputs: no gradient (None)
    "int_multiply": _grads(lambda tf, x: x * 2, _i(1, 2)),
    "int_cast_to_float": _grads(lambda tf, x: tf.cast(x, tf.float32) * 2, _i(1, 2)),
    "int_and_float": _grads(lambda tf, x, y: tf.cast(x, tf.float32) * y, _i(1, 2), _f(3, 4)),
    "int_reduce_sum": _grads(lambda tf, x: tf.reduce_sum(x), _i(1, 2, 3)),
    "float_to_int_cast": _grads(lambda tf, x: tf.cast(tf.cast(x, tf.int32), tf.float32),
                                _f(1.5, 2.5)),
    "int_maximum": _grads(lambda tf, x, y: tf.maximum(x, y), _i(1, 2), _i(2, 2)),
    "int_stack_with_float": _grads(lambda tf, x, y: tf.cast(tf.stack([x, x]), tf.float32) * y,
                                   _i(1, 2), _f(1, 1)),
    "bool_where_condition": _grads(lambda tf, x, y: tf.where(x > y, x, y), _f(1, 2), _f(2, 1)),
}
