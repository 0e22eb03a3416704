"""Fuzz machinery shared by tests/fuzz: guarded calls, outcome rules, value strategies.

`guarded(label, names, fn)` runs one call under three guards and classifies what
came out of it:

- a per-call timer (SIGALRM through `setitimer`): a call that runs past
  `CALL_SECONDS` is interrupted and reported as a hang;
- a memory cap: eagerflow's allocation limit (`check_finite_size`) is lowered to
  `MEM_CAP` for the call, so any output bigger than that must be refused with
  ResourceExhaustedError before it is allocated; the soft RLIMIT_AS is lowered to
  the current address space plus `VM_HEADROOM`, so an op that allocates without
  checking gets a MemoryError (reported) instead of eating the machine; and the
  peak RSS growth of the call (ru_maxrss) is measured and must stay under the cap;
- the exception rules: only `tf.errors.*`, TypeError and ValueError may escape,
  raised on purpose by eagerflow (the innermost frame is an eagerflow `raise`, not
  NumPy or an interpreter TypeError from a bad operand), and an OpError's message
  names the op.

Everything that breaks a rule raises `FuzzFailure` with the category, so a
hypothesis test shrinks it to a minimal case. `STATS` counts calls and outcomes;
tests/fuzz/conftest.py prints them at the end of the session.

The campaign size comes from the environment: `EAGERFLOW_FUZZ=long` (make fuzz)
multiplies the examples per target (`examples()`); the default is the short CI run.
"""

from __future__ import annotations

import collections
import functools
import linecache
import math
import os
import resource
import signal
import threading
import time
import warnings
from typing import Any, Callable

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import numpy as cpu_backend
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import errors as E
from eagerflow._src.core import tensor as T
from eagerflow._src.core.device import default_device

LONG = os.environ.get("EAGERFLOW_FUZZ", "") == "long"
# survey mode (EAGERFLOW_FUZZ_SURVEY=1): record every distinct failure and go on, to list
# them all at the end of the session instead of stopping at the first
SURVEY = bool(os.environ.get("EAGERFLOW_FUZZ_SURVEY"))
# a long run's examples per target, when set (EAGERFLOW_FUZZ_EXAMPLES=n): a survey over every
# target with a fresh seed in the time there is, where make fuzz's counts would take hours
EXAMPLES = int(os.environ.get("EAGERFLOW_FUZZ_EXAMPLES", "0"))
# odd inputs (EAGERFLOW_FUZZ_ODD=1): besides the small shapes and plain words, dims up to a
# few hundred (an array's elements capped at ODD_ELEMENTS, so that making one stays cheap),
# and strings of many scripts, emoji, NULs, invalid UTF-8 and a long one
ODD = bool(os.environ.get("EAGERFLOW_FUZZ_ODD"))
ODD_DIMS = [0, 1, 5, 17, 64, 255, 256, 1000]
ODD_ELEMENTS = 1 << 16
# CuPy compiles each new elementwise kernel on its first call (NVRTC, seconds each), so
# on a CUDA GPU a first call may take that long without hanging
_COMPILES = default_device().backend.name == "cupy"
CALL_SECONDS = float(os.environ.get("EAGERFLOW_FUZZ_CALL_SECONDS", "60" if _COMPILES else "5"))
MEM_CAP = 256 << 20          # bytes any one output may take while fuzzing
VM_HEADROOM = 2 << 30        # address space a call may add before malloc fails
RSS_SLACK = 64 << 20         # allocator noise on top of the cap

_EAGERFLOW_DIR = os.path.dirname(os.path.abspath(tf.__file__))


class FuzzFailure(AssertionError):
    """A call broke a robustness rule; `category` names the rule."""

    def __init__(self, category: str, label: str, detail: str) -> None:
        super().__init__(f"[{category}] {label}: {detail}")
        self.category = category


class CallTimeout(BaseException):
    """Raised by the alarm inside a call that ran too long (BaseException: not swallowed)."""


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.calls = 0
        self.outcomes: collections.Counter = collections.Counter()
        self.targets: set = set()
        self.peak_rss_growth = (0, "")
        self.slowest = (0.0, "")
        # the first call of each outcome that is no tf.errors class, TypeError or
        # ValueError (a NumPy exception class, TF's own AttributeError, ...): where to look
        # for an error TF may word otherwise
        self.first_plain: dict = {}
        # every (outcome, call) of those, with its count and the first one's place and
        # message (printed in a survey: what to ask TF about)
        self.plain: dict = {}
        self.failures: dict = {}
        # threads a call left running after it returned: their name -> the first call's label
        self.threads: dict = {}

    def left_threads(self, label: str, threads: list) -> None:
        with self.lock:
            for t in threads:
                self.threads.setdefault(f"{t.name} ({type(t).__name__}, daemon={t.daemon})",
                                        (label, t))

    def add(self, label: str, outcome: str, seconds: float, rss_growth: int,
            exc: BaseException | None = None) -> None:
        with self.lock:
            self.calls += 1
            self.outcomes[outcome] += 1
            if outcome not in ("ok", "TypeError", "ValueError") and not hasattr(E, outcome):
                self.first_plain.setdefault(outcome, label)
                if exc is not None:
                    seen = self.plain.setdefault(
                        (outcome, label), [0, f"{_deliberate(exc)[1]}: {exc}"[:240]])
                    seen[0] += 1
            self.targets.add(label)
            if rss_growth > self.peak_rss_growth[0]:
                self.peak_rss_growth = (rss_growth, label)
            if seconds > self.slowest[0]:
                self.slowest = (seconds, label)

    def as_dict(self) -> dict:
        """The counts as plain data (an xdist worker sends them to the controller)."""
        with self.lock:
            return {"calls": self.calls, "outcomes": dict(self.outcomes),
                    "targets": sorted(self.targets), "peak": list(self.peak_rss_growth),
                    "slowest": list(self.slowest), "first_plain": dict(self.first_plain),
                    "failures": {k: list(v) for k, v in self.failures.items()},
                    "plain": [[*k, *v] for k, v in self.plain.items()],
                    "threads": {k: [v[0], None] for k, v in self.threads.items()}}

    def merge(self, other: dict) -> None:
        """Adds another process's `as_dict()` counts to these."""
        with self.lock:
            self.calls += other["calls"]
            self.outcomes.update(other["outcomes"])
            self.targets.update(other["targets"])
            self.peak_rss_growth = max(self.peak_rss_growth, tuple(other["peak"]))
            self.slowest = max(self.slowest, tuple(other["slowest"]))
            for k, v in other.get("first_plain", {}).items():
                self.first_plain.setdefault(k, v)
            for outcome, label, n, text in other.get("plain", []):
                self.plain.setdefault((outcome, label), [0, text])[0] += n
            for k, v in other["failures"].items():
                self.failures.setdefault(k, tuple(v))
            for k, v in other.get("threads", {}).items():
                self.threads.setdefault(k, tuple(v))

    def summary(self) -> str:
        top = ", ".join(f"{k}: {v}" for k, v in self.outcomes.most_common(12))
        return (f"fuzz: {self.calls} calls over {len(self.targets)} targets; "
                f"largest RSS growth of one call {self.peak_rss_growth[0] >> 20} MiB "
                f"({self.peak_rss_growth[1]}; cap {MEM_CAP >> 20} MiB); "
                f"slowest call {self.slowest[0]:.2f}s "
                f"({self.slowest[1]}); outcomes: {top}"
                + "".join(f"\n  first {k}: {v}" for k, v in sorted(self.first_plain.items()))
                + "".join(f"\n  {k[0]} x{n} in {k[1]}: {text}"
                          for k, (n, text) in sorted(self.plain.items()) if SURVEY))


STATS = Stats()


def _failure_key(f: FuzzFailure) -> str:
    import re

    text = str(f).split("\n")[0]
    return re.sub(r"-?\d+", "N", re.sub(r"array\(.*", "", text))[:160]


def check(fn: Callable, *args: Any) -> Any:
    """Runs a property check; in survey mode a FuzzFailure is recorded, not raised."""
    try:
        return fn(*args)
    except FuzzFailure as f:
        if not SURVEY:
            raise
        with STATS.lock:
            key = _failure_key(f)
            if key not in STATS.failures:
                STATS.failures[key] = (str(f).split("\n")[0][:400],
                                       " ".join(repr(args).split())[:800])
        return None


def examples(short: int, long: int | None = None) -> int:
    """Examples per target: `short` in CI, `long` (default 40x) under `make fuzz`, or
    EAGERFLOW_FUZZ_EXAMPLES in a long run that sets it."""
    if not LONG:
        return short
    return EXAMPLES or (long if long is not None else short * 40)


def fuzz_settings(n: int) -> settings:
    # derandomize in CI so that the short run is the same every time; `make fuzz` runs a
    # fixed --hypothesis-seed and a random one.
    return settings(max_examples=n, deadline=None, database=None, derandomize=not LONG,
                    suppress_health_check=list(HealthCheck), print_blob=True)


# ---------------------------------------------------------------------------------------
# The guards.
# ---------------------------------------------------------------------------------------

def _vm_bytes() -> int:
    # (read as bytes through the descriptor: a text file's decoder costs more than the read,
    # once per guarded call)
    fd = os.open("/proc/self/statm", os.O_RDONLY)
    try:
        return int(os.read(fd, 256).split()[0]) * resource.getpagesize()
    finally:
        os.close(fd)


def _maxrss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _on_alarm(signum: int, frame: Any) -> None:
    raise CallTimeout()


class _Guard:
    """Timer, address-space cap and eagerflow allocation cap around one call."""

    def __init__(self) -> None:
        self.main = threading.current_thread() is threading.main_thread()

    def __enter__(self) -> _Guard:
        self.threads0 = set(threading.enumerate())
        self.saved_limit = list(cpu_backend.MEM_LIMIT)
        cpu_backend.MEM_LIMIT[:] = [MEM_CAP]
        self.rss0 = _maxrss()
        self.t0 = time.perf_counter()
        if self.main:
            self.old_rlimit = resource.getrlimit(resource.RLIMIT_AS)
            soft = _vm_bytes() + VM_HEADROOM
            hard = self.old_rlimit[1]
            if hard == resource.RLIM_INFINITY or soft < hard:
                resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
            self.old_handler = signal.signal(signal.SIGALRM, _on_alarm)
            signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
        return self

    def restore(self) -> None:
        """Stops the timer, puts the handler, RLIMIT_AS and the allocation cap back (again
        is harmless)."""
        if hasattr(self, "saved_limit"):
            cpu_backend.MEM_LIMIT[:] = self.saved_limit
        if self.main and hasattr(self, "old_handler"):
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old_handler)
            resource.setrlimit(resource.RLIMIT_AS, self.old_rlimit)

    def __exit__(self, *exc: Any) -> None:
        self.restore()
        self.seconds = time.perf_counter() - self.t0
        self.rss_growth = max(0, _maxrss() - self.rss0)
        self.left = [t for t in threading.enumerate() if t not in self.threads0 and t.is_alive()]


def _innermost(tb: Any) -> Any:
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb


def _deliberate(exc: BaseException) -> tuple[bool, str]:
    """Was `exc` raised by an eagerflow `raise` statement (not NumPy, not the interpreter)?"""
    tb = exc.__traceback__
    if tb is None:
        return False, "no traceback"
    inner = _innermost(tb)
    code = inner.tb_frame.f_code
    rel = os.path.relpath(code.co_filename, os.path.dirname(_EAGERFLOW_DIR))
    where = f"{rel}:{inner.tb_lineno}"
    if not os.path.abspath(code.co_filename).startswith(_EAGERFLOW_DIR + os.sep):
        return False, where
    # the raise may span lines; look a few lines up for the statement's start
    for k in range(0, 6):
        line = linecache.getline(code.co_filename, inner.tb_lineno - k).strip()
        if line.startswith("raise ") or " raise " in line or line.startswith("raise"):
            return True, where
        if k and (line.endswith(":") or not line):
            break
    return False, where


def _no_attribute(exc: BaseException) -> bool:
    """Was `exc` raised as checks.no_attribute words it: Python's AttributeError where TF's
    Python reads an argument's attribute unchecked (sparse.softmax of a dense tensor's
    indices, einsum's equation.replace, an image's get_shape), eagerflow's on purpose?"""
    if not _deliberate(exc)[0]:
        return False
    inner = _innermost(exc.__traceback__)
    line = linecache.getline(inner.tb_frame.f_code.co_filename, inner.tb_lineno)
    return "no_attribute(" in line


ALLOWED = (E.OpError, TypeError, ValueError)
_BAD_VALUE_ERRORS = (np.exceptions.AxisError, IndexError, KeyError)

# calls where TF 2.21 itself raises a bare AssertionError, which eagerflow raises on purpose
# to match: tf.range of bounds outside its dtype hierarchy (bool, int8, uint8, string), and
# tf.ragged.range's (of no dtype given: int32, int64, float32, float64 only)
# (and tnp.moveaxis of a destination past the rank: TF's assert on it,
# tnp.compress's of an axis past the rank, tnp.diag_indices's tf.range of an int8 n)
# (and tnp.cross of an axis given as an unsigned or bool scalar: TF's tf.range of it, in
# its permutation of the axis to the end; softmax_cross_entropy_with_logits' of a bool or
# 8-bit axis, or a list of bools, whose class axis TF moves last so)
# (and tnp.arange of a bool bound: TF's tf.range of it)
TF_ASSERTS = {"range", "ragged.range", "experimental.numpy.moveaxis", "experimental.numpy.arange",
              "experimental.numpy.compress", "experimental.numpy.diag_indices",
              "experimental.numpy.cross", "nn.softmax_cross_entropy_with_logits",
              "experimental.numpy.geomspace",  # (its moveaxis of the points' axis)
              # (the DCTs of types II-IV of a complex input: TF's bare assertion of a real
              # dtype, and so mdct, inverse_mdct and mfccs, which take types IV and II)
              "signal.dct", "signal.idct", "signal.mdct", "signal.inverse_mdct",
              "signal.mfccs_from_log_mel_spectrograms"}
# and a bare IndexError: tf.stack of no values along an axis other than 0 (TF's reads the
# first value's shape), ssim_multiscale of no power factors (TF's pops an empty list)
# (and tnp.cross of a scalar: TF's reads its shape's last item; tnp.swapaxes of an axis
# past the rank, tnp.stack of a tensor along one, tnp.diff of an axis below -rank: TF's
# assignment into a list of axes)
# (and ctc_loss of dense labels of rank below 2: TF's composite reads labels.shape[1])
TF_INDEX_ERRORS = {"stack", "image.ssim_multiscale", "experimental.numpy.cross",
                   "experimental.numpy.swapaxes", "experimental.numpy.stack",
                   "experimental.numpy.diff", "nn.ctc_loss",
                   "experimental.numpy.repeat"}  # (its guess of the shape: dims[axis])
# and NotImplementedError: lstsq of complex128 with a regularizer (TF's own refusal)
# (and tnp.size of an axis: TF's "axis argument is not supported"; dct/idct of an axis other
# than -1: TF's "axis must be -1. Got: 0")
TF_NOT_IMPLEMENTED = {"linalg.lstsq", "experimental.numpy.size", "signal.dct", "signal.idct"}
# and Python's own IndexError of TF's Python indexing a shape: tf.tensordot of axes past a
# tensor's rank, embedding_lookup of a scalar's params, dct/idct of a scalar, the
# tridiagonal functions' diagonals or rhs of too few dimensions (a scalar, a vector matrix);
# and the functions that look rows up in a table given as a list of shards, where TF's "div"
# partitioning reads each shard's row count: a scalar shard's IndexError (nce_loss,
# sampled_softmax_loss, the sparse lookups)
# (and strings.ngrams of a list pad_values, whose first two items TF's reads: an empty
# list's IndexError)
# (and linalg.lstsq of a matrix of fewer than two dimensions: TF's reads its last two;
# signal.frame of an axis past a signal's rank: TF's reads its outer dimensions' list;
# with_space_to_batch of no spatial_dims and no dilation_rate: TF's reads the first)
TF_SHAPE_READS = {"tensordot", "nn.embedding_lookup", "signal.dct", "signal.idct",
                  # (the N-D FFTs' rank of a scalar axes, axes.shape[0], and irfftnd's
                  # lengths of a scalar input, its dims' last)
                  "signal.fftnd", "signal.ifftnd", "signal.rfftnd", "signal.irfftnd",
                  # (eigh_tridiagonal's length of a scalar alpha, alpha.shape[0])
                  "linalg.eigh_tridiagonal",
                  "linalg.lstsq", "signal.frame", "nn.with_space_to_batch",
                  # (atrous_conv2d_transpose's channel check reads value's dims[3] first;
                  # ctc_loss's composite the logits' shape[2] and the labels' shape[1])
                  "nn.atrous_conv2d_transpose", "nn.ctc_loss",
                  "linalg.tridiagonal_solve", "linalg.tridiagonal_matmul", "nn.nce_loss",
                  "nn.sampled_softmax_loss", "nn.embedding_lookup_sparse",
                  "nn.safe_embedding_lookup_sparse", "strings.ngrams",
                  # (tnp's tensordot of axes past a rank, hstack of a tensor of no rows: TF's
                  # reads the first row)
                  "experimental.numpy.tensordot", "experimental.numpy.hstack",
                  # (and the tnp splits of a scalar into sections, tnp.split's boundaries
                  # along an axis below -rank: TF's reads its shape)
                  "experimental.numpy.vsplit", "experimental.numpy.hsplit",
                  "experimental.numpy.dsplit", "experimental.numpy.split",
                  # (and the colour conversions of a scalar image: TF's tensordot over its
                  # last axis reads the empty shape's)
                  "image.rgb_to_grayscale", "image.rgb_to_yiq", "image.yiq_to_rgb",
                  "image.rgb_to_yuv", "image.yuv_to_rgb",
                  # (sufficient_statistics' count of an axis past the rank: TF's reads its
                  # dim from the shape's dims)
                  "nn.sufficient_statistics"}
# (and tnp.split's boundaries along an axis past an index: Python's refusal of an int that
# no index holds, as TF's shape read; tridiagonal_matmul's compact diagonals of a NumPy
# array of too few dimensions, or a NumPy scalar: NumPy's own refusal of TF's d[..., 0, :])
_INDEXING = ("list index out of range", "tuple index out of range",
             "cannot fit 'int' into an index-sized integer", "too many indices for array",
             "invalid index to scalar variable")
# (and tridiagonal_matmul's compact diagonals of a NumPy array of fewer than 3 rows: NumPy's
# refusal of TF's d[..., 2, :], "index 2 is out of bounds for axis 0 with size 2")
TF_NUMPY_BOUNDS = {"linalg.tridiagonal_matmul"}
# and an UnboundLocalError: eig/eigvals of a dtype Eig refuses, where TF's Python picks the
# complex output dtype for the four it takes and leaves its local unset for the others
# (and inverse_mdct of a norm other than None or 'ortho': TF's leaves its result unset)
TF_UNBOUND = {"eig", "eigvals", "linalg.eig", "linalg.eigvals", "signal.inverse_mdct"}
# and an AttributeError of TF's Python reading an argument's dtype: safe_embedding_lookup_
# sparse of a string for its sparse arguments, moments of a Python x, the sampled losses
# of Python labels or inputs (wrapper_inputs.read_dtype), clip_by_global_norm of a Python use_norm
# (TF's reads use_norm.dtype after 1.0 / use_norm: "'bool' object has no attribute 'dtype'"),
# scalar_mul of a Python x (TF reads x.dtype first: "'list' object has no attribute 'dtype'"),
# image.psnr of a Python a (TF casts max_val to a.dtype first), eig/eigvals of anything
# without a dtype (TF picks the output dtype from `tensor.dtype` before converting)
# batch_normalization's cast of its factor to x.dtype (x as given), and so its global form
TF_DTYPE_READS = {"nn.safe_embedding_lookup_sparse", "nn.moments", "nn.nce_loss",
                  "nn.batch_normalization", "nn.batch_norm_with_global_normalization",
                  "nn.sampled_softmax_loss", "clip_by_global_norm", "scalar_mul",
                  "math.scalar_mul", "image.psnr", "eig", "eigvals", "linalg.eig",
                  "linalg.eigvals"}
# and a ZeroDivisionError of TF's Python dividing by an argument it takes as given:
# clip_by_global_norm's 1.0 / use_norm of a Python 0 or False (TF 2.21's "float division by
# zero", before it reads use_norm.dtype)
# (and quantize/dequantize's axis % rank of a scalar input: "integer modulo by zero", and
# quantize_and_dequantize's)
TF_ZERO_DIVISIONS = {"clip_by_global_norm", "quantization.quantize", "quantization.dequantize",
                     "quantization.quantize_and_dequantize",
                     "quantization.quantize_and_dequantize_v2"}
# and where TF's Python reads another attribute of an argument it takes as given:
# sparse.mask's `a`, an IndexedSlices whose .indices it reads first (None, a tensor, a list:
# "'list' object has no attribute 'indices'"), and so do the sparse reductions of their
# sp_input; assert_same_float_dtype's tensors' .dtype and
# its .base_dtype (a NumPy array's items), and a dtype given as a string's .is_floating
# the tnp splits' argument, whose .shape TF's reads when given a number of sections ("'list'
# object has no attribute 'shape'")
_SHAPE = ("has no attribute 'shape'",)
# (tnp.isinf, isposinf and isneginf read x.dtype.is_floating of x as given: a Python value's
# dtype, a NumPy array's np.dtype's is_floating)
_IS_FLOATING = ("has no attribute 'dtype'", "has no attribute 'is_floating'")
TF_ATTRIBUTE_READS = {"sparse.mask": ("has no attribute 'indices'",),
                      # (TF's with_space_to_batch reads data_format.startswith unchecked)
                      "nn.with_space_to_batch": ("has no attribute 'startswith'",),
                      # (TF's conv2d/conv3d read input.shape before converting it)
                      "nn.conv2d": _SHAPE, "nn.conv3d": _SHAPE,
                      # (the sparse reductions read their input's .indices unchecked)
                      "sparse.reduce_sum": ("has no attribute 'indices'",),
                      "sparse.reduce_max": ("has no attribute 'indices'",),
                      "experimental.numpy.vsplit": _SHAPE, "experimental.numpy.hsplit": _SHAPE,
                      "experimental.numpy.dsplit": _SHAPE,
                      "experimental.numpy.isinf": _IS_FLOATING,
                      "experimental.numpy.isposinf": _IS_FLOATING,
                      "experimental.numpy.isneginf": _IS_FLOATING,
                      # (tf.size's out_type, whose .as_numpy_dtype TF's eager path reads)
                      "size": ("has no attribute 'as_numpy_dtype'",),
                      # (the sequence parsers' feature dicts, whose .keys() TF's reads)
                      "io.parse_sequence_example": ("has no attribute 'keys'",),
                      "io.parse_single_sequence_example": ("has no attribute 'keys'",),
                      "debugging.assert_same_float_dtype": (
                          "has no attribute 'dtype'", "has no attribute 'base_dtype'",
                          "has no attribute 'is_floating'")}
# and TF's own AttributeError for an image of no numeric dtype (convert_image_dtype's check,
# raised wherever TF converts an image: the adjustments, psnr, rgb_to_grayscale, ...)
# and tnp's float functions of ints or bools without numpy behavior: TF's tnp casts them by
# the tensor's astype, a NumPy method TF's tensors have only after
# experimental_enable_numpy_behavior() (its AttributeError names that function); and a
# Generator's unknown algorithm id, worded by a helper TF 2.21's module no longer has
TF_ATTRIBUTE_ERRORS = ("dtype must be either floating point or integer",
                       "experimental_enable_numpy_behavior()\n      ",
                       "has no attribute 'unsupported_alg_error_msg'")
# and Python's UnicodeDecodeError of TF's reading its own C message as UTF-8, which holds
# the input's raw bytes: Substr's out-of-range pos names the string (b'\x80' fails to
# decode; eagerflow decodes the message as TF does, in string_ops._pos_out_of_range)
# (and ParseExampleV2's "Could not parse example input, value: '<the bytes>'" of a serialized
# example that is ill-formed UTF-8: tf.io.parse_example's and parse_single_example's too, and
# the older ParseSingleExample's; and ParseSingleSequenceExample's, whose positions count
# from its function's prefix, test_regressions_seed1324717957.py)
TF_MESSAGE_DECODES = {"Substr", "ParseExampleV2", "ParseSingleExample", "io.parse_example",
                      "io.parse_single_example", "ParseSingleSequenceExample"}
# (and any op error whose message holds a file name's or pattern's raw bytes: core/errors'
# c_text decodes every eager and traced op message as TF's Python does, e.g.
# GenerateVocabRemapping or ReadFile of b'\xff': UnicodeDecodeError in TF 2.21 too)
TF_MESSAGE_DECODERS = {("errors.py", "c_text")}
# and NumPy's own TypeErrors (of classes NumPy defines) where TF's Python lets them out:
# tnp.pad's ValueError("Unsupported padding mode: " + mode), whose str + a 0-d array of a
# number or bool is NumPy's add ufunc, with no loop for a string and a number
# (UFuncTypeError); tnp's promotion by np.result_type, which has no common type for bfloat16
# and a 64-bit integer (DTypePromotionError), and so does tnp.promote_types of two dtypes
# NumPy can't promote (np.dtype([]) is a structured one); linear_to_mel_weight_matrix's
# Python checks of its edges (`lower_edge_hertz >= upper_edge_hertz`: a NumPy array and a
# string, NumPy's greater_equal). Anywhere else such an error is a kernel handing NumPy
# what it can't take, where TF's op has its own error.
TF_NUMPY_TYPE_ERRORS = {("extras.py", "pad"), ("dtypes.py", "_numpy_result_type"),
                        ("dtypes.py", "promote_types"), ("signal_spectral.py", "_check_mel"),
                        # (the image functions' comparisons of an argument as given, as
                        # TF's: a NumPy array of strings against a number)
                        ("image_color.py", "_check_range"), ("image_color.py", "adjust_gamma"),
                        ("image_bounds.py", "central_crop"),
                        # (batch_normalization's variance + epsilon of NumPy values)
                        ("nn_norm.py", "batch_normalization")}
# Messages TF 2.21 words without naming an op, raised by its Python or its graph's Assert:
# the dimension check of isotonic_regression's axis, random_crop's size check,
# histogram_fixed_width_bins's nbins check
TF_UNNAMED = ("`dim` must be in the range", "Summarized data: b'Need value.shape >= size",
              # (adjust_gamma's Assert of a tensor gamma >= 0, an empty one too)
              "Summarized data: b'Gamma should be a non-negative real number.'",
              "Summarized data: b'nbins ",
              # (ssim's shape checks: tf.Assert's own words, the shapes summarized)
              "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: ",
              # (tnp.diag of a scalar: its Assert of a rank of 1 or 2, a Python False)
              "Expected 'False' to be true. Summarized data: 0",
              # (ragged.stack_dynamic_partitions's checks of the partitions: TF's assert_less
              # and assert_non_negative with its messages)
              "partitions must be less than num_partitions\nCondition x < y did not hold.",
              "partitions must be non-negative..  \nCondition x >= 0 did not hold",
              "data and partitions have incompatible ragged shapes\nCondition x == y did not ",
              # (confusion_matrix's checks of labels and predictions: TF's assert_less and
              # assert_non_negative with its messages)
              "`labels` out of bound", "`predictions` out of bound",
              "`labels` contains negative values", "`predictions` contains negative values")


# Where TF 2.21 lets an OverflowError out, and eagerflow does the same: its op wrappers
# take an int attr by int() (inf, or a tensor of inf) and their eager fast path holds it
# in an int64 (attr_values.make_int); its random ops take an op seed modulo 2**31 - 1, which
# a small NumPy integer cannot hold (random.get_seed); a dilated tf.nn.convolution takes
# int() of each dilation once its format and depth are checked
# (nn_conv_checks.check_dilated_depth); tf.sort/argsort take int() of a constant axis (inf
# of float16/32; bfloat16's is INT64_MIN, as in TF); tf.make_tensor_proto sizes a shape
# with NumPy's int64 prod, whose OverflowError for a dim past int64 TF lets out
# (serialization._numpy); tf.signal.stft takes int() of its default fft_length, inf for an
# infinite frame_length (signal_ops.enclosing_power_of_two); tnp.around's math.pow(10,
# decimals) past float64, tnp.diag_indices's tuple of ndim items past an index;
# tf.ragged.cross_hashed's `hash_key > 2**63` of a NumPy array key (NumPy's comparison with
# an int past a C long); tnp.eye's int() of each size (inf); random_contrast/saturation's
# comparison of their bounds as given (a NumPy array with an int past a C long)
TF_OVERFLOWS = {("math_ops.py", "around"), ("extras.py", "diag_indices"),
                ("image_color.py", "_check_range"),
                # (tnp.logaddexp/logaddexp2's x1 - x2 of a NumPy unsigned value and a
                # negative Python int: NumPy's OverflowError, as TF's)
                ("math_ops.py", "logaddexp"), ("math_ops.py", "logaddexp2"),
                # (batch_normalization's variance + epsilon: a NumPy array and an int past
                # a C long)
                ("nn_norm.py", "batch_normalization"),
                # (tnp.moveaxis's normalization of an axis past a C long)
                ("array_ops.py", "moveaxis"),
                ("crosses.py", "ragged_cross_hashed"), ("array_ops.py", "eye"),
                ("attr_values.py", "make_int"), ("random.py", "get_seed"),
                # (set_seed's int() of an unhashable seed, a tensor of inf: TF's stream of
                # op seeds is random.Random of it)
                ("random.py", "_draws"),
                ("nn_conv_checks.py", "check_dilated_depth"), ("sorting.py", "_sort_setup"),
                ("serialization.py", "_numpy"),
                ("signal_ops.py", "enclosing_power_of_two"),
                # (tf.reverse_sequence's int() of its axes, inf; an int past int64 with
                # tensor inputs: TF's fast path's OverflowError)
                ("shaping.py", "_int_attr"), ("shaping.py", "_past_int64"),
                # (tf.ragged.constant's %d of an infinite ragged_rank in its message)
                ("ragged_functions.py", "constant")}


# Where TF 2.21 lets a KeyError out, and eagerflow does the same: tnp's dtype inference of
# tf.resource or tf.variant (TF's table of NumPy types has no entry for their enum)
TF_KEY_ERRORS = {("dtypes.py", "_np_type")}

# Where TF 2.21 lets a SystemError out, and eagerflow does the same: its eager uint64
# conversion of a Python list holding an int outside [0, 2**64) (core/py_conversion.py)
TF_SYSTEM_ERRORS = {("py_conversion.py", "_past_uint64")}


def _raised_in(exc: BaseException, places: set) -> bool:
    """Whether `exc` passed through one of eagerflow's (file name, function) `places`."""
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if (os.path.basename(code.co_filename), code.co_name) in places and \
                os.path.abspath(code.co_filename).startswith(_EAGERFLOW_DIR + os.sep):
            return True
        tb = tb.tb_next
    return False


def numpy_type_error(exc: BaseException) -> bool:
    """Whether `exc` is a TypeError of a class NumPy defines (UFuncTypeError,
    DTypePromotionError, ...) raised where TF's Python does not let NumPy's out. (A junk attr
    bound to an op, no call TF could make, may end in one: the ops fuzz checks this rule
    only for calls of the documented types, the API fuzz for every call.)"""
    return isinstance(exc, TypeError) and type(exc).__module__.startswith("numpy") and \
        not _raised_in(exc, TF_NUMPY_TYPE_ERRORS)


def numpy_type_failure(exc: BaseException, label: str) -> FuzzFailure:
    ok, where = _deliberate(exc)
    return FuzzFailure("escaped", label, f"NumPy's {type(exc).__name__} at {where}: "
                                         f"{exc}"[:400])


def _names_any(message: str, names: tuple) -> bool:
    return any(n in message for n in names)


def classify(exc: BaseException, label: str, names: tuple, contract: bool) -> str:
    """The outcome name for an allowed exception; raises FuzzFailure for a forbidden one.

    `names`: what the message must mention (op names, function name); `contract`: the
    arguments had the types the callee documents (then TypeError/ValueError must also be
    deliberate); with wrong Python types any TypeError/ValueError/OpError is acceptable
    as long as it is not a crash of another kind.
    """
    if isinstance(exc, CallTimeout):
        raise FuzzFailure("hang", label, f"ran past {CALL_SECONDS}s")
    if isinstance(exc, MemoryError):
        raise FuzzFailure("allocation", label, "allocated past the cap without "
                          "ResourceExhaustedError (MemoryError)")
    if isinstance(exc, RecursionError):
        raise FuzzFailure("recursion", label, str(exc)[:200])
    if isinstance(exc, Warning):
        raise FuzzFailure("numpy-warning", label, f"{type(exc).__name__}: {exc}")
    if isinstance(exc, AssertionError) and label in TF_ASSERTS and _deliberate(exc)[0]:
        return type(exc).__name__
    if isinstance(exc, IndexError) and label in TF_INDEX_ERRORS and _deliberate(exc)[0]:
        return type(exc).__name__
    if isinstance(exc, NotImplementedError) and label in TF_NOT_IMPLEMENTED and \
            _deliberate(exc)[0]:
        return type(exc).__name__
    if isinstance(exc, IndexError) and label in TF_SHAPE_READS and \
            str(exc).startswith(_INDEXING):
        return type(exc).__name__
    if isinstance(exc, IndexError) and label in TF_NUMPY_BOUNDS and \
            " is out of bounds for axis " in str(exc):
        return type(exc).__name__
    if isinstance(exc, UnboundLocalError) and label in TF_UNBOUND and _deliberate(exc)[0]:
        return type(exc).__name__
    if isinstance(exc, AttributeError) and label in TF_DTYPE_READS and \
            str(exc).endswith("has no attribute 'dtype'"):
        return type(exc).__name__
    if isinstance(exc, ZeroDivisionError) and label in TF_ZERO_DIVISIONS:
        return type(exc).__name__
    if isinstance(exc, AttributeError) and label in TF_ATTRIBUTE_READS and \
            str(exc).endswith(TF_ATTRIBUTE_READS[label]):
        return type(exc).__name__
    if isinstance(exc, AttributeError) and str(exc).endswith(TF_ATTRIBUTE_ERRORS) and \
            _deliberate(exc)[0]:
        return type(exc).__name__
    if isinstance(exc, AttributeError) and _no_attribute(exc):
        return type(exc).__name__
    if isinstance(exc, UnicodeDecodeError) and (label in TF_MESSAGE_DECODES or
                                                _raised_in(exc, TF_MESSAGE_DECODERS)):
        return type(exc).__name__
    if isinstance(exc, OverflowError) and _raised_in(exc, TF_OVERFLOWS):
        return type(exc).__name__
    if isinstance(exc, KeyError) and _raised_in(exc, TF_KEY_ERRORS):
        return type(exc).__name__
    if isinstance(exc, SystemError) and _raised_in(exc, TF_SYSTEM_ERRORS):
        return type(exc).__name__
    if contract and numpy_type_error(exc):
        raise numpy_type_failure(exc, label)
    if not isinstance(exc, ALLOWED) or isinstance(exc, _BAD_VALUE_ERRORS):
        ok, where = _deliberate(exc)
        raise FuzzFailure("escaped", label, f"{type(exc).__name__} at {where}: {exc}"[:400])
    msg = str(exc)
    if isinstance(exc, E.OpError):
        if not _names_any(msg, names) and "[Op:" not in msg and not _names_any(msg, TF_UNNAMED):
            raise FuzzFailure("unnamed", label, f"{type(exc).__name__} does not name the op: "
                                                f"{msg[:300]}")
        return type(exc).__name__
    ok, where = _deliberate(exc)
    if not ok and contract:
        raise FuzzFailure("raw-error", label, f"{type(exc).__name__} at {where}: {msg[:300]}")
    if not msg.strip():
        raise FuzzFailure("unnamed", label, f"{type(exc).__name__} with an empty message")
    return type(exc).__name__


def guarded(label: str, names: tuple, fn: Callable, *args: Any, contract: bool = True,
            **kwargs: Any) -> tuple[str, Any]:
    """Runs fn(*args, **kwargs) under the guards: ('ok', result) or (error class name, exc)."""
    guard = _Guard()
    outcome, value, failure = "ok", None, None
    try:
        with warnings.catch_warnings():
            # as pytest.ini: RuntimeWarnings are errors unless they come from eagerflow
            # (kernels return inf/nan silently, as TF does)
            warnings.simplefilter("error", RuntimeWarning)
            warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"eagerflow\.")
            with guard:
                value = fn(*args, **kwargs)
    except (Exception, CallTimeout) as exc:  # classify everything a call can raise
        try:
            outcome = classify(exc, label, names, contract)
            value = exc
        except FuzzFailure as f:
            failure = f
            failure.__cause__ = exc
    finally:
        # The alarm may ring as the call ends, inside the guard's __enter__ or __exit__
        # before it stops the timer: its CallTimeout would skip the restores, leaving the
        # handler, the lowered RLIMIT_AS and allocation cap to every later test. It rings
        # once, so by now nothing can interrupt this second pass.
        guard.restore()
    growth = getattr(guard, "rss_growth", 0)
    if getattr(guard, "left", None):
        STATS.left_threads(label, guard.left)
    STATS.add(label, outcome if failure is None else f"FAIL:{failure.category}",
              getattr(guard, "seconds", 0.0), growth, value if outcome != "ok" else None)
    if failure is not None:
        raise failure
    if growth > MEM_CAP + RSS_SLACK:
        raise FuzzFailure("allocation", label, f"peak RSS grew by {growth >> 20} MiB "
                                               f"(cap {MEM_CAP >> 20} MiB)")
    return outcome, value


# ---------------------------------------------------------------------------------------
# Values.
# ---------------------------------------------------------------------------------------

NUMERIC_DTYPES = [dt.bool, dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8, dt.uint16,
                  dt.uint32, dt.uint64, dt.float16, dt.float32, dt.float64, dt.complex64,
                  dt.complex128]
if dt.bfloat16._np is not None:  # pragma: no cover - needs ml_dtypes
    NUMERIC_DTYPES.append(dt.bfloat16)
ALL_DTYPES = NUMERIC_DTYPES + [dt.string]

def ml_dtypes_finfo():
    import ml_dtypes  # present wherever bfloat16 is (see NUMERIC_DTYPES)

    return ml_dtypes.finfo


HUGE_DIMS = [2**31, 2**32 + 1, 2**40, 2**62, 2**63 - 1, 2**63, 2**64 + 3, 10**30]
EDGE_INTS = [0, 1, -1, 2, -2, 3, 7, -7, 2**31 - 1, -2**31, 2**31, 2**63 - 1, -2**63, 2**64]


def special_values(d: dt.DType) -> list:
    if d.is_floating:  # (NumPy's finfo knows no bfloat16: ml_dtypes' does)
        info = (ml_dtypes_finfo() if d is dt.bfloat16 else np.finfo)(d.as_numpy_dtype)
        return [np.nan, np.inf, -np.inf, 0.0, -0.0, float(info.max), float(-info.max),
                float(info.tiny), 1.0, -1.0]
    if d.is_complex:
        return [complex(np.nan, 0), complex(np.inf, 1), complex(0, -np.inf), 0j, 1 + 1j]
    if d.is_integer:
        info = np.iinfo(d.as_numpy_dtype)
        return [int(info.min), int(info.max), 0, 1, -1 if info.min < 0 else 2]
    return []


def make_array(shape: tuple, d: dt.DType, seed: int, specials: float = 0.0,
               finite: bool = False, scale: float = 3.0) -> np.ndarray:
    """A small array of dtype `d`; `specials` is the share of edge values mixed in."""
    rng = np.random.default_rng(seed)
    n = math.prod(shape)  # (NumPy's prod of a tuple costs a conversion to an array)
    if d is dt.string:
        words = WORDS + ODD_WORDS if ODD else WORDS
        return np.array([words[i] for i in rng.integers(0, len(words), n)],
                        dtype=object).reshape(shape)
    if d.is_quantized:  # small integers, in TF's record form (as the samples hold them)
        return make_array(shape, dt.as_dtype(d.storage_type), seed, specials, finite,
                          scale).view(d.as_numpy_dtype)
    npd = d.as_numpy_dtype
    if d is dt.bool:
        return rng.integers(0, 2, n).astype(bool).reshape(shape)
    if d.is_integer:
        info = np.iinfo(npd)
        lo, hi = max(int(info.min), -9), min(int(info.max), 9)
        a = rng.integers(lo, hi + 1, n).astype(npd)
    elif d.is_complex:
        a = (rng.normal(0, scale, n) + 1j * rng.normal(0, scale, n)).astype(npd)
    else:
        a = rng.normal(0, scale, n).astype(npd)
    if specials and n:
        vals = [v for v in special_values(d)
                if not finite or np.isfinite(np.asarray(v, dtype=npd)).all()]
        mask = rng.random(n) < specials
        if vals and mask.any():
            with np.errstate(all="ignore"):
                a[mask] = np.asarray([vals[i] for i in rng.integers(0, len(vals), mask.sum())],
                                     dtype=npd)
    return a.reshape(shape)


WORDS = [b"", b"a", b"hello", "\u00e9".encode(), b"\x00\xff"]
ODD_WORDS = [w.encode() for w in ("\u65e5\u672c\u8a9e", "\U0001f600\u200d\U0001f525",
                                  "e\u0301", "\u0000x\u0000", "\ufeff", "\u202e\u0645\u0631",
                                  " \t\n")] + [
    b"\xed\xa0\x80", b"\xc0\xaf", b"\x80", b"x" * 4097, b"%s%n{}\\"]


def _cap_elements(shape: tuple) -> tuple:
    """Halves the largest dims until the array holds at most ODD_ELEMENTS."""
    dims = list(shape)
    while dims and int(np.prod(dims)) > ODD_ELEMENTS:
        k = int(np.argmax(dims))
        dims[k] //= 2
    return tuple(dims)


small_dims = st.integers(0, 4)
if ODD:
    small_dims = st.one_of(small_dims, st.sampled_from(ODD_DIMS))
    shapes = st.lists(small_dims, min_size=0, max_size=5).map(tuple).map(_cap_elements)
else:
    shapes = st.lists(small_dims, min_size=0, max_size=4).map(tuple)


# (built once: building and validating a strategy costs hypothesis more than a draw from it)
_DTYPES = st.sampled_from(ALL_DTYPES)
_SPECIALS = st.sampled_from([0.0, 0.0, 0.2, 1.0])


@st.composite
def arrays(draw: Any, shape: Any = None, dtype: Any = None, finite: bool = False) -> np.ndarray:
    s = draw(shapes) if shape is None else shape
    d = draw(_DTYPES) if dtype is None else dtype
    specials = draw(_SPECIALS)
    return make_array(s, d, draw(st.integers(0, 2**32 - 1)), specials, finite)


def tensors(**kw: Any) -> Any:
    return arrays(**kw).map(lambda a: T.EagerTensor(a) if a.dtype != object
                            else T.convert_to_tensor(a))


class Opaque:
    """An object no API accepts."""

    def __repr__(self) -> str:
        return "<Opaque>"


junk = st.sampled_from([None, "abc", "", b"\x00", 1.5, float("nan"), -0.0, True, [], [[]],
                        [1, [2]], {}, {"a": 1}, (None,), Opaque(), object, 2**70, -2**70,
                        complex(1, 2), slice(None), Ellipsis, np.float64(2.5),
                        np.array([1, 2]), dt.string, dt.resource])
ints = st.one_of(st.integers(-5, 5), st.sampled_from(EDGE_INTS + HUGE_DIMS))
int_lists = st.one_of(
    st.lists(st.integers(-3, 5), max_size=5),
    st.lists(st.one_of(st.integers(-3, 5), st.sampled_from(HUGE_DIMS + [-2**63, None])),
             max_size=4),
    st.lists(ints, max_size=3).map(tuple))
dtypes_ = st.one_of(st.sampled_from(ALL_DTYPES),
                    st.sampled_from(["float32", "int64", "bogus", np.float64, np.int8, None, 3,
                                     np.dtype("U3"), object, dt.resource, dt.variant]))
python_data = st.recursive(
    st.one_of(st.integers(-10, 10), st.floats(allow_nan=True, allow_infinity=True, width=32),
              st.booleans(), st.sampled_from([2**40, -2**63, 2**64, "s", b"b"])),
    lambda children: st.lists(children, max_size=3), max_leaves=8)


def any_value(hint: str = "") -> Any:
    """A strategy for an argument, biased by the parameter's name."""
    return _any_value(hint.lower())


@functools.cache
def _any_value(hint: str) -> Any:
    # (one strategy per name, built on its first use and drawn from by every later call)
    tensorish = st.one_of(tensors(), arrays(), python_data)
    if hint in ("axis", "axes", "dim", "split_dim", "batch_dims", "reduction_indices",
                "seq_axis", "batch_axis"):
        main = st.one_of(ints, int_lists, tensors(shape=(), dtype=dt.int32))
    elif hint in ("shape", "dims", "multiples", "perm", "size", "begin", "end", "strides",
                  "num_or_size_splits", "paddings", "sizes", "output_shape", "ksize"):
        main = st.one_of(int_lists, ints,
                         st.lists(st.integers(-2, 5), max_size=4).map(
                             lambda v: T.EagerTensor(np.array(v, dtype=np.int32))),
                         st.lists(st.one_of(st.none(), st.integers(0, 5)), max_size=3).map(
                             tf.TensorShape))
    elif hint in ("dtype", "out_type", "output_type", "output_dtype", "dtype_hint",
                  "preferred_dtype", "index_dtype"):
        main = dtypes_
    elif hint in ("name",):
        main = st.one_of(st.just(None), st.text(max_size=5))
    elif hint in ("seed", "seed2", "num", "num_samples", "depth", "k", "num_split",
                  "num_classes", "num_rows", "num_columns", "batch_shape"):
        main = st.one_of(ints, st.none())
    elif hint.startswith(("transpose", "adjoint", "keepdims", "keep_dims", "is_", "exclusive",
                          "reverse", "sorted", "conjugate", "a_is", "b_is", "validate")):
        main = st.one_of(st.booleans(), st.sampled_from([None, 0, 1, "yes"]))
    else:
        main = tensorish
    return st.one_of(main, main, main, tensorish, junk)
