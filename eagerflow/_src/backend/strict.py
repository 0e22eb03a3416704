"""The strict stand-in backend: NumPy behind arrays that refuse to be NumPy arrays, as
CuPy's do (backend layer; imports no other eagerflow package).

CI has no GPU, yet every kernel must run on CuPy. So this backend mimics what CuPy
allows and refuses: its arrays (`StrictArray`) are of their own type; `np.asarray(a)`
raises CuPy's TypeError; NumPy functions and ufuncs refuse them (stricter than CuPy,
whose arrays answer NumPy's dispatch, so that a kernel that calls `np.` on its input
arrays fails here even where CuPy would quietly run it); its module namespace `xp`
holds exactly the NumPy names CuPy has (listed below, checked against CuPy by a test
where CuPy is installed) and refuses NumPy arrays as operands; it holds no strings,
objects, nor ml_dtypes' types but bfloat16 (CuPy 14 holds bfloat16 where ml_dtypes is
installed, and the stand-in poses as CuPy 14.2 as it was read on an H200: its ufuncs
without a bfloat16 loop cast it or refuse it, its sums and means accumulate it in float32,
its sorts refuse it, and the rest below). Like CuPy it has a
current device per thread, arrays remember theirs, and an operation on an array of
another device raises, so a missing copy between devices fails too. Results of
reductions and indexing are 0-d arrays, never NumPy scalars, as on CuPy.

`EAGERFLOW_STANDIN_GPUS=n` (or the test hook in core/device.py) makes this backend pose
as n GPUs, so the device layer, placement and copies are tested without a GPU. Its
transfer counts, streams and CUDA graph capture are in strict_streams.py.
"""

from __future__ import annotations

import types
import warnings
import weakref
from typing import Any

import numpy as np

from eagerflow._src.backend import (
    BFLOAT16,
    DeviceBackend,
    is_scalar,
    register,
    strict_cuda,
    strict_dlpack,
    to_host,
)
from eagerflow._src.backend import strict_convert as convert
from eagerflow._src.backend import strict_cusolver as cusolver
from eagerflow._src.backend import strict_cusparse as cusparse
from eagerflow._src.backend.captured_blas import CapturedBlas
from eagerflow._src.backend.numpy import scipy_special
from eagerflow._src.backend.strict_counts import (  # noqa: F401 - count_launches: its API
    LAUNCHES,
    _kind_of,
    _launch,
    count_launches,
    counting,
    site,
)
from eagerflow._src.backend.strict_cublas import Cublas
from eagerflow._src.backend.strict_names import (
    AT_DTYPES,
    BFLOAT16_UFUNCS,
    FFT,
    FUNCTIONS,
    LINALG,
    METHODS,
    NO_KWARGS,
    RANDOM,
    SHARED,
    SPECIAL,
    STRIDE_TRICKS,
    UFUNC_METHODS,
)
from eagerflow._src.backend.strict_streams import (
    _CURRENT,
    CONVERSION,
    CUBLAS,
    DeviceArray,
    Graph,
    Stream,
    _count,
    _launched,
    _launched_or_recorded,
)
from eagerflow._src.backend.strict_tf32 import in_tf32, set_mode


def _basic(key: Any) -> bool:
    """Whether an index is basic (integers, slices, None, Ellipsis): a view, no kernel."""
    for k in (key if type(key) is tuple else (key,)):
        if not (k is None or k is Ellipsis or type(k) in (int, slice) or
                isinstance(k, np.integer)):
            return False
    return True


def _check_dtype(dtype: np.dtype) -> None:
    if dtype in _HELD:  # (a set lookup: dtype.name is Python code of NumPy's, slow)
        return
    if dtype.kind in "OUSMm" or (dtype.kind == "V" and dtype != BFLOAT16):
        raise TypeError(f"Unsupported dtype {dtype}")
    _HELD.add(dtype)


# CuPy 14.2 on bfloat16 data (read on an H200, 2026-11-30): its reductions accumulate it
# in float32 (NumPy's in bfloat16); thrust's sorts refuse it (cupy/cuda/thrust.pyx); the
# functions whose kernels have no bfloat16 loop compute it in float32 and return float32
# (`where`, `round`, `clip`, `tril`, ...); its scans' kernels do not compile for it; and
# its einsum and batched products take the type char "E", which NumPy does not know
_FLOAT_ACCUMULATED = frozenset(("sum", "prod", "mean", "nansum", "nanprod", "nanmean"))
_SORTS = {"sort": NotImplementedError, "argsort": NotImplementedError, "lexsort": TypeError,
          "unique": NotImplementedError}
_IN_FLOAT32 = frozenset(("where", "round", "around", "clip", "tril", "triu"))
_SCANS = {"cumsum": "+=", "cumprod": "*="}
_NO_CHAR_E = "data type 'E' not understood"


def _bfloat16_as_cupy(fn: Any, name: str, owner: Any) -> Any:
    """NumPy's `fn` (`owner`'s method, or a function of the array first) as CuPy 14 runs
    it on bfloat16 data (see above)."""
    def call(*args: Any, **kwargs: Any) -> Any:
        if name in _IN_FLOAT32:  # (bfloat16 operands cast to float32, Python numbers weak)
            args = tuple(a.astype(np.float32) if getattr(a, "dtype", None) == BFLOAT16 else a
                         for a in args)
            if owner is not None and owner._a.dtype == BFLOAT16:
                return getattr(owner._a.astype(np.float32), name)(*args, **kwargs)
            return fn(*args, **kwargs)
        if name == "einsum":
            if any(getattr(a, "dtype", None) == BFLOAT16 for a in args[1:]):
                raise TypeError(_NO_CHAR_E)
            return fn(*args, **kwargs)
        a = owner._a if owner is not None else args[0] if args else None
        if getattr(a, "dtype", None) != BFLOAT16:
            return fn(*args, **kwargs)
        if name in _SORTS:
            what = "keys" if name == "lexsort" else "arrays"
            raise _SORTS[name](f"Sorting {what} with dtype 'bfloat16' is not supported")
        if name in _SCANS:
            if kwargs.get("dtype") in (None, BFLOAT16):
                raise strict_cuda.CompileException(
                    f'error: no operator "{_SCANS[name]}" matches these operands')
            return fn(*args, **kwargs)
        if kwargs.get("dtype") is not None or kwargs.get("out") is not None:
            return fn(*args, **kwargs)
        return np.asarray(fn(*args, dtype=np.float32, **kwargs)).astype(BFLOAT16)

    return call


_BFLOAT16_GAPS = _FLOAT_ACCUMULATED | set(_SORTS) | _IN_FLOAT32 | set(_SCANS) | {"einsum"}


def _cuda_astype(fn: Any, owner: Any) -> Any:
    """An array's astype, whose float-to-integer conversions are CUDA's (strict_convert)."""
    def call(dtype: Any, *args: Any, **kwargs: Any) -> Any:
        if owner is not None and convert.converts_float_to_int(owner._a.dtype, dtype):
            return convert.float_to_int(owner._a, dtype)
        return fn(dtype, *args, **kwargs)

    return call


def _packbits(fn: Any) -> Any:
    """cupy.packbits, which packs the flattened array only (CuPy 14.2)."""
    def call(*args: Any, axis: Any = None, **kwargs: Any) -> Any:
        if axis is not None:
            raise NotImplementedError("axis option is not supported yet")
        return fn(*args, **kwargs)

    return call


_HELD: set = set()  # the dtypes _check_dtype passed


def _index_arrays(key: Any) -> tuple | None:
    """A store's key as its integer index arrays broadcast together (a scatter), or None
    where it is anything else."""
    parts = key if type(key) is tuple else (key,)
    if not parts or not all(type(c) is np.ndarray and c.dtype.kind in "iu" for c in parts):
        return None
    return tuple(np.broadcast_arrays(*parts))


class MemoryPointer:
    """cupy.cuda.MemoryPointer, as far as the stand-in's arrays give one: its address."""

    __slots__ = ("ptr",)

    def __init__(self, ptr: int) -> None:
        self.ptr = ptr


# id(a NumPy array that owns its memory) -> the stand-in array made over it last (while
# that lives): whom a view of it refers to
_OWNERS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


class StrictArray(DeviceArray):
    """An array of the stand-in device: a NumPy array that does not pass for one."""

    __slots__ = ("_a", "_device", "_owner", "__weakref__")
    __array_ufunc__ = None  # NumPy's ufuncs (and ndarray operators) refuse these arrays
    __hash__ = None

    def __init__(self, a: np.ndarray, device: int | None = None) -> None:
        self._a = a
        self._device = _CURRENT.device if device is None else device
        # A view refers to the stand-in array whose memory it views, as CuPy's views hold
        # their `base`: reference counts (variables.sole_holder, the flat optimizer step)
        # then see a view kept elsewhere as CuPy's would.
        owner = a
        while isinstance(owner.base, np.ndarray):
            owner = owner.base
        if owner is a:
            self._owner = None
            _OWNERS[id(a)] = self  # (the latest: `astype(copy=False)` keeps the array)
        else:
            self._owner = _OWNERS.get(id(owner))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        raise TypeError(CONVERSION)

    def __array_function__(self, func: Any, types_: Any, args: Any, kwargs: Any) -> Any:
        return NotImplemented  # np.concatenate(strict, ...) raises TypeError

    def get(self, stream: Any = None, order: str = "C", out: Any = None,
            blocking: bool = True) -> np.ndarray:
        """The explicit device-to-host copy (CuPy's name)."""
        _count("to_host")
        return np.array(self._a, order=order)

    # properties
    shape = property(lambda self: self._a.shape)
    dtype = property(lambda self: self._a.dtype)
    ndim = property(lambda self: self._a.ndim)
    size = property(lambda self: self._a.size)
    itemsize = property(lambda self: self._a.itemsize)
    nbytes = property(lambda self: self._a.nbytes)
    strides = property(lambda self: self._a.strides)
    flags = property(lambda self: self._a.flags)
    base = property(lambda self: None if self._a.base is None else
                    self._owner if self._owner is not None else
                    _wrap(self._a.base, self._device))
    T = property(lambda self: _wrap(self._a.T, self._device))
    mT = property(lambda self: _wrap(self._a.mT, self._device))  # noqa: N815 - NumPy's name
    real = property(lambda self: _wrap(self._a.real, self._device),
                    lambda self, v: setattr(self._a, "real", _unwrap(v, self)))
    imag = property(lambda self: _wrap(self._a.imag, self._device),
                    lambda self, v: setattr(self._a, "imag", _unwrap(v, self)))
    device = property(lambda self: self._device)
    # (CuPy's MemoryPointer: `.ptr`, the first element's device address, which a library
    # binding takes; the stand-in's device memory is the host's)
    data = property(lambda self: MemoryPointer(self._a.__array_interface__["data"][0]))

    def __getattr__(self, name: str) -> Any:
        if name in METHODS:
            if name in ("item", "tolist", "tobytes"):
                _count("to_host")
            kind = _kind_of(name)
            method = _wrapped(getattr(self._a, name), name, self, kind=kind)
            # (a reduction method runs on the device as cupy.sum does: no NumPy warnings)
            return _quiet(method) if kind == "reduction" else method
        raise AttributeError(f"'StrictArray' object has no attribute '{name}' (CuPy's "
                             f"ndarray has none)")

    def __getitem__(self, key: Any) -> StrictArray:
        cap = _CURRENT.stream._capture
        out = _wrap(self._a[_unwrap(key, self)], self._device)
        if cap is None:
            if not _basic(key):  # (basic indexing makes a view: no kernel)
                _launch("gather")
        else:
            if any(getattr(k, "dtype", None) == np.bool_ for k in
                   (key if type(key) is tuple else (key,))):  # its size: read back
                raise RuntimeError("the current stream is capturing, so D2H transfers are "
                                   "disallowed")
            cap.record(lambda: self._a[_unwrap(key, self)], out, (self, key))
        return out

    def __setitem__(self, key: Any, value: Any) -> None:
        cap = _CURRENT.stream._capture
        if cap is not None:
            cap.written(self)
            cap.record(lambda: self._a.__setitem__(_unwrap(key, self), _unwrap(value, self)))
        else:
            _launch("scatter" if not _basic(key) else "fill" if type(value) is not StrictArray
                    else "copy")
        k, v = _unwrap(key, self), _unwrap(value, self)
        coords = _index_arrays(k)
        if coords is not None:
            # CuPy's scatter runs in parallel and leaves open which of a repeated index's
            # values lands; the stand-in lands the first, not NumPy's last, so code that
            # counts on an order fails here as it would there
            at = np.stack([c.reshape(-1) for c in coords], axis=1)
            if len(np.unique(at, axis=0)) < len(at):
                target = self._a[coords].shape
                rows = np.broadcast_to(v, target).reshape((len(at),) + target[coords[0].ndim:])
                self._a[tuple(at[::-1].T)] = rows[::-1]
                return
        self._a[k] = v

    def __len__(self) -> int:
        return len(self._a)

    def __iter__(self) -> Any:
        return (self[i] for i in range(len(self._a)))

    def __bool__(self) -> bool:
        _count("to_host")
        return bool(self._a)  # NumPy's (and CuPy's) rule: size 1 only

    def __int__(self) -> int:
        _count("to_host")
        return int(self._a)

    def __float__(self) -> float:
        _count("to_host")
        return float(self._a)

    def __complex__(self) -> complex:
        _count("to_host")
        return complex(self._a)

    def __repr__(self) -> str:
        _count("to_host")
        return repr(self._a)

    def __str__(self) -> str:
        _count("to_host")
        return str(self._a)

    def __copy__(self) -> StrictArray:
        _launch("copy")
        return StrictArray(self._a.copy(), self._device)

    def __reduce__(self) -> Any:
        raise TypeError("stand-in device arrays are not picklable (copy them to the host)")

    def __dlpack__(self, stream: Any = None, max_version: Any = None, dl_device: Any = None,
                   copy: Any = None) -> Any:
        """A DLPack capsule of this array's memory, on its CUDA device (CuPy's export)."""
        return strict_dlpack.export(self._a, self._device)

    def __dlpack_device__(self) -> tuple:
        return (strict_dlpack.KDL_CUDA, self._device)


def _no_bfloat16_batch(a: np.ndarray, b: Any) -> None:
    """Refuses a batch of bfloat16 products, as CuPy 14.2 does (its batched products take
    the type char "E")."""
    if BFLOAT16 in (a.dtype, getattr(b, "dtype", None)) and max(a.ndim, np.ndim(b)) > 2:
        raise TypeError(_NO_CHAR_E)


def _matmul_operator(name: str, a: np.ndarray, b: Any) -> Any:
    """`a @ b` (`b @ a`, `a @= b`) as cuBLAS runs it (strict_tf32.in_tf32); a batch of
    bfloat16 products refused, as by cupy.matmul."""
    _no_bfloat16_batch(a, b)
    if name == "__imatmul__":  # (into `a` itself, not into its rounded copy)
        a[...] = _product_operator("__matmul__", a, b)
        return a
    return _product_operator(name, a, b)


@in_tf32
def _product_operator(name: str, a: np.ndarray, b: Any) -> Any:
    return getattr(a, name)(b)


def _operator(name: str) -> Any:
    in_place = name.startswith("__i") and name != "__invert__"
    kind = "matmul" if "matmul" in name else "elementwise"

    def op(self: StrictArray, *args: Any) -> Any:
        _operands(args)
        cap = _CURRENT.stream._capture
        if cap is not None:
            cap.check("matmul" if "matmul" in name else name, (self,) + args)
            if in_place:
                cap.written(self)
        if kind == "matmul":
            out = _matmul_operator(name, self._a, _unwrap(args, self)[0])
        else:
            out = getattr(self._a, name)(*_unwrap(args, self))
        if out is NotImplemented:
            return out
        if kind == "matmul":
            out = _bfloat16_product(self._a, args[0], out)
        res = self if in_place else _wrap(out, self._device)  # (a += b: the same array)
        if cap is None:
            _launch(kind)
        else:
            cap.record(lambda: getattr(self._a, name)(*_unwrap(args, self)), res, (self, args))
        return res

    op.__name__ = name
    return op


for _name in ("add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod rmod pow rpow "
              "matmul rmatmul and rand or ror xor rxor lshift rlshift rshift rrshift divmod "
              "rdivmod iadd isub imul itruediv ifloordiv imod ipow imatmul iand ior ixor ilshift "
              "irshift lt le gt ge eq ne neg pos abs invert").split():
    setattr(StrictArray, f"__{_name}__", _operator(f"__{_name}__"))


def _operands(args: tuple) -> None:
    """CuPy's ufuncs (operators included) take arrays and numeric scalars only, never
    host sequences or strings: `a >= (1, 2)` and `xp.equal(b'', b'')` fail there."""
    for a in args:
        t = type(a)
        if t in (list, tuple, np.ndarray, str, bytes) or (isinstance(a, np.generic) and (
                a.dtype.kind in "OSU" or a.dtype.kind == "V" and a.dtype != BFLOAT16)):
            raise TypeError(f"Unsupported type {t}")


def _unwrap(x: Any, owner: Any = None) -> Any:
    """NumPy's view of an argument: stand-in arrays opened (on the current device only),
    NumPy arrays refused as CuPy refuses them, containers walked."""
    t = type(x)
    if t is StrictArray:
        cur = _CURRENT.device if owner is None else owner._device
        if x._device != cur:
            raise ValueError(f"The device where the array resides ({x._device}) is different "
                             f"from the current device ({cur}).")
        return x._a
    if t is np.ndarray:
        raise TypeError(f"Unsupported type {t}")
    if t is tuple or t is list:
        return t(_unwrap(v, owner) for v in x)
    if t is dict:
        return {k: _unwrap(v, owner) for k, v in x.items()}
    if t is slice and (type(x.start) is StrictArray or type(x.stop) is StrictArray):
        return slice(_unwrap(x.start, owner), _unwrap(x.stop, owner), _unwrap(x.step, owner))
    return x


def _wrap(r: Any, device: int | None = None) -> Any:
    """A NumPy result as the device's (`device`, else the current one): arrays (and NumPy
    scalars, which CuPy returns as 0-d arrays) become stand-in arrays; containers are
    walked; the rest is as is."""
    if type(r) is np.ndarray:
        _check_dtype(r.dtype)
        return StrictArray(r, device)
    if isinstance(r, np.generic):
        _check_dtype(r.dtype)
        return StrictArray(np.asarray(r), device)
    if isinstance(r, tuple):
        items = [_wrap(v, device) for v in r]
        return type(r)(*items) if hasattr(r, "_fields") else tuple(items)
    if type(r) is list:
        return [_wrap(v, device) for v in r]
    return r


def _same_or_wrapped(r: Any, device: int | None, source: Any) -> Any:
    """`_wrap(r)`, or `source` itself where `r` is its own NumPy array: as CuPy's
    `a.astype(a.dtype, copy=False)` and `cupy.asarray(a)` return `a`, not a second array
    over its memory (which reference counts, variables.sole_holder's, would not see)."""
    if type(source) is StrictArray and r is source._a:
        return source
    return _wrap(r, device)


def _wrapped(fn: Any, name: str, owner: Any = None, library: str | None = None,
             kind: str | None = "elementwise") -> Any:
    """`fn` over stand-in arrays; an array method's results stay on its array's device.
    A call counts one launch of `kind` (see _launched)."""
    device = None if owner is None else owner._device
    refused = NO_KWARGS.get(name, ())
    if BFLOAT16 is not None and name in _BFLOAT16_GAPS:
        fn = _bfloat16_as_cupy(fn, name, owner)
    if name == "packbits":
        fn = _packbits(fn)
    elif name == "astype":
        fn = _cuda_astype(fn, owner)

    def call(*args: Any, **kwargs: Any) -> Any:
        for k in kwargs:
            if k in refused:
                raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
        cap = _CURRENT.stream._capture
        if cap is None:
            out = _same_or_wrapped(fn(*_unwrap(args, owner), **_unwrap(kwargs, owner)), device,
                                   owner if owner is not None else args[0] if args else None)
            if kind == "elementwise":
                _launch(kind)
            else:
                _launched(kind, out, (owner, args, kwargs))
            return out
        if library is not None:  # CuPy calls the library, which refuses a capturing stream
            raise NotImplementedError(f"calling {library} API during stream capture is "
                                      f"currently unsupported")
        cap.check(name, args, kwargs, owner)
        out = _wrap(fn(*_unwrap(args, owner), **_unwrap(kwargs, owner)), device)
        cap.record(lambda: fn(*_unwrap(args, owner), **_unwrap(kwargs, owner)), out,
                   (owner, args, kwargs))
        return out

    call.__name__ = name
    return call


def _library(fn: Any) -> Any:
    """`fn` as one of CuPy's Python-level functions (`cupy.where`, `cupy.clip`, ...): a
    warning raised inside it (NumPy's "overflow encountered in cast" when a Python scalar
    does not fit the array's dtype) comes from the library's module, not from the kernel
    that called it, so eagerflow's own filter of its RuntimeWarnings does not hide it.
    NumPy's error state is per thread (`warnings.catch_warnings` is not): the errors the
    caller's state would warn of are collected by a callback and re-raised from here."""
    name = fn.__name__

    def call(*args: Any, **kwargs: Any) -> Any:
        caught: list = []
        modes = {k: "call" if v == "warn" else v for k, v in np.geterr().items()}
        with np.errstate(**modes, call=lambda err, flag: caught.append(err)):
            out = fn(*args, **kwargs)
        for err in caught:
            warnings.warn_explicit(f"{err} encountered in {name}", RuntimeWarning,
                                   "<stand-in GPU library>", 0, module="strict_gpu_library")
        return out

    call.__name__ = name
    return call


def _quiet(fn: Any) -> Any:
    """`fn`, a reduction (`cupy.mean`, `cupy.sum`), as CuPy's: its kernel runs on the
    device, which sets no floating-point flags (inf - inf in a mean is a quiet NaN)."""
    def call(*args: Any, **kwargs: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(*args, **kwargs)

    call.__name__ = fn.__name__
    return call


class _Ufunc:
    """A NumPy ufunc over stand-in arrays, with the methods CuPy's ufuncs have."""

    def __init__(self, uf: np.ufunc) -> None:
        self._uf = uf
        self.__name__ = f"cupy_{uf.__name__}"  # CuPy's names
        self.nin, self.nout = uf.nin, uf.nout
        self._kind = "matmul" if uf.__name__ == "matmul" else "elementwise"  # (cuBLAS)
        self._bfloat16 = BFLOAT16 is None or uf.__name__ in BFLOAT16_UFUNCS  # (a loop)
        self._run = _matmul_as_cupy if uf.__name__ == "matmul" else uf
        self.outer = _wrapped(uf.outer, "outer")
        for m, names in UFUNC_METHODS.items():
            setattr(self, m, _quiet(_wrapped(getattr(uf, m), m, kind=_kind_of(m)))
                    if uf.__name__ in names else
                    _unsupported(f"`cupy_{uf.__name__}.{m}` is not supported yet"))
        if uf.__name__ in AT_DTYPES:
            self.at = _atomic(self.at, uf.__name__)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        _operands(args[:self.nin])
        if not self._bfloat16:
            types = tuple(getattr(a, "dtype", None) for a in args[:self.nin])
            if BFLOAT16 in types:
                args = self._without_bfloat16(types, args)
        cap = _CURRENT.stream._capture
        if cap is None:
            _launch(self._kind)
            return _wrap(self._run(*_unwrap(args), **_unwrap(kwargs)))
        cap.check(self._uf.__name__, args, kwargs)
        out = _wrap(self._run(*_unwrap(args), **_unwrap(kwargs)))
        cap.record(lambda: self._run(*_unwrap(args), **_unwrap(kwargs)), out, (args, kwargs))
        return out

    def _without_bfloat16(self, types: tuple, args: tuple) -> tuple:
        """The operands as CuPy gives them to a ufunc with no bfloat16 loop: cast to its
        first loop that takes them, or refused."""
        wider = _BFLOAT16_CAST.get(self._uf.__name__)
        if wider is None:
            raise TypeError(f"Wrong type ({types}) of arguments for {self.__name__}")
        return tuple(a.astype(wider) if getattr(a, "dtype", None) == BFLOAT16 else a
                     for a in args[:self.nin]) + args[self.nin:]


# The ufuncs without a bfloat16 loop that CuPy 14.2 runs on bfloat16 operands, and the
# type it casts them to (the others raise TypeError)
_BFLOAT16_CAST = {"divmod": np.float32, "float_power": np.float64,
                  "logical_not": np.float32, "logical_xor": np.float32}


@in_tf32
def _matmul_as_cupy(a: Any, b: Any, **kwargs: Any) -> Any:
    """NumPy's matmul as CuPy's (see _bfloat16_product; a batch of bfloat16 products is
    refused, as CuPy 14.2 does)."""
    _no_bfloat16_batch(a, b)
    out = np.matmul(a, b, **kwargs)
    return out if "out" in kwargs or "dtype" in kwargs else _bfloat16_product(a, b, out)


def _bfloat16_product(a: Any, b: Any, out: Any) -> Any:
    """NumPy's product `out` of `a` and `b` as CuPy gives it: of two bfloat16 arrays, a
    bfloat16 array (cuBLAS adds in float32 and rounds once; NumPy with ml_dtypes gives
    the float32)."""
    if a.dtype == BFLOAT16 and getattr(b, "dtype", None) == BFLOAT16 and \
            out.dtype != BFLOAT16:
        return out.astype(BFLOAT16)
    return out


_FLOAT_AT = {"maximum": np.fmax, "minimum": np.fmin}


def _atomic(at: Any, name: str) -> Any:
    """`ufunc.at` as CuPy's: its array of a dtype its atomic kernel takes, else TypeError."""
    kinds = AT_DTYPES[name]
    words = ", ".join(kinds)

    def call(a: Any, indices: Any, b: Any = None) -> Any:
        if a.dtype.name not in kinds:
            raise TypeError(f"cupy.{name}.at only supports {words} as data type")
        if name in ("maximum", "minimum") and a.dtype.kind == "f":
            # (CuPy's atomic max and min of floats compare with fmaxf/fminf: a double is
            # rounded to float, and a NaN loses to a number)
            raw, where = a._a, _unwrap(indices)
            single = raw.astype(np.float32)
            _FLOAT_AT[name].at(single, where, np.asarray(_unwrap(b), np.float32))
            touched = np.zeros(raw.shape, bool)
            touched[where] = True
            raw[touched] = single[touched]
            _launch("scatter")
            return None
        return at(a, indices, b)

    call.__name__ = "at"
    return call


def _unsupported(message: str) -> Any:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(message)
    return refuse


def _asarray(a: Any, dtype: Any = None, order: Any = None, *, copy: Any = None,
             blocking: bool = False) -> StrictArray:
    """CuPy's asarray: host data (NumPy arrays included) is copied onto the device."""
    if type(a) is StrictArray:
        out = a._a if dtype is None else convert.float_to_int(a._a, dtype) \
            if convert.converts_float_to_int(a._a.dtype, dtype) else a._a.astype(dtype, copy=False)
        if out is a._a:
            return a
        res = StrictArray(out)
        _launched_or_recorded(lambda: a._a.astype(dtype), res, a)
        return res
    host = np.array(_host_data(a), dtype=dtype, copy=True)
    _check_dtype(host.dtype)
    _count("to_device")
    return StrictArray(host)


def _array(obj: Any, dtype: Any = None, copy: bool = True, order: str = "K", subok: bool = False,
           ndmin: int = 0, *, blocking: bool = False) -> StrictArray:
    """CuPy's array: a copy on the current device (from the host or any device)."""
    src = obj._a if type(obj) is StrictArray else _host_data(obj)
    if type(obj) is not StrictArray:
        _count("to_device")
    host = np.array(src, dtype=dtype, copy=True, order=order, ndmin=ndmin)
    _check_dtype(host.dtype)
    res = StrictArray(host)
    if type(obj) is StrictArray:  # (a copy on the device: captured as any kernel)
        _launched_or_recorded(lambda: np.array(obj._a, dtype=dtype, order=order, ndmin=ndmin),
                              res, obj)
    return res


def _host_data(a: Any) -> Any:
    if type(a) in (list, tuple):
        return [_host_data(v) for v in a]
    return a._a if type(a) is StrictArray else a


def _from_dlpack(x: Any, *, device: Any = None, copy: Any = None) -> StrictArray:
    """CuPy's from_dlpack: a device array over a CUDA capsule's memory, on its device."""
    a, index = strict_dlpack.take(x)
    _check_dtype(a.dtype)
    return StrictArray(a, index)


def _asnumpy(a: Any, stream: Any = None, order: str = "C", out: Any = None,
             blocking: bool = True) -> np.ndarray:
    return a.get() if type(a) is StrictArray else np.asarray(a)


# The CUDA library behind a namespace's functions on CuPy (refused while capturing): by
# namespace, or by (namespace, function) where a function is no library call.
_LIBRARY_OF = {"strict.linalg": "cuSOLVER", "strict.random": "cuRAND",
               ("strict.linalg", "norm"): None, ("strict.linalg", "cross"): None,
               ("strict.linalg", "matrix_transpose"): None, ("strict.linalg", "matmul"): None}


class _Namespace(types.SimpleNamespace):
    """A module-like object: the names CuPy has, made over NumPy's on first use."""

    def __init__(self, name: str, source: Any, functions: frozenset, **submodules: Any) -> None:
        super().__init__(**submodules)
        self.__name__ = name
        self._source = source
        self._functions = functions

    def __getattr__(self, name: str) -> Any:
        if name not in self._functions and name not in SHARED:
            raise AttributeError(f"module '{self.__name__}' has no attribute '{name}' (CuPy "
                                 f"has none)")
        target = getattr(self._source, name)
        if isinstance(target, np.ufunc) or type(target).__name__ == "ufunc":
            value = _Ufunc(target)
        elif name in SHARED and self._source is np:
            value = target
        elif callable(target) and not isinstance(target, type):
            kind = _kind_of(name, self.__name__)
            if name in CUBLAS:
                target = in_tf32(target)
            wrapped = _wrapped(target, name, library=_LIBRARY_OF.get(
                (self.__name__, name), _LIBRARY_OF.get(self.__name__)), kind=kind)
            value = _quiet(wrapped) if kind == "reduction" else _library(wrapped)
        else:
            value = target
        setattr(self, name, value)
        return value


# (cuSOLVER's signs: strict_cusolver.py)
_LINALG = _Namespace("strict.linalg", np.linalg, LINALG,
                     svd=_library(_wrapped(cusolver.svd, "svd", library="cuSOLVER",
                                           kind="library")),
                     eigh=_library(_wrapped(cusolver.eigh, "eigh", library="cuSOLVER",
                                            kind="library")))

# (cuSOLVER's LU, which CuPy keeps in cupyx.scipy.linalg: backend.lu_factor)
_GETRF = _library(_wrapped(cusolver.getrf, "getrf", library="cuSOLVER", kind="library"))
# (cuSPARSE's tridiagonal solvers, which CuPy binds in cupy_backends: backend.gtsv)
_GTSV = _library(_wrapped(cusparse.gtsv, "gtsv2", library="cuSPARSE", kind="library"))


def _on_current_device(a: StrictArray) -> None:
    if a._device != _CURRENT.device:
        raise ValueError(f"The device where the array resides ({a._device}) is different "
                         f"from the current device ({_CURRENT.device}).")


def _kernel_launched(run: Any, results: list, args: tuple) -> None:
    """An ElementwiseKernel's launch: counted, or recorded by the stream's capture (its
    replay runs the kernel into the same outputs)."""
    cap = _CURRENT.stream._capture
    if cap is None:
        _launch("kernel")
        return
    for r in results:
        if any(r is a for a in args):  # (outputs given: written over)
            cap.written(r)
    cap.record(run, results, (args,))


class ElementwiseKernel(strict_cuda.ElementwiseKernel):
    """cupy.ElementwiseKernel on the stand-in's devices (backend/strict_cuda.py runs its
    CUDA C over the arrays' NumPy data)."""

    _device = (lambda a: type(a) is StrictArray, lambda a: a._a, StrictArray,
               _on_current_device, _kernel_launched)


class ReductionKernel(strict_cuda.ReductionKernel):
    """cupy.ReductionKernel on the stand-in's devices (see backend/strict_cuda.py)."""

    _device = ElementwiseKernel._device


xp = _Namespace(
    "strict", np, FUNCTIONS,
    linalg=_LINALG,
    fft=_Namespace("strict.fft", np.fft, FFT),
    random=_Namespace("strict.random", np.random, RANDOM),
    lib=types.SimpleNamespace(stride_tricks=_Namespace(
        "strict.lib.stride_tricks", np.lib.stride_tricks, STRIDE_TRICKS)),
    ndarray=StrictArray, asarray=_asarray, array=_array, asnumpy=_asnumpy,
    from_dlpack=_from_dlpack,
    ElementwiseKernel=ElementwiseKernel, ReductionKernel=ReductionKernel,
)


class _CudaSpecial:
    """scipy.special with the values CuPy's kernels compute where SciPy's differ."""

    def __init__(self, sp: Any) -> None:
        self._sp = sp

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sp, name)

    def gammaln(self, x: Any) -> Any:
        """CUDA's lgamma (CuPy's gammaln, and TF's GPU Lgamma through Eigen): -log|x|
        for |x| this small, subnormal doubles too (lgamma(5e-324) is 744.44), where
        SciPy's gives inf for them. (A float's subnormals are normal doubles to SciPy.)"""
        out = self._sp.gammaln(x)
        x = np.asarray(x)
        if x.dtype != np.float64:
            return out
        tiny = (x != 0) & (np.abs(x) < np.finfo(np.float64).tiny)
        if not tiny.any():
            return out
        with np.errstate(divide="ignore"):
            return np.where(tiny, -np.log(np.abs(x)), out)


class StrictBackend(DeviceBackend):
    """The stand-in posing as GPUs: each array lives on one of `count` devices."""

    name = "strict"
    array_type = StrictArray
    holds_bfloat16 = BFLOAT16 is not None

    def __init__(self) -> None:
        super().__init__(xp)
        self.count = 0  # set by find_gpus' caller: how many devices it poses as
        self.peak: dict = {}
        self._special: Any = None
        self._blas: CapturedBlas | None = None

    cuda = types.SimpleNamespace(Stream=Stream, Graph=Graph)

    def device_count(self) -> int:
        return self.count

    def capability(self, index: int) -> int:
        return 90  # (an H100's, sm_90: TensorFloat-32 and bfloat16 convolutions)

    def multiprocessors(self, index: int) -> int:
        return 132  # (an H100 SXM's, or an H200's)

    def set_tf32(self, on: bool) -> None:
        set_mode(on)

    def activate(self, index: int) -> None:
        _CURRENT.device = index

    def current(self) -> int:
        return _CURRENT.device

    def capturing(self) -> bool:
        return _CURRENT.stream.is_capturing()

    def stream_ptr(self) -> int:
        return _CURRENT.stream.ptr

    def captured_blas(self) -> CapturedBlas:
        if self._blas is None:
            self._blas = CapturedBlas(Cublas(lambda: _CURRENT.stream, BFLOAT16), BFLOAT16)
        return self._blas

    def holds(self, arr: Any, index: int) -> bool:
        return type(arr) is StrictArray and arr._device == index

    def to_device(self, arr: Any, index: int) -> Any:
        if type(arr) is StrictArray:  # between devices (NCCL's or a peer copy)
            host = arr._a
        else:
            host = to_host(arr)
            _count("to_device")
        _check_dtype(host.dtype)
        res = StrictArray(host.copy(), index)
        if type(arr) is StrictArray:
            _launched_or_recorded(lambda: arr._a, res, arr)
        return res

    def result(self, out: Any, index: int) -> Any:
        if type(out) is StrictArray:
            return out
        if type(out) is np.ndarray:
            raise TypeError(f"a kernel on the stand-in GPU returned a NumPy array "
                            f"({out.dtype}{list(out.shape)}): it left `xp`")
        if is_scalar(out):
            _count("to_device")  # (a Python number computed on the host)
            return StrictArray(np.asarray(out), index)
        return out  # not an array (a loop's history, a handle): as it is

    def memory_info(self, index: int) -> dict:
        return {"current": 0, "peak": self.peak.get(index, 0)}

    def lu_factor(self, a: Any) -> tuple:
        return _GETRF(a)

    def gtsv(self, dl: Any, d: Any, du: Any, b: Any, pivoting: bool) -> Any:
        return _GTSV(dl, d, du, b, pivoting)

    def special(self) -> Any:
        """scipy.special's functions CuPy's cupyx.scipy.special has, over stand-in arrays."""
        if self._special is None:
            sp = scipy_special()
            if sp is None:
                return None
            self._special = _Namespace("strict.special", _CudaSpecial(sp), SPECIAL)
        return self._special

    def all_reduce(self, arrays: list, op: str = "sum") -> list:
        """NCCL's all-reduce as the stand-in does it: the sum (max, min) of one array per
        device written into each of them, in place."""
        if len({a._device for a in arrays}) != len(arrays):
            raise ValueError("all_reduce takes one array per device")
        fn = {"sum": np.add, "max": np.maximum, "min": np.minimum}[op]
        total = arrays[0]._a.copy()
        for a in arrays[1:]:
            fn(total, a._a, out=total)
        for a in arrays:
            a._a[...] = total
        return arrays


BACKEND = register(StrictBackend())
