"""tf.summary.write / scalar / histogram / image / text / audio, and the step and record state.

Sits on writer.py, writer_ops.py and encoders.py. Each summary is TF's
WriteSummary(writer, step, tensor, tag, summary_metadata) on the default writer's
resource. Eagerly it writes at once (a histogram's, image's or audio's tensor, TensorBoard's
form of its data, computed first); inside tf.function the traced graph is TF's: the
summary's name scope, the LogicalAnd of the record conditions, and the write followed by
a True constant waiting on it, inside an If ("summary_cond") where the condition is
known only when the graph runs. A histogram's, image's or audio's data is computed there
by TF's ops (summary_data.py). With no default writer (or a no-op one) nothing is built
and the call returns False, as in TF.
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, restoring
from eagerflow._src.core.context import _state as _ctx
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.checks import known
from eagerflow._src.ops.control_deps import control_dependencies, no_op
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import logical_and
from eagerflow._src.ops.math_base import cast, identity, stop_gradient
from eagerflow._src.summary import encoders, protos, summary_data
from eagerflow._src.summary.writer import _state
from eagerflow._src.summary.writer_ops import WRITE_RAW_PROTO, WRITE_SUMMARY, bind_on_writer

# -- the data each summary writes -----------------------------------------------------------
# The summaries whose data is computed: eagerly by `payload`, in a graph by summary_data's
# function, each of the same parameters (buckets; max_outputs; max_outputs and sample
# rate). "raw", "scalar" and "text" write their tensor as it is.
_KINDS = {"histogram": summary_data.histogram, "image": summary_data.image,
          "audio": summary_data.audio}


def payload(kind: str, arr: np.ndarray, params: tuple) -> np.ndarray:
    """The tensor a histogram, image or audio summary stores (TensorBoard's forms: bucket
    (left, right, count) rows; width, height and PNGs; WAV and label pairs). A histogram's
    ops run on the current device (TF's eagerly, where their casts differ: a GPU's)."""
    if kind == "histogram":
        return encoders.histogram_buckets(arr, params[0], on_gpu=_ctx.device != CPU_DEVICE)
    if kind == "image":
        images = encoders.to_uint8_image(arr[:params[0]])
        h, w = arr.shape[1], arr.shape[2]
        out = [str(w).encode(), str(h).encode()] + [encoders.encode_png(im) for im in images]
        return np.array(out, dtype=object)
    clips = np.asarray(arr[:params[0]], np.float64)
    rate = int(params[1])
    out = np.empty((len(clips), 2), dtype=object)
    for i, clip in enumerate(clips):
        out[i, 0] = encoders.encode_wav(clip, rate)
        out[i, 1] = b""
    return out.reshape(len(clips), 2)


# -- step and recording state -----------------------------------------------------------------
def set_step(step: Any) -> None:
    """Sets the default step for summaries (an int, a tensor, or a variable read each time)."""
    _state.step = step


def get_step() -> Any:
    return _state.step


@contextlib.contextmanager
def record_if(condition: Any) -> Any:
    """Summaries inside the block are recorded only when `condition` (bool, tensor or callable)."""
    old = _state.is_recording
    with restoring(lambda: setattr(_state, "is_recording", old),
                   lambda: _state.is_recording is condition):
        _state.is_recording = condition
        yield


_TRUE: list = []


def _true() -> Any:
    """One eager True kept (tensors never change): the default record condition, and
    what an eager write returns."""
    if not _TRUE:
        _TRUE.append(convert_to_tensor(True))
    return _TRUE[0]


@functools.lru_cache(maxsize=256)
def _string_scalar(s: str | bytes) -> Any:
    """An eager string scalar of `s`, kept: a summary's tag and metadata, the same every
    step."""
    return convert_to_tensor(s)


def _eager_string(v: Any) -> Any:
    return _string_scalar(v) if v.__class__ is str or v.__class__ is bytes else \
        convert_to_tensor(v)


def _record_condition() -> Any:
    cond = _state.is_recording
    if cond is None:
        return _true()
    if callable(cond):
        cond = cond()
    if is_variable(cond):
        cond = cond._as_tensor()
    return convert_to_tensor(cond, dtype=dt.bool)


def should_record_summaries() -> Any:
    """A bool tensor: whether summaries would be recorded here."""
    w = _state.writer
    if w is None or w._noop:
        return convert_to_tensor(False)
    return _record_condition()


# The last Python int step and its eager tensor, as one pair: a step's several summaries
# convert it once.
_LAST_INT_STEP: list = [(None, None)]


def _step_tensor(step: Any) -> Any:
    if step is None:
        step = _state.step
    if step.__class__ is int and _ctx.graph is None:  # (a graph's constant is its own)
        last, t = _LAST_INT_STEP[0]
        if last != step:
            t = _converted_step(step)
            _LAST_INT_STEP[0] = (step, t)
        return t
    return _converted_step(step)


def _converted_step(step: Any) -> Any:
    """The step as the int64 tensor TF's summaries write."""
    if step is None:
        raise ValueError("No step set. Please specify one either through the `step` argument or "
                         "through tf.summary.experimental.set_step()")
    if is_variable(step):
        t = step._as_tensor()
    else:
        try:
            t = convert_to_tensor(step, dtype_hint=dt.int64)
        except (TypeError, ValueError):
            t = None
        if t is not None and t is step and not (t.dtype.is_integer or t.dtype.is_bool):
            # a tensor of another dtype: TF's convert_to_tensor(step, int64) refuses it so
            raise ValueError(f"Tensor conversion requested dtype int64 for Tensor with dtype "
                             f"{t.dtype.name}: {step!r}")
        if t is None or not (t.dtype.is_integer or t.dtype.is_bool):
            raise TypeError(f"Cannot convert {step!r} to EagerTensor of dtype int64")
    if t.dtype is not dt.int64:
        t = cast(t, dt.int64)
    return t


def _tag(name: str) -> str:
    scopes = _ctx.name_scopes
    tag = "/".join(list(scopes) + [name]) if scopes else name
    return tag.strip("/")


@functools.lru_cache(maxsize=256)
def _metadata(plugin: str, description: str | None, content: bytes = b"") -> bytes:
    m = protos.get().SummaryMetadata()
    m.plugin_data.plugin_name = plugin
    if content:
        m.plugin_data.content = content
    if description:
        m.summary_description = description
    return m.SerializeToString()


def _known_bool(t: Any) -> bool | None:
    """A bool tensor's value where it is known now (eager, or a graph's constant)."""
    if isinstance(t, EagerTensor):
        return bool(to_host(t._arr))
    v = known(t)
    if v is None or isinstance(v, Tensor):
        return None
    return bool(to_host(v))


@contextlib.contextmanager
def _summary_scope(name: str) -> Any:
    """In a graph, the name scope TensorBoard's summary functions open around their ops
    (the summary's name, made unique); eagerly nothing."""
    if _ctx.graph is None:
        yield
        return
    with name_scope(name):
        yield


def _static_false(record: Any) -> bool:
    return _known_bool(record) is False


def _writer_and_record() -> tuple | None:
    """The default writer and the record condition, or None where nothing is written: no
    writer (or a no-op one), or, eagerly, a condition that is False."""
    writer = _state.writer
    if writer is None or writer._noop:
        return None
    record = _record_condition()
    if _ctx.graph is None and not bool(to_host(record._arr)):
        return None
    return writer, record


def _write(tag: str, data: Any, step: Any, metadata: bytes, kind: str, params: tuple = (),
           scope: str | None = None) -> Any:
    """The write of one summary: WriteSummary of `data` under `tag` (already the full
    tag). In a graph, as TF's tf.summary.write builds it in scope `scope` ("write_summary"
    by default): the record condition (LogicalAnd of the writer's and record_if's), and the
    write, or inside an If ("summary_cond") when the condition is known only at run time."""
    active = _writer_and_record()
    if active is None:
        return convert_to_tensor(False)
    writer, record = active
    if _ctx.graph is None:
        step_t = _step_tensor(step)
        data = convert_to_tensor(data)
        if kind in _KINDS:
            data = convert_to_tensor(payload(kind, to_host(data._arr), params))
        bind(WRITE_SUMMARY, (writer._resource, step_t, data, _eager_string(tag),
                             _eager_string(metadata)), {})
        return _true()
    with name_scope(scope or "write_summary") as node:
        def write() -> Any:
            tensor = identity(data) if kind not in _KINDS else _KINDS[kind](data, *params)
            return bind_on_writer(WRITE_SUMMARY, writer, lambda: (
                _as_const(_step_tensor(step), "step"), tensor, constant(tag, name="tag"),
                constant(metadata, name="summary_metadata")), node)

        out = _recorded(record, write)
    collect = getattr(_ctx.graph, "add_to_collection", None)
    if collect is not None:  # (what tf.compat.v1.summary.all_v2_summary_ops lists, as TF's)
        collect("_SUMMARY_V2", out)
    return out


def _recorded(record: Any, write: Any) -> Any:
    """`write()` (the write op) run where `record` holds, as TF's graph has it: a condition
    known False is a constant (nothing written), one known True the write itself, followed
    by a True constant that waits on it, and one known only when the graph runs an If."""
    if _static_false(record):
        constant(False)  # (TF's should_record_summaries: a constant)
        return constant(False)
    if _TRUE and record is _TRUE[0]:  # (a constant of its own in each graph's LogicalAnd)
        record = convert_to_tensor(True)
    should = logical_and(convert_to_tensor(True), record)

    def written() -> Any:
        with control_dependencies([write()]):
            return constant(True)

    static = _known_bool(should)
    if static is not None:
        return written() if static else constant(False)
    return cond(should, written, lambda: constant(False), name="summary_cond")


def _as_const(t: Any, name: str) -> Any:
    """A step known now as a constant named `name` (TF converts a Python step in the
    write's scope); a graph's step tensor as it is."""
    v = t._arr if isinstance(t, EagerTensor) else known(t)
    if v is None or isinstance(v, Tensor):
        return t
    return constant(np.asarray(to_host(v), np.int64), name=name)


# -- the public summaries ---------------------------------------------------------------------
def write(tag: str, tensor: Any, step: Any = None, metadata: Any = None,
          name: str | None = None) -> Any:
    """Writes `tensor` under `tag` with `metadata` (a SummaryMetadata or its bytes)."""
    if callable(tensor):
        tensor = tensor()
    if metadata is None:
        meta = b""
    elif isinstance(metadata, bytes):
        meta = metadata
    else:
        meta = metadata.SerializeToString()
    if is_variable(tensor):
        tensor = tensor._as_tensor()
    # (the tag as given: TF's write takes no name scope into it, as the summaries do)
    return _write(tag, tensor, step, meta, "raw", scope=name)


def _value(data: Any, dtype: Any = None) -> Any:
    if callable(data):
        data = data()
    if is_variable(data):
        data = data._as_tensor()
    return convert_to_tensor(data) if dtype is None else convert_to_tensor(data, dtype_hint=dtype)


def _python_value(data: Any) -> bool:
    """Data TF's summary functions convert where they use it (a Python value): inside a
    graph, a constant of each conversion."""
    return _ctx.graph is not None and not callable(data) and not is_variable(data) and \
        not isinstance(data, Tensor)


def scalar(name: str, data: Any, step: Any = None, description: str | None = None) -> Any:
    """Writes a scalar (stored as float32) for the Scalars dashboard."""
    if _state.writer is None:
        return convert_to_tensor(False)
    tag = _tag(name)
    with _summary_scope(name):
        t = _value(data, dt.float32)
        if t._shape is not None and len(t._shape) != 0:
            raise ValueError(f"Expected scalar shape, saw shape: {t.shape}.")
        if _python_value(data):  # (TF's assert_scalar and cast convert it each)
            constant(data, name="assert_scalar")
            with name_scope("Cast") as cast_scope:
                t = constant(data, name="x")
        else:
            cast_scope = None
        if t.dtype is not dt.float32:
            t = cast(t, dt.float32, name=cast_scope)
        return _write(tag, t, step, _metadata("scalars", description), "scalar")


def histogram(name: str, data: Any, step: Any = None, buckets: int | None = None,
              description: str | None = None) -> Any:
    """Writes a histogram of `data` (`buckets` equal-width buckets, default 30)."""
    if _state.writer is None:
        return convert_to_tensor(False)
    tag = _tag(name)
    if _ctx.graph is not None:  # (TF's: no gradient graphs for the buckets' conds)
        data = stop_gradient(_value(data))
    with _summary_scope(name):
        t = _value(data)
        if not (t.dtype.is_floating or t.dtype.is_integer or t.dtype.is_bool):
            raise TypeError(f"histogram data must be numeric, got {t.dtype.name}")
        buckets = encoders.DEFAULT_BUCKET_COUNT if buckets is None else int(buckets)
        if buckets < 0:
            raise ValueError(f"buckets must be non-negative, got {buckets}")
        return _write(tag, t, step, _metadata("histograms", description), "histogram",
                      (buckets,))


def image(name: str, data: Any, step: Any = None, max_outputs: int = 3,
          description: str | None = None) -> Any:
    """Writes up to `max_outputs` images of a [k, h, w, c] batch (c = 1, 2, 3 or 4) as PNG."""
    if _state.writer is None:
        return convert_to_tensor(False)
    tag = _tag(name)
    with _summary_scope(name):
        t = _value(data)
        shape = t._shape
        if shape is not None and len(shape) != 4:
            raise ValueError(f"Tensor  must have rank 4.  Received rank {len(shape)}, shape "
                             f"{t.shape}")
        if shape is not None and shape[3] is not None and shape[3] not in (1, 2, 3, 4):
            raise ValueError(f"image data must have 1, 2, 3 or 4 channels, got {shape[3]}")
        if not (t.dtype.is_floating or t.dtype.is_integer or t.dtype.is_bool):
            raise TypeError(f"image data must be numeric, got {t.dtype.name}")
        return _write(tag, t, step, _metadata("images", description), "image",
                      (int(max_outputs),))


def text(name: str, data: Any, step: Any = None, description: str | None = None) -> Any:
    """Writes a string tensor (rendered as Markdown by TensorBoard)."""
    if _state.writer is None:
        return convert_to_tensor(False)
    tag = _tag(name)
    with _summary_scope(name):
        t = _value(data)
        if t.dtype is not dt.string:
            raise TypeError(f"text data must be a string tensor, got {t.dtype.name}")
        if _ctx.graph is not None:  # (TF's assert_type: its conversion, and a NoOp)
            with name_scope("assert_type"):
                if _python_value(data):
                    constant(data, name="tensor")
                no_op("statically_determined_correct_type")
        value = data if _python_value(data) else t
        return _write(tag, value, step, _metadata("text", description), "text")


def audio(name: str, data: Any, sample_rate: Any, step: Any = None, max_outputs: int = 3,
          encoding: str | None = None, description: str | None = None) -> Any:
    """Writes up to `max_outputs` clips of a [k, frames, channels] batch in [-1, 1] as WAV."""
    if _state.writer is None:
        return convert_to_tensor(False)
    if encoding not in (None, "wav"):
        raise ValueError(f"Unknown encoding: {encoding!r}")
    tag = _tag(name)
    with _summary_scope(name):
        t = _value(data, dt.float32)
        if t._shape is not None and len(t._shape) != 3:
            raise ValueError(f"Tensor  must have rank 3.  Received rank {len(t._shape)}, shape "
                             f"{t.shape}")
        if not t.dtype.is_floating:
            raise TypeError(f"audio data must be floating point, got {t.dtype.name}")
        rate = sample_rate.numpy() if hasattr(sample_rate, "numpy") else sample_rate
        rate = int(rate)
        if rate <= 0:
            raise ValueError(f"sample_rate must be positive, got {rate}")
        pb = protos.get()
        content = pb.AudioPluginData(version=0, encoding=pb.AudioPluginData.WAV
                                     ).SerializeToString()
        return _write(tag, t, step, _metadata("audio", description, content), "audio",
                      (int(max_outputs), rate))


@contextlib.contextmanager
def summary_scope(name: str, default_name: str | None = None, values: Any = None) -> Any:
    """Yields (tag, scope name) for a summary op named `name` under the current name scope."""
    name = name or default_name
    tag = _tag(name)
    yield tag, tag + "/"


def write_raw_pb(tensor: Any, step: Any = None, name: str | None = None) -> Any:
    """Writes serialized `Summary` protos (a string tensor) as one event
    (WriteRawProtoSummary)."""
    active = _writer_and_record()
    if active is None:
        return convert_to_tensor(False)
    writer, record = active
    if _ctx.graph is None:
        bind(WRITE_RAW_PROTO, (writer._resource, _step_tensor(step), convert_to_tensor(tensor)),
             {})
        return convert_to_tensor(True)
    with name_scope(name or "write_raw_pb") as node:
        def write() -> Any:
            data = identity(tensor)
            return bind_on_writer(WRITE_RAW_PROTO, writer, lambda: (
                _as_const(_step_tensor(step), "step"), data), node)

        return _recorded(record, write)
