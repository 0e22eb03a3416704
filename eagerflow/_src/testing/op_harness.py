"""The registry harness: run an OpDef sample, check it against its reference and
its gradient against central finite differences (also what tf.test.compute_gradient uses).

A sample input that is a `Resource` (an op on variable handles, a training op) becomes a
live variable of that initial value, made afresh for each run (`Live`); the op is given its
handle. A `Table` (an op on a lookup table's handle) becomes a live table of its kind and
items, made by TF's creator ops, likewise. The forward check then covers the variables'
values and the tables' items after the op (`run_state`), and a gradient with respect to a
`Resource` input is the gradient with respect to its variable.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.dtypes import as_dtype
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.lookup_ops import LOOKUP_INSERT
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import OpDef, Resource, Sample, Table
from eagerflow._src.ops.table_handles import CREATORS, INIT_TABLE, state_of
from eagerflow._src.ops.table_refs import TableModel, items_array, py
from eagerflow._src.ops.table_state import DenseTableState
from eagerflow._src.ops.variables import Variable

_TABLE_NAMES = itertools.count()


def value(a: Any) -> Any:
    """A sample input's array (a resource's initial value; a table's model)."""
    if isinstance(a, Table):
        return TableModel(a)
    return np.asarray(a.value if isinstance(a, Resource) else a)


def is_state(a: Any) -> bool:
    """Whether a sample input is state the op is given a handle of (a variable, a table)."""
    return isinstance(a, (Resource, Table))


def has_resources(inputs: tuple) -> bool:
    return any(is_state(a) for a in inputs)


def live_table(t: Table) -> EagerTensor:
    """A fresh table of `t`'s kind holding its items (named apart), made and filled by
    TF's ops; its handle."""
    keys, values = _tensor(np.asarray(t.keys)), _tensor(np.asarray(t.values))
    attrs = {"shared_name": f"sample_table_{next(_TABLE_NAMES)}",
             "value_dtype": values._dtype}
    if t.kind == "dense":  # (few buckets: the sample's keys grow it past them)
        attrs["value_shape"], attrs["initial_num_buckets"] = values._shape[1:], 4
        h = bind(CREATORS["MutableDenseHashTableV2"],
                 (_tensor(np.asarray(t.empty_key)), _tensor(np.asarray(t.deleted_key))), attrs)
        bind(LOOKUP_INSERT, (h, keys, values), {})
        return h
    attrs["key_dtype"] = keys._dtype
    if t.kind == "mutable":
        op = "MutableHashTableV2"
        if values._shape[1:]:
            op, attrs["value_shape"] = "MutableHashTableOfTensorsV2", values._shape[1:]
        h = bind(CREATORS[op], (), attrs)
        bind(LOOKUP_INSERT, (h, keys, values), {})
        return h
    h = bind(CREATORS["HashTableV2"], (), attrs)
    if t.kind == "static":
        bind(INIT_TABLE, (h, keys, values), {})
    return h


def table_items(h: EagerTensor) -> np.ndarray:
    """A live table's items (TableModel.items_array's form)."""
    state = state_of("LookupTableExportV2", h)
    if not isinstance(state, DenseTableState):
        return items_array((py(k), py(v)) for k, v in state.items.items())
    keys, vals = state.keys, state.vals
    used = [i for i, r in enumerate(keys.tolist()) if r != state.empty.tolist() and
            r != state.deleted.tolist()]
    return items_array((py(keys[i].reshape(state.key_shape)),
                        py(vals[i].reshape(state.value_shape))) for i in used)


class Live:
    """A sample's inputs as the op is given them: tensors, and for each `Resource` the
    handle of a fresh variable of its value, for each `Table` a fresh table's."""

    def __init__(self, inputs: tuple) -> None:
        self.variables: list = []
        self.initial: list = []  # (each resource's value before: a table's items)
        self._state: list = []  # (a variable, or a table's handle and its first state)
        self.tensors = tuple(self._input(a) for a in inputs)

    def _input(self, a: Any) -> Any:
        if isinstance(a, Table):
            h = live_table(a)
            state = state_of("LookupTableSizeV2", h)
            self._state.append((h, copy.deepcopy(state.__dict__)))
            self.initial.append(table_items(h))
            return h
        if not isinstance(a, Resource):
            return _tensor(np.asarray(a))
        init = np.asarray(a.value)
        var = Variable(_tensor(init), trainable=init.dtype.kind in "fc")
        self.variables.append(var)
        self.initial.append(init)
        self._state.append(var)
        return var.handle

    def reset(self) -> None:
        """Every variable back to its initial value, every table to its first items (a
        graph's run starts where eager did)."""
        for s, init in zip(self._state, self.initial):
            if isinstance(s, tuple):
                state = state_of("LookupTableSizeV2", s[0])
                state.__dict__.clear()
                state.__dict__.update(copy.deepcopy(s[1]))
            else:
                s._arr = D.to_device(_tensor(init)._arr.copy(), D.lookup(s._device))

    def values(self) -> tuple:
        """The variables' values and the tables' items now, as host arrays."""
        return tuple(table_items(s[0]) if isinstance(s, tuple) else to_host(s._arr)
                     for s in self._state)


def as_tensors(arrays: tuple) -> tuple:
    """A sample's inputs as tensors (a `Resource`: a fresh variable's handle)."""
    return Live(arrays).tensors


def _tensor(a: np.ndarray) -> EagerTensor:
    if a.dtype.names is not None:  # TF's record form of a quantized array (qint8, ...)
        return EagerTensor(a.view(a.dtype[0]), as_dtype(a.dtype))
    if a.dtype == object and a.size and hasattr(a.reshape(-1)[0], "variant_text"):
        return EagerTensor(a, dt.variant)  # (TensorMaps)
    if a.dtype == object and a.size and \
            getattr(a.reshape(-1)[0], "is_resource_handle", False):
        # (a TensorArray's or a stack's sample handle, or one naming a resource by name)
        return EagerTensor(a, dt.resource)
    return EagerTensor(a, dt.string if a.dtype == object else None)


def _outputs(out: Any) -> tuple:
    return out if isinstance(out, tuple) else () if out is None else (out,)


def sample_device(sample: Sample) -> Any:
    """The scope the suites run a sample in: CPU:0 for one TF's GPU kernel refuses
    (`Sample.cpu_only`), the stand-in GPU for one its CPU kernel refuses (`gpu_only`)
    where the default device is no GPU, else the default device's."""
    if sample.cpu_only:
        return D.device("/CPU:0")
    if sample.gpu_only and D.default_device().device_type != "GPU":
        return D.standin_gpus(1)
    return contextlib.nullcontext()


def run(op: OpDef, sample: Sample) -> tuple:
    """The op's outputs on a sample, always as a tuple."""
    return _outputs(bind(op, as_tensors(sample.inputs), dict(sample.attrs)))


def run_state(op: OpDef, sample: Sample) -> tuple:
    """The op's outputs on a sample followed by each resource's value after it (host
    arrays): what the op's reference returns."""
    live = Live(sample.inputs)
    out = _outputs(bind(op, live.tensors, dict(sample.attrs)))
    return tuple(to_host(t._arr) for t in out) + live.values()


def grad_positions(sample: Sample) -> list:
    if sample.grad_inputs is not None:
        return list(sample.grad_inputs)
    return [i for i, a in enumerate(sample.inputs)
            if value(a).dtype.kind in "fc" and value(a).size]


def numeric_jvp_grad(f: Callable, x: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    """d f(x) / dx for a scalar-valued f, by central differences."""
    g = np.zeros_like(x, dtype=np.float64)
    for idx in np.ndindex(*x.shape):
        xp, xm = x.copy(), x.copy()
        xp[idx] += eps
        xm[idx] -= eps
        g[idx] = (f(xp) - f(xm)) / (2 * eps)
    return g


def _weights(outputs: tuple, seed: int = 7) -> list:
    rng = np.random.default_rng(seed)
    return [rng.uniform(0.5, 1.5, size=o._shape) if o._dtype.is_floating else None
            for o in outputs]


def scalar_loss(op: OpDef, sample: Sample, inputs: tuple, weights: list) -> Any:
    out = bind(op, inputs, dict(sample.attrs))
    outs = out if isinstance(out, tuple) else (out,)
    total = None
    for o, w in zip(outs, weights):
        if w is None:
            continue
        term = reduce_sum(o * EagerTensor(w.astype(o._arr.dtype)))  # on o's device
        total = term if total is None else total + term
    return total


def host_loss(op: OpDef, sample: Sample, inputs: tuple, weights: list) -> float:
    """`scalar_loss`'s value, its weighted sum taken on the host in NumPy (a finite
    difference's evaluation: only the op itself need run as an op)."""
    total = 0.0
    for o, w in zip(_outputs(bind(op, inputs, dict(sample.attrs))), weights):
        if w is not None:
            a = to_host(o._arr)
            total += float(np.sum(a * w.astype(a.dtype)))
    return total


def _dense(g: Any) -> Any:
    """A gradient's dense form (a gather's is an IndexedSlices)."""
    return convert_to_tensor(g) if isinstance(g, IndexedSlices) else g


def _float64(a: Any) -> Any:
    """A sample input in float64 where it is a float (a resource's value too)."""
    if isinstance(a, Resource):
        return Resource(_float64(a.value))
    a = np.asarray(a)
    return a.astype(np.float64) if a.dtype.kind == "f" else a


def _with_value(inputs: tuple, pos: int, xv: np.ndarray) -> tuple:
    """`inputs` with input `pos` (a resource's initial value, where it is one) set to xv."""
    args = list(inputs)
    args[pos] = Resource(xv) if isinstance(args[pos], Resource) else xv
    return tuple(args)


def _source(live: Live, inputs: tuple, pos: int) -> tuple:
    """(what a tape watches, what its gradient is taken with respect to) for input `pos`: a
    tensor both; a resource its handle (or variable) and its variable."""
    t = live.tensors[pos]
    if not isinstance(inputs[pos], Resource):
        return t, t
    return t, live.variables[sum(isinstance(a, Resource) for a in inputs[:pos])]


def tape_gradients(op: OpDef, sample: Sample, inputs: tuple, weights: list, pos: int,
                   v: np.ndarray | None = None) -> tuple:
    """(g, h): the tape's gradient g of the weighted loss (`scalar_loss`) with respect to
    input `pos` of `inputs` and, given `v`, the gradient h of sum(g * v) (the Hessian
    times v), by nested tapes; host arrays, zeros where the tape gives None (h is None
    without `v`). Each call makes the inputs afresh (`Live`: an op may change its
    variables)."""
    x = value(inputs[pos])
    live = Live(inputs)
    watched, source = _source(live, inputs, pos)
    with GradientTape() as outer:
        if v is not None:  # (the outer tape records nothing unless it watches)
            outer.watch(watched)
        with GradientTape() as inner:
            inner.watch(watched)
            loss = scalar_loss(op, sample, live.tensors, weights)
        g = _dense(inner.gradient(loss, source))
        s = reduce_sum(g * EagerTensor(v)) if g is not None and v is not None else None
    h = _dense(outer.gradient(s, source)) if s is not None else None
    return _host_or_zeros(g, x), None if v is None else _host_or_zeros(h, x)


def _host_or_zeros(g: Any, x: np.ndarray) -> np.ndarray:
    return np.zeros_like(x, dtype=np.float64) if g is None else to_host(g._arr)


def _hessian_direction(x: np.ndarray) -> np.ndarray:
    """The vector v the second-order checks multiply the Hessian by."""
    return np.random.default_rng(3).uniform(0.5, 1.5, size=x.shape)


def check_gradient(op: OpDef, sample: Sample, second_order: bool = False,
                   eps: float = 1e-6) -> None:
    """Asserts that tape gradients match central finite differences for every float
    input, and with `second_order` that the Hessian H times a vector v does: the tape's
    gradient of sum(g * v), g its gradient, against the central difference of g along v,
    (g(x + eps v) - g(x - eps v)) / (2 eps) = H v (H is symmetric: it is the Hessian of
    the loss, whose gradient g is checked first). Two more gradients, not two per
    element."""
    base = tuple(_float64(a) for a in sample.inputs)
    weights = _weights(run(op, Sample(base, sample.attrs)))
    for pos in grad_positions(sample):
        def f(xv: np.ndarray, pos: int = pos) -> float:
            return host_loss(op, sample, as_tensors(_with_value(base, pos, xv)), weights)

        def g(xv: np.ndarray, pos: int = pos) -> np.ndarray:
            return tape_gradients(op, sample, _with_value(base, pos, xv), weights, pos)[0]

        x = value(base[pos])
        v = _hessian_direction(x) if second_order else None
        got, h = tape_gradients(op, sample, base, weights, pos, v)
        np.testing.assert_allclose(got, numeric_jvp_grad(f, x, eps), rtol=1e-5, atol=1e-6,
                                   err_msg=f"{op.name}: gradient of input {pos}")
        if second_order:
            hv = (g(x + eps * v) - g(x - eps * v)) / (2 * eps)
            np.testing.assert_allclose(h, hv, rtol=1e-4, atol=1e-5,
                                       err_msg=f"{op.name}: second-order gradient of input {pos}")


def check_device_gradient(op: OpDef, sample: Sample, second_order: bool = False,
                          rtol: float = 1e-9) -> None:
    """Asserts that the tape's gradients on the default device (first order, and with
    `second_order` the Hessian times a vector, as check_gradient takes them) are those
    the same tape computes on CPU:0, within `rtol` in float64. (check_gradient holds the
    CPU's against finite differences, for every sample.)"""
    base = tuple(_float64(a) for a in sample.inputs)
    weights = _weights(run(op, Sample(base, sample.attrs)))
    for pos in grad_positions(sample):
        v = _hessian_direction(value(base[pos])) if second_order else None
        got = tape_gradients(op, sample, base, weights, pos, v)
        with D.device("/CPU:0"):
            want = tape_gradients(op, sample, base, weights, pos, v)
        for name, a, b in zip(("gradient", "second-order gradient"), got, want):
            if b is not None:  # (entries cancelling to near 0: to the gradient's scale)
                scale = float(np.max(np.abs(b), initial=1.0))
                np.testing.assert_allclose(a, b, rtol=rtol, atol=rtol * scale,
                                           err_msg=f"{op.name}: {name} of input {pos}")
