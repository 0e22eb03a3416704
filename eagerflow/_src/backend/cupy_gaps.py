"""What CuPy 14 lacks that the kernels use, filled in over its own functions (backend
layer; imports no other eagerflow package).

A kernel writes `xp.where(hit, a, b)` whatever its device, and expects NumPy's answer.
CuPy 14.2 (read on an H200, 2026-11-30) gives another one for bfloat16 data: the kernels
behind `where`, `round`, `clip`, `tril` and `triu` have no bfloat16 loop, so they compute
in float32 and return float32; its scans (`cumsum`, `cumprod`) do not compile for it; its
`unique` sorts with thrust, which refuses it; its einsum and batched products refuse the
type char "E". And its `packbits` packs only the flattened array. A device backend's
array module is `filled(xp)`: these names answer as NumPy's do, every other name is
`xp`'s own (read once, then a plain attribute). The strict stand-in poses as CuPy 14.2,
so CI runs the fills too."""

from __future__ import annotations

from typing import Any

import numpy as np

_F32 = np.dtype(np.float32)


class Filled:
    """`xp` with the names below answering as NumPy's; `xp`'s own for the rest."""

    def __init__(self, xp: Any, bfloat16: np.dtype | None) -> None:
        self.__name__ = xp.__name__
        self.module = xp
        self.packbits = _packbits(xp)
        if bfloat16 is None:  # (no bfloat16 data on this device: nothing else to fill)
            return
        bf = _Bfloat16(xp, bfloat16)
        self.where, self.tril, self.triu = bf.where, bf.on_bits("tril"), bf.on_bits("triu")
        self.round = self.around = bf.round
        self.clip, self.unique, self.einsum, self.matmul = bf.clip, bf.unique, bf.einsum, \
            bf.matmul
        self.cumsum, self.cumprod = bf.scan("cumsum"), bf.scan("cumprod")

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.module, name)
        setattr(self, name, value)
        return value


def filled(xp: Any, bfloat16: np.dtype | None) -> Filled:
    """`xp` (CuPy, or the stand-in posing as it) with its gaps filled; `bfloat16`: the
    dtype, where the device's arrays hold it."""
    return Filled(xp, bfloat16)


def _packbits(xp: Any) -> Any:
    def fill(a: Any, axis: int | None = None, bitorder: str = "big") -> Any:
        if axis is None:
            return xp.packbits(a, bitorder=bitorder)
        # along `axis`: each line padded to whole bytes, the lines packed end to end
        a = xp.moveaxis(xp.asarray(a, dtype=bool), axis, -1)
        pad = -a.shape[-1] % 8
        if pad:
            a = xp.concatenate([a, xp.zeros(a.shape[:-1] + (pad,), bool)], axis=-1)
        lines = xp.packbits(a.reshape(-1), bitorder=bitorder)
        return xp.moveaxis(lines.reshape(a.shape[:-1] + (a.shape[-1] // 8,)), -1, axis)

    return fill


class _Bfloat16:
    """NumPy's answers on bfloat16 data, from CuPy's functions: a selection moves the
    values' bits (as 16-bit integers, so NaN payloads and -0.0 stay), arithmetic runs in
    float32 and rounds once."""

    def __init__(self, xp: Any, bfloat16: np.dtype) -> None:
        self.xp, self.bf = xp, bfloat16

    def _bits(self, v: Any) -> Any:
        """A bfloat16 array's bits, or a Python number's as bfloat16."""
        if getattr(v, "dtype", None) == self.bf:
            return v.view(np.uint16)
        return int(np.array(v, self.bf).view(np.uint16))

    def _selects(self, values: tuple) -> bool:
        """Whether NumPy's selection among `values` is bfloat16: one is a bfloat16 array,
        the others that too or Python numbers."""
        seen = False
        for v in values:
            d = getattr(v, "dtype", None)
            if d == self.bf:
                seen = True
            elif d is not None or not isinstance(v, (int, float)):
                return False
        return seen

    def where(self, cond: Any, *values: Any) -> Any:
        if len(values) == 2 and self._selects(values):
            out = self.xp.where(cond, *map(self._bits, values))
            # (a Python number beside a uint16 array may widen the result: its values fit)
            return (out if out.dtype == np.uint16 else out.astype(np.uint16)).view(self.bf)
        return self.xp.where(cond, *values)

    def on_bits(self, name: str) -> Any:
        """`xp`'s triangle `name` (tril, triu) of a bfloat16 matrix taken of its bits."""
        def fill(m: Any, k: int = 0) -> Any:
            triangle = getattr(self.xp, name)
            if m.dtype == self.bf:
                return triangle(m.view(np.uint16), k).view(self.bf)
            return triangle(m, k)

        return fill

    def round(self, a: Any, decimals: int = 0, out: Any = None) -> Any:
        if getattr(a, "dtype", None) != self.bf or out is not None:
            return self.xp.around(a, decimals, out)
        if decimals == 0:  # (half to even, exact: rint has a bfloat16 loop)
            return self.xp.rint(a)
        return self.xp.around(a.astype(_F32), decimals).astype(self.bf)

    def clip(self, a: Any, a_min: Any = None, a_max: Any = None, out: Any = None,
             **kwargs: Any) -> Any:
        if getattr(a, "dtype", None) != self.bf or out is not None:
            return self.xp.clip(a, a_min, a_max, out, **kwargs)
        return self.xp.clip(a.astype(_F32), a_min, a_max, **kwargs).astype(self.bf)

    def scan(self, name: str) -> Any:
        def fill(a: Any, axis: int | None = None, dtype: Any = None, out: Any = None) -> Any:
            scan = getattr(self.xp, name)
            if getattr(a, "dtype", None) != self.bf or dtype not in (None, self.bf) or \
                    out is not None:
                return scan(a, axis=axis, dtype=dtype, out=out)
            return scan(a, axis=axis, dtype=_F32).astype(self.bf)

        return fill

    def unique(self, a: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(a, "dtype", None) != self.bf:
            return self.xp.unique(a, *args, **kwargs)
        found = self.xp.unique(a.astype(_F32), *args, **kwargs)  # (exact both ways)
        if type(found) is tuple:
            return (found[0].astype(self.bf),) + found[1:]
        return found.astype(self.bf)

    def einsum(self, subscripts: str, *operands: Any, **kwargs: Any) -> Any:
        kinds = {getattr(o, "dtype", None) == self.bf for o in operands}
        if True not in kinds:
            return self.xp.einsum(subscripts, *operands, **kwargs)
        out = self.xp.einsum(subscripts, *(o.astype(_F32) if getattr(o, "dtype", None) == self.bf
                                         else o for o in operands), **kwargs)
        return out.astype(self.bf) if kinds == {True} else out

    def matmul(self, a: Any, b: Any, out: Any = None, **kwargs: Any) -> Any:
        if self.bf not in (getattr(a, "dtype", None), getattr(b, "dtype", None)) or \
                max(a.ndim, b.ndim) <= 2 or kwargs:
            return self.xp.matmul(a, b, **kwargs) if out is None else \
                self.xp.matmul(a, b, out=out, **kwargs)
        # a batch: as cuBLAS gives one product (float32 sums, rounded once)
        res = self.xp.matmul(a.astype(_F32), b.astype(_F32))
        if out is not None:
            out[...] = res
            return out
        return res.astype(self.bf) if a.dtype == b.dtype else res
