"""String hashing into buckets: tf.strings.to_hash_bucket_fast / _strong / to_hash_bucket.

Ops layer. TF's bucket of a string is a 64-bit hash modulo the bucket count: farmhash's
Fingerprint64 for `_fast` (from pyfarmhash, which reproduces it), SipHash-2-4 keyed with
two 64-bit words for `_strong` (from siphashc), and for the legacy `to_hash_bucket` TF's
own Hash64, a MurmurHash64A with seed 0xDECAFCAFFE, written out here. The same hashes
number the out-of-vocabulary buckets of lookup tables and Keras' Hashing layers.
"""

from __future__ import annotations

import struct
from typing import Any, Callable

import farmhash
import numpy as np
import siphashc

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_inputs, wrapped_name
from eagerflow._src.ops.elementwise import as_fixed_type
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_MASK = (1 << 64) - 1
_M = 0xC6A4A7935BD1E995
_SEED = 0xDECAFCAFFE


def fingerprint64(s: bytes) -> int:
    """farmhash Fingerprint64 of a byte string (TF's Fingerprint64)."""
    return farmhash.fingerprint64(s)


def murmur64(data: bytes, seed: int = _SEED) -> int:
    """TF's Hash64: MurmurHash64A over little-endian 8-byte words."""
    n = len(data)
    h = (seed ^ (n * _M)) & _MASK
    whole = n - n % 8
    for (k,) in struct.iter_unpack("<Q", data[:whole]):
        k = (k * _M) & _MASK
        k ^= k >> 47
        k = (k * _M) & _MASK
        h = ((h ^ k) * _M) & _MASK
    tail = data[whole:]
    if tail:
        h ^= int.from_bytes(tail, "little")
        h = (h * _M) & _MASK
    h ^= h >> 47
    h = (h * _M) & _MASK
    return h ^ (h >> 47)


def murmur64_many(data: list, seed: int = _SEED) -> np.ndarray:
    """murmur64 of each byte string of `data`, as uint64: strings of one length at a
    time, word by word across them."""
    out = np.empty(len(data), np.uint64)
    lengths = np.fromiter(map(len, data), np.int64, len(data))
    m, r = np.uint64(_M), np.uint64(47)
    for n in np.unique(lengths).tolist():
        at = np.flatnonzero(lengths == n)
        rows = np.frombuffer(b"".join([data[i] for i in at.tolist()]), np.uint8)
        rows = rows.reshape(len(at), n)
        whole = n - n % 8
        h = np.full(len(at), (seed ^ (n * _M)) & _MASK, np.uint64)
        words = np.ascontiguousarray(rows[:, :whole]).view("<u8")
        for k in words.T:  # (uint64 arrays wrap round silently, as C's arithmetic)
            k = k * m
            k ^= k >> r
            h = (h ^ (k * m)) * m
        if n % 8:
            tail = np.zeros(len(at), np.uint64)
            for i in range(n % 8):
                tail |= rows[:, whole + i].astype(np.uint64) << np.uint64(8 * i)
            h = (h ^ tail) * m
        h ^= h >> r
        h *= m
        out[at] = h ^ (h >> r)
    return out


def _buckets(values: np.ndarray, hash_fn: Callable, num_buckets: int) -> np.ndarray:
    out = np.empty(values.shape, np.int64)
    flat = out.reshape(-1)
    for i, s in enumerate(values.reshape(-1)):
        flat[i] = hash_fn(s) % num_buckets
    return out


def _num_buckets(op: str, n: Any) -> None:
    if type(n) is not int:
        raise TypeError(f"Expected int for argument 'num_buckets' not {n!r}.")
    if n > 2**63 - 1:  # an int64 attr
        raise C.fail(op, f"Value for attr 'num_buckets' of {n} does not fit in an int64")
    C.attr_at_least(op, "num_buckets", n, 1)


def _fast_infer(x: Any, *, num_buckets: int) -> list:
    C.check_string("StringToHashBucketFast", x)
    _num_buckets("StringToHashBucketFast", num_buckets)
    return [(x._shape, dt.int64)]


def _legacy_infer(x: Any, *, num_buckets: int) -> list:
    C.check_string("StringToHashBucket", x)
    _num_buckets("StringToHashBucket", num_buckets)
    return [(x._shape, dt.int64)]


def _strong_infer(x: Any, *, num_buckets: int, key: tuple) -> list:
    op = "StringToHashBucketStrong"
    C.check_string(op, x)
    _num_buckets(op, num_buckets)
    if _state.graph is None:  # (traced, TF's kernel checks the key when the graph runs)
        _check_key(key)
    return [(x._shape, dt.int64)]


def _check_key(key: Any) -> None:
    if not isinstance(key, (tuple, list)) or len(key) != 2 or \
            not all(type(k) is int and 0 <= k <= _MASK for k in key):
        raise C.fail("StringToHashBucketStrong", "Key must have 2 elements")


def _strong_kernel(xp: Any, x: Any, num_buckets: int, key: tuple) -> np.ndarray:
    _check_key(key)
    return _buckets(x, _siphash(key), num_buckets)


def _siphash(key: tuple) -> Callable:
    packed = struct.pack("<QQ", *key)
    return lambda s: siphashc.siphash(packed, s)


_WORDS = np.array([[b"hello", b""], [b"Hello World", b"caf\xc3\xa9 au lait, s'il vous"]],
                  dtype=object)


def _ref(hash_fn: Callable) -> Callable:
    def ref(x: np.ndarray, num_buckets: int, **kw: Any) -> np.ndarray:
        f = hash_fn(kw["key"]) if "key" in kw else hash_fn
        return np.array([f(s) % num_buckets for s in x.reshape(-1)],
                        np.int64).reshape(x.shape)
    return ref


def _bad(attrs: dict) -> list:
    return [BadSample((np.array([1, 2]),), attrs, C.InvalidArgumentError,
                      "expected to be a string tensor"),
            BadSample((_WORDS,), {**attrs, "num_buckets": 0}, C.InvalidArgumentError,
                      "must be at least minimum 1")]


STRING_TO_HASH_BUCKET_FAST = register(OpDef(
    "StringToHashBucketFast", _fast_infer,
    lambda xp, x, num_buckets: _buckets(x, fingerprint64, num_buckets),
    reference=_ref(fingerprint64),  # (the independent check is TF's values: tests/ragged)
    gpu=False, samples=lambda: [
        Sample((_WORDS,), {"num_buckets": 2**62}, grad=False),
        Sample((_WORDS[0],), {"num_buckets": 7}, grad=False)],
    bad_samples=lambda: _bad({"num_buckets": 10}),
))

STRING_TO_HASH_BUCKET_STRONG = register(OpDef(
    "StringToHashBucketStrong", _strong_infer,
    _strong_kernel,
    reference=_ref(_siphash),
    gpu=False, samples=lambda: [
        Sample((_WORDS,), {"num_buckets": 2**62, "key": (1, 2)}, grad=False),
        Sample((_WORDS[1],), {"num_buckets": 10, "key": (0xDECAFCAFFE, 7)}, grad=False)],
    bad_samples=lambda: _bad({"num_buckets": 10, "key": (1, 2)}) + [
        BadSample((_WORDS,), {"num_buckets": 10, "key": (1,)}, C.InvalidArgumentError,
                  "Key must have 2 elements")],
))

STRING_TO_HASH_BUCKET = register(OpDef(
    "StringToHashBucket", _legacy_infer,
    lambda xp, x, num_buckets: (murmur64_many(x.reshape(-1).tolist()) % np.uint64(num_buckets))
    .astype(np.int64).reshape(x.shape),
    reference=_ref(murmur64),
    gpu=False, samples=lambda: [
        Sample((_WORDS,), {"num_buckets": 2**62}, grad=False)],
    bad_samples=lambda: _bad({"num_buckets": 10}),
))


def _strings(x: Any, op: str, arg: str = "input", slow: bool = False) -> Tensor:
    """The op's string input; `slow`: an int attr TF's fast path does not take (a tensor,
    AV.fast_path_ints) sends its wrapper to the fallback, which converts a tensor too (one
    of another dtype: the conversion's ValueError, not the op's refusal)."""
    if isinstance(x, CompositeTensor):  # (TF's graph builder's refusal names the op)
        return as_fixed_type(x, dt.string, arg=(op, arg))
    return x if isinstance(x, Tensor) and not slow else convert_to_tensor(x, dtype=dt.string)


@dispatchable
@slow_inputs("input")
def to_hash_bucket_fast(input: Any, num_buckets: int,  # noqa: A002
                        name: str | None = None) -> Tensor:
    """`tf.strings.to_hash_bucket_fast`: Fingerprint64(s) % num_buckets."""
    attrs = AV.wrapper_attrs("StringToHashBucketFast", num_buckets=num_buckets)
    x = _strings(input, "StringToHashBucketFast", slow=not AV.fast_path_ints(num_buckets))
    return bind(STRING_TO_HASH_BUCKET_FAST, (x,), attrs, name)


@dispatchable
@slow_inputs("input")
def to_hash_bucket_strong(input: Any, num_buckets: int, key: Any,  # noqa: A002
                          name: str | None = None) -> Tensor:
    """`tf.strings.to_hash_bucket_strong`: SipHash-2-4 keyed by `key` (two ints), modulo."""
    attrs = AV.wrapper_attrs("StringToHashBucketStrong", num_buckets=num_buckets, key=key)
    attrs["key"] = tuple(k & _MASK for k in attrs["key"])  # TF's int64 attr, as uint64
    # (a list attr's items too: one that is no Python int sends the wrapper to its fallback)
    slow = not AV.fast_path_ints(num_buckets, *(key if isinstance(key, (list, tuple)) else ()))
    x = _strings(input, "StringToHashBucketStrong", slow=slow)
    return bind(STRING_TO_HASH_BUCKET_STRONG, (x,), attrs, name)


@dispatchable
@binds_first
@slow_inputs("input")
def to_hash_bucket(input: Any, num_buckets: int, name: str | None = None) -> Tensor:  # noqa: A002
    """`tf.strings.to_hash_bucket` (legacy): TF's Hash64 % num_buckets."""
    attrs = {"num_buckets": AV.make_int(num_buckets, "num_buckets")}
    x = _strings(input, "StringToHashBucket", "string_tensor", not AV.fast_path_ints(num_buckets))
    return bind(STRING_TO_HASH_BUCKET, (x,), attrs, name)


# ---------------------------------------------------------------------------------------
# Fingerprint: farmhash Fingerprint64 of each row's bytes (of a row of strings, of the
# strings' own fingerprints, concatenated), as 8 little-endian bytes.
# ---------------------------------------------------------------------------------------

def _unsupported_method(method: bytes) -> str:
    """TF's message naming a method given as bytes: its C string read as UTF-8, so cut at a
    NUL byte, and invalid UTF-8 is Python's UnicodeDecodeError of the whole message (its
    position counted from the eager function's prefix, as TF's)."""
    head = f"{{{{function_node {wrapped_name('Fingerprint')}_device_{CPU_DEVICE}}}}} "
    raw = head.encode() + b"Unsupported fingerprint method: " + method
    return raw.split(b"\0")[0].decode("utf-8")[len(head):]


def _fingerprint_infer(data: Any, *, method: str | bytes) -> list:
    if isinstance(method, bytes) and method != b"farmhash64":
        raise C.fail("Fingerprint", _unsupported_method(method))
    method = C.string_arg(method, "method")  # (a constant input of TF's op: bytes)
    if method != "farmhash64":  # (TF's kernel reads the method first)
        raise C.fail("Fingerprint", f"Unsupported fingerprint method: {method}")
    if data._shape is not None and len(data._shape) == 0:
        raise C.fail("Fingerprint", "`data` should have at least one dimension: []")
    return [(None if data._shape is None else (data._shape[0], 8), dt.uint8)]


def _row_fingerprint(row: np.ndarray) -> int:
    if row.dtype != object:
        return fingerprint64(np.ascontiguousarray(row).tobytes())
    if row.size == 1:
        return fingerprint64(bytes(row.reshape(-1)[0]))
    words = [fingerprint64(bytes(s)) for s in row.reshape(-1)]
    return fingerprint64(struct.pack(f"<{len(words)}Q", *words))


def _fingerprint_kernel(xp: Any, data: Any, *, method: str) -> np.ndarray:
    if data.shape[0] == 0:  # (no rows: no row length to reshape by)
        return np.zeros((0, 8), np.uint8)
    rows = np.asarray(data).reshape(data.shape[0], -1)
    fps = np.array([_row_fingerprint(r) for r in rows], np.uint64).reshape(-1)
    return fps.astype("<u8").view(np.uint8).reshape(data.shape[0], 8)


# TF 2.21's fingerprints of the samples (tf.fingerprint), by the sample's bytes.
_FP = {
    (np.array([[1, 2], [3, 4]], np.int32).tobytes(), "int32"):
        [[76, 18, 253, 133, 168, 204, 240, 10], [254, 162, 60, 240, 103, 244, 53, 255]],
    (b"abc|de", "object"):
        [[105, 243, 231, 116, 160, 179, 165, 36], [132, 252, 67, 60, 7, 51, 37, 253]],
    (b"a|bc", "object"): [[85, 27, 103, 37, 147, 177, 144, 87]],
    (b"|x", "object"):
        [[79, 64, 144, 47, 59, 106, 225, 154], [2, 104, 255, 236, 186, 253, 126, 193]],
    (np.array([[1.5, -0.0]], np.float16).tobytes(), "float16"):
        [[57, 42, 126, 30, 114, 72, 204, 150]],
    (np.array([[True, False]]).tobytes(), "bool"): [[236, 208, 118, 51, 144, 142, 61, 0]],
    (b"", "float32"): [[79, 64, 144, 47, 59, 106, 225, 154]] * 2,
}
_FP_SAMPLES = (np.array([[1, 2], [3, 4]], np.int32), np.array([b"abc", b"de"], dtype=object),
               np.array([[b"a", b"bc"]], dtype=object), np.array([b"", b"x"], dtype=object),
               np.array([[1.5, -0.0]], np.float16), np.array([[True, False]]),
               np.zeros((2, 0), np.float32))


def _fingerprint_ref(data: np.ndarray, method: str) -> np.ndarray:
    key = b"|".join(bytes(s) for s in data.reshape(-1)) if data.dtype == object else \
        data.tobytes()
    return np.array(_FP[(key, data.dtype.name)], np.uint8).reshape(data.shape[0], 8)


FINGERPRINT = register(OpDef(
    "Fingerprint", _fingerprint_infer, _fingerprint_kernel, reference=_fingerprint_ref,
    gpu=False, tf=TFForm(names={"method": "method"}),
    samples=lambda: [Sample((x,), {"method": "farmhash64"}, grad=False) for x in _FP_SAMPLES],
    bad_samples=lambda: [
        BadSample((np.int32(1),), {"method": "farmhash64"}, C.InvalidArgumentError,
                  "`data` should have at least one dimension: []"),
        BadSample((np.array([1]),), {"method": "md5"}, C.InvalidArgumentError,
                  "Unsupported fingerprint method: md5")],
))


@dispatch_binding
@eager_api("data", "method")  # (a Python string method: TF's op wrapper's slow path)
def fingerprint(data: Any, method: str = "farmhash64", name: str | None = None) -> Tensor:
    """`tf.fingerprint`: an 8-byte fingerprint of each row (slice along axis 0) of `data`."""
    data_given, data = data, convert_to_tensor(data)
    if not isinstance(method, (str, bytes)):  # (the op's string input #1, a scalar)
        # (a list for data sends TF's wrapper down its slow path, which converts a tensor
        # method to string too: another dtype is the conversion's ValueError)
        raw = wrapper_inputs.passed_raw(data_given)
        m = method if isinstance(method, Tensor) and not raw else \
            convert_to_tensor(method, dt.string)
        if m._dtype is not dt.string:
            raise C.wrong_input_dtype("Fingerprint", 1, dt.string, m._dtype)
        if m._shape != ():
            raise C.fail("Fingerprint", f"`method` should be a scalar string: "
                                        f"{C.shape_str(m._shape)}")
        method = C.known(m)
        method = method.numpy() if isinstance(method, Tensor) else method
    # (bytes go on as they are: the op's message names them as TF's does)
    method = method if isinstance(method, bytes) else C.string_arg(method, "method")
    return bind(FINGERPRINT, (data,), {"method": method}, name)
