"""libm_exact's logf and sincosf equal glibc's over the inputs TF's Box-Muller gives them.

libm_hashes.json holds the SHA-256 of glibc's results (written by libm_hashes.py through
ctypes): over every 61st input by default, over all 2**23 with EAGERFLOW_FUZZ=long. Where the
running C library is glibc, its results are also compared directly on a sample.
"""

import ctypes
import ctypes.util
import json
import os
import platform
import sys

import numpy as np
import pytest

from eagerflow._src.ops import libm_exact

sys.path.insert(0, os.path.dirname(__file__))
import libm_hashes as H  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "libm_hashes.json")) as _f:
    HASHES = json.load(_f)

LONG = os.environ.get("EAGERFLOW_FUZZ") == "long"


def _chunked(f, x, n=1 << 16):
    parts = [f(np, x[i:i + n]) for i in range(0, len(x), n)]
    return [np.concatenate(p) for p in zip(*parts)] if isinstance(parts[0], tuple) else \
        np.concatenate(parts)


@pytest.mark.parametrize("which", ["all"] if LONG else ["every61"])
def test_matches_glibc_on_box_muller_inputs(which):
    u1, theta = H.inputs()
    if which == "every61":
        u1, theta = u1[::61], theta[::61]
    assert H.digest(_chunked(libm_exact.logf, u1)) == HASHES[which]["logf"]
    assert H.digest(*_chunked(libm_exact.sincosf, theta)) == HASHES[which]["sincosf"]


def _glibc():
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    return ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


@pytest.mark.skipif(_glibc() is None, reason="the C library is not glibc")
def test_matches_the_running_glibc_on_a_sample():
    libm = _glibc()
    logf, sinf, cosf = libm.logf, libm.sinf, libm.cosf
    for f in (logf, sinf, cosf):
        f.restype, f.argtypes = ctypes.c_float, [ctypes.c_float]
    u1, theta = H.inputs()
    pick = np.random.default_rng(7).integers(0, 1 << 23, 3000)
    got_log = libm_exact.logf(np, u1[pick])
    got_sin, got_cos = libm_exact.sincosf(np, theta[pick])
    want = [np.array([f(float(x)) for x in xs], np.float32)
            for f, xs in ((logf, u1[pick]), (sinf, theta[pick]), (cosf, theta[pick]))]
    np.testing.assert_array_equal(got_log, want[0])
    np.testing.assert_array_equal(got_sin, want[1])
    np.testing.assert_array_equal(got_cos, want[2])


def test_log64_is_the_c_library_log():
    import math

    x = np.random.default_rng(3).random(500) + 1e-9
    np.testing.assert_array_equal(libm_exact.log64(np, x), [math.log(v) for v in x])
