"""The channels-first data formats of SpaceToDepth and DepthToSpace (ops/nn_space.py's):
TF 2.21's CPU kernels of the two are NHWC only, so it refuses NCHW and NCHW_VECT_C there,
eagerly before any shape check (NotFoundError) and when a graph runs (InvalidArgumentError),
while its GPU kernels take NCHW; a format outside the OpDef's list is refused as any attr
is. Here: those refusals, and the NCHW layout of the shapes and kernels (over an NHWC one).

Sits in the ops layer just below nn_space.py.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.device import current_device
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.nn_args import no_registered_kernel

_FORMATS = ("NHWC", "NCHW", "NCHW_VECT_C")
# TF 2.21's kernels of the two ops, as its errors list them: XLA's (every type), then the
# CPU's, each NHWC only (DepthToSpace's without qint8)
_XLA_TYPES = ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
              "DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, "
              "DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN, "
              "DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4]")
_CPU_TYPES = ("QINT8", "VARIANT", "RESOURCE", "STRING", "BOOL", "COMPLEX128", "COMPLEX64",
              "DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8", "UINT8", "INT16", "UINT16",
              "UINT32", "INT64", "UINT64")


def _kernels(op: str) -> tuple:
    cpu = _CPU_TYPES if op == "SpaceToDepth" else _CPU_TYPES[1:]
    return (("XLA_CPU_JIT", _XLA_TYPES),) + tuple(
        ("CPU", f'T in [DT_{t}]; data_format in ["NHWC"]') for t in cpu)


def _node_attrs(d: dt.DType, block_size: int, data_format: str) -> str:
    # (TF prints them in an order that varies from run to run; here always this one)
    return f'T={C.dt_enum(d)}, block_size={block_size}, data_format="{data_format}"'


def _no_cpu_kernel(op: str, d: dt.DType, block_size: int,
                   data_format: str) -> InvalidArgumentError:
    """A graph's node of the op in a channels-first format, run on the CPU: TF's refusal
    then (eagerly it is C.no_kernel's NotFoundError, raised before the op runs)."""
    return no_registered_kernel(op, _node_attrs(d, block_size, data_format), _kernels(op))


def check_format(op: str, x: Any, block_size: int, data_format: str) -> None:
    """data_format among the OpDef's values (a graph's ValueError, else eager's check of
    the NodeDef), then, eagerly on the CPU, TF's NotFoundError: its CPU kernels are NHWC
    only (a GPU's take NCHW)."""
    eager = isinstance(x, EagerTensor)
    if data_format not in _FORMATS:
        shown = ", ".join(f'"{f}"' for f in _FORMATS)
        if not eager:
            raise ValueError(f"Attr 'data_format' of '{op}' Op passed string '{data_format}' "
                             f"not in: {shown}.")
        raise C.fail(op, f"Value for attr 'data_format' of \"{data_format}\" is not in the "
                         f"list of allowed values: {shown}\n\t; NodeDef: {{{{node {op}}}}}")
    if data_format != "NHWC" and eager and current_device().device_type == "CPU":
        raise C.no_kernel(op, _node_attrs(x._dtype, block_size, data_format),
                          others=_kernels(op))


def nhwc_shape(shape: Any, data_format: str) -> Any:
    return shape if data_format == "NHWC" or shape is None else \
        (shape[0], shape[2], shape[3], shape[1])


def channels_first(pair: list, data_format: str) -> list:
    """An NHWC infer's [(shape, dtype)] in `data_format`'s layout (NCHW's)."""
    (shape, d), = pair
    if data_format == "NHWC" or shape is None:
        return pair
    return [((shape[0], shape[3], shape[1], shape[2]), d)]


def formatted(op: str, nhwc: Callable) -> Callable:
    """A kernel over NHWC arrays run in `data_format`: a channels-first one on a device
    (TF's GPU kernels take NCHW; on the CPU, a graph's node refused as TF's)."""
    def kernel(xp: Any, x: Any, block_size: int, data_format: str = "NHWC") -> Any:
        if data_format == "NHWC":
            return nhwc(xp, x, block_size)
        if xp is np:
            raise _no_cpu_kernel(op, dt.from_numpy(x.dtype), block_size, data_format)
        if data_format != "NCHW":  # (TF's GPU kernels take NCHW_VECT_C for qint8 only)
            raise UnimplementedError(None, None, f"{op} of {data_format} is not supported "
                                                 f"[Op:{op}]")
        return nhwc(xp, x.transpose(0, 2, 3, 1), block_size).transpose(0, 3, 1, 2).copy()
    return kernel
