"""Calls of tf.math's special functions (and tf.nn's extras) whose values and gradients TF
2.21 recorded (tfnn_golden.json, written by make_tfnn_golden.py). Each case is an
expression over `tf`, `np`, the edge points `EDGES` and `grad(f, *xs)` (the gradients of
sum(f(*xs)) wrt float64 inputs; None where there is none)."""

from __future__ import annotations

from typing import Any

import numpy as np

SETUP = """
import numpy as np
EDGES = np.array([-np.inf, -2.0, -1.0, -0.0, 0.0, 0.5, 1.0, 2.0, 7.5, 30.0, np.inf, np.nan])
A_EDGES = np.array([-np.inf, -1.0, 0.0, 0.5, 2.0, np.inf, np.nan, 1.0, 3.0, 1e-3, 50.0, 0.5])
X_EDGES = np.array([0.0, 1.0, 0.0, 0.0, np.inf, np.inf, 0.0, 0.0, -1.0, 2.0, 45.0, np.nan])
GRID = np.linspace(0.05, 12.0, 9)

RNG = np.random.RandomState(0)
X = RNG.rand(1, 5, 5, 2).astype(np.float32)
W = RNG.rand(3, 3, 4, 2).astype(np.float32)
W2 = RNG.rand(2, 2, 2, 3).astype(np.float32)
XD = RNG.rand(2, 6, 5, 3)
FD = RNG.rand(3, 2, 3)
TOPK = np.array([[3.0, 1.0, 2.0, 5.0, 3.0], [0.0, 4.0, -np.inf, 4.0, 1.0]], np.float32)
BN = [np.array(v, np.float32) for v in ([0.5, -1.0], [2.0, 0.5], [0.1, 0.2], [1.5, 2.0])]

def conv(inp, num_spatial_dims, padding):
    return tf.nn.conv2d(inp, W2, 1, padding)

TC = np.array([[1, 2], [3, 4], [0, 7]], np.int64)

WS = RNG.randn(10, 4).astype(np.float32)
BS = RNG.randn(10).astype(np.float32)
XS = RNG.randn(3, 4).astype(np.float32)
SV = (np.array([2, 7, 5, 9], np.int64), np.full((3, 2), 0.4, np.float32),
      np.array([0.3, 0.5, 0.2, 0.1], np.float32))

def grad32(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        t.watch(xs)
        y = tf.reduce_sum(f(*xs))
    return [tf.convert_to_tensor(g) for g in t.gradient(y, xs)]

EMB = np.arange(24, dtype=np.float32).reshape(6, 4) / 10
SPI = tf.SparseTensor([[0, 0], [0, 1], [2, 0], [2, 1], [2, 2]], np.array([1, 3, 3, 5, 1]), [4, 3])
SPW = tf.SparseTensor(SPI.indices, np.array([1.0, 2.0, 0.5, -1.0, 0.0], np.float32), [4, 3])
SP3 = tf.SparseTensor([[0, 0, 0], [0, 1, 1], [1, 1, 0]], np.array([1, -1, 4]), [2, 2, 2])

XF = RNG.permutation(2 * 10 * 7 * 2).reshape(2, 10, 7, 2).astype(np.float32)

def seeded(f, seed=7):
    tf.random.set_seed(seed)
    return f()

import os, tempfile
VOCAB = os.path.join(tempfile.gettempdir(), "eagerflow_tfnn_vocab.txt")
# (written whole and renamed into place: test processes running at once read it complete)
_fd, _tmp = tempfile.mkstemp(dir=tempfile.gettempdir())
with os.fdopen(_fd, "w") as f:
    f.write("".join(w + chr(10) for w in ["a,3", "b,1", "c,4", "d,1", "e,5"]))
os.replace(_tmp, VOCAB)

def two_threads(f):
    # TF's recorder runs on an intra-op pool of 2 threads; eagerflow splits as TF on 2
    import sys
    m = sys.modules.get("eagerflow._src.ops.random_truncated")
    if m is None:
        return f()
    old, m.max_parallelism = m.max_parallelism, lambda: 2
    try:
        return f()
    finally:
        m.max_parallelism = old

def grad(f, *xs):
    xs = [tf.constant(x, tf.float64) for x in xs]
    with tf.GradientTape() as t:
        t.watch(xs)
        y = tf.reduce_sum(f(*xs))
    return t.gradient(y, xs)
"""

SPECIAL = ("bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "bessel_k0", "bessel_k0e",
           "bessel_k1", "bessel_k1e", "dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence")

# Values that must equal TF's bit for bit (test_tfnn_golden.py compares them exactly).
SOBOL = [
    "tf.math.sobol_sample(3, 5)",
    "tf.math.sobol_sample(3, 5, skip=1)",
    "tf.math.sobol_sample(1, 9, skip=4, dtype=tf.float64)",
    "tf.math.sobol_sample(40, 3000, skip=1000)[::37]",
    "tf.math.sobol_sample(40, 3000, skip=1000, dtype=tf.float64)[::37]",
    "tf.math.sobol_sample(21200, 4, skip=5)[:, ::97]",
    "tf.math.sobol_sample(21200, 2, dtype=tf.float64)[:, -300:]",
    "tf.math.sobol_sample(7, 3, skip=2 ** 31 - 10)",
    "tf.math.sobol_sample(7, 3, skip=2 ** 31 - 10, dtype=tf.float64)",
    "tf.math.sobol_sample(5, 2 ** 14 + 3, skip=2 ** 20)[::1001]",
    "tf.math.sobol_sample(2, 1, skip=2 ** 30 - 2, dtype=tf.float64)",
    "tf.math.sobol_sample(2, 2, skip=2 ** 30 - 5, dtype=tf.float64)",
    "tf.math.sobol_sample(3, 4, skip=2 ** 15 - 5)",
    "tf.math.sobol_sample(2, 5, skip=2 ** 31 - 2)",
    "tf.math.sobol_sample(tf.constant(2), tf.constant(3), tf.constant(1))",
    "tf.function(lambda d, n: tf.math.sobol_sample(d, n, 3))(tf.constant(4), tf.constant(6))",
    "tf.math.sobol_sample(0, 2)",
    "tf.math.sobol_sample(21201, 1)",
    "tf.math.sobol_sample(2, 0)",
    "tf.math.sobol_sample(2, 2, skip=-1)",
    "tf.math.sobol_sample(2, 2, dtype=tf.float16)",
    "tf.math.sobol_sample([2], 2)",
    "tf.math.sobol_sample(2, [2])",
    "tf.math.sobol_sample(2, 2, [0])",
    "tf.math.sobol_sample(2.0, 2)",
]
PTN_ARGS = ("means=np.array([0., 0.5, 2., -1., 0., 0., 0., 3., 0., 0.], {d}), "
            "stddevs=np.array([1., 2., 0.5, 1., 1., 1., 0.3, 1., 1., 1.], {d}), "
            "minvals=np.array([-2., 0.1, 1.9, -np.inf, 1.0, 3.0, 0.2, 5.0, -0.4, 2.5], {d}), "
            "maxvals=np.array([2., 0.3, 2.2, -1.5, 1.2, np.inf, 0.25, 9.0, 0.1, 2.6], {d})")
PTN = [
    "tf.random.stateless_parameterized_truncated_normal([10], [1, 2])",
    "tf.random.stateless_parameterized_truncated_normal([3, 4], [1, 2], means=[0., 1., 2., 3.],"
    " maxvals=[2., 3., 4., 5.])",
    "tf.random.stateless_parameterized_truncated_normal([6, 2], [1, 2], means=[2., 0.],"
    " maxvals=[2., 100.])",
    *(f"tf.random.stateless_parameterized_truncated_normal([{n}, 10], [5, 6], "
      + PTN_ARGS.format(d=d) + ")"
      for n in (7, 40) for d in ("np.float16", "np.float32", "np.float64")),
    "tf.random.stateless_parameterized_truncated_normal([2, 1, 3], tf.constant([7, -1], tf.int32),"
    " means=[[0.], [1.]], stddevs=[1., 2., 3.], minvals=-1., maxvals=[3.])",
    "tf.random.stateless_parameterized_truncated_normal([4, 3], [1, 2], minvals=-np.inf,"
    " maxvals=-5.)",
    "tf.random.stateless_parameterized_truncated_normal([4], [1, 2], minvals=5., maxvals=np.inf)",
    "tf.random.stateless_parameterized_truncated_normal([0, 3], [1, 2])",
    "tf.function(lambda s: tf.random.stateless_parameterized_truncated_normal([5], s,"
    " minvals=0.5, maxvals=0.6))(tf.constant([3, 4]))",
    # more outputs than one shard: TF's split over a pool of 2 threads
    "two_threads(lambda: tf.random.stateless_parameterized_truncated_normal([3000], [1, 2],"
    " minvals=-100., maxvals=100.)[::50])",
    "two_threads(lambda: tf.random.stateless_parameterized_truncated_normal([300, 10], [5, 6], "
    + PTN_ARGS.format(d="np.float64") + ")[::9])",
    "two_threads(lambda: tf.random.stateless_parameterized_truncated_normal([1123], [3, 4])[::7])",
    "two_threads(lambda: tf.random.stateless_parameterized_truncated_normal([990], [3, 4],"
    " means=np.float16(0), stddevs=np.float16(1), minvals=np.float16(-2),"
    " maxvals=np.float16(2))[::7])",
    "tf.random.stateless_parameterized_truncated_normal([4, 3], [1, 2], minvals=1., maxvals=1.)",
    "tf.random.stateless_parameterized_truncated_normal([4, 3], [1, 2], stddevs=0.)",
    "tf.random.stateless_parameterized_truncated_normal([4, 3], [1, 2], minvals=-np.inf,"
    " maxvals=np.inf)",
    "tf.random.stateless_parameterized_truncated_normal([4, 3], [1, 2], means=[0., 1.],"
    " stddevs=[1., 1., 1.])",
    "tf.random.stateless_parameterized_truncated_normal([4, 3], [1, 2], means=[[0., 1.]])",
    "tf.random.stateless_parameterized_truncated_normal([4], [1, 2, 3])",
    "tf.random.stateless_parameterized_truncated_normal([4], [1., 2.])",
    "tf.random.stateless_parameterized_truncated_normal([-1], [1, 2])",
    "tf.random.stateless_parameterized_truncated_normal([3], [1, 2], means=1)",
    "tf.random.stateless_parameterized_truncated_normal([3], [1, 2], means=np.float64(0))",
]
UG = "[float(i % 7 + 1) for i in range({n})]"
UNIGRAM = [
    "seeded(lambda: [tf.nn.fixed_unigram_candidate_sampler(TC, 2, 5, False, 10, unigrams="
    + UG.format(n=10) + ", seed=1) for _ in range(3)])",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 8, True, 12, unigrams="
    + UG.format(n=12) + ", distortion=0.75, seed=2))",
    "seeded(lambda: tf.random.fixed_unigram_candidate_sampler(TC, 2, 6, False, 10, unigrams="
    + UG.format(n=8) + ", num_reserved_ids=2, seed=3))",
    *(f"seeded(lambda: tf.nn.fixed_unigram_candidate_sampler([[0]], 1, 6, False, {r}, unigrams="
      f"[float(i + 1) for i in range({n})], num_reserved_ids={res}, num_shards={ns}, "
      f"shard={k}, seed=3))"
      for res, n, ns, k, r in ((0, 10, 2, 0, 5), (0, 10, 2, 1, 5), (0, 9, 2, 1, 4),
                               (2, 8, 2, 1, 5), (3, 8, 2, 0, 6), (1, 9, 3, 2, 3))),
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler([[1, 2], [3, 4], [0, 2]], 2, 3, False,"
    " 7, vocab_file=VOCAB, num_reserved_ids=2, seed=1))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 4, True, 10,"
    " unigrams=[0.5, 100.0, 1e-3, 3.0, 3.0, 7.0, 0.0, 2.0, 9.0, 1.0], distortion=0.5, seed=4))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 3, False, 3, unigrams=[1, 2, 3],"
    " seed=1))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 3, False, 10, seed=1))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 3, False, 10, unigrams=[1.0] * 10,"
    " vocab_file=VOCAB, seed=1))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 3, False, 10, unigrams=[1.0] * 3,"
    " seed=1))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 3, False, 10, unigrams=[1.0] * 10,"
    " num_shards=0, seed=1))",
    "seeded(lambda: tf.nn.fixed_unigram_candidate_sampler(TC, 2, 3, False, 10,"
    " vocab_file=VOCAB + '.missing', seed=1))",
    "seeded(lambda: [tf.nn.learned_unigram_candidate_sampler(TC, 2, 5, False, 10, seed=1)"
    " for _ in range(4)])",
    "seeded(lambda: [tf.random.learned_unigram_candidate_sampler(TC, 2, 7, True, 9)"
    " for _ in range(3)])",
    "seeded(lambda: tf.nn.learned_unigram_candidate_sampler([[1, 12]], 2, 3, False, 10, seed=1))",
    "seeded(lambda: tf.nn.learned_unigram_candidate_sampler(TC, 2, 11, True, 10, seed=1))",
]
EXACT = set(SOBOL) | set(PTN)

CASES = [
    *(f"tf.math.special.{f}(EDGES)" for f in SPECIAL),
    *(f"grad(tf.math.special.{f}, EDGES)" for f in SPECIAL),
    *(f"tf.math.special.{f}(tf.constant(GRID, tf.float32))" for f in SPECIAL),
    *(f"tf.math.special.{f}(tf.constant([0.7, 3.0], tf.float16))" for f in SPECIAL[:8]),
    "tf.math.special.dawsn(tf.constant([1.0], tf.float16))",
    "tf.math.special.bessel_j0(tf.constant([1], tf.int32))",
    *(f"tf.math.{f}(A_EDGES, X_EDGES)" for f in ("igamma", "igammac")),
    *(f"grad(tf.math.{f}, A_EDGES, X_EDGES)" for f in ("igamma", "igammac")),
    "tf.raw_ops.IgammaGradA(a=A_EDGES, x=X_EDGES)",
    "tf.math.igamma(tf.constant([[0.5], [2.0]]), tf.constant([0.1, 1.0, 9.0]))",
    "grad(tf.math.igamma, [[0.5], [2.0]], [0.1, 1.0, 9.0])",
    "tf.math.igamma(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16))",
    "tf.math.igamma(tf.constant([1.0]), tf.constant([1.0], tf.float64))",
    "tf.math.igammac(tf.ones([2, 3]), tf.ones([4]))",
    "tf.math.betainc(np.array([0.5, 1.0, 2.0, 0.0, 3.0, 2.0, 2.0, 1.0, np.inf, 0.5]),"
    " np.array([0.5, 2.0, 3.0, 1.0, 1.0, 2.0, 2.0, 0.0, 1.0, np.nan]),"
    " np.array([0.3, 0.0, 1.0, 0.5, 0.5, -0.1, 1.1, 0.5, 0.0, 1.0]))",
    "grad(tf.math.betainc, [0.5, 1.0, 2.0, 3.0, 2.0], [0.5, 2.0, 3.0, 1.0, 9.0],"
    " [0.3, 0.0, 1.0, 0.5, 0.25])",
    "tf.math.betainc(2.0, 3.0, tf.constant([0.1, 0.5, 0.9]))",
    "tf.math.betainc(tf.ones([2, 3]), tf.ones([3]), tf.ones([2, 3]))",
    "tf.math.betainc(tf.ones([2], tf.float16), tf.ones([2], tf.float16), tf.ones([2], tf.float16))",
    "tf.math.approx_max_k(TOPK, 2)",
    "tf.math.approx_min_k(TOPK, 3)",
    "tf.nn.approx_max_k(TOPK[:, :3], 3, recall_target=0.5, aggregate_to_topk=False)",
    "tf.math.approx_max_k(TOPK, 6)",
    "tf.math.approx_max_k(TOPK, 2, reduction_dimension=0)",
    "tf.math.approx_max_k(TOPK.astype(np.float64), 2)",
    "tf.approx_top_k(TOPK, 2)",
    "tf.approx_top_k(TOPK, 2, is_max_k=False, aggregate_to_topk=False)",
    "tf.approx_top_k(TOPK, 1, reduction_dimension=0)",
    "grad(lambda x: tf.math.approx_max_k(tf.cast(x, tf.float32), 2)[0], TOPK[:, :2])",
    "tf.nn.isotonic_regression([[1.0, 3.0, 2.0, 4.0], [5.0, 5.0, 1.0, 6.0]])",
    "tf.nn.isotonic_regression([[1.0, 3.0, 2.0, 4.0], [5.0, 5.0, 1.0, 6.0]], decreasing=False)",
    "tf.nn.isotonic_regression([[1.0, 3.0, 2.0, 4.0], [5.0, 5.0, 1.0, 6.0]], axis=0)",
    "tf.nn.isotonic_regression(X, axis=1)",
    "tf.nn.isotonic_regression(tf.constant([3, 1, 2]))",
    "tf.nn.isotonic_regression(tf.constant([3.0, 1.0, 2.0], tf.float16))",
    "tf.nn.isotonic_regression(tf.constant(3.0))",
    "tf.nn.isotonic_regression(tf.zeros([2, 0]))",
    "tf.nn.isotonic_regression([1.0, np.nan, 2.0, -np.inf, 5.0])",
    "tf.nn.isotonic_regression(X, axis=4)",
    "tf.raw_ops.IsotonicRegression(input=tf.constant([1, 3, 2, 4]), output_dtype=tf.float64)",
    "tf.raw_ops.IsotonicRegression(input=tf.constant([1, 3]), output_dtype=tf.int32)",
    "grad(lambda x: tf.nn.isotonic_regression(x)[0] * np.arange(1.0, 6.0), [[1.0, 3.0, 2.0,"
    " 4.0, 0.5], [2.0, 2.0, 9.0, 1.0, 1.0]])",
    "grad(lambda x: tf.nn.isotonic_regression(x, decreasing=False, axis=0)[0] * X[0, :, :, 0],"
    " X[0, :, :, 1])",
    "tf.nn.dilation2d(XD, FD, [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD, [1, 2, 1, 1], 'VALID', 'NHWC', [1, 1, 2, 1])",
    "tf.nn.dilation2d(XD, FD, [1, 2, 2, 1], 'SAME', 'NHWC', [1, 2, 2, 1])",
    "tf.nn.dilation2d(XD.astype(np.float32), FD.astype(np.float32), [1, 3, 2, 1], 'SAME',"
    " 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d((XD * 10).astype(np.int32), (FD * 10).astype(np.int32), [1, 1, 1, 1],"
    " 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, np.ones((7, 1, 3)), [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD, [1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD, [2, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD, [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 2])",
    "tf.nn.dilation2d(XD, FD, [1, 1, 1, 1], 'SAME', 'NCHW', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD[:, :, :2], [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD[0], FD, [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD, [1, 1, 1, 1], 'FULL', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.dilation2d(XD, FD.astype(np.float32), [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.erosion2d(XD, FD, [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1])",
    "tf.nn.erosion2d(XD, FD, [1, 2, 1, 1], 'VALID', 'NHWC', [1, 1, 2, 1])",
    "grad(lambda x, f: tf.nn.dilation2d(x, f, [1, 2, 1, 1], 'SAME', 'NHWC', [1, 1, 2, 1]) ** 2,"
    " XD, FD)",
    "grad(lambda x, f: tf.nn.erosion2d(x, f, [1, 1, 2, 1], 'VALID', 'NHWC', [1, 2, 1, 1]) ** 2,"
    " XD, FD)",
    "grad(lambda x, f: tf.nn.dilation2d(x, f, [1, 1, 1, 1], 'SAME', 'NHWC', [1, 1, 1, 1]),"
    " np.zeros((1, 3, 3, 1)), np.zeros((2, 2, 1)))",
    "tf.raw_ops.Dilation2DBackpropInput(input=XD, filter=FD, out_backprop=np.ones((2, 6, 5, 3)),"
    " strides=[1, 1, 1, 1], rates=[1, 1, 1, 1], padding='SAME')",
    "tf.raw_ops.Dilation2DBackpropFilter(input=XD, filter=FD, out_backprop=np.ones((2, 3, 5, 3)),"
    " strides=[1, 2, 1, 1], rates=[1, 1, 1, 1], padding='SAME')",
    "tf.raw_ops.Dilation2DBackpropInput(input=XD, filter=FD, out_backprop=np.ones((2, 6, 4, 3)),"
    " strides=[1, 1, 1, 1], rates=[1, 1, 1, 1], padding='SAME')",
    "seeded(lambda: [tf.random.uniform_candidate_sampler(TC, 2, 5, False, 10, seed=1)"
    " for _ in range(3)])",
    "seeded(lambda: [tf.random.uniform_candidate_sampler(TC, 2, 5, True, 10) for _ in range(2)])",
    "seeded(lambda: [tf.random.log_uniform_candidate_sampler(TC, 2, 6, True, 10, seed=3)"
    " for _ in range(2)])",
    "seeded(lambda: tf.random.log_uniform_candidate_sampler(TC, 2, 40, False, 1000, seed=4))",
    "seeded(lambda: tf.random.log_uniform_candidate_sampler(TC[:, :1], 1, 30, True, 35, seed=5))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(TC, 2, 3, True, 3))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(TC, 3, 5, True, 10, seed=1))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(TC, 2, 11, True, 10, seed=1))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(TC, 2, 0, False, 10, seed=1))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(TC[0], 2, 3, False, 10, seed=1))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(TC.astype(np.int32), 2, 3, False, 10))",
    "seeded(lambda: tf.random.log_uniform_candidate_sampler(TC, 2, 3, False, 5, seed=1))",
    "seeded(lambda: tf.random.uniform_candidate_sampler(np.zeros((0, 2), np.int64), 2, 3, False,"
    " 10, seed=1))",
    "tf.nn.all_candidate_sampler(TC, 2, 8, True, seed=1)",
    "tf.random.all_candidate_sampler(TC, 2, 8, False)",
    "tf.nn.all_candidate_sampler(TC, 2, 4, False, seed=1)",
    "tf.nn.compute_accidental_hits(TC, np.array([2, 7, 1, 2, 9], np.int64), 2)",
    "tf.nn.compute_accidental_hits([[1, 1], [2, 1]], np.array([1, 5, 1], np.int64), 2)",
    "tf.nn.compute_accidental_hits(TC, np.array([2, 7], np.int64), 3)",
    "tf.nn.compute_accidental_hits(TC, np.array([[2, 7]], np.int64), 2)",
    "tf.nn.compute_accidental_hits(TC.astype(np.int32), np.array([2, 7], np.int64), 2)",
    "tf.nn.nce_loss(WS, BS, TC, XS, 4, 10, num_true=2, sampled_values=SV)",
    "grad32(lambda w, b, x: tf.nn.nce_loss(w, b, TC, x, 4, 10, num_true=2, sampled_values=SV,"
    " remove_accidental_hits=True), WS, BS, XS)",
    "grad32(lambda w, b, x: tf.nn.sampled_softmax_loss(w, b, TC, x, 4, 10, num_true=2,"
    " sampled_values=SV), WS, BS, XS)",
    "tf.nn.sampled_softmax_loss(WS, BS, TC[:, :1], XS, 4, 10, sampled_values=SV,"
    " remove_accidental_hits=False)",
    "seeded(lambda: tf.nn.sampled_softmax_loss(WS, BS, TC[:, :1], XS, 4, 10, seed=5), 3)",
    "seeded(lambda: tf.nn.nce_loss(WS, BS, TC[:, :1], XS, 4, 10), 3)",
    "tf.nn.nce_loss([WS[:5], WS[5:]], [BS[:5], BS[5:]], TC[:, :1], XS, 4, 10, sampled_values=SV)",
    "tf.nn.nce_loss(WS.astype(np.float64), BS, TC, XS, 4, 10, num_true=2, sampled_values=SV)",
    # the sampled losses read the labels' dtype, then the inputs', as given (a list has
    # none); a list of weights is a sharded table (a list of rows: 1-D shards, refused by
    # the Slice of the looked-up rows), a tuple one table
    "tf.nn.nce_loss(WS, BS, TC.tolist(), XS, 4, 10, num_true=2, sampled_values=SV)",
    "tf.nn.sampled_softmax_loss(WS, BS, TC.tolist(), XS.tolist(), 4, 10, num_true=2,"
    " sampled_values=SV)",
    "tf.nn.nce_loss(WS, BS, TC, XS.tolist(), 4, 10, num_true=2, sampled_values=SV)",
    "tf.nn.sampled_softmax_loss(WS, BS, TC[:, :1].tolist(), XS, 4, 10, sampled_values=SV)",
    "tf.nn.nce_loss(WS.tolist(), BS, TC, XS, 4, 10, num_true=2, sampled_values=SV)",
    "tf.nn.sampled_softmax_loss(WS.tolist(), BS, TC, XS, 4, 10, num_true=2, sampled_values=SV)",
    "tf.nn.nce_loss(tuple(WS.tolist()), BS, TC, XS, 4, 10, num_true=2, sampled_values=SV)",
    "tf.nn.embedding_lookup(tuple(EMB.tolist()), [0, 3])",
    *(f"tf.nn.embedding_lookup_sparse(EMB, SPI, {w}, combiner='{c}')"
      for c in ("sum", "mean", "sqrtn") for w in ("None", "SPW")),
    *(f"tf.nn.safe_embedding_lookup_sparse(EMB, SPI, {w}, combiner='{c}')"
      for c in ("sum", "mean", "sqrtn") for w in ("None", "SPW")),
    "tf.nn.safe_embedding_lookup_sparse([EMB[:3], EMB[3:]], SPI, SPW, default_id=2)",
    "tf.nn.safe_embedding_lookup_sparse(EMB, SP3)",
    "tf.nn.embedding_lookup_sparse(EMB, SPI, None, max_norm=1.0)",
    "tf.nn.embedding_lookup_sparse(EMB, SPI, None, combiner='max')",
    "grad(lambda p: tf.nn.safe_embedding_lookup_sparse(p, SPI, tf.SparseTensor(SPI.indices,"
    " np.array([1.0, 2.0, 0.5, 3.0, 1.0]), [4, 3])) ** 2, EMB)",
    "grad(lambda p: tf.nn.embedding_lookup_sparse(p, SPI, None, combiner='sqrtn') ** 2, EMB)",
    *(f"seeded(lambda: tf.nn.fractional_{k}_pool(XF, [1.0, 1.44, 1.73, 1.0], {a}, seed=5))"
      for k in ("max", "avg") for a in ("False, False", "True, True", "True, False")),
    "seeded(lambda: tf.nn.fractional_max_pool(XF, 1.5, seed=5))",
    "seeded(lambda: tf.nn.fractional_max_pool(XF.astype(np.int32), 2.0, True, seed=3))",
    "seeded(lambda: tf.nn.fractional_avg_pool(XF.astype(np.int64), [1.0, 2.0, 1.5, 1.0], seed=3))",
    "tf.nn.fractional_max_pool(XF, [1.0, 1.2, 1.9, 1.0], seed=9)[0].shape",
    "tf.nn.fractional_max_pool(XF, [1.2, 1.9], seed=9)",
    "tf.nn.fractional_max_pool(XF, [1.0, 0.5, 1.5, 1.0], seed=9)",
    "tf.nn.fractional_max_pool(XF, 11.0, seed=9)",
    "tf.nn.fractional_max_pool(XF[0], 1.5, seed=9)",
    "tf.nn.fractional_avg_pool(XF, 1.5, seed=9)",
    "tf.nn.fractional_avg_pool(XF, [2.0, 1.5, 1.5, 1.0], seed=9)",
    *(f"seeded(lambda: grad(lambda x: tf.nn.fractional_{k}_pool(x, [1.0, 1.44, 1.73, 1.0], True,"
      f" True, seed=5)[0] ** 2, XF))" for k in ("max", "avg")),
    "tf.math.accumulate_n([X, 2 * X, X])",
    "tf.math.accumulate_n([[1.0, 2.0], tf.constant([3.0, 4.0])], shape=[2])",
    "tf.math.accumulate_n([tf.ones([2]), tf.ones([3])])",
    "tf.math.accumulate_n([tf.ones([2])], shape=[3])",
    "tf.math.accumulate_n([tf.ones([2])], tensor_dtype=tf.float64)",
    "tf.math.accumulate_n([tf.ones([2]), tf.ones([2], tf.int32)])",
    "tf.math.accumulate_n([])",
    "tf.nn.batch_norm_with_global_normalization(X, *BN[:3], BN[3], 0.001, True)",
    "tf.nn.batch_norm_with_global_normalization(X, *BN[:3], BN[3], 0.001, False)",
    "grad(lambda x, m, v, b, g: tf.nn.batch_norm_with_global_normalization(x, m, v, b, g,"
    " 0.01, True), X, *BN)",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 5, 5, 4], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 9, 9, 4], 2, 'VALID')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 5, 5, 4], 1, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 11, 11, 4], 3, 'VALID')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 6, 6, 4], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 5, 5, 4], 0, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 5, 5, 4], 2, 'FULL')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 5, 5, 3], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(X, W[..., :1], [1, 5, 5, 4], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(X, W, [1, 5, 5], 2, 'SAME')",
    "grad(lambda x, w: tf.nn.atrous_conv2d_transpose(x, w, [1, 9, 9, 4], 2, 'SAME'), X, W)",
    "tf.nn.with_space_to_batch(X, [2, 2], 'VALID', conv, filter_shape=[2, 2])",
    "tf.nn.with_space_to_batch(X, [2, 3], 'SAME', conv, filter_shape=[2, 2])",
    "tf.nn.with_space_to_batch(X, [1, 1], 'SAME', lambda x, n, p: x * n)",
    "tf.nn.with_space_to_batch(X, [2], 'VALID', lambda x, n, p: x + n, spatial_dims=[2])",
    "tf.nn.with_space_to_batch(X, [2, 2], 'SAME', conv)",
    "tf.nn.with_space_to_batch(X, [2, 0], 'SAME', conv)",
    "tf.nn.with_space_to_batch(X, [2, 2], 'FULL', conv)",
    "grad(lambda x: tf.nn.with_space_to_batch(x, [2, 2], 'SAME', conv, filter_shape=[2, 2]), X)",
    *SOBOL,
    *PTN,
    *UNIGRAM,
]


def record(value: Any) -> Any:
    """A result as JSON: tensors as values and dtype, lists and tuples element by element."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return [record(v) for v in value]
    if hasattr(value, "indices") and hasattr(value, "dense_shape"):  # IndexedSlices
        if hasattr(value, "_as_tensor"):  # eagerflow's
            value = value._as_tensor()
        else:  # TF's, in the recorder
            import tensorflow as tf

            value = tf.convert_to_tensor(value)
    arr = np.asarray(value.numpy())
    return {"value": arr.astype(np.float64).tolist() if arr.dtype.kind == "f" else
            arr.tolist(), "dtype": value.dtype.name, "shape": list(arr.shape)}


def error(e: Exception) -> dict:
    """An error as its class and the first line of its message (an eager op's with TF's
    function prefix and name suffix)."""
    return {"error": type(e).__name__, "message": str(e).split("\n")[0]}
