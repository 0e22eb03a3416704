"""tf.math.special.dawsn on the CPU is TF's Cephes port (special_cephes.py), bit for bit
with TF 2.21 in float64 and float32 (SciPy's dawsn, used before, differed from TF's on
36-63% of values, by up to ~90 ulps near 0). Recorded from TF 2.21."""

import numpy as np

import eagerflow as tf

X = [0.010909912393738931, 0.02, 0.2, 0.001, 1.5, 3.2, 3.3, 5.0, 6.3, 40.0, -2.5, -1e10]
TF64 = ['0x1.6577b774e9effp-7', '0x1.4797b6c5e9773p-6', '0x1.8ed9a1396c4f3p-3',
        '0x1.0624d1bb12fc9p-10', '0x1.b686ecab6aaa8p-2', '0x1.52ddbdb1ad653p-3',
        '0x1.473f3c3b4c3a2p-3', '0x1.a25756d75a1bbp-4', '0x1.4957100003cdcp-4',
        '0x1.99ba6615aaa2fp-7', '-0x1.c8e01e57d52afp-3', '0x1.b7cdfd9d7bdbbp-35']
TF32 = [1009957851, 1017367516, 1044868305, 981668457, 1054557047, 1042902749, 1042522012,
        1037118379, 1034201991, 1011670323, -1100713971, 777774847]


def test_float64_is_tfs():
    got = tf.math.special.dawsn(np.array(X, np.float64)).numpy()
    assert [float(v).hex() for v in got] == TF64


def test_float32_is_tfs():
    got = tf.math.special.dawsn(np.array(X, np.float32)).numpy()
    assert got.view(np.int32).tolist() == TF32


def test_scalars_and_a_traced_call_too():
    assert float(tf.math.special.dawsn(np.float64(X[0]))).hex() == TF64[0]
    f = tf.function(lambda v: tf.math.special.dawsn(v))
    assert [float(v).hex() for v in f(np.array(X, np.float64)).numpy()] == TF64
