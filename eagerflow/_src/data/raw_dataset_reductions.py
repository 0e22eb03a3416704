"""TF's dataset ops that fold or group elements with functions: ReduceDataset and
DatasetToSingleElement (which give tensors), GroupByWindowDataset and GroupByReducerDataset
(and their Experimental forms).

Data layer, beside raw_dataset_functions.py, whose helpers call the func attributes:
each op is built from the public Dataset methods (reduce, group_by_window,
tf.data.experimental.group_by_reducer), with TF's kernels' checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE as _CPU
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    check_element,
    check_specs,
    flat_input,
    flat_specs,
    from_variant,
    range_variant,
    tf_attrs_load,
    to_variant,
)
from eagerflow._src.data.grouping_reducer import Reducer, group_by_reducer
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.raw_dataset_functions import (
    I64_ATTRS,
    PAIR_ATTRS,
    S64,
    SF32,
    Declared,
    Mismatch,
    arrays_of,
    built,
    call_fn,
    check_outputs,
    concrete,
    concrete_fn,
    flat_list,
    inputs_infer,
    lone,
    one_scalar,
    others_tensors,
    out_specs,
    pairs_variant,
    param,
    ref_in,
    register_fn_op,
    spec_of_attrs,
    specs_of,
    split_inputs,
    type_mismatch,
)
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_SVARIANT = TensorSpec([], dt.variant)


def _first(op: str, ds: DatasetV2, n: int) -> list:
    """Up to `n` elements of `ds`, flat; an error on the way named as raised by `op`."""
    it = ds.take(n)._make_iterator(IterContext(ds.options()))
    try:
        return [list(e) for e in it]
    except OpError as e:
        raise type(e)(None, None, f"{e._message} [Op:{op}]") from None
    finally:
        it.close()


def _arrays(tensors: list) -> tuple:
    return tuple(np.asarray(t._numpy()) if isinstance(t, EagerTensor) else np.asarray(t)
                 for t in tensors)


def _outputs_infer(*, output_types: tuple = (), output_shapes: tuple = (), **_: Any) -> list:
    return [(None if s is None else tuple(s), d) for d, s in zip(output_types, output_shapes)]


def _tensor_op(name: str, kernel: Callable, infer: Callable, **kw: Any) -> OpDef:
    """A dataset op giving tensors: TF's inputs and attrs passed as they are."""
    return register(OpDef(name, infer, kernel, num_outputs=-1, stateful=True, gpu=False,
                          tf=TFForm(load=tf_attrs_load(name), takes_handles=True,
                                    takes_funcs=True), **kw))


def _checked(op: str, result: list, output_types: tuple, output_shapes: tuple) -> tuple:
    check_element(op, result, tuple(output_types), tuple(output_shapes))
    return _arrays(result)


# -- ReduceDataset ---------------------------------------------------------------------------

def _fold(op: str, ds: DatasetV2, f: Any, state: tuple, others: tuple) -> list:
    """The state after `f` folded every element in: TF's kernel refuses an argument of
    another dtype when it calls the function, the state it returned included."""
    try:
        cf = concrete(f, specs_of(state) + list(flat_specs(ds)) + specs_of(others))
    except Mismatch as e:
        if _first(op, ds, 1):
            raise C.fail(op, e.args[0]) from None
        return list(state)
    n = len(state)
    if len(out_specs(cf)) != n and _first(op, ds, 1):
        raise C.fail(op, "The number of components of the initial state and the reduce "
                         "function output does not match. (initial_state="
                         f"{n}, output={len(out_specs(cf))}).")
    changed = [i for i, (o, s) in enumerate(zip(out_specs(cf), state)) if o.dtype != s.dtype]
    if changed:  # (the second call refuses what the first returned)
        head = _first(op, ds, 2)
        if len(head) == 2:
            i = changed[0]
            raise C.fail(op, type_mismatch(out_specs(cf)[i].dtype, param(cf, i)))
        return call_fn(cf, list(state) + head[0] + list(others))[:n] if head else list(state)
    try:
        out = ds.reduce(lone(state), lambda s, e: lone(
            call_fn(cf, flat_list(s) + flat_list(e) + list(others))[:n]))
    except OpError as e:
        if e._message.endswith(f"[Op:{op}]"):
            raise
        raise type(e)(None, None, f"{e._message} [Op:{op}]") from None
    return flat_list(out)


def _reduce(xp: Any, *ins: Any, f: Any, Tstate: tuple = (), Targuments: tuple = (),
            output_types: tuple = (), output_shapes: tuple = (), **_: Any) -> tuple:
    op = "ReduceDataset"
    ds = flat_input(op, ins[0])
    state_in, others_in, _rest = split_inputs(ins, len(Tstate), len(Targuments))
    state, others = others_tensors(state_in, Tstate), others_tensors(others_in, Targuments)
    return _checked(op, _fold(op, ds, f, state, others), output_types, output_shapes)


def _reduce_reference(ds: Any, *ins: Any, f: Any, Tstate: tuple = (), Targuments: tuple = (),
                      **_: Any) -> tuple:
    state = list(others_tensors(ins[:len(Tstate)], Tstate))
    others = list(others_tensors(ins[len(Tstate):], Targuments))
    for e in ref_in(ds):
        state = list(f.call_flat_outputs(state + e + others))
    return tuple(arrays_of(state))


def _reduce_samples() -> list:
    total = concrete_fn(lambda s, x: s + x, S64, S64)
    pair = concrete_fn(lambda a, b, x, y, k: (a + x * k, b * y), S64, SF32, S64, SF32, S64)
    return [Sample((range_variant(5), np.int64(0)),
                   dict(I64_ATTRS, f=total, Tstate=(dt.int64,), Targuments=()), grad=False),
            Sample((range_variant(0), np.int64(7)),
                   dict(I64_ATTRS, f=total, Tstate=(dt.int64,), Targuments=()), grad=False),
            Sample((pairs_variant(), np.int64(1), np.float32(2.), np.int64(3)),
                   dict(PAIR_ATTRS, f=pair, Tstate=(dt.int64, dt.float32),
                        Targuments=(dt.int64,), use_inter_op_parallelism=False), grad=False)]


REDUCE_DATASET = _tensor_op(
    "ReduceDataset", _reduce,
    inputs_infer("ReduceDataset", ("Tstate", "Targuments"), outputs=_outputs_infer),
    reference=_reduce_reference, samples=_reduce_samples,
    bad_samples=lambda: [BadSample((range_variant(3), np.int32(0)),
                           {"f": None, "Tstate": (dt.int64,), "Targuments": (),
                            "output_types": (dt.int64,), "output_shapes": ((),)},
                           InvalidArgumentError, "cannot compute ReduceDataset as input "
                           "#1(zero-based) was expected to be a int64 tensor but is a int32 "
                           "tensor")])


# -- DatasetToSingleElement ------------------------------------------------------------------

def _single(xp: Any, dataset: Any, *, output_types: tuple = (), output_shapes: tuple = (),
            **_: Any) -> tuple:
    op = "DatasetToSingleElement"
    ds = flat_input(op, dataset)
    head = _first(op, ds, 2)
    if not head:
        raise C.fail(op, "Dataset was empty.")
    if len(head) > 1:
        raise C.fail(op, "Dataset had more than one element.")
    # (what the dataset declares, then what its element holds)
    check_specs(op, flat_specs(ds), tuple(output_types), tuple(output_shapes))
    return _checked(op, head[0], output_types, output_shapes)


def _single_bad() -> list:
    refused = ((range_variant(0), I64_ATTRS, "Dataset was empty."),
               (range_variant(3), I64_ATTRS, "Dataset had more than one element."),
               (range_variant(1), {"output_types": (dt.int32,), "output_shapes": ((),)},
                "Data type mismatch at component 0: expected int32 but got int64."))
    return [BadSample((d,), dict(attrs), InvalidArgumentError, words)
            for d, attrs, words in refused]


DATASET_TO_SINGLE_ELEMENT = register(OpDef(
    "DatasetToSingleElement", inputs_infer("DatasetToSingleElement", (),
                                           outputs=_outputs_infer),
    _single, num_outputs=-1, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("DatasetToSingleElement"), takes_handles=True),
    reference=lambda d, **_: tuple(arrays_of(ref_in(d)[0])),
    samples=lambda: [Sample((range_variant(1),), dict(I64_ATTRS), grad=False)],
    bad_samples=_single_bad))


# -- GroupByWindowDataset, GroupByReducerDataset ---------------------------------------------

_KEY_WORDS = "`key_func` must return a scalar int64."


def _key_fn(ds: DatasetV2, key_func: Any, others: tuple) -> Callable:
    cf = concrete(key_func, list(flat_specs(ds)) + specs_of(others))
    check_outputs(cf, one_scalar(dt.int64), _KEY_WORDS)
    return lambda *components: call_fn(cf, list(components) + list(others))[0]


def _group_by_window(op: str, *ins: Any, key_func: Any, reduce_func: Any,
                     window_size_func: Any, Tkey_func_other_arguments: tuple = (),
                     Treduce_func_other_arguments: tuple = (),
                     Twindow_size_func_other_arguments: tuple = (), output_types: tuple = (),
                     output_shapes: tuple = (), **_: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    types = (Tkey_func_other_arguments, Treduce_func_other_arguments,
             Twindow_size_func_other_arguments)
    parts = split_inputs(ins, *(len(t) for t in types))
    key_o, reduce_o, window_o = (others_tensors(p, t) for p, t in zip(parts, types))
    spec = spec_of_attrs(output_types, output_shapes)

    def make() -> DatasetV2:
        key = _key_fn(ds, key_func, key_o)
        wcf = concrete(window_size_func, [S64] + specs_of(window_o))
        check_outputs(wcf, one_scalar(dt.int64), "`window_size_func` must return a scalar "
                                                 "int64.")
        rcf = concrete(reduce_func, [S64, _SVARIANT] + specs_of(reduce_o))
        check_outputs(rcf, one_scalar(dt.variant), "`reduce_func` must return a single "
                                                   "scalar of dtype DT_VARIANT.")
        return ds.group_by_window(
            key, lambda k, window: Declared(
                call_fn(rcf, [k, to_variant(window)] + list(reduce_o))[0], spec),
            window_size_func=lambda k: call_fn(wcf, [k] + list(window_o))[0])

    return built(op, "GroupByWindow", ds, spec, make, kernel_check=True)


def _group_by_window_reference(ds: Any, *ins: Any, key_func: Any, reduce_func: Any,
                               window_size_func: Any, output_types: tuple = (),
                               output_shapes: tuple = (), **_: Any) -> Any:
    spec = spec_of_attrs(output_types, output_shapes)
    windows: dict = {}
    rows: list = []

    def flush(k: int) -> None:
        window = DatasetV2.from_tensor_slices(lone(tuple(
            np.stack(c) for c in zip(*windows.pop(k)))))
        out = reduce_func.call_flat_outputs([EagerTensor(np.int64(k), dt.int64, _CPU),
                                             to_variant(window)])[0]
        rows.extend(arrays_of(flat_list(x)) for x in from_variant(out, spec))

    for e in ref_in(ds):
        k = int(key_func.call_flat_outputs(e)[0]._numpy())
        size = int(window_size_func.call_flat_outputs(
            [EagerTensor(np.int64(k), dt.int64, _CPU)])[0]._numpy())
        windows.setdefault(k, []).append(arrays_of(e))
        if len(windows[k]) == size:
            flush(k)
    for k in sorted(windows):  # (TF's kernel keeps its groups in key order)
        flush(k)
    return elements_variant(rows)


def _group_by_window_samples() -> list:
    parity = concrete_fn(lambda x: x % 2, S64)
    by_sum = concrete_fn(lambda k, w: w, S64, _SVARIANT)
    two = concrete_fn(lambda k: k * 0 + 2, S64)
    return [Sample((range_variant(7),), dict(
        I64_ATTRS, key_func=parity, reduce_func=by_sum, window_size_func=two,
        Tkey_func_other_arguments=(), Treduce_func_other_arguments=(),
        Twindow_size_func_other_arguments=()), grad=False)]


_WINDOW_LISTS = ("Tkey_func_other_arguments", "Treduce_func_other_arguments",
                 "Twindow_size_func_other_arguments")
for _op in ("GroupByWindowDataset", "ExperimentalGroupByWindowDataset"):
    register_fn_op(_op, _group_by_window, inputs_infer(_op, _WINDOW_LISTS),
                   "GroupByWindowDataset", reference=_group_by_window_reference,
                   samples=_group_by_window_samples)


def _group_by_reducer(op: str, *ins: Any, key_func: Any, init_func: Any, reduce_func: Any,
                      finalize_func: Any, output_types: tuple = (), output_shapes: tuple = (),
                      **attrs: Any) -> DatasetV2:
    ds = flat_input(op, ins[0])
    types = tuple(attrs.get(a, ()) for a in _REDUCER_LISTS)
    parts = split_inputs(ins, *(len(t) for t in types))
    key_o, init_o, reduce_o, final_o = (others_tensors(p, t) for p, t in zip(parts, types))
    spec = spec_of_attrs(output_types, output_shapes)

    def make() -> DatasetV2:
        key = _key_fn(ds, key_func, key_o)
        icf = concrete(init_func, [S64] + specs_of(init_o))
        state = out_specs(icf)
        rcf = concrete(reduce_func, state + list(flat_specs(ds)) + specs_of(reduce_o))
        for i, (o, s) in enumerate(zip(out_specs(rcf), state)):
            if o.dtype != s.dtype:  # (refused as the state it returned comes back)
                raise Mismatch(type_mismatch(o.dtype, param(rcf, i)))
        fcf = concrete(finalize_func, state + specs_of(final_o))
        n = len(state)
        reducer = Reducer(
            lambda k: lone(call_fn(icf, [k] + list(init_o))[:n]),
            lambda s, e: lone(call_fn(rcf, flat_list(s) + flat_list(e) + list(reduce_o))[:n]),
            lambda *s: lone(call_fn(fcf, list(s) + list(final_o))))
        return ds.apply(group_by_reducer(key, reducer))

    return built(op, "GroupByReducer", ds, spec, make, kernel_check=True)


def _group_by_reducer_reference(ds: Any, *ins: Any, key_func: Any, init_func: Any,
                                reduce_func: Any, finalize_func: Any, **_: Any) -> Any:
    states: dict = {}
    for e in ref_in(ds):
        k = int(key_func.call_flat_outputs(e)[0]._numpy())
        if k not in states:
            states[k] = list(init_func.call_flat_outputs(
                [EagerTensor(np.int64(k), dt.int64, _CPU)]))
        states[k] = list(reduce_func.call_flat_outputs(states[k] + e))
    return elements_variant([arrays_of(finalize_func.call_flat_outputs(states[k]))
                             for k in sorted(states)])


def _group_by_reducer_samples() -> list:
    return [Sample((range_variant(7),), dict(
        I64_ATTRS, key_func=concrete_fn(lambda x: 2 - x % 3, S64),
        init_func=concrete_fn(lambda k: k * 100, S64),
        reduce_func=concrete_fn(lambda s, x: s + x, S64, S64),
        finalize_func=concrete_fn(lambda s: s * 10, S64),
        **{a: () for a in _REDUCER_LISTS}), grad=False)]


_REDUCER_LISTS = ("Tkey_func_other_arguments", "Tinit_func_other_arguments",
                  "Treduce_func_other_arguments", "Tfinalize_func_other_arguments")
for _op in ("GroupByReducerDataset", "ExperimentalGroupByReducerDataset"):
    register_fn_op(_op, _group_by_reducer, inputs_infer(_op, _REDUCER_LISTS),
                   "GroupByReducerDataset", reference=_group_by_reducer_reference,
                   samples=_group_by_reducer_samples)
