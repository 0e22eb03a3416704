"""tf.print: the PrintV2 op (stateful, so that a traced graph prints on every run) and
TF's rendering of tensors in printed text, which graph Asserts share.

Ops layer, after reduce and before debugging (whose Assert renders its data with
`_element`). Kept apart from the asserts so that neither module outgrows its size.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest, tf_logging
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tf_logging import get_logger
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef, Sample, TFForm, register

logging = lazy_module("logging")  # on use: ~3 ms of `import eagerflow`
pprint = lazy_module("pprint")
random = lazy_module("random")

# ---------------------------------------------------------------------------------------
# tf.print: a stateful op so that it prints on every run of a traced graph too.
# ---------------------------------------------------------------------------------------

# TF's instructions in tf.compat.v1.Print's deprecation notice (which tf.data's
# rejection_resample calls too)
PRINT_DEPRECATION = (
    "Use tf.print instead of tf.Print. Note that tf.print returns a no-output operator that "
    "directly prints the output. Outside of defuns or eager mode, this operator will not be "
    "executed unless it is directly specified in session.run or used as a control dependency "
    "for other operators. This is only a concern in graph mode. Below is an example of how to "
    "ensure tf.print executes in graph mode:\n")

_MARK = "\udfff"  # a lone surrogate: no printed text holds one (a NUL can)


def _legacy_float(v: Any, short: int, long: int, np_type: Any) -> str:
    """TF's float rendering: %.{short}g when that reads back exactly, else %.{long}g."""
    f = float(v)
    if f != f:  # (C++'s stream writes a NaN's sign bit: "-nan")
        return "-nan" if math.copysign(1.0, f) < 0 else "nan"
    if f in (float("inf"), float("-inf")):
        return "inf" if f > 0 else "-inf"
    s = f"{f:.{short}g}"
    if np_type(float(s)) == np_type(f):
        return s
    return f"{f:.{long}g}"


def _element(v: Any, kind: str, np_type: Any) -> str:
    if kind == "f":
        # (TF's CPU kernels flush denormals to zero, keeping the sign; a float16's are
        # normal float32s, as TF converts them)
        if abs(float(v)) < np.finfo(np_type).tiny:
            v = np_type(math.copysign(0.0, float(v)))
        if np_type == np.float64:
            return _legacy_float(v, 15, 17, np.float64)
        return _legacy_float(v, 6, 9, np.float32)
    if kind == "b":
        return "1" if v else "0"
    if kind == "O":
        return '"' + _c_escape(v if isinstance(v, bytes) else str(v).encode()) + '"'
    if kind == "c":
        return "?"
    return str(int(v))


_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
            ord("'"): "\\'", ord("\\"): "\\\\"}


def summarize_value(a: Any, summarize: int = 3) -> str:
    """The values of a scalar or vector as TF's Tensor::SummarizeValue writes them for
    tf.compat.v1.Print: the first `summarize`, separated by spaces ("..." after)."""
    a = np.asarray(a)
    kind = a.dtype.kind
    np_type = np.float64 if a.dtype == np.float64 else np.float32 if kind == "f" else None
    flat = a.reshape(-1)
    text = " ".join(_element(v, kind, np_type) for v in flat[:summarize])
    return text + ("..." if flat.size > summarize else "")


def _c_escape(b: bytes) -> str:
    """A string element as TF prints it: C escapes (`\\n`, `\\"`, octal `\\000` for other
    control bytes), UTF-8 left as it is."""
    if all(32 <= c < 127 and c not in _ESCAPES for c in b):
        return b.decode("ascii")
    out = bytearray()
    for c in b:
        e = _ESCAPES.get(c)
        if e is not None:
            out += e.encode()
        elif c < 32 or c == 127:
            out += b"\\%03o" % c
        else:
            out.append(c)
    return out.decode("utf-8", "surrogateescape")  # raw bytes, as TF writes them


def summarize_nested(a: Any, summarize: int) -> str:
    """TF's Tensor::SummarizeValue: the first `summarize` values (all for < 0) in nested
    brackets without separators between them, "..." where values were left out; strings
    C-escaped and unquoted, bools 1/0."""
    a = np.asarray(a)
    if a.dtype.kind == "V":  # bfloat16: its values are float32's
        a = a.astype(np.float32)
    kind = a.dtype.kind
    np_type = np.float64 if a.dtype == np.float64 else np.float32 if kind == "f" else None

    def element(v: Any) -> str:
        if kind in "SUO":
            return _c_escape(v if isinstance(v, bytes) else str(v).encode())
        return _element(v, kind, np_type)

    flat = a.reshape(-1)
    limit = flat.size if summarize < 0 else min(summarize, flat.size)
    if a.ndim <= 1:
        text = " ".join(element(v) for v in flat[:limit])
        return text + ("..." if flat.size > limit else "")
    pos = [0]
    out: list = []

    def one_dim(d: int) -> None:  # (TF's PrintOneDim)
        if pos[0] >= limit:
            return
        if d == a.ndim - 1:
            for i in range(a.shape[d]):
                if pos[0] >= limit:
                    out.append("...")
                    return
                if i:
                    out.append(" ")
                out.append(element(flat[pos[0]]))
                pos[0] += 1
            return
        for _ in range(a.shape[d]):
            opened = pos[0] < limit
            if opened:
                out.append("[")
            one_dim(d + 1)
            if pos[0] < limit or opened:
                out.append("]")

    one_dim(0)
    return "".join(out) + ("..." if flat.size > limit else "")


def format_tensor(a: np.ndarray, summarize: int) -> str:
    """A tensor as tf.print shows it: `[1 2 3]`, `[[1 2]\\n [3 4]]`, `[0 1 2 ... 7 8 9]`."""
    if a.dtype.kind == "V" and "float" in a.dtype.name:  # bfloat16, float8 (ml_dtypes)
        a = a.astype(np.float32)
    kind = a.dtype.kind
    np_type = a.dtype.type if kind == "f" else None
    if kind == "f" and a.dtype != np.float64:
        np_type = np.float32
    if a.ndim == 0:  # (summarize=0 elides a scalar too)
        return "..." if summarize == 0 else _element(a[()], kind, np_type)
    if kind == "c":  # (TF writes a complex tensor's values flat, "?" each, in one bracket)
        shown = a.size if summarize < 0 else min(summarize, a.size)
        return "[" + " ".join(["?"] * shown) + ("..." if a.size > shown else "") + "]"
    if a.size == 0 and a.shape[0]:  # TF's summary of empty rows: an elision
        return "[" + "\n" * (a.ndim - 1) + " ...]"
    limit = summarize if summarize >= 0 else None

    def pick(n: int) -> list:
        if limit is None or n <= 2 * limit:
            return list(range(n))
        return list(range(limit)) + [None] + list(range(n - limit, n))

    def render(sub: np.ndarray, depth: int) -> str:
        idx = pick(sub.shape[0])
        if idx == [None]:  # summarize=0: all elided, as TF writes it
            return "[" + "\n" * (sub.ndim - 1) + " ...]"
        if sub.ndim == 1:
            return "[" + " ".join("..." if i is None else _element(sub[i], kind, np_type)
                                  for i in idx) + "]"
        sep = "\n" * (sub.ndim - 1) + " " * (depth + 1)
        return "[" + sep.join("..." if i is None else render(sub[i], depth + 1)
                              for i in idx) + "]"

    return render(a, 0)


def _lone_string(pieces: list, scalar_string: bool) -> bool:
    """tf.print of one string scalar alone prints it as it is (no quotes, no escapes)."""
    return scalar_string and len(pieces) == 3 and pieces[0] == pieces[2] == ""


def _print_kernel(xp: Any, *arrays: Any, template: str, output_stream: str, summarize: int,
                  end: str) -> tuple:
    pieces = template.split(_MARK)
    if _lone_string(pieces, arrays[0].dtype == object and np.ndim(arrays[0]) == 0
                    if arrays else False):
        v = arrays[0][()]
        _write((v.decode("utf-8", "surrogateescape") if isinstance(v, bytes) else str(v)) + end,
               output_stream)
        return ()
    out = []
    for i, p in enumerate(pieces):
        out.append(_format_slot(p, arrays, summarize) if i % 2 else p)
    _write("".join(out) + end, output_stream)
    return ()


def _format_slot(mark: str, arrays: tuple, summarize: int) -> str:
    """The text of one printed value: a tensor ("3"), a ragged tensor's flat values and
    row splits ("r3.2": arrays 3, 4, 5), a sparse tensor's three parts ("s3")."""
    if mark.startswith("r"):
        first, n = (int(x) for x in mark[1:].split("."))
        return _ragged_text(np.asarray(arrays[first]),
                            [np.asarray(a) for a in arrays[first + 1:first + 1 + n]], summarize)
    if mark.startswith("s"):
        i = int(mark[1:])
        parts = [format_tensor(np.asarray(a), summarize) for a in arrays[i:i + 3]]
        return f"'SparseTensor(indices={parts[0]}, values={parts[1]}, shape={parts[2]})'"
    return format_tensor(np.asarray(arrays[int(mark)]), summarize)


def _ragged_element(v: Any, kind: str) -> str:
    """An element as TF's ragged_tensor_to_string writes it: as_string's %f for floats,
    true/false, strings in single quotes (backslashes and quotes escaped, other bytes as
    they are)."""
    if kind == "f":
        return f"{float(v):f}"
    if kind == "b":
        return "true" if v else "false"
    if kind == "O":
        # (raw bytes, as TF writes them: _write gives the stream the escaped ones back)
        text = v.decode("utf-8", "surrogateescape") if isinstance(v, bytes) else str(v)
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if kind == "c":
        return "?"
    return str(int(v))


def _ragged_text(values: np.ndarray, splits: list, summarize: int) -> str:
    """A ragged tensor as tf.print shows it: `[[1, 2], [3]]`, each dimension summarized to
    its first and last `summarize` entries."""
    if values.dtype.kind == "V" and "float" in values.dtype.name:
        values = values.astype(np.float32)
    kind = values.dtype.kind

    def listed(items: list) -> str:
        if 0 <= summarize and len(items) > 2 * summarize:
            items = items[:summarize] + ["..."] + items[len(items) - summarize:]
        return "[" + ", ".join(items) + "]"

    def dense(v: Any) -> str:
        if np.ndim(v) == 0:  # (an object array's element is the bare bytes)
            return _ragged_element(v[()] if isinstance(v, np.ndarray) else v, kind)
        return listed([dense(x) for x in v])

    def rows(level: int, lo: int, hi: int) -> str:
        """Entries lo..hi of dimension `level` (the rows splits[level] delimit; past the
        last splits, the flat values)."""
        if level == len(splits):
            return listed([dense(values[j]) for j in range(lo, hi)])
        sp = splits[level]
        return listed([rows(level + 1, int(sp[j]), int(sp[j + 1])) for j in range(lo, hi)])

    return rows(0, 0, len(splits[0]) - 1)


def _write(text: str, stream: str) -> None:
    """Writes `text`, whose bytes that are not UTF-8 are surrogate-escaped: TF's PrintV2
    writes a string's raw bytes, so they go to the stream's byte buffer as they are."""
    if stream in ("stdout", "stderr"):
        f = sys.stdout if stream == "stdout" else sys.stderr
        buf = getattr(f, "buffer", None)
        raw = _has_escapes(text)
        if raw and buf is not None:
            f.flush()
            buf.write(text.encode("utf-8", "surrogateescape"))
            buf.flush()
            return
        f.write(_readable(text) if raw else text)
        f.flush()
    elif stream.startswith("file://"):
        path = stream[len("file://"):]
        try:
            with open(path, "a", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
        except FileNotFoundError:
            raise NotFoundError(None, None, f"{path}; No such file or directory "
                                "[Op:PrintV2]") from None
    else:
        level = {"log(info)": logging.INFO, "log(warning)": logging.WARNING,
                 "log(error)": logging.ERROR}[stream]
        get_logger().log(level, _readable(text).rstrip("\n"))


def _has_escapes(text: str) -> bool:
    return any("\udc80" <= ch <= "\udcff" for ch in text)


def _readable(text: str) -> str:
    """`text` with its escaped raw bytes shown as U+FFFD, for a stream of characters."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


_STREAMS = ("stdout", "stderr", "log(info)", "log(warning)", "log(error)")


def _slot_fits(mark: str, n: int) -> bool:
    """Whether a template's mark names inputs there are ("3", "r3.2", "s3")."""
    if mark.isdigit():
        return int(mark) < n
    if mark[:1] == "s" and mark[1:].isdigit():
        return int(mark[1:]) + 3 <= n
    first, _, count = mark[1:].partition(".")
    return mark[:1] == "r" and first.isdigit() and count.isdigit() and \
        int(first) + 1 + int(count) <= n


def _print_infer(*xs: Any, template: str, output_stream: str, summarize: int,
                 end: str) -> list:
    """The attrs tf.print builds: checked here so that the kernel only formats and writes."""
    for what, v in (("template", template), ("output_stream", output_stream), ("end", end)):
        if not isinstance(v, str):
            raise TypeError(f"Expected string for argument '{what}' not {v!r}. [Op:PrintV2]")
    if not isinstance(summarize, int) or isinstance(summarize, bool):
        raise TypeError(f"Expected int for argument 'summarize' not {summarize!r}. [Op:PrintV2]")
    if output_stream not in _STREAMS and not output_stream.startswith("file://"):
        raise InvalidArgumentError(None, None, f"{output_stream} is not a valid output_stream "
                                               "[Op:PrintV2]")
    for i, p in enumerate(template.split(_MARK)):
        if i % 2 and not _slot_fits(p, len(xs)):
            raise InvalidArgumentError(None, None, f"template refers to input {p!r} of "
                                                   f"{len(xs)} [Op:PrintV2]")
    return []


PRINT = register(OpDef(
    "PrintV2", _print_infer, _print_kernel,
    reference=lambda *xs, **attrs: (),
    samples=lambda: [Sample((np.arange(3),), {"template": f"x = {_MARK}0{_MARK}", "output_stream":
                                              "file:///dev/null", "summarize": 3, "end": "\n"},
                            grad=False)],
    num_outputs=0, stateful=True, gpu=False,  # TF's PrintV2 runs on the CPU
    tf=TFForm(export=lambda n, b: _print_tf(n, b), load=lambda node: _print_load()),
))


def _print_load() -> list:
    raise ValueError("TF's PrintV2 prints the string a StringFormat made; eagerflow's "
                     "PrintV2 formats its tensors itself, so a TF print is not imported")


def _print_tf(n: Any, b: Any) -> list:
    """TF's tf.print: StringFormat fills "{}" placeholders with the tensors in order (a
    tensor printed twice is given twice), then PrintV2 writes the string."""
    pieces = n.attrs["template"].split(_MARK)
    if _lone_string(pieces, n.inputs[0]._dtype is dt.string and n.inputs[0]._shape == ()
                    if n.inputs else False):
        b.node("PrintV2", [b.input(0)], {"output_stream": n.attrs["output_stream"],
                                         "end": n.attrs["end"]})
        return []
    if not all(p.isdigit() for p in pieces[1::2]):
        raise ValueError("tf.print of a ragged or sparse tensor is not exported to a TF graph "
                         "by eagerflow (TF formats it with string ops first)")
    text, inputs = pieces[::2], [b.input(int(p)) for p in pieces[1::2]]
    mark = "{}"
    while any(mark in t for t in text):
        mark = "{" + mark + "}"
    line = b.node("StringFormat", [inputs], {"template": mark.join(text), "placeholder": mark,
                                            "summarize": n.attrs["summarize"]})[0]
    b.node("PrintV2", [line], {"output_stream": n.attrs["output_stream"],
                               "end": n.attrs["end"]})
    return []


def _stream_key(output_stream: Any) -> str:
    if output_stream is sys.stdout or output_stream is sys.__stdout__:
        return "stdout"
    if output_stream is sys.stderr or output_stream is sys.__stderr__:
        return "stderr"
    if isinstance(output_stream, str) and output_stream.startswith("file://"):
        return output_stream
    # tf.compat.v1.logging's functions or levels (INFO, WARN, ERROR), as TF's table has them
    for key, fns, level in (("log(info)", (tf_logging.info,), 20),
                            ("log(warning)", (tf_logging.warning, tf_logging.warn), 30),
                            ("log(error)", (tf_logging.error,), 40)):
        if any(output_stream is fn for fn in fns) or (
                type(output_stream) is int and output_stream == level):
            return key
    raise ValueError(f"Unsupported output stream, logging level, or file.{output_stream}. "
                     "Supported streams are sys.stdout, sys.stderr, tf.logging.info, "
                     "tf.logging.warning, tf.logging.error. File needs to be in the form of "
                     "'file://<filepath>'.")


def _printed_as_tensor(x: Any) -> bool:
    return isinstance(x, (Tensor, CompositeTensor)) or hasattr(x, "_as_tensor")


def _placeholder(text: str) -> str:
    """TF's placeholder for a tensor in tf.print's template: "{}", lengthened by digits
    drawn from a generator seeded 5 while `text` (what is printed besides) holds it."""
    ph, draw = "{}", random.Random(5)
    while ph in text:
        ph += str(draw.randint(0, 9))
    return ph


class _Shown:
    """A tensor in a structure being pretty-printed: its repr is `text`, as wide as TF's
    placeholder string there."""

    def __init__(self, text: str, value: Any) -> None:
        self.text, self.value = text, value

    def __repr__(self) -> str:
        return self.text


class _Slot:
    """Stands in for a tensor inside a printed structure; its repr is the tensor's mark
    (its index, or a ragged or sparse tensor's: see _format_slot)."""

    def __init__(self, index: Any) -> None:
        self.index = index

    def __repr__(self) -> str:
        return f"{_MARK}{self.index}{_MARK}"


def print_(*inputs: Any, **kwargs: Any) -> Any:
    """tf.print: prints tensors as TF does (`[1 2 3]`), to stderr unless told otherwise."""
    output_stream = kwargs.pop("output_stream", sys.stderr)
    summarize = kwargs.pop("summarize", 3)
    summarize = 3 if summarize is None else int(summarize)  # (None: the default, as TF's)
    sep = kwargs.pop("sep", " ")
    end = kwargs.pop("end", "\n")
    kwargs.pop("name", None)
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments for tf.print: {kwargs}")
    stream = _stream_key(output_stream)
    tensors: list = []

    def slot(x: Any) -> Any:
        if isinstance(x, SparseTensor):  # its three parts, printed as TF's string_format
            tensors.extend([x.indices, x.values, x.dense_shape])
            return _Slot(f"s{len(tensors) - 3}")
        if isinstance(x, CompositeTensor) and hasattr(x, "nested_row_splits"):  # ragged
            if summarize != -1 and summarize <= 0:  # TF's ragged formatting refuses it
                raise ValueError(f"Expected summarize to be -1 or a positive int, got "
                                 f"{summarize}")
            splits = list(x.nested_row_splits)
            tensors.extend([x.flat_values] + splits)
            return _Slot(f"r{len(tensors) - 1 - len(splits)}.{len(splits)}")
        if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
            tensors.append(x if isinstance(x, Tensor) else x._as_tensor())
            return _Slot(len(tensors) - 1)
        return x

    # TF's template: each input pretty-printed (pprint: dict keys sorted, long structures
    # wrapped at 80 columns, arrays by their repr) with each tensor a placeholder string
    # that no other printed text holds; the placeholders then become the slots' marks
    ph = _placeholder(" ".join(pprint.pformat(nest.map_structure(
        lambda x: "" if _printed_as_tensor(x) else x, a)) for a in inputs))
    shown = {False: repr(ph), True: repr(f"SparseTensor(indices={ph}, values={ph}, shape={ph})")}
    parts = []
    for arg in inputs:
        if isinstance(arg, str):
            parts.append(arg)
            continue
        text = pprint.pformat(nest.map_structure(
            lambda x: _Shown(shown[isinstance(x, SparseTensor)], x) if _printed_as_tensor(x)
            else x, arg))
        marks = iter(repr(slot(x)) for x in nest.flatten(arg) if _printed_as_tensor(x))
        parts.append(re.sub("|".join(re.escape(t) for t in shown.values()),
                            lambda _: next(marks), text))
    template = sep.join(parts)
    bind(PRINT, tuple(tensors), {"template": template, "output_stream": stream,
                                 "summarize": summarize, "end": end})
    # in a graph, TF's PrintV2 operation (what tf.control_dependencies takes)
    return None if _state.graph is None else _state.graph.operations[-1]
