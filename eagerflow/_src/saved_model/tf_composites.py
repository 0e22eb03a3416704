"""TF ops that eagerflow has no op of their own for: how an imported node composes them.

Sits in saved_model/ under function_import.py. Each entry is TensorFlow's op name and a
function of the imported node (`TFNode`: inputs, constant values, attrs) that calls
eagerflow's public functions, which are themselves compositions of registered ops
(BatchMatMulV2 is the batched MatMul, Div a RealDiv or a FloorDiv). No kernel lives here.
A name the registry holds is never composed: the registered op is TF's, with TF's attrs
and checks, and an entry here would shadow it in imported graphs and tf.raw_ops
(tests/saved_model/test_composed_ops.py checks it).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import shape_str
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import (
    image_color,
    image_transform,
    linalg,
    math,
    math_base,
    misc_ops,
    nn,
    signal_ops,
    string_ops,
)
from eagerflow._src.ops.crosses import tf_sparse_cross
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import REGISTRY


def _ints(v: Any) -> Any:
    """A constant input as Python ints (a vector as a list), or the tensor itself."""
    if hasattr(v, "tolist"):
        return v.tolist()
    return v


def _batch_matmul(n: Any) -> Any:
    x, y = n.inputs
    adj_x, adj_y = n.attrs["adj_x"], n.attrs["adj_y"]
    # (BatchMatMulV3, whose operands and result may differ in dtype, is an op of its own)
    return linalg.matmul(x, y, adjoint_a=adj_x and x.dtype.is_complex,
                         adjoint_b=adj_y and y.dtype.is_complex,
                         transpose_a=adj_x and not x.dtype.is_complex,
                         transpose_b=adj_y and not y.dtype.is_complex)


def _add(n: Any) -> Any:
    x, y = n.inputs
    if x.dtype is dt.string:
        return string_ops.join([x, y])
    return math.add(x, y)


_REAL_FFTS = {"RFFT": signal_ops.rfft, "IRFFT": signal_ops.irfft,
              "RFFT2D": signal_ops.rfft2d, "IRFFT2D": signal_ops.irfft2d,
              "RFFT3D": signal_ops.rfft3d, "IRFFT3D": signal_ops.irfft3d}


def _real_fft(n: Any) -> Any:
    """RFFT / IRFFT (2D, 3D): tf.signal's, over the fft_length input."""
    out = _REAL_FFTS[n.op](n.inputs[0], _ints(n.value(1)))
    # (TF's IRFFT gives its Treal attr's float type, float32 unless the graph says other)
    real = n.attrs.get("Treal")
    return cast(out, real) if n.op.startswith("I") and real is not None else out


def _projective(n: Any) -> Any:
    """ImageProjectiveTransformV2/V3 (Keras's affine and perspective augmentations in TF's
    exports, tf.raw_ops'), checked as TF's kernel checks its inputs."""
    images, transforms = n.inputs[0], n.inputs[1]
    if images.shape.rank != 4:
        raise C.fail(n.op, "Input images must have rank 4")
    t_shape = transforms.shape.as_list() if transforms.shape.rank is not None else None
    if t_shape is not None and (len(t_shape) != 2 or t_shape[1] != 8 or t_shape[0] not in (
            1, images.shape[0], None)):
        raise C.fail(n.op, "Input transform should be num_images x 8 or 1 x 8")
    height_width = images.shape.as_list()[1:3]
    size = n.value(2)
    if hasattr(size, "tolist"):  # (known: TF's checks of it; else Keras's own size, below)
        if size.ndim != 1:
            raise C.fail(n.op, f"output shape must be 1-dimensional{shape_str(size.shape)}")
        if size.size != 2:
            raise C.fail(n.op, f"output shape must have two elements{shape_str(size.shape)}")
        if not (size > 0).all():
            raise C.fail(n.op, "output dimensions must be positive")
    # (a size computed when the graph runs is Keras's layers' own: the images' size)
    if None in height_width:
        raise n.fail("eagerflow warps images of a height and width known at import")
    fill = n.inputs[3] if len(n.inputs) > 3 else cast(0, images.dtype)
    if len(n.inputs) > 3 and fill.shape.rank != 0:
        raise C.fail(n.op, f"fill_value must be a scalar{shape_str(fill.shape.as_list())}")
    out_size = tuple(size.tolist()) if hasattr(size, "tolist") else None
    dims = images.shape.as_list()
    # (an output too large to allocate: TF's OOM, before any coordinate is made)
    C.check_size(n.op, (dims[0], *(out_size or height_width), dims[3]), images.dtype)
    return image_transform.projective_transform(
        images, transforms, n.attrs["interpolation"].lower(),
        n.attrs.get("fill_mode", "CONSTANT").lower(), fill, out_size)



COMPOSED = {
    "SparseCross": tf_sparse_cross,
    # gradient ops, in the functions TF saves gradients as (tf.recompute_grad's, ...)
    "SoftplusGrad": lambda n: math.softplus_grad(*n.inputs),
    "SoftsignGrad": lambda n: nn.softsign_grad(*n.inputs),
    "EluGrad": lambda n: nn.elu_grad(*n.inputs),
    "SeluGrad": lambda n: nn.selu_grad(*n.inputs),
    "BatchMatMul": _batch_matmul,
    "BatchMatMulV2": _batch_matmul,
    "Div": lambda n: math.divide(*n.inputs) if n.inputs[0].dtype.is_floating or
    n.inputs[0].dtype.is_complex else math.floordiv(*n.inputs),
    "Add": _add,
    "Mod": lambda n: math.floormod(*n.inputs),
    # real FFTs and HSV conversions (Keras's spectrogram and color layers in TF's exports)
    **{name: _real_fft for name in ("RFFT", "IRFFT", "RFFT2D", "IRFFT2D", "RFFT3D",
                                    "IRFFT3D")},
    # the N-dimensional FFTs: refused on a CPU (TF registers GPU kernels only)
    "FFTND": lambda n: signal_ops.raw_fftnd(*n.inputs),
    "IFFTND": lambda n: signal_ops.raw_ifftnd(*n.inputs),
    "RFFTND": lambda n: signal_ops.rfftnd_op(*n.inputs, Tcomplex=n.attrs["Tcomplex"]),
    "IRFFTND": lambda n: signal_ops.raw_irfftnd(*n.inputs, Treal=n.attrs["Treal"]),
    "Real": lambda n: cast(math_base.real(n.inputs[0]), n.attrs.get("Tout", dt.float32)),
    "Angle": lambda n: cast(misc_ops.angle(n.inputs[0]), n.attrs.get("Tout", dt.float32)),
    "ImageProjectiveTransformV2": _projective,
    "ImageProjectiveTransformV3": _projective,
    "RGBToHSV": lambda n: image_color.rgb_to_hsv(n.inputs[0]),
}

# TF 1's queue and reader ops on reference handles: in a graph, their V2 forms (on
# resource handles); eagerly tf.raw_ops refuses them as TF does (saved_model/raw_ops.py)
V1_REF_OPS = {
    **{f"{q}Queue": f"{q}QueueV2" for q in ("FIFO", "PaddingFIFO", "Priority", "RandomShuffle")},
    **{f"{r}Reader": f"{r}ReaderV2" for r in ("TFRecord", "TextLine", "WholeFile",
                                              "FixedLengthRecord", "Identity")},
    **{f"Queue{q}": f"Queue{q}V2" for q in ("Enqueue", "EnqueueMany", "Dequeue", "DequeueMany",
                                            "DequeueUpTo", "Close", "Size", "IsClosed")},
    **{f"Reader{r}": f"Reader{r}V2" for r in ("Read", "ReadUpTo", "NumRecordsProduced",
                                              "NumWorkUnitsCompleted", "Reset",
                                              "SerializeState", "RestoreState")},
    "ConditionalAccumulator": "ResourceConditionalAccumulator",
    **{f"Accumulator{a}": f"ResourceAccumulator{a}" for a in (
        "ApplyGradient", "NumAccumulated", "SetGlobalStep", "TakeGradient")},
}


def _as_v2(v2: str) -> Any:
    return lambda n: REGISTRY[v2].tf.load(n)


COMPOSED.update({v1: _as_v2(v2) for v1, v2 in V1_REF_OPS.items()})
# (FakeQueue hands a queue's resource handle to a TF 1 op wanting a reference one)
COMPOSED.update(FakeQueue=lambda n: n.inputs[0])
