"""fuzz49's differential draw: public functions fuzz48_draw.py and fuzz48b_draw.py did not
draw, or drew only away from their edges (tf.math's special functions at 0, negatives,
infinities, NaN, subnormals and huge values; reductions of empty tensors; tf.nn's
normalizations, moments, CTC and sampled losses, convolutions with dilations and groups,
pooling; tf.linalg's regularized and structured solvers; tf.bitwise over every integer type
with shifts past the width; roll, reverse and gather edges; norm clipping with inf and NaN;
integer division at INT_MIN / -1 and by zero), written as Python source over `tf`, `np` and
`T`, run under eagerflow and TF 2.21 and compared by fuzz48_draw.py's machinery.

    python tests/fuzz/fuzz49_draw.py SEED N OUT.txt
"""

from __future__ import annotations

import random

import fuzz48_draw as D
import numpy as np

FLOATS = D.FLOATS
INTS = D.INTS
_t, _p = D.tensor, D._pick

# edges of the special functions' domains
_EDGES = ("0.0", "-0.0", "-1.0", "-2.5", "inf", "-inf", "nan", "1e-40", "5e-324", "1e30",
          "1e300", "-1e30", "0.5", "1.0", "2.0", "3.0", "1e-8", "100.0", "-0.5", "1e-310")


def _edge_tensor(r: random.Random, d: str, n: int) -> str:
    return f"T({d!r}, [{n}], [{', '.join(r.choice(_EDGES) for _ in range(n))}])"


_UNARY = ("tf.math.erfcinv", "tf.math.special.bessel_k0", "tf.math.special.bessel_k0e",
          "tf.math.special.bessel_k1", "tf.math.special.bessel_k1e",
          "tf.math.special.bessel_j1", "tf.math.special.bessel_y0",
          "tf.math.special.fresnel_sin", "tf.math.bessel_i0e", "tf.math.bessel_i1e",
          "tf.math.ndtri", "tf.math.lbeta", "tf.math.erfinv", "tf.math.digamma",
          "tf.math.lgamma", "tf.math.special.expint", "tf.math.special.dawsn",
          "tf.math.special.spence", "tf.math.log1p", "tf.math.expm1")
_BINARY = ("tf.math.igamma", "tf.math.igammac", "tf.math.polygamma", "tf.math.zeta",
           "tf.math.xlogy", "tf.math.xlog1py", "tf.math.xdivy", "tf.math.nextafter",
           "tf.math.atan2", "tf.math.pow", "tf.math.squared_difference")


def _special(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "float16", "bfloat16"))
    n = r.randint(1, 4)
    if r.random() < 0.45:
        return f"{r.choice(_UNARY)}({_edge_tensor(r, d, n)})"
    if r.random() < 0.15:
        return (f"tf.math.betainc({_edge_tensor(r, d, n)}, {_edge_tensor(r, d, n)}, "
                f"{_edge_tensor(r, d, n)})")
    return f"{r.choice(_BINARY)}({_edge_tensor(r, d, n)}, {_edge_tensor(r, d, n)})"


_REDUCE = ("reduce_sum", "reduce_prod", "reduce_mean", "reduce_max", "reduce_min",
           "reduce_logsumexp", "reduce_euclidean_norm", "reduce_std", "reduce_variance",
           "reduce_any", "reduce_all", "count_nonzero", "argmax", "argmin")


def _empty_reduce(r: random.Random) -> str:
    rank = r.randint(1, 3)
    shp = [r.randint(0, 3) for _ in range(rank)]
    shp[r.randrange(rank)] = 0
    name = r.choice(_REDUCE)
    d = "bool" if name in ("reduce_any", "reduce_all") else _p(r, FLOATS + INTS + D.COMPLEX)
    x = _t(r, d, shp)
    if name in ("argmax", "argmin"):
        return f"tf.math.{name}({x}, axis={r.randint(-rank, rank - 1)})"
    axis = r.choice(["None", str(r.randint(-rank - 1, rank)), "[]", "[0, 0]", f"[-1, {rank - 1}]",
                     "tf.constant([0], tf.int64)", "[0, -1]"])
    return f"tf.math.{name}({x}, axis={axis}, keepdims={r.random() < 0.5})"


def _segment(r: random.Random) -> str:
    n = r.randint(0, 4)
    d = _p(r, ("float32", "int32", "float64", "int64", "uint8", "float16", "complex64"))
    data = _t(r, d, [n] + D.shape(r, 1))
    ids = [r.randint(-3, 5) for _ in range(n)]
    op = r.choice(("sum", "mean", "max", "min", "prod", "sqrt_n"))
    return f"tf.math.unsorted_segment_{op}({data}, {ids}, num_segments={r.choice((0, 1, 3, -1))})"


def _nn(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "float16"))
    shp = D.shape(r, 3, 1)
    rank = len(shp)
    x = _t(r, d, shp, special=r.random() < 0.3)
    ax = r.randint(-rank - 1, rank)
    last = shp[-1]
    v = _t(r, d, [last], special=False)
    eps = r.choice((0.0, 1e-12, 1e-3, 1.0, -1.0))
    return r.choice((
        f"tf.nn.log_softmax({x}, axis={ax})", f"tf.nn.softmax({x}, axis={ax})",
        f"tf.nn.log_softmax({_t(r, d, [])})",
        f"tf.nn.moments({x}, axes={r.choice(('[0]', '[]', '[-1]', f'{list(range(rank))}'))}, "
        f"keepdims={r.random() < 0.5})",
        f"tf.nn.batch_normalization({x}, {v}, {_t(r, d, [last], special=False)}, "
        f"{r.choice(('None', v))}, {r.choice(('None', v))}, {eps})",
        f"tf.nn.l2_normalize({x}, axis={r.randint(-rank, rank - 1)}, epsilon={eps})",
        f"tf.nn.weighted_cross_entropy_with_logits({x}, {x}, "
        f"pos_weight={r.choice((0.0, -1.0, 2))})",
        f"tf.nn.normalize_moments({_t(r, d, [])}, {v}, {v}, {r.choice(('None', '0.5'))})",
        f"tf.nn.sufficient_statistics({x}, axes=[0], shift={r.choice(('None', '1.0'))}, "
        f"keepdims={r.random() < 0.5})",
        f"tf.nn.weighted_moments({x}, axes=[0], frequency_weights={_t(r, d, shp, special=False)})",
        f"tf.nn.crelu({x}, axis={r.randint(-rank, rank - 1)})",
        f"tf.nn.embedding_lookup({x}, {[r.randint(-1, shp[0]) for _ in range(r.randint(0, 3))]})",
        f"tf.nn.local_response_normalization({_t(r, d, [1, 2, 2, r.randint(1, 4)])}, "
        f"depth_radius={r.randint(0, 3)}, bias={r.choice((1.0, 0.0))}, alpha=1.0, beta=0.5)",
        f"tf.nn.depth_to_space({_t(r, d, [1, 1, 2, r.choice((4, 8, 3))])}, 2)",
        f"tf.nn.space_to_depth({_t(r, d, [1, r.randint(1, 4), r.randint(1, 4), 1])}, 2)",
        f"tf.nn.ctc_loss({_ctc_labels(r)}, {_t(r, 'float32', [3, 2, 4], special=False)}, "
        f"label_length=None, logit_length=[3, {r.randint(0, 4)}], blank_index=-1)",
        f"tf.nn.ctc_loss(tf.constant({_ctc_dense(r)}), {_t(r, 'float32', [4, 2, 3])}, "
        f"label_length=[{r.randint(0, 3)}, {r.randint(0, 3)}], logit_length=[4, "
        f"{r.randint(0, 5)}], logits_time_major={r.random() < 0.5}, "
        f"blank_index={r.choice((0, 2, -1))})",
        f"tf.nn.ctc_greedy_decoder({_t(r, 'float32', [3, 1, 3], special=False)}, [3], "
        f"merge_repeated={r.random() < 0.5})",
        f"tf.nn.sampled_softmax_loss({_t(r, 'float32', [4, 2])}, tf.zeros([4]), "
        f"tf.zeros([{r.randint(1, 2)}, 1], tf.int64), tf.ones([{r.randint(1, 2)}, 2]), "
        f"{r.randint(0, 5)}, {r.randint(1, 4)})",
        f"tf.nn.nce_loss({_t(r, 'float32', [4, 2])}, tf.zeros([4]), "
        f"tf.zeros([2, 1], tf.int64), tf.ones([2, 2]), {r.randint(0, 5)}, {r.randint(1, 4)}, "
        f"num_true={r.randint(1, 2)})",
        f"tf.nn.compute_accidental_hits(tf.constant([[0, 1], [2, 3]], tf.int64), "
        f"tf.constant({[r.randint(0, 3) for _ in range(3)]}, tf.int64), num_true=2)",
        f"tf.nn.collapse_repeated({[[r.randint(0, 2) for _ in range(4)] for _ in range(2)]}, "
        f"{[r.randint(0, 4), r.randint(0, 4)]})",
    ))


def _ctc_labels(r: random.Random) -> str:
    idx = sorted({(r.randint(0, 1), r.randint(0, 2)) for _ in range(r.randint(0, 3))})
    vals = [r.randint(0, 3) for _ in idx]
    return f"tf.sparse.SparseTensor({[list(i) for i in idx] or 'tf.zeros([0, 2], tf.int64)'}, " \
           f"tf.constant({vals}, tf.int32), [2, 3])"


def _ctc_dense(r: random.Random) -> list:
    return [[r.randint(0, 2) for _ in range(3)] for _ in range(2)]


def _conv(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "float16"))
    nd = r.choice((1, 2, 2, 3))
    sp = [r.randint(1, 5) for _ in range(nd)]
    cin = r.choice((1, 2, 4))
    groups = r.choice((1, 1, 2))
    fin = max(cin // groups, 1) if r.random() < 0.9 else r.randint(1, 3)
    cout = r.choice((1, 2, 4))
    k = [r.randint(1, 3) for _ in range(nd)]
    x = _t(r, d, [r.randint(1, 2)] + sp + [cin], special=False)
    f = _t(r, d, k + [fin, cout], special=False)
    dil = r.choice((1, 2, 3)) if r.random() < 0.7 else [r.randint(1, 2) for _ in range(nd)]
    st = r.choice((1, 2)) if r.random() < 0.8 else 1
    pad = r.choice(("SAME", "VALID")) if r.random() < 0.9 else [[0, 0]] + \
        [[r.randint(0, 1), r.randint(0, 1)] for _ in range(nd)] + [[0, 0]]
    conv = {1: "tf.nn.conv1d", 2: "tf.nn.conv2d", 3: "tf.nn.conv3d"}[nd]
    x2 = _t(r, d, [1, r.randint(1, 5), r.randint(1, 5), cin], special=False)
    dw = _t(r, d, [r.randint(1, 3), r.randint(1, 3), cin, r.randint(1, 2)], special=False)
    w = r.randint(1, 3)
    return r.choice((
        f"{conv}({x}, {f}, {st}, {pad!r}, dilations={dil})" if nd != 3 else
        f"tf.nn.conv3d({x}, {f}, [1, {st}, {st}, {st}, 1], {pad!r}, "
        f"dilations=[1, {dil if isinstance(dil, int) else 1}, 1, 1, 1])",
        f"tf.nn.convolution({x}, {f}, strides={st}, padding={pad!r}, dilations={dil})",
        f"tf.nn.depthwise_conv2d({x2}, {dw}, [1, {st}, {st}, 1], {r.choice(('SAME', 'VALID'))!r}, "
        f"dilations={[r.randint(1, 2)] * 2})",
        f"tf.nn.separable_conv2d({x2}, {dw}, {_t(r, d, [1, 1, cin * 2, 2], special=False)}, "
        f"[1, 1, 1, 1], 'VALID')",
        f"tf.nn.atrous_conv2d({x2}, {_t(r, d, [w, w, cin, 1], special=False)}, "
        f"{r.randint(0, 3)}, {r.choice(('SAME', 'VALID'))!r})",
        f"tf.nn.conv2d_transpose({x2}, {_t(r, d, [w, w, 2, cin], special=False)}, "
        f"[1, {r.randint(1, 8)}, {r.randint(1, 8)}, 2], {st}, {r.choice(('SAME', 'VALID'))!r}, "
        f"dilations={r.choice((1, 2))})",
        f"tf.nn.conv1d_transpose({_t(r, d, [1, r.randint(1, 4), cin], special=False)}, "
        f"{_t(r, d, [w, 2, cin], special=False)}, [1, {r.randint(1, 8)}, 2], {st}, "
        f"{r.choice(('SAME', 'VALID'))!r})",
        f"tf.nn.max_pool2d({x2}, {r.randint(1, 3)}, {r.randint(1, 3)}, "
        f"{r.choice(('SAME', 'VALID'))!r})",
        f"tf.nn.avg_pool2d({x2}, {r.randint(1, 3)}, {r.randint(1, 3)}, "
        f"{r.choice(('SAME', 'VALID'))!r})",
        f"tf.nn.max_pool_with_argmax({x2}, {r.randint(1, 3)}, {r.randint(1, 3)}, "
        f"{r.choice(('SAME', 'VALID'))!r}, include_batch_in_index={r.random() < 0.5})",
        f"tf.nn.pool({x}, {[r.randint(1, 2)] * nd}, {r.choice(('MAX', 'AVG'))!r}, "
        f"padding={r.choice(('SAME', 'VALID'))!r}, dilations={[r.randint(1, 2)] * nd})",
        f"tf.nn.dilation2d({x2}, {_t(r, d, [w, w, cin], special=False)}, [1, 1, 1, 1], "
        f"{r.choice(('SAME', 'VALID'))!r}, 'NHWC', [1, {r.randint(1, 2)}, {r.randint(1, 2)}, 1])",
        f"tf.nn.erosion2d({x2}, {_t(r, d, [w, w, cin], special=False)}, [1, 1, 1, 1], "
        f"{r.choice(('SAME', 'VALID'))!r}, 'NHWC', [1, 1, 1, 1])",
    ))


def _linalg(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "complex64", "complex128"))
    n = r.randint(0, 3)
    b = r.choice(([], [], [2]))
    m = _t(r, d, b + [n, n], special=r.random() < 0.15)
    sing = f"T({d!r}, {b + [2, 2]}, {[1.0, 2.0, 2.0, 4.0] * (2 if b else 1)})"
    npd = f"T({d!r}, [2, 2], [1.0, 2.0, 2.0, 1.0])"
    rhs = _t(r, d, b + [n, r.randint(1, 2)], special=False)
    k = r.randint(1, 3)
    return r.choice((
        f"tf.linalg.matrix_rank({m}, tol={r.choice((None, 0.0, 0.5, 10.0))})",
        f"tf.linalg.pinv({m}, rcond={r.choice((None, 0.0, 0.5))})",
        f"tf.linalg.lstsq({m}, {rhs}, l2_regularizer={r.choice((0.0, 0.5, 2.0))}, "
        f"fast={r.random() < 0.6})",
        f"tf.linalg.expm({m})", f"tf.linalg.sqrtm({m})", f"tf.linalg.slogdet({sing})",
        f"tf.linalg.det({sing})", f"tf.linalg.logdet({npd})", f"tf.linalg.cholesky({npd})",
        f"tf.linalg.inv({sing})", f"tf.linalg.solve({sing}, {_t(r, d, b + [2, 1])})",
        f"tf.linalg.tridiagonal_solve({_t(r, d, [3, n])}, {_t(r, d, [n, k])}, "
        f"diagonals_format='compact', partial_pivoting={r.random() < 0.7})",
        f"tf.linalg.tridiagonal_solve(({_t(r, d, [n])}, {_t(r, d, [n])}, {_t(r, d, [n])}), "
        f"{_t(r, d, [n, k])}, diagonals_format='sequence', transpose_rhs={r.random() < 0.3})",
        f"tf.linalg.tridiagonal_matmul({_t(r, d, [3, n])}, {_t(r, d, [n, k])}, "
        f"diagonals_format='compact')",
        f"tf.linalg.banded_triangular_solve({_t(r, d, [r.randint(1, 3), n])}, "
        f"{_t(r, d, [n, k])}, lower={r.random() < 0.5}, adjoint={r.random() < 0.5})",
        f"tf.linalg.qr({m}, full_matrices={r.random() < 0.5})",
        f"tf.linalg.svd({_t(r, d, [n, r.randint(0, 3)])}, full_matrices={r.random() < 0.5})",
        f"tf.linalg.lu_reconstruct(*tf.linalg.lu({m}))",
        f"tf.linalg.diag({_t(r, d, [k])}, k={r.randint(-1, 1)}, num_rows={r.randint(-1, 4)}, "
        f"num_cols={r.randint(-1, 4)}, padding_value={r.choice((0, 9))})",
        f"tf.linalg.diag_part({m}, k={r.choice(((-1, 1), (0, 1), 1))}, "
        f"padding_value=7, align={r.choice(('RIGHT_LEFT', 'LEFT_RIGHT', 'LEFT_LEFT'))!r})",
        f"tf.linalg.set_diag({m}, {_t(r, d, b + [n])}, k={r.randint(-1, 1)})",
        f"tf.linalg.normalize({m}, ord={r.choice(('1', '2', 'np.inf', repr('fro')))}, "
        f"axis={r.choice(('None', '[-2, -1]', '-1'))})",
        f"tf.linalg.cross({_t(r, d, b + [3])}, {_t(r, d, b + [3])})",
        f"tf.linalg.matrix_transpose({m}, conjugate=True)",
    ))


def _bitwise(r: random.Random) -> str:
    d = r.choice(INTS)
    bits = np.iinfo(d).bits
    n = r.randint(1, 4)
    a = _t(r, d, [n], special=True)
    sh = [r.choice((0, 1, bits - 1, bits, bits + 1, 2 * bits, -1, 3))
          for _ in range(n)]
    sh = [s if np.iinfo(d).min <= s <= np.iinfo(d).max else 1 for s in sh]
    s = f"T({d!r}, [{n}], {sh})"
    d2 = d if r.random() < 0.9 else r.choice(INTS)
    return r.choice((
        f"tf.bitwise.bitwise_or({a}, {_t(r, d2, [n])})",
        f"tf.bitwise.bitwise_and({a}, {_t(r, d2, [n])})",
        f"tf.bitwise.bitwise_xor({a}, {_t(r, d2, [n])})",
        f"tf.bitwise.left_shift({a}, {s})", f"tf.bitwise.right_shift({a}, {s})",
        f"tf.bitwise.invert({a})", f"tf.raw_ops.PopulationCount(x={a})",
    ))


# (use_norm as a tensor: TF reads a Python number's dtype, its own AttributeError)
_USE_NORM = ("None", "tf.constant(2.0)", "tf.constant(inf)", "tf.constant(nan)")


def _array(r: random.Random) -> str:
    d = _p(r, D.ALL)
    shp = D.shape(r, 3, 1)
    rank = len(shp)
    x = _t(r, d, shp)
    axes = [r.randint(-rank, rank - 1) for _ in range(r.randint(0, 3))]
    shifts = [r.randint(-5, 5) for _ in axes]
    bd = r.randint(-rank, rank)
    fx = _t(r, _p(r, FLOATS), shp)
    return r.choice((
        f"tf.roll({x}, {shifts}, {axes})",
        f"tf.roll({x}, {r.randint(-5, 5)}, {axes})",
        f"tf.roll({x}, T('int64', [], [{r.randint(-9, 9)}]), {r.randint(-rank - 1, rank)})",
        f"tf.reverse({x}, {axes})",
        f"tf.reverse({x}, [{r.randint(-rank - 1, rank)}])",
        f"tf.gather({x}, {_t(r, 'int32', shp[:max(bd, 0) + 1], special=False)}, "
        f"batch_dims={bd}, axis={r.randint(-rank, rank - 1)})",
        f"tf.gather({x}, [[0], [1]], batch_dims={r.randint(-2, 2)})",
        f"tf.clip_by_norm({fx}, {r.choice(('1.0', '0.0', 'inf', 'nan', '-1.0'))}, "
        f"axes={r.choice(('None', '[0]', '[-1]', '[]'))})",
        f"tf.clip_by_global_norm([{fx}, {_t(r, _p(r, FLOATS), D.shape(r, 2))}], "
        f"{r.choice(('1.0', '0.0', 'inf', 'nan', '-1.0'))}, "
        f"use_norm={r.choice(_USE_NORM)})",
        f"tf.clip_by_global_norm([{fx}, None], 1.0)",
    ))


def _intdiv(r: random.Random) -> str:
    d = r.choice(INTS if r.random() < 0.9 else FLOATS)
    if d in FLOATS:
        a, b = _t(r, d, [3]), _t(r, d, [3])
    else:
        info = np.iinfo(d)
        picks = (int(info.min), int(info.max), 0, -1, 1, 7, -7)
        av = [r.choice(picks) for _ in range(3)]
        bv = [r.choice(picks) for _ in range(3)]
        bv = [v if info.min <= v <= info.max else 0 for v in bv]
        av = [v if info.min <= v <= info.max else 0 for v in av]
        a, b = f"T({d!r}, [3], {av})", f"T({d!r}, [3], {bv})"
    fn = r.choice(("tf.math.floormod", "tf.math.floordiv", "tf.truncatediv",
                   "tf.truncatemod", "tf.math.mod", "tf.math.divide", "tf.math.abs",
                   "tf.math.negative", "tf.math.sign"))
    if fn in ("tf.math.abs", "tf.math.negative", "tf.math.sign"):
        return f"{fn}({a})"
    return f"{fn}({a}, {b})"


def _more(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "float16"))
    n = r.randint(0, 4)
    x5 = _t(r, d, [1, r.randint(1, 4), r.randint(1, 4), r.randint(1, 3), r.randint(1, 2)],
            special=r.random() < 0.2)
    x4 = _t(r, d, [1, r.randint(1, 4), r.randint(1, 4), r.randint(1, 2)],
            special=r.random() < 0.2)
    k, st = r.randint(1, 3), r.randint(1, 2)
    pad = r.choice(("SAME", "VALID"))
    labels = [r.randint(-1, 3) for _ in range(n)]
    return r.choice((
        f"tf.nn.isotonic_regression({_t(r, d, [r.randint(1, 2), n])}, "
        f"decreasing={r.random() < 0.5}, axis={r.choice((-1, 0))})",
        f"tf.nn.ctc_beam_search_decoder({_t(r, 'float32', [3, 1, 4], special=False)}, [3], "
        f"beam_width={r.randint(1, 3)}, top_paths={r.randint(1, 2)})",
        f"tf.nn.max_pool3d({x5}, {k}, {st}, {pad!r})",
        f"tf.nn.avg_pool3d({x5}, {k}, {st}, {pad!r})",
        f"tf.nn.max_pool({x4}, [{k}, {k}], [{st}, {st}], {pad!r})",
        f"tf.nn.avg_pool({x4}, {[1, k, k, 1]}, {st}, {pad!r})",
        f"tf.nn.pool({x4}, [{k}, {k}], {r.choice(('MAX', 'AVG'))!r}, strides=[{st}, {st}], "
        f"padding={pad!r})",
        f"tf.nn.conv3d_transpose({x5}, {_t(r, d, [k, k, 1, 2, x5_c(x5)], special=False)}, "
        f"[1, {r.randint(1, 6)}, {r.randint(1, 6)}, {r.randint(1, 4)}, 2], {st}, {pad!r})",
        f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=T('int32', [{n}], {labels}), "
        f"logits={_t(r, d, [n, 3])})",
        f"tf.nn.softmax_cross_entropy_with_logits({_t(r, d, [2, 3])}, {_t(r, d, [2, 3])}, "
        f"axis={r.choice((-1, 0, 1, 2, -3))})",
        f"tf.nn.sigmoid_cross_entropy_with_logits({_t(r, d, [n])}, {_t(r, d, [n])})",
        f"tf.linalg.eigh_tridiagonal({_t(r, 'float64', [n + 1], special=False)}, "
        f"{_t(r, 'float64', [n], special=False)}, eigvals_only={r.random() < 0.7})",
        f"tf.math.polyval([{_t(r, d, [2])}, {_t(r, d, [2])}], {_t(r, d, [2])})",
        f"tf.math.in_top_k({_t(r, 'float32', [2, 3])}, [{r.randint(-1, 3)}, 0], "
        f"{r.randint(-1, 4)})",
        f"tf.nn.space_to_batch({x4}, [{r.randint(1, 2)}, {r.randint(1, 2)}], "
        f"[[{r.randint(0, 1)}, {r.randint(0, 1)}], [0, {r.randint(0, 1)}]])",
        f"tf.batch_to_space({_t(r, d, [4, 1, 2, 1])}, [2, 2], [[0, {r.randint(0, 1)}], "
        f"[{r.randint(0, 2)}, 0]])",
        f"tf.nn.embedding_lookup_sparse({_t(r, d, [4, 2])}, tf.sparse.SparseTensor("
        f"[[0, 0], [0, 1], [1, 0]], tf.constant({[r.randint(0, 3) for _ in range(3)]}, "
        f"tf.int64), [2, 2]), None, combiner={r.choice(('sum', 'mean', 'sqrtn'))!r})",
        f"tf.math.log_sigmoid({_t(r, d, [n])})",
        f"tf.math.reduce_logsumexp({_t(r, d, [n, 2])}, axis={r.choice((0, 1, None))}, "
        f"keepdims={r.random() < 0.5})",
    ))


def x5_c(x5: str) -> int:
    """The channels of a T(...) source's 5-D shape."""
    return int(x5.split("[")[1].split("]")[0].split(",")[-1])


DRAWS = ([_special] * 10 + [_empty_reduce] * 6 + [_segment] * 2 + [_nn] * 10 + [_conv] * 8 +
         [_linalg] * 10 + [_bitwise] * 5 + [_array] * 8 + [_intdiv] * 5 + [_more] * 12)


def draw(seed: int, n: int) -> list:
    r = random.Random(seed)
    return [r.choice(DRAWS)(r) for _ in range(n)]


if __name__ == "__main__":
    D.report_round(draw)
