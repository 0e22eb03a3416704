"""Where an op whose values are host objects holding a device's arrays runs, and the copies
run_on makes of an op's inputs and outputs.

Ops layer, under dispatch.py (whose run_on hands these ops here). Two kinds of values are
host objects whose arrays live on a device: variants (a TensorList, a tuple of its items;
a CSR matrix, a DeviceBox), which an op of variants (OpDef.holds_variants) takes and makes
as they are, on the device the scope places it on (run_variant_op); and resources (a
variable, a TF 1 TensorArray or stack), named by a handle, whose ops run where the
resource lives, as TF places them (run_on_resource), and which an op making one
(OpDef.makes_resource) makes where TF's kernels of its ops place it (make_resource).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src import backend as B
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import OpError, ResourceExhaustedError
from eagerflow._src.core.resource import ResourceHandle

_ndarray = np.ndarray


def out_of_memory(op_name: str) -> Exception:
    return ResourceExhaustedError(None, None, f"OOM when allocating a temporary of {op_name} "
                                              f"[Op:{op_name}]")


def host_positions(op: Any, n: int) -> tuple:
    """The positions, among `n` inputs of `op`, of those its device kernel reads in host
    memory (op.host_inputs: a tuple, or a function of the count where list arguments set
    where they stand)."""
    host = op.host_inputs
    return host if host.__class__ is tuple else host(n)


def onto_device(b: Any, index: int, a: Any, op: Any, i: int, host: tuple) -> Any:
    """Input `i` of `op` as its kernel on device `index` of backend `b` takes it: the
    device's array (a copy when it lives elsewhere; NumPy scalars too), except a host
    input (`host`: host_positions of the op's inputs), one whose shape alone is read
    (op.shape_inputs) or that is read where it lives (op.as_is_inputs), and a 0-d host
    array of an op whose device kernel takes scalars (op.scalar_args: a ufunc's), which
    passes as a NumPy scalar (a kernel argument, as CuPy's take them: no copy)."""
    if b.holds(a, index) or not (type(a) in B.ARRAY_TYPES or isinstance(a, np.generic)) \
            or i in op.shape_inputs or i in op.as_is_inputs:
        return a
    if i in host:
        return B.to_host(a)
    if op.scalar_args and a.ndim == 0 and (type(a) is np.ndarray or isinstance(a, np.generic)):
        return a[()]
    return b.to_device(a, index)


def host_result(out: Any) -> Any:
    if type(out) is _ndarray:
        return out
    if type(out) is bytes:
        return np.array(out, dtype=object)
    return np.asarray(out) if B.is_scalar(out) else out


def host_outputs(op: Any, out: Any) -> Any:
    """The positions of the outputs `out` of `op`'s device kernel that it gives in host
    memory (op.host_outputs)."""
    return () if op.host_outputs is None else op.host_outputs(len(out or ()))


def is_variant(a: Any) -> bool:
    """Whether `a` is an array of variants (TensorLists, ragged or other composite values:
    host objects that list ops take and make as they are), not of strings (bytes, host
    data). (An empty one holds neither: it goes where strings go.)"""
    return type(a) is _ndarray and a.dtype.kind == "O" and a.size > 0 and \
        not isinstance(a.flat[0], (bytes, str))


class DeviceBox:
    """A variant value that is a host object holding arrays of a device (a CSR sparse
    matrix; a TensorList, a tuple of its items, is the other kind of such variants)."""

    __slots__ = ()

    def added(self, xp: Any, other: Any) -> Any:
        """The sum of two gradients of one value, as a tape adds them, its arrays on
        `xp`'s device (TF's ADD_VARIANT_BINARY_OP of the variant)."""
        raise NotImplementedError

    def zeros_like(self, xp: Any) -> Any:
        """tf.zeros_like of the value, its arrays on `xp`'s device (TF's
        ZEROS_LIKE_VARIANT_UNARY_OP of the variant)."""
        raise NotImplementedError


def holds_box(arrays: Any) -> bool:
    """Whether an array among `arrays` holds device boxes (CSR matrices)."""
    return any(is_variant(a) and isinstance(a.flat[0], DeviceBox) for a in arrays)


def variant_op_result(b: Any, index: int, out: Any) -> Any:
    """An output of an op of variants on device `index` of backend `b`: a variant (a list,
    a matrix, an item that is itself a variant) as it is, a host object wherever its
    arrays live; anything else as a result of the device."""
    if type(out) is tuple or is_variant(out):
        return out
    return b.result(out, index)


def _variants_on_host(arrays: Any, dtypes: Any) -> bool:
    """Whether an op of variants of these input arrays and output dtypes runs on CPU:0:
    its items (in or out) are host data, strings."""
    return any(type(a) in B.ARRAY_TYPES and D.host_only(a.dtype) and not is_variant(a)
               for a in arrays) or \
        any(d is not None and d is not dt.variant and (d._np is None or D.host_only(d._np))
            for d in dtypes)


def run_variant_op(place: Any, op: Any, arrays: Any, attrs: dict, dtypes: Any) -> tuple:
    """(outputs, device name) of an op of variants (op.holds_variants: TensorLists, CSR
    sparse matrices) run on `place`: its variants passed as they are (host objects), its
    other inputs copied there; on CPU:0 where it reads or makes strings (TF has no GPU
    list kernels for them)."""
    if not op.gpu or place.backend is B.NUMPY or _variants_on_host(arrays, dtypes):
        arrays = [a if is_variant(a) else B.to_host(a) if type(a) in B.ARRAY_TYPES else a
                  for a in arrays]
        try:
            with D.placed_on(CPU_DEVICE):
                out = op.kernel(np, *arrays, **attrs)
        except OpError as e:
            e.on_host = True  # (its error names CPU:0: dispatch.failed)
            raise
        dev, result = CPU_DEVICE, host_result
    else:
        b, index = place.backend, place.physical
        host = host_positions(op, len(arrays))
        arrays = [a if is_variant(a) else B.to_host(a) if i in host else
                  onto_device(b, index, a, op, i, host) for i, a in enumerate(arrays)]
        try:
            out = op.kernel(place.xp, *arrays, **attrs)
        except MemoryError:
            raise out_of_memory(op.name) from None
        dev = place.canonical

        def result(o: Any) -> Any:
            return variant_op_result(b, index, o)
    if op.num_outputs == 1:
        return result(out), dev
    return tuple(result(o) for o in out or ()), dev


def handle_device(a: Any) -> Any:
    """The device of the resource that `a`, a handle (a 0-d object array of one), names
    (its variable's, where the handle holds one); None where `a` is no handle."""
    if type(a) is _ndarray and a.dtype.kind == "O" and a.ndim == 0:
        h = a[()]
        if isinstance(h, ResourceHandle):
            return D.lookup(getattr(h.target, "_device", None) or h.device)
    return None


def resource_device(arrays: Any) -> Any:
    """The device of the resource the first handle among `arrays` names; None where no
    array is a handle."""
    for a in arrays:
        owner = handle_device(a)
        if owner is not None:
            return owner
    return None


def make_resource(place: Any, op: Any, arrays: Any, attrs: dict) -> tuple:
    """(outputs, device name) of an op making a resource that holds arrays
    (op.makes_resource: a TensorArray, a stack, a gradient array), run where the resource
    will live: beside a resource it is given, else on `place` where TF's GPU kernels of the
    ops on it take its dtype, else on CPU:0 (TF's placer keeps an array's ops together)."""
    owner = resource_device(arrays)
    if owner is None:
        attr, gpu_dtypes = op.makes_resource
        d = None if attr is None else dt.as_dtype(attrs[attr])
        on_device = place.backend is not B.NUMPY and d in gpu_dtypes and \
            not D.host_only(d._np)
        owner = place if on_device else D.lookup(CPU_DEVICE)
    try:
        return run_on_resource(owner, op, arrays, attrs)
    except OpError as e:
        if owner.backend is B.NUMPY:
            e.on_host = True  # (its error names CPU:0 under any scope: dispatch.failed)
        raise


def run_on_resource(place: Any, op: Any, arrays: Any, attrs: dict) -> tuple:
    """(outputs, device name) of an op taking a resource handle, run on the resource's
    device `place` (TF's placement of such an op): its other arrays copied there (but its
    host inputs), the handles passed as they are, its host outputs kept as the kernel gives
    them. The kernel runs placed there: what it makes (a handle) names that device."""
    if place.backend is B.NUMPY:
        arrays = [B.to_host(a) if type(a) in B.ARRAY_TYPES else a for a in arrays]
        with D.placed_on(place.canonical):
            out = op.kernel(np, *arrays, **attrs)
        dev, result = place.canonical, host_result
    else:
        b, index = place.backend, place.physical
        host = host_positions(op, len(arrays))
        arrays = [a if type(a) is _ndarray and a.dtype.kind == "O" else
                  onto_device(b, index, a, op, i, host) for i, a in enumerate(arrays)]
        with D.placed_on(place.canonical):  # (what the kernel makes lives there too)
            try:
                out = op.kernel(place.xp, *arrays, **attrs)
            except MemoryError:
                raise out_of_memory(op.name) from None
        dev = place.canonical

        def result(o: Any) -> Any:
            return o if o.__class__ is b.array_type else b.result(o, index)
    outs = (out,) if op.num_outputs == 1 else tuple(out or ())
    host = host_outputs(op, outs)
    outs = tuple(o if i in host else result(o) for i, o in enumerate(outs))
    return (outs[0] if op.num_outputs == 1 else outs), dev
