"""TF's CompressElement and UncompressElement: an element's components as one
compressed variant (what tf.data service sends), and back.

Data layer, over io/snappy.py. As TF's: the components' bytes (a string tensor's strings
one after another, anything else its buffer) are one snappy block, and each component
keeps its dtype, shape and byte counts (one per string; one for another tensor, none
where it has no bytes). The variant shows TF's debug text of its CompressedElement
proto. (A variant component, whose bytes TF serializes, is kept as it is here: its
element's text shows no bytes of it.) UncompressElement checks the components' count and
dtypes against its attrs, as TF's kernel, but not their shapes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError
from eagerflow._src.data.dataset_variants import check_signature, tf_attrs_load
from eagerflow._src.io import snappy
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

# (TF prints a proto's debug text after a marker that says it is no stable format)
_MARKER = "goo.gle/debugonly   "


def _escaped(data: bytes) -> str:
    """Bytes as a proto's text shows them: C escapes, octal for what is not printable."""
    named = {9: "\\t", 10: "\\n", 13: "\\r", 34: '\\"', 39: "\\'", 92: "\\\\"}
    return "".join(named.get(b) or (chr(b) if 32 <= b < 127 else f"\\{b:03o}") for b in data)


class CompressedElement:
    """A CompressElement's variant: the snappy block of the components' bytes, and each
    component's (dtype, shape, byte counts); `kept` the variant components."""

    __slots__ = ("data", "metadata", "kept", "raw")

    def __init__(self, components: list) -> None:
        parts, self.metadata, self.kept = [], [], []
        for a, d in components:
            if d is dt.string:
                items = [x if isinstance(x, bytes) else str(x).encode()
                         for x in a.reshape(-1).tolist()]
                parts.extend(items)
                counts = [len(x) for x in items]
            elif d is dt.variant:
                self.kept.append(a)
                counts = []
            else:
                raw = np.ascontiguousarray(a).tobytes()
                parts.append(raw)
                counts = [len(raw)] if raw else []
            self.metadata.append((d, tuple(a.shape), counts))
        self.raw = b"".join(parts)
        self.data = snappy.compress_block(self.raw)

    @property
    def variant_text(self) -> str:
        lines = [f"<{_MARKER}", f'data: "{_escaped(self.data)}"']
        for d, shape, counts in self.metadata:
            lines += ["component_metadata {", f"  dtype: {C.dt_enum(d)}", "  tensor_shape {"]
            for n in shape:
                lines += ["    dim {"] + ([f"      size: {n}"] if n else []) + ["    }"]
            lines.append("  }")
            lines += [f"  uncompressed_bytes: {n}" for n in counts]
            lines.append("}")
        return "\n".join(lines) + "\n>"

    def components(self) -> list:
        """The components' arrays again."""
        raw, at, kept, out = snappy.decompress_block(self.data), 0, iter(self.kept), []
        for d, shape, counts in self.metadata:
            if d is dt.variant:
                out.append(next(kept))
                continue
            if d is dt.string:
                items = []
                for n in counts:
                    items.append(raw[at:at + n])
                    at += n
                a = np.empty(len(items), object)
                a[:] = items
                out.append(a.reshape(shape))
                continue
            n = counts[0] if counts else 0
            out.append(np.frombuffer(raw[at:at + n], d.as_numpy_dtype).reshape(shape).copy())
            at += n
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CompressedElement):
            return NotImplemented
        return self.raw == other.raw and self.metadata == other.metadata and \
            len(self.kept) == len(other.kept)

    __hash__ = None  # type: ignore[assignment]


def compressed(components: list) -> np.ndarray:
    out = np.empty((), object)
    out[()] = CompressedElement(components)
    return out


# -- CompressElement ---------------------------------------------------------------------------

def _compress_infer(*components: Any, input_types: tuple = (), **attrs: Any) -> list:
    check_signature("CompressElement", components, dict(attrs, input_types=input_types))
    return [((), dt.variant)]


def _compress(xp: Any, *components: Any, input_types: tuple = (), **_: Any) -> np.ndarray:
    return compressed([(np.asarray(a), d) for a, d in zip(components, input_types)])


_INTS = np.array([1, 2, 3], np.int32)
_WORDS = np.array([b"a", b"bcd"], object)
_ZEROS = np.zeros(40, np.int32)

COMPRESS_ELEMENT = register(OpDef(
    "CompressElement", _compress_infer, _compress, gpu=False,
    tf=TFForm(load=tf_attrs_load("CompressElement"), takes_handles=True),
    reference=lambda *c, input_types=(), **_: compressed(list(zip(c, input_types))),
    samples=lambda: [Sample((_INTS, np.array(b"ab", object)),
                            {"input_types": (dt.int32, dt.string)}, grad=False),
                     Sample((_WORDS, _ZEROS, np.zeros((0, 2), np.float32)),
                            {"input_types": (dt.string, dt.int32, dt.float32)}, grad=False)]))


# -- UncompressElement -------------------------------------------------------------------------

def _uncompress_infer(compressed: Any, *, output_types: tuple = (),
                      output_shapes: tuple = (), **attrs: Any) -> list:
    check_signature("UncompressElement", (compressed,), dict(
        attrs, output_types=output_types, output_shapes=output_shapes))
    # (the components' shapes are the element's, which TF's kernel doesn't check)
    return [(None, d) for d in output_types]


def _uncompress(xp: Any, compressed: Any, *, output_types: tuple = (), **_: Any) -> tuple:
    op = "UncompressElement"
    value = np.asarray(compressed)
    if value.ndim:
        raise C.fail(op, f"UncompressElement requires its input to be a scalar, but "
                         f"encountered an input with {value.ndim} dimensions.")
    held = value[()]
    if not isinstance(held, CompressedElement):
        shown = getattr(held, "variant_text", "<unknown>")
        raise C.fail(op, f"Input does not contain a compressed element. Instead got tensor "
                         f"Tensor<type: variant shape: [] values: {shown}>")
    have = held.metadata
    if len(have) != len(output_types):
        raise FailedPreconditionError(None, None, f"Expected {len(output_types)} outputs from "
                                                  f"uncompress, but got {len(have)} [Op:{op}]")
    for (d, _, _), want in zip(have, output_types):
        if d is not want:
            raise FailedPreconditionError(None, None, f"Expected a tensor of type "
                                                      f"{C.dtype_word(want)} but got a tensor "
                                                      f"of type {C.dtype_word(d)} [Op:{op}]")
    return tuple(held.components())


def _sample_element() -> np.ndarray:
    return compressed([(_INTS, dt.int32), (np.array(b"ab", object), dt.string)])


_PAIR = {"output_types": (dt.int32, dt.string), "output_shapes": ((3,), ())}

UNCOMPRESS_ELEMENT = register(OpDef(
    "UncompressElement", _uncompress_infer, _uncompress, num_outputs=-1, gpu=False,
    tf=TFForm(load=tf_attrs_load("UncompressElement"), takes_handles=True),
    reference=lambda c, **_: (_INTS, np.array(b"ab", object)),
    samples=lambda: [Sample((_sample_element(),), _PAIR, grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_element(),), {"output_types": (dt.int32,),
                                         "output_shapes": ((3,),)},
                  FailedPreconditionError, "Expected 1 outputs from uncompress, but got 2"),
        BadSample((_sample_element(),), dict(_PAIR, output_types=(dt.int64, dt.string)),
                  FailedPreconditionError,
                  "Expected a tensor of type int64 but got a tensor of type int32"),
        BadSample((np.stack([_sample_element(), _sample_element()]),), _PAIR,
                  InvalidArgumentError, "UncompressElement requires its input to be a scalar, "
                                        "but encountered an input with 1 dimensions.")]))
