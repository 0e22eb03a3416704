"""backend/cupy_gaps.py: what CuPy 14.2 lacks for the kernels, filled in. The stand-in
poses as CuPy 14.2 as it was read on an H200 (2026-11-30): on bfloat16 data `where`,
`round`, `clip`, `tril` and `triu` return float32, the scans do not compile, `unique`
refuses to sort, batched products and einsum refuse the type char "E"; `packbits` takes
no axis. The device's array module gives NumPy's answers (with ml_dtypes) there, bit for
bit where NumPy's are a selection. The kernels' own C rounds each operation, as the CPU
does (no fused multiply-add: checked on CuPy's GPU:0 under EAGERFLOW_REGISTRY_ON=gpu)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from eagerflow._src import backend as B
from eagerflow._src.backend import cupy_gaps, strict, strict_cuda
from eagerflow._src.core import device as D
from tests.gpu_target import on_the_gpu

ml_dtypes = pytest.importorskip("ml_dtypes")
BF16 = np.dtype(ml_dtypes.bfloat16)
raw = strict.xp                          # the stand-in posing as CuPy 14.2
xp = cupy_gaps.filled(raw, BF16)         # what a device's kernels run over


def _bits(a):
    return np.asarray(a).view(np.uint16)


def _values(shape, seed):
    """bfloat16 values with NaNs of several payloads, -0.0 and infinities among them."""
    rng = np.random.default_rng(seed)
    a = rng.normal(size=shape).astype(np.float32).astype(BF16)
    flat = a.reshape(-1)
    specials = np.array([0x7FC0, 0xFFC1, 0x7F81, 0x8000, 0x7F80, 0xFF80], np.uint16).view(BF16)
    flat[:min(flat.size, 6)] = specials[:flat.size]
    return a


def test_the_stand_in_gives_cupys_answers_on_bfloat16():
    a, c = raw.asarray(_values((3, 4), 0)), raw.asarray(np.eye(3, 4, dtype=bool))
    with np.errstate(invalid="ignore"):  # (NaN rounded: a device sets no flags)
        results = (raw.where(c, a, a), raw.where(c, a, 0.0), raw.round(a), raw.around(a, 1),
                   a.round(), raw.clip(a, -1, 1), a.clip(-1, 1), raw.tril(a), raw.triu(a))
    for got in results:
        assert got.dtype == np.float32
    for scan in (lambda: raw.cumsum(a), lambda: raw.cumprod(a), a.cumsum, a.cumprod):
        with pytest.raises(strict_cuda.CompileException, match="no operator"):
            scan()
    with pytest.raises(NotImplementedError, match="Sorting arrays with dtype 'bfloat16'"):
        raw.unique(a)
    with pytest.raises(TypeError, match="data type 'E' not understood"):
        raw.einsum("ij->j", a)
    with pytest.raises(TypeError, match="data type 'E' not understood"):
        a[None] @ a.T[None]
    with pytest.raises(NotImplementedError, match="axis option is not supported yet"):
        raw.packbits(c, axis=1)
    assert raw.cumsum(a, dtype=np.float32).dtype == np.float32  # (a float32 scan compiles)


@settings(max_examples=40, deadline=None)
@given(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=5),
       st.integers(0, 2**31), st.sampled_from(["arrays", "scalar", "mixed"]))
def test_where_moves_bfloat16_bits(shapes, seed, kind):
    hit_shape, a_shape, b_shape = shapes.input_shapes
    hit = np.random.default_rng(seed).random(hit_shape) < 0.5
    a, b = _values(a_shape, seed), _values(b_shape, seed + 1)
    if kind == "arrays":
        got, want = xp.where(raw.asarray(hit), raw.asarray(a), raw.asarray(b)), \
            np.where(hit, a, b)
    elif kind == "scalar":  # (a Python number is taken as bfloat16, a kernel's intent)
        got, want = xp.where(raw.asarray(hit), raw.asarray(a), -0.0), \
            np.where(hit, a, BF16.type(-0.0))
    else:  # (bfloat16 beside float32: NumPy's float32, CuPy's own answer)
        b32 = b.astype(np.float32)
        got, want = xp.where(raw.asarray(hit), raw.asarray(a), raw.asarray(b32)), \
            np.where(hit, a, b32)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got.get()).reshape(-1).view(np.uint8),
                                  np.asarray(want).reshape(-1).view(np.uint8))


@pytest.mark.parametrize("k", [-1, 0, 2])
def test_triangles_keep_bfloat16_bits(k):
    a = _values((2, 4, 5), 3)
    for fill, ref in ((xp.tril, np.tril), (xp.triu, np.triu)):
        got = fill(raw.asarray(a), k)
        assert got.dtype == BF16
        np.testing.assert_array_equal(_bits(got.get()), _bits(ref(a, k)))


def test_round_and_clip_are_numpys():
    a = np.arange(-24, 24, dtype=np.float32).astype(BF16) / BF16.type(4)  # ties included
    got = xp.round(raw.asarray(a))
    assert got.dtype == BF16
    np.testing.assert_array_equal(_bits(got.get()), _bits(np.round(a)))
    assert xp.around(raw.asarray(a), 1).dtype == BF16
    got = xp.clip(raw.asarray(a), -1.3, 2.7)
    assert got.dtype == BF16  # (NumPy's clip with Python bounds is float32: rounded back)
    np.testing.assert_array_equal(_bits(got.get()),
                                  _bits(np.clip(a, -1.3, 2.7).astype(BF16)))
    x = raw.asarray(np.float32([1.5, 2.5]))
    assert xp.round(x).dtype == np.float32 and xp.clip(x, 0, 2).dtype == np.float32


@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_scans_add_bfloat16_in_float32(name, axis):
    a = (np.random.default_rng(4).normal(size=(4, 30)) * 0.2 + 1).astype(BF16)
    got = getattr(xp, name)(raw.asarray(a), axis=axis)
    want = getattr(np, name)(a.astype(np.float32), axis=axis).astype(BF16)  # rounded once
    assert got.dtype == BF16
    np.testing.assert_array_equal(_bits(got.get()), _bits(want))
    assert getattr(xp, name)(raw.asarray(a), axis=axis, dtype=np.float32).dtype == np.float32


def test_unique_of_bfloat16():
    a = np.float32([3, -0.0, 1, 3, np.nan, 1, 0.0, -2]).astype(BF16)
    values, first, inverse, counts = xp.unique(raw.asarray(a), return_index=True,
                                               return_inverse=True, return_counts=True)
    want = np.unique(a.astype(np.float32), return_index=True, return_inverse=True,
                     return_counts=True)
    assert values.dtype == BF16
    np.testing.assert_array_equal(_bits(values.get()), _bits(want[0].astype(BF16)))
    for g, w in zip((first, inverse, counts), want[1:]):
        np.testing.assert_array_equal(g.get(), w)
    assert xp.unique(raw.asarray(a)).dtype == BF16


def test_einsum_and_batched_products_of_bfloat16_add_in_float32():
    rng = np.random.default_rng(5)
    a, b = rng.normal(size=(3, 4, 6)).astype(BF16), rng.normal(size=(6, 2)).astype(BF16)
    f32 = (a.astype(np.float32) @ b.astype(np.float32))
    got = xp.matmul(raw.asarray(a), raw.asarray(b))
    assert got.dtype == BF16
    np.testing.assert_array_equal(_bits(got.get()), _bits(f32.astype(BF16)))
    got = xp.einsum("bij,jk->bik", raw.asarray(a), raw.asarray(b))
    assert got.dtype == BF16
    np.testing.assert_array_equal(_bits(got.get()), _bits(f32.astype(BF16)))
    mixed = xp.einsum("bij,jk->bik", raw.asarray(a), raw.asarray(b.astype(np.float32)))
    assert mixed.dtype == np.float32
    into = raw.empty((3, 4, 2), BF16)  # (the backend's products pass `out`)
    assert xp.matmul(raw.asarray(a), raw.asarray(b), out=into) is into
    np.testing.assert_array_equal(_bits(into.get()), _bits(f32.astype(BF16)))
    mixed = xp.matmul(raw.asarray(a), raw.asarray(b.astype(np.float32)))
    assert mixed.dtype == np.float32


@settings(max_examples=30, deadline=None)
@given(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=11), st.data(),
       st.sampled_from(["big", "little"]))
def test_packbits_along_an_axis_is_numpys(shape, data, bitorder):
    bits = data.draw(hnp.arrays(np.bool_, shape))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    got = xp.packbits(raw.asarray(bits), axis=axis, bitorder=bitorder)
    want = np.packbits(bits, axis=axis, bitorder=bitorder)
    assert got.dtype == np.uint8 and got.shape == want.shape
    np.testing.assert_array_equal(got.get(), want)
    np.testing.assert_array_equal(xp.packbits(raw.asarray(bits)).get(), np.packbits(bits))


def test_a_device_backends_array_module_is_filled():
    assert strict.BACKEND.xp.module is raw and B.of(raw) is B.of(strict.BACKEND.xp)
    assert strict.BACKEND.xp.where is not raw.where and strict.BACKEND.xp.exp is raw.exp


def test_the_kernels_c_rounds_each_operation():
    """a * a - 1 for a = 1 + 2**-12: its product rounds to 1 + 2**-11 first, where a fused
    multiply-add keeps the 2**-24 (NVRTC's default, turned off for eagerflow's kernels)."""
    with on_the_gpu():
        dxp = D.default_device().xp
        kernel = B.elementwise_kernel(dxp, "float32 a", "float32 y", "y = a * a - 1.0f",
                                      "eagerflow_test_rounding")
        got = kernel(dxp.asarray(np.float32([1 + 2 ** -12]))).get()
    a = np.float32(1 + 2 ** -12)
    assert got[0] == np.float32(a * a) - np.float32(1) == np.float32(2 ** -11)
    assert B.of(dxp).kernels  # (made through the backend, with its options)
    assert all(getattr(k, "options", B.NO_FMA) == B.NO_FMA for k in
               B.of(dxp).kernels.values() if not isinstance(k, tuple))
