"""File ops: tf.io.read_file, tf.io.write_file and tf.io.matching_files.

Ops layer. Both are stateful primitives (never folded or merged by graph passes)
so that they also run inside traced functions, e.g. in a dataset's map function.
`write_file` writes atomically (temporary file, flush, fsync, rename) and creates
missing parent folders, as TF does.
"""

from __future__ import annotations

import os
import struct
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.py_conversion import object_scalar, object_vector
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.io.file_errors import c_given, c_name, local_path, os_error
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_path
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.variables import Variable

tempfile = lazy_module("tempfile")  # on use: ~5 ms of `import eagerflow`
gfile = lazy_module("eagerflow._src.io.gfile")  # (MatchingFiles: its glob)
fnmatch = lazy_module("fnmatch")


def _scalar_string(op: str, what: str, x: Any) -> None:
    C.check_string(op, x)
    if x._shape is not None and len(x._shape) != 0:
        dims = ",".join(str(d) for d in x._shape)
        raise InvalidArgumentError(None, None, f"Input {what} tensor must be scalar, but had "
                                   f"shape: [{dims}] [Op:{op}]")


def file_path(a: Any) -> str:
    """A file name given to an op, whole: a local one's NUL and what follows are kept for
    its messages (the OS is given it up to the NUL: file_errors.local_path). A RAM name
    ends at the NUL (TF's RAM file system keys its files by the whole string, which its
    store here cannot hold)."""
    v = a[()] if isinstance(a, np.ndarray) else a
    name = os.fsdecode(v)
    return name.split("\0", 1)[0] if name.startswith("ram://") else name


# ---------------------------------------------------------------------------------------

def _read_infer(filename: Any) -> list:
    _scalar_string("ReadFile", "filename", filename)
    return [((), dt.string)]


def _read_kernel(xp: Any, filename: Any) -> np.ndarray:
    given = file_path(filename)
    path = local_path(given, op="ReadFile")
    try:
        with open(path, "rb") as f:
            return object_scalar(f.read())
    except OSError as e:
        # (TF's open names the file as given, a read the OS's name: "\\0a" reads "." and
        # fails ".; Is a directory"; a message's NUL ends it, as TF's eager message ends)
        raise os_error(e, path if isinstance(e, IsADirectoryError) else c_given(given, path),
                       "ReadFile") from None


def _read_ref(filename: np.ndarray) -> np.ndarray:
    data = b""
    with open(c_name(file_path(filename)), "rb") as f:
        while True:
            chunk = f.read(1)
            if not chunk:
                break
            data += chunk
    return object_scalar(data)


READ_FILE = register(OpDef(
    "ReadFile", _read_infer, _read_kernel, reference=_read_ref, stateful=True,
    samples=lambda: [Sample((object_scalar(os.fsencode(__file__)),), grad=False)],
    bad_samples=lambda: [
                BadSample((np.array([b"a", b"b"], dtype=object),), {}, InvalidArgumentError,
                          "must be scalar"),
                BadSample((np.float32(1.0),), {}, InvalidArgumentError, "string"),
            ],
))


def _write_infer(filename: Any, contents: Any) -> list:
    _scalar_string("WriteFile", "filename", filename)
    _scalar_string("WriteFile", "contents", contents)
    return []


def _uri_parent(uri: str) -> str:
    """A URI's folder as TF's io::Dirname gives it ("s3://b/x" -> "s3://b/")."""
    scheme, _, rest = uri.partition("://")
    host, _, name = rest.partition("/")
    return f"{scheme}://{host}{os.path.dirname('/' + name)}"


def _write_kernel(xp: Any, filename: Any, contents: Any) -> tuple:
    given = file_path(filename)
    # (TF makes the file's folder first: another scheme's error names that folder)
    path = local_path(given, _uri_parent(given) if "://" in given else None, "WriteFile")
    data = contents[()] if isinstance(contents, np.ndarray) else contents
    # (the folder of the name as given, then read by the OS up to a NUL: "wf\\0q/x" makes
    # the folder "wf" and then fails to write it as a file, as TF's)
    folder = os.path.dirname(os.path.abspath(path)) if "\0" not in given or \
        given.startswith("file://") else c_name(os.path.dirname(os.path.abspath(given)))
    tmp = None
    try:
        # (TF's RecursivelyCreateDir, for a folder not there: its error names the first
        # folder it could not make; a file there fails the write, naming the file)
        if not os.path.exists(folder):
            gfile.recursive_create_dir(folder, "WriteFile")
        if os.path.isdir(path):  # (TF's open of a folder; a rename over it would say
            raise IsADirectoryError(21, "Is a directory")  # "not empty" when it holds one)
        fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(bytes(data))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise os_error(e, c_given(given, path), "WriteFile") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return ()


def _write_ref(filename: np.ndarray, contents: np.ndarray) -> tuple:
    return ()


def _scratch_dir() -> str:
    """The temporary folder, found without importing tempfile where that is possible."""
    for var in ("TMPDIR", "TEMP", "TMP"):
        if os.environ.get(var):
            return os.environ[var]
    if os.name == "posix":
        return "/tmp"  # noqa: S108 - only the sample's output file goes there
    return tempfile.gettempdir()


_SAMPLE_OUT = os.path.join(_scratch_dir(), f"eagerflow_write_file_sample_{os.getpid()}")

WRITE_FILE = register(OpDef(
    "WriteFile", _write_infer, _write_kernel, reference=_write_ref, stateful=True,
    num_outputs=0,
    samples=lambda: [Sample((object_scalar(os.fsencode(_SAMPLE_OUT)), object_scalar(b"data")),
                            grad=False)],
    bad_samples=lambda: [
                BadSample((np.array([b"a"], dtype=object), object_scalar(b"x")), {},
                          InvalidArgumentError, "must be scalar"),
            ],
))


# ---------------------------------------------------------------------------------------
# decode_raw
# ---------------------------------------------------------------------------------------

# TF's DecodeRaw out_type list: no uint32/uint64
_RAW_TYPES = (dt.float16, dt.float32, dt.float64, dt.int8, dt.int16, dt.int32, dt.int64,
              dt.uint8, dt.uint16, dt.complex64, dt.complex128, dt.bool, dt.bfloat16)


def _raw_infer(input_bytes: Any, *, out_type: dt.DType, little_endian: bool,
               fixed_length: int | None) -> list:
    if input_bytes._dtype is not dt.string:
        raise InvalidArgumentError(None, None, f"cannot compute DecodeRaw as input #0(zero-based) "
                                   f"was expected to be a string tensor but is a "
                                   f"{input_bytes._dtype.name} tensor [Op:DecodeRaw]")
    C.dtype_attr("DecodeRaw", out_type, "out_type")
    if out_type not in _RAW_TYPES:
        raise InvalidArgumentError(None, None, f"Value for attr 'out_type' of "
                                   f"{C.dtype_word(out_type)} is not in the list of allowed "
                                   "values: half, float, double, int32, uint16, uint8, int16, "
                                   "int8, int64, complex64, complex128, bool, bfloat16\n\t; "
                                   "NodeDef: {{node DecodeRaw}} [Op:DecodeRaw]")
    shape = input_bytes._shape
    if fixed_length is not None:
        if type(fixed_length) is not int:
            raise TypeError(f"Expected int for argument 'fixed_length' not {fixed_length!r}. "
                            "[Op:DecodeRaw]")
        width = np.dtype(out_type.as_numpy_dtype).itemsize
        if fixed_length % width:
            raise InvalidArgumentError(None, None, f"fixed_length ({fixed_length}) must be a "
                                       f"multiple of the size of out_type ({width}) "
                                       "[Op:DecodeRaw]")
        if fixed_length <= 0:
            raise InvalidArgumentError(None, None, f"fixed_length ({fixed_length}) must be "
                                       "greater than zero. [Op:DecodeRaw]")
        if shape is not None and None not in shape:
            out = tuple(shape) + (fixed_length // width,)
            check_finite_size("DecodeRaw", out, out_type)
            return [(out, out_type)]
    return [(None if shape is None else tuple(shape) + (None,), out_type)]


def _check_raw_sizes(sizes: list, width: int, out_type: dt.DType) -> None:
    """TF's DecodeRaw kernel's checks, in its order: every string the first one's size
    (it names the first that differs), then that size a multiple of the out_type's (named
    as TF's DataTypeString names it: double, half)."""
    for i, n in enumerate(sizes):
        if n != sizes[0]:
            raise InvalidArgumentError(None, None, "DecodeRaw requires input strings to all be "
                                       f"the same size, but element {i} has size {sizes[0]} "
                                       f"!= {n} [Op:DecodeRaw]")
    if sizes and sizes[0] % width:
        raise InvalidArgumentError(None, None, f"Input to DecodeRaw has length {sizes[0]} that "
                                   f"is not a multiple of {width}, the size of "
                                   f"{C.dtype_word(out_type)} [Op:DecodeRaw]")


def _raw_kernel(xp: Any, input_bytes: Any, *, out_type: dt.DType, little_endian: bool,
                fixed_length: int | None) -> np.ndarray:
    npd = np.dtype(out_type.as_numpy_dtype).newbyteorder("<" if little_endian else ">")
    items = np.asarray(input_bytes, dtype=object).reshape(-1)
    width = npd.itemsize
    if fixed_length is None:
        _check_raw_sizes([len(bytes(b)) for b in items], width, out_type)
    rows = []
    for b in items:
        b = bytes(b)
        if fixed_length is not None:
            b = b[:fixed_length].ljust(fixed_length, b"\0")
            b = b[:len(b) - len(b) % width]
        rows.append(np.frombuffer(b, dtype=npd).astype(npd.newbyteorder("="), copy=True))
    n = {len(r) for r in rows}
    # with no strings the row length comes from fixed_length alone (0 without it), as in TF
    count = n.pop() if n else (fixed_length // width if fixed_length is not None else 0)
    out = np.stack(rows) if rows else np.zeros((0, count), dtype=npd.newbyteorder("="))
    return out.reshape(np.asarray(input_bytes).shape + (count,))


def _raw_ref(input_bytes: np.ndarray, *, out_type: dt.DType, little_endian: bool,
             fixed_length: int | None) -> np.ndarray:
    code = {dt.float32: "f", dt.float64: "d", dt.int16: "h", dt.int32: "i", dt.int64: "q",
            dt.uint8: "B", dt.int8: "b", dt.uint16: "H", dt.uint32: "I", dt.uint64: "Q"}[out_type]
    size = struct.calcsize(code)
    rows = []
    for b in np.asarray(input_bytes, dtype=object).reshape(-1):
        n = len(b) // size
        rows.append(struct.unpack(("<" if little_endian else ">") + code * n, bytes(b)))
    out = np.array(rows, dtype=out_type.as_numpy_dtype)
    return out.reshape(np.asarray(input_bytes).shape + (out.shape[-1] if rows else 0,))


DECODE_RAW = register(OpDef(
    "DecodeRaw", _raw_infer, _raw_kernel, reference=_raw_ref,
    samples=lambda: [
        Sample((object_vector([b"\x01\x00\x02\x00", b"\xff\xff\x00\x01"]),),
               {"out_type": dt.int16, "little_endian": True, "fixed_length": None}, grad=False),
        Sample((object_vector([b"\x00\x00\x80?\x00\x00\x00@"]),),
               {"out_type": dt.float32, "little_endian": True, "fixed_length": None}, grad=False),
        Sample((object_vector([b"\x01\x02\x03\x04"]),),
               {"out_type": dt.int32, "little_endian": False, "fixed_length": None}, grad=False)],
    bad_samples=lambda: [
                BadSample((object_vector([b"\x01\x02\x03"]),),
                          {"out_type": dt.int16, "little_endian": True, "fixed_length": None},
                          InvalidArgumentError, "not a multiple"),
                BadSample((object_vector([b"\x01\x02", b"\x01\x02\x03\x04"]),),
                          {"out_type": dt.int16, "little_endian": True, "fixed_length": None},
                          InvalidArgumentError, "same size"),
            ],
    tf=TFForm(fixed={"fixed_length": None}),
))


# DecodePaddedRaw: each string cut or zero-padded to the fixed_length input (bytes)
_PAD = "DecodePaddedRaw"
_PADDED_TYPES = frozenset(_RAW_TYPES) - {dt.complex64, dt.complex128, dt.bool}
# its CPU kernels, as TF's NotFoundError lists them (none for half, though its OpDef takes it)
_PADDED_KERNELS = (dt.bfloat16, dt.int64, dt.int8, dt.int16, dt.uint8, dt.uint16, dt.int32,
                   dt.float64, dt.float32)


def _padded_infer(input_bytes: Any, *dyn: Any, out_type: dt.DType, little_endian: bool,
                  fixed_length: int | None) -> list:
    """(fixed_length: an attr where known when the op is built, else the last input)"""
    if input_bytes._dtype is not dt.string:
        raise C.wrong_input_dtype(_PAD, 0, dt.string, input_bytes._dtype)
    if dyn and dyn[0]._dtype is not dt.int32:
        raise C.wrong_input_dtype(_PAD, 1, dt.int32, dyn[0]._dtype)
    C.dtype_attr(_PAD, out_type, "out_type")
    if out_type not in _PADDED_TYPES:
        raise C.not_supported(_PAD, out_type, _PADDED_TYPES, "out_type")
    if out_type is dt.float16:
        raise C.no_kernel(_PAD, f"little_endian={str(bool(little_endian)).lower()}, "
                                "out_type=DT_HALF", _PADDED_KERNELS, "out_type")
    if not dyn and not (isinstance(fixed_length, (int, tuple)) and
                        not isinstance(fixed_length, bool)):
        raise TypeError(f"Expected int for argument 'fixed_length' not {fixed_length!r}. "
                        f"[Op:{_PAD}]")
    if not dyn and isinstance(fixed_length, int):
        AV.int_attr(_PAD, fixed_length, "fixed_length")  # (TF's input is an int32)
    k = dyn[0]._shape if dyn else np.shape(fixed_length)
    if k is not None and len(k) != 0:
        raise C.fail(_PAD, f"k must be scalar, got shape [{','.join(str(d) for d in k)}]")
    shape = input_bytes._shape
    if dyn or fixed_length is None:
        return [(None if shape is None else tuple(shape) + (None,), out_type)]
    n = _padded_length(fixed_length, out_type, zero=True)
    out = None if shape is None else tuple(shape) + (n // _width(out_type),)
    if out is not None:
        C.check_size(_PAD, out, out_type)
    return [(out, out_type)]


def _width(out_type: dt.DType) -> int:
    return np.dtype(out_type.as_numpy_dtype).itemsize


def _padded_length(fixed_length: Any, out_type: dt.DType, zero: bool = False) -> int:
    """(zero: a length of 0 passes, as TF's shape function takes it: its kernel refuses it)"""
    n = int(np.asarray(fixed_length).reshape(-1)[0])
    if n % _width(out_type):
        raise C.fail(_PAD, f"fixed_length ({n}) must be a multiple of the size of out_type "
                           f"({_width(out_type)})")
    if n < 0 or n == 0 and not zero:
        raise C.fail(_PAD, f"fixed_length ({n}) must be greater than zero.")
    return n


def _padded_kernel(xp: Any, input_bytes: Any, *dyn: Any, out_type: dt.DType,
                   little_endian: bool, fixed_length: int | None) -> np.ndarray:
    n = _padded_length(dyn[0] if dyn else fixed_length, out_type)
    C.check_size(_PAD, np.shape(input_bytes) + (n // _width(out_type),), out_type)
    return _raw_kernel(xp, input_bytes, out_type=out_type, little_endian=little_endian,
                       fixed_length=n)


def _padded_ref(input_bytes: np.ndarray, *dyn: Any, out_type: dt.DType, little_endian: bool,
                fixed_length: int | None) -> np.ndarray:
    n = int(dyn[0] if dyn else fixed_length)
    items = [bytes(b)[:n].ljust(n, b"\0") for b in np.asarray(input_bytes).reshape(-1)]
    return _raw_ref(object_vector(items).reshape(np.shape(input_bytes)), out_type=out_type,
                    little_endian=little_endian, fixed_length=None)


def _attr(v: np.ndarray) -> Any:
    return int(v) if v.ndim == 0 else tuple(v.reshape(-1).tolist())


def _padded(out_type: dt.DType, little_endian: bool, fixed_length: int | None) -> dict:
    return {"out_type": out_type, "little_endian": little_endian, "fixed_length": fixed_length}


DECODE_PADDED_RAW = register(OpDef(
    _PAD, _padded_infer, _padded_kernel, reference=_padded_ref, gpu=False,
    samples=lambda: [
        Sample((object_vector([b"\x01\x00\x02", b"\x03\x00\x04\x00\x05\x00"]),),
               _padded(dt.int16, True, 4), grad=False),
        Sample((object_vector([b"\x01\x02\x03\x04\x05"]),), _padded(dt.int32, False, 8),
               grad=False),
        Sample((object_vector([b"\x00\x00\x80?\x00"]).reshape(1, 1), np.array(4, np.int32)),
               _padded(dt.float32, True, None), grad=False)],
    bad_samples=lambda: [
        BadSample((object_vector([b"\x01\x02"]),), _padded(dt.int16, True, 3),
                  InvalidArgumentError, "must be a multiple of the size of out_type"),
        BadSample((object_vector([b"\x01\x02"]), np.array(0, np.int32)),
                  _padded(dt.int16, True, None), InvalidArgumentError,
                  "must be greater than zero"),
        BadSample((object_vector([b"\x01\x02"]), np.array([2], np.int32)),
                  _padded(dt.int16, True, None), InvalidArgumentError, "k must be scalar"),
        BadSample((object_vector([b"\x01\x02"]),), _padded(dt.complex64, True, 8),
                  InvalidArgumentError, "Value for attr 'out_type' of complex64")],
))


@dispatch_binding
@eager_api("input_bytes", "out_type:type")  # (a list or NumPy scalar: TF's slow path)
def decode_raw(input_bytes: Any, out_type: Any, little_endian: bool = True,
               fixed_length: Any = None, name: str | None = None) -> Any:
    """`tf.io.decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None)`:
    with a fixed_length, TF's DecodePaddedRaw."""
    t = _string_tensor(input_bytes, "input_bytes")
    if fixed_length is not None:
        if _state.graph is not None and not C.is_graph_tensor(fixed_length):
            _padded_shape_fn(t, fixed_length, dt.as_dtype(out_type), bool(little_endian), name)
        n = convert_to_tensor(fixed_length, dtype=dt.int32)
        known = isinstance(n, EagerTensor)  # a graph's tensor: its value at run time
        try:
            return bind(DECODE_PADDED_RAW, (t,) if known else (t, n), _padded(
                dt.as_dtype(out_type), bool(little_endian),
                _attr(n.numpy()) if known else None), name)
        except OpError as e:
            # (TF's wrapper takes its slow path, whose errors name no name, for bytes
            # given as a Python list; a Python fixed_length it converts on its fast path)
            if not isinstance(input_bytes, Tensor):
                slow_path(e)
            raise
    return bind(DECODE_RAW, (t,), {"out_type": dt.as_dtype(out_type),
                                   "little_endian": bool(little_endian),
                                   "fixed_length": None if fixed_length is None
                                   else int(fixed_length)}, name)


def _padded_shape_fn(t: Any, fixed_length: Any, out_type: dt.DType, little_endian: bool,
                     name: str | None) -> None:
    """TF's shape function of a DecodePaddedRaw node, as a graph is built, on a fixed_length
    known then (a constant): a negative one, or one no multiple of out_type's size, is its
    ValueError naming the node and its inputs."""
    n = np.asarray(fixed_length)
    if n.ndim != 0 or n.dtype.kind not in "iu" or out_type not in _PADDED_TYPES:
        return  # (the op's own checks answer)
    n, width = int(n), _width(out_type)
    if n < 0:
        reason = f"Dimension size, given by scalar input 1, must be non-negative but is {n}"
    elif n % width:
        reason = f"Dimension size must be evenly divisible by {width} but is {n}"
    else:
        return
    node = _state.graph.unique_name(name or _PAD, mark=False)
    x = t.name[:-2] if C.is_graph_tensor(t) and t.name.endswith(":0") else \
        getattr(t, "name", f"{node}/input_bytes") if C.is_graph_tensor(t) else \
        f"{node}/input_bytes"
    dims = "?" if t._shape is None else C.shape_str(t._shape)
    raise ValueError(f"{reason} for '{{{{node {node}}}}} = {_PAD}[little_endian="
                     f"{str(little_endian).lower()}, out_type={C.dt_enum(out_type)}]({x}, "
                     f"{node}/fixed_length)' with input shapes: {dims}, [] and with computed "
                     f"input tensors: input[1] = <{n}>.")


def _string_tensor(value: Any, what: str) -> Any:
    t = value if isinstance(value, EagerTensor) or hasattr(value, "_shape") and not isinstance(
        value, (str, bytes)) else None
    if t is None:
        if isinstance(value, os.PathLike):
            value = os.fspath(value)
        t = convert_to_tensor(value, dtype=dt.string)
    return t


@eager_api("filename")
def read_file(filename: Any, name: str | None = None) -> Any:
    """`tf.io.read_file(filename)`: a file's whole contents as a scalar string tensor."""
    return bind(READ_FILE, (_string_tensor(filename, "filename"),), {}, name)


@eager_api("filename", "contents")
def write_file(filename: Any, contents: Any, name: str | None = None) -> None:
    """`tf.io.write_file(filename, contents)`: writes a scalar string to a file."""
    bind(WRITE_FILE, (_string_tensor(filename, "filename"), _string_tensor(contents, "contents")),
         {}, name)
    return None


# ---------------------------------------------------------------------------------------
# MatchingFiles: the files a glob pattern (or each of a vector of them) names, each
# pattern's matches sorted, in pattern order. Stateful: the file system changes.
# ---------------------------------------------------------------------------------------

def _matching_infer(pattern: Any) -> list:
    C.check_string("MatchingFiles", pattern)
    if pattern._shape is not None and len(pattern._shape) > 1:
        raise C.fail("MatchingFiles", f"Input patterns tensor must be scalar or vector, but had "
                                      f"shape: {C.shape_str(pattern._shape)}")
    return [((None,), dt.string)]


def _matching_kernel(xp: Any, pattern: Any) -> np.ndarray:
    found = [os.fsencode(p) for a in np.asarray(pattern, dtype=object).reshape(-1)
             for p in gfile.matches(file_path(a), op="MatchingFiles")]
    out = np.empty(len(found), dtype=object)
    out[:] = found
    return out


def _matching_ref(pattern: np.ndarray) -> np.ndarray:
    """By listing each pattern's folder and matching names with fnmatch (one level)."""
    found = []
    for a in pattern.reshape(-1):
        folder, leaf = os.path.split(os.fsdecode(bytes(a)))
        names = os.listdir(folder or ".") if os.path.isdir(folder or ".") else []
        found += sorted(os.fsencode(os.path.join(folder or ".", n)) for n in names
                        if fnmatch.fnmatchcase(n, leaf))
    out = np.empty(len(found), dtype=object)
    out[:] = found
    return out


def _here(leaf: str) -> bytes:
    return os.fsencode(os.path.join(os.path.dirname(os.path.abspath(__file__)), leaf))


MATCHING_FILES = register(OpDef(
    "MatchingFiles", _matching_infer, _matching_kernel, reference=_matching_ref,
    stateful=True, gpu=False,
    samples=lambda: [Sample((object_scalar(_here("io_op?.py")),), grad=False),
                     Sample((np.array([_here("random_*.py"), _here("no_such_*")],
                                      dtype=object),), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[_here("*.py")]], dtype=object),), {}, InvalidArgumentError,
                  "Input patterns tensor must be scalar or vector, but had shape: [1,1]"),
        BadSample((np.int32(1),), {}, InvalidArgumentError, "string")],
))


@eager_api("pattern")
def matching_files(pattern: Any, name: str | None = None) -> Any:
    """The files matching `pattern` (a glob; a vector of them: each one's matches in turn)."""
    return bind(MATCHING_FILES, (_string_tensor(pattern, "pattern"),), {}, name)


def match_filenames_once(pattern: Any, name: str | None = None) -> Variable:
    """tf.io.match_filenames_once: a non-trainable string variable holding the files that
    match `pattern` now (a glob or a vector of globs), of the matches' shape. As TF 2.21's
    eager variable, it is named "Variable" whatever `name` says."""
    return Variable(matching_files(pattern), trainable=False)
