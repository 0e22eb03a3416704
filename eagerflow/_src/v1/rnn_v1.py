"""tf.compat.v1.nn's recurrent drivers: `dynamic_rnn`, `static_rnn`,
`bidirectional_dynamic_rnn`, `static_bidirectional_rnn` and `raw_rnn`, over the cells of
rnn_cells.py (or any object with TF's cell interface).

Sits in the v1 layer. A sequence whose number of steps is known when the graph is built is
unrolled step by step (the values TF's while loop computes); one known only when it runs
is a `tf.while_loop` over TensorArrays, as TF builds it. With `sequence_length`, a batch
entry past its length gets zero outputs and keeps its last state (TF's copy-through)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops.array import concat, constant, reshape, shape, zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.math import (
    equal,
    greater_equal,
    logical_not,
    logical_or,
)
from eagerflow._src.ops.math_base import (
    cast,
    identity,
    where,
)
from eagerflow._src.ops.random_unroll import unrolled_loop
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.shaping import reverse, reverse_sequence
from eagerflow._src.ops.stacking import stack, unstack
from eagerflow._src.ops.tensor_array import TensorArray
from eagerflow._src.ops.transposing import transpose
from eagerflow._src.v1.variable_scope import variable_scope

_RNN = "tensorflow.python.ops.rnn"


def _check_cell(name: str, cell: Any) -> None:
    """TF's assert_like_rnncell: the cell's interface, each missing part named."""
    missing = [m for m, ok in (
        ("'output_size' property is missing", hasattr(cell, "output_size")),
        ("'state_size' property is missing", hasattr(cell, "state_size")),
        ("either 'zero_state' or 'get_initial_state' method is required",
         hasattr(cell, "zero_state") or hasattr(cell, "get_initial_state")),
        ("is not callable", callable(cell))) if not ok]
    if missing:
        raise TypeError(f"The argument {name!r} ({cell}) is not an RNNCell: "
                        f"{', '.join(missing)}.")


def _initial_state(cell: Any, given: Any, batch: Any, dtype: Any) -> Any:
    """The state a run starts from: the one given, else the cell's zero state."""
    if given is not None:
        return given
    if not dtype:
        raise ValueError("If no initial_state is provided, argument `dtype` must be specified")
    if hasattr(cell, "get_initial_state"):
        return cell.get_initial_state(inputs=None, batch_size=batch, dtype=dtype)
    return cell.zero_state(batch, dtype)


def _seq_len(sequence_length: Any) -> Any:
    if sequence_length is None:
        return None
    if not isinstance(sequence_length, Tensor):  # TF's cast names the constant "Cast/x"
        with name_scope("Cast"):
            sequence_length = constant(sequence_length, name="x")
    seq = cast(sequence_length, dt.int32)
    if seq.shape.rank not in (None, 1):
        raise ValueError(f"Argument sequence_length must be a vector of length batch_size. "
                         f"Received sequence_length={seq} of shape: {seq.shape}")
    return seq


def _checked_seq_len(seq: Any, batch: Any) -> Any:
    """In a graph, `seq` named as TF names it, and read only after an assertion that it has
    one length per batch entry (the shapes are known only when the graph runs)."""
    if _state.graph is None:
        return seq
    seq = identity(seq, name="sequence_length")
    seq_shape, want = shape(seq), stack([batch])
    check = Assert(reduce_all(equal(seq_shape, want)),
                   [f"Expected shape for Tensor {seq.name} is ", want, " but saw shape: ",
                    seq_shape])
    with control_dependencies([check]):
        return identity(seq, name="CheckSeqLen")


def _copy_through(t: Any, seq: Any, new: Any, old: Any) -> Any:
    """`new` where step `t` is within a row's length, `old` past it (rows: axis 0)."""
    done = greater_equal(t, seq)

    def pick(o: Any, n: Any) -> Any:
        rank = n.shape.rank
        cond = reshape(done, [-1] + [1] * (rank - 1)) if rank and rank > 1 else done
        return where(cond, o, n)
    return nest.map_structure(pick, old, new)


def _batch_size(flat: list, axis: int) -> Any:
    b = flat[0].shape[axis]
    return b if b is not None else shape(flat[0])[axis]


def _zeros_like_output(cell: Any, batch: Any, dtype: Any) -> Any:
    return nest.map_structure(
        lambda s: zeros([batch if isinstance(batch, Tensor) else int(batch), int(s)], dtype),
        cell.output_size)


def _step(cell: Any, t: int, inp: Any, state: Any, seq: Any, zero_out: Any) -> tuple:
    out, new_state = cell(inp, state)
    if seq is None:
        return out, new_state
    return _copy_through(t, seq, out, zero_out), _copy_through(t, seq, new_state, state)


@dispatch_binding
def dynamic_rnn(cell: Any, inputs: Any, sequence_length: Any = None, initial_state: Any = None,
                dtype: Any = None, parallel_iterations: Any = None, swap_memory: bool = False,
                time_major: bool = False, scope: Any = None) -> tuple:
    """Runs `cell` over `inputs` ([batch, time, ...], or [time, batch, ...] when
    `time_major`); returns (outputs, final state)."""
    deprecated_call("dynamic_rnn", _RNN,
                    "Please use `keras.layers.RNN(cell)`, which is equivalent to this API")
    return _dynamic_rnn(cell, inputs, sequence_length, initial_state, dtype, time_major,
                        scope, parallel_iterations)


def _dynamic_rnn(cell: Any, inputs: Any, sequence_length: Any, initial_state: Any,
                 dtype: Any, time_major: bool, scope: Any, parallel: Any = None) -> tuple:
    _check_cell("cell", cell)
    with variable_scope(scope or "rnn"):
        flat = [convert_to_tensor(x) for x in nest.flatten(inputs)]
        for x in flat:
            if x.shape.rank is not None and x.shape.rank < 2:
                raise ValueError(f"Expected input tensor {x} to have rank at least 2")
        if not time_major:
            flat = [transpose(x, [1, 0] + list(range(2, x.shape.rank))) for x in flat]
        seq = _seq_len(sequence_length)
        batch = _batch_size(flat, 1)
        if seq is not None:
            seq = _checked_seq_len(seq, batch)
        state = _initial_state(cell, initial_state, batch, dtype)
        out_dtype = nest.flatten(state)[0].dtype
        zero_out = _zeros_like_output(cell, batch, out_dtype) if seq is not None else None
        steps = flat[0].shape[0]
        if steps is not None:
            per_step = [unstack(x, num=steps) for x in flat]
            outs = []
            # (TF's steps are one While op: a random op of the cell, a dropout's, is one
            # kernel drawing anew at each step; ops/random_unroll.py)
            with unrolled_loop(parallel or 32) as loop:
                for t in range(steps):
                    loop.next_iteration()
                    inp = nest.pack_sequence_as(inputs, [p[t] for p in per_step])
                    out, state = _step(cell, t, inp, state, seq, zero_out)
                    outs.append(out)
            if not outs:
                raise ValueError("dynamic_rnn needs at least one time step")
            flat_out = [stack(list(o), axis=0) for o in zip(*[nest.flatten(o) for o in outs])]
            structure = outs[0]
        else:
            flat_out, state, structure = _while(cell, inputs, flat, state, seq, zero_out,
                                                out_dtype)
        if not time_major:
            flat_out = [transpose(o, [1, 0] + list(range(2, o.shape.rank))) for o in flat_out]
        return nest.pack_sequence_as(structure, flat_out), state


def _while(cell: Any, inputs: Any, flat: list, state: Any, seq: Any, zero_out: Any,
           out_dtype: Any) -> tuple:
    """The steps of a sequence whose length is known only when the graph runs."""
    steps = shape(flat[0])[0]
    in_tas = [TensorArray(x.dtype, size=steps).unstack(x) for x in flat]
    # the cell's variables made outside the loop: its first step's call builds them
    first = nest.pack_sequence_as(inputs, [x[0] for x in flat])
    out0, _ = cell(first, state)
    structure = out0
    out_tas = [TensorArray(o.dtype, size=steps, element_shape=o.shape)
               for o in nest.flatten(out0)]
    n_state = len(nest.flatten(state))

    def body(t: Any, *loop: Any) -> tuple:
        st = nest.pack_sequence_as(state, list(loop[:n_state]))
        inp = nest.pack_sequence_as(inputs, [ta.read(t) for ta in in_tas])
        out, new_st = _step(cell, t, inp, st, seq, zero_out)
        tas = [ta.write(t, o) for ta, o in zip(loop[n_state:], nest.flatten(out))]
        return (t + 1, *nest.flatten(new_st), *tas)

    res = while_loop(lambda t, *_: t < steps, body,
                     (convert_to_tensor(0), *nest.flatten(state), *out_tas))
    final = nest.pack_sequence_as(state, list(res[1:1 + n_state]))
    return [ta.stack() for ta in res[1 + n_state:]], final, structure


def _check_inputs(inputs: Any) -> None:
    if not nest.is_nested(inputs):
        raise TypeError(f"Argument `inputs` must be a sequence. Received: {inputs}")
    if not inputs:
        raise ValueError("Argument `inputs` must not be empty.")


@dispatch_binding
def static_rnn(cell: Any, inputs: Any, initial_state: Any = None, dtype: Any = None,
               sequence_length: Any = None, scope: Any = None) -> tuple:
    """Runs `cell` over a list of per-step inputs; returns (list of outputs, state)."""
    deprecated_call("static_rnn", _RNN,
                    "Please use `keras.layers.RNN(cell, unroll=True)`, which is equivalent "
                    "to this API")
    _check_cell("cell", cell)
    _check_inputs(inputs)
    with variable_scope(scope or "rnn"):
        first = [convert_to_tensor(x) for x in nest.flatten(inputs[0])]
        batch = _batch_size(first, 0)
        state = _initial_state(cell, initial_state, batch, dtype)
        seq = _seq_len(sequence_length)
        zero_out = None if seq is None else _zeros_like_output(
            cell, batch, nest.flatten(state)[0].dtype)
        outputs = []
        for t, inp in enumerate(inputs):
            out, state = _step(cell, t, inp, state, seq, zero_out)
            outputs.append(out)
        return outputs, state


def _reverse(x: Any, seq: Any, time_axis: int, batch_axis: int) -> Any:
    if seq is None:
        return reverse(x, [time_axis])
    return reverse_sequence(x, seq, seq_axis=time_axis, batch_axis=batch_axis)


@dispatch_binding
def bidirectional_dynamic_rnn(cell_fw: Any, cell_bw: Any, inputs: Any,
                              sequence_length: Any = None, initial_state_fw: Any = None,
                              initial_state_bw: Any = None, dtype: Any = None,
                              parallel_iterations: Any = None, swap_memory: bool = False,
                              time_major: bool = False, scope: Any = None) -> tuple:
    """A forward and a backward dynamic_rnn (the backward one over each row reversed
    within its length); returns ((out_fw, out_bw), (state_fw, state_bw))."""
    deprecated_call("bidirectional_dynamic_rnn", _RNN,
                    "Please use `keras.layers.Bidirectional(keras.layers.RNN(cell))`, which "
                    "is equivalent to this API")
    _check_cell("cell_fw", cell_fw)
    _check_cell("cell_bw", cell_bw)
    time_axis, batch_axis = (0, 1) if time_major else (1, 0)
    with variable_scope(scope or "bidirectional_rnn"):
        with variable_scope("fw") as fw_scope:
            out_fw, st_fw = _dynamic_rnn(cell_fw, inputs, sequence_length, initial_state_fw,
                                         dtype, time_major, fw_scope, parallel_iterations)
        with variable_scope("bw") as bw_scope:
            seq = _seq_len(sequence_length)
            rev = nest.map_structure(lambda x: _reverse(convert_to_tensor(x), seq, time_axis,
                                                        batch_axis), inputs)
            tmp, st_bw = _dynamic_rnn(cell_bw, rev, sequence_length, initial_state_bw, dtype,
                                      time_major, bw_scope, parallel_iterations)
    out_bw = nest.map_structure(lambda x: _reverse(x, seq, time_axis, batch_axis), tmp)
    return (out_fw, out_bw), (st_fw, st_bw)


@dispatch_binding
def static_bidirectional_rnn(cell_fw: Any, cell_bw: Any, inputs: Any,
                             initial_state_fw: Any = None, initial_state_bw: Any = None,
                             dtype: Any = None, sequence_length: Any = None,
                             scope: Any = None) -> tuple:
    """static_rnn forward and backward; outputs concatenated per step (depth axis)."""
    deprecated_call("static_bidirectional_rnn", _RNN,
                    "Please use `keras.layers.Bidirectional(keras.layers.RNN(cell, "
                    "unroll=True))`, which is equivalent to this API")
    _check_inputs(inputs)
    with variable_scope(scope or "bidirectional_rnn"):
        with variable_scope("fw") as fw_scope:
            out_fw, st_fw = static_rnn(cell_fw, inputs, initial_state_fw, dtype,
                                       sequence_length, scope=fw_scope)
        with variable_scope("bw") as bw_scope:
            seq = _seq_len(sequence_length)
            stacked = stack([convert_to_tensor(x) for x in inputs])
            rev = unstack(_reverse(stacked, seq, 0, 1), num=len(inputs))
            tmp, st_bw = static_rnn(cell_bw, rev, initial_state_bw, dtype, sequence_length,
                                    scope=bw_scope)
    out_bw = unstack(_reverse(stack(tmp), seq, 0, 1), num=len(inputs))
    outputs = [concat([f, b], 1) for f, b in zip(out_fw, out_bw)]
    return outputs, st_fw, st_bw



# -- raw_rnn -------------------------------------------------------------------------------

def _size_parts(size: Any) -> Any:
    """An emit's per-entry shape: a list of ints (None where unknown), or a shape tensor."""
    if isinstance(size, Tensor):
        return size
    if isinstance(size, TensorShape):
        return size.as_list()
    return [int(size)]


def _with_batch(batch: Any, size: Any) -> Any:
    """[batch, *size] as zeros() takes it: a list when all is static, else a tensor."""
    if not isinstance(batch, Tensor) and not isinstance(size, Tensor):
        return [int(batch), *size]
    b = reshape(cast(batch, dt.int32), [1])
    rest = size if isinstance(size, Tensor) else constant(size, dtype=dt.int32)
    return concat([b, cast(rest, dt.int32)], 0)


def _select_rows(done: Any, old: Any, new: Any) -> Any:
    """TF 1's where over rows: `old` in a finished batch entry, `new` elsewhere (a
    TensorArray or a scalar passes through as the new one)."""
    if isinstance(old, TensorArray) or old.shape.rank == 0:
        return new
    rank = new.shape.rank
    cond = reshape(done, [-1] + [1] * (rank - 1)) if rank and rank > 1 else done
    return where(cond, old, new)


@dispatch_binding
def raw_rnn(cell: Any, loop_fn: Any, parallel_iterations: Any = None,
            swap_memory: bool = False, scope: Any = None) -> tuple:
    """Runs `cell` as `loop_fn` steers it: `loop_fn(time, cell_output, cell_state,
    loop_state)` returns (finished, next_input, next_cell_state, emit_output,
    next_loop_state), first at time 0 with no output (its state is the initial one, its
    emit the structure of what is emitted). Returns (a TensorArray of the emits per step,
    the final state, the final loop state or None); a finished batch entry emits zeros and
    keeps its state, and the loop ends when every entry is finished."""
    _check_cell("cell", cell)
    if not callable(loop_fn):
        raise TypeError(f"Argument `loop_fn` must be a callable. Received: {loop_fn}.")
    parallel_iterations = parallel_iterations or 32
    with variable_scope(scope or "rnn"):
        time = constant(0, dtype=dt.int32)
        finished, next_input, initial_state, emit_structure, init_loop_state = loop_fn(
            time, None, None, None)
        flat_input = [convert_to_tensor(x) for x in nest.flatten(next_input)]
        next_input = nest.pack_sequence_as(next_input, flat_input)
        loop_state = init_loop_state if init_loop_state is not None else constant(
            0, dtype=dt.int32)
        static_batch = flat_input[0].shape[0] if flat_input[0].shape.rank else None
        for x in flat_input[1:]:
            other = x.shape[0] if x.shape.rank else None
            if static_batch is not None and other is not None and other != static_batch:
                raise ValueError(f"Dimensions {static_batch} and {other} are not compatible")
            static_batch = static_batch if static_batch is not None else other
        batch = static_batch if static_batch is not None else shape(flat_input[0])[0]
        nest.assert_same_structure(initial_state, cell.state_size)
        flat_state = [convert_to_tensor(s) for s in nest.flatten(initial_state)]
        state = nest.pack_sequence_as(initial_state, flat_state)
        if emit_structure is not None:
            flat_emit = [convert_to_tensor(e) for e in nest.flatten(emit_structure)]
            sizes = [e.shape.as_list() if e.shape.is_fully_defined() else shape(e)
                     for e in flat_emit]
            emit_dtypes = [e.dtype for e in flat_emit]
        else:
            emit_structure = cell.output_size
            sizes = [_size_parts(s) for s in nest.flatten(emit_structure)]
            emit_dtypes = [flat_state[0].dtype] * len(sizes)
        emit_tas = [TensorArray(d, size=0, dynamic_size=True, name=f"rnn_output_{i}",
                                element_shape=TensorShape([static_batch]).concatenate(
                                    TensorShape(None) if isinstance(s, Tensor) else s))
                    for i, (d, s) in enumerate(zip(emit_dtypes, sizes))]
        zero_emit = nest.pack_sequence_as(
            emit_structure, [zeros(_with_batch(batch, s), d) for s, d in zip(sizes, emit_dtypes)])
        emit_ta = nest.pack_sequence_as(emit_structure, emit_tas)
        if _state.graph is not None and not getattr(cell, "built", False):
            # the cell's variables are the graph's, made outside the loop: a first call
            # builds them (its ops are left for the graph to prune)
            cell(next_input, state)
        parts = (next_input, emit_ta, state, loop_state)
        counts = [len(nest.flatten(p)) for p in parts]

        def unpack(flat: Any) -> list:
            out, at = [], 0
            for p, n in zip(parts, counts):
                out.append(nest.pack_sequence_as(p, list(flat[at:at + n])))
                at += n
            return out

        def cond(t: Any, done: Any, *rest: Any) -> Any:
            return logical_not(reduce_all(done))

        def body(t: Any, done: Any, *rest: Any) -> tuple:
            inp, tas, st, ls = unpack(rest)
            output, cell_state = cell(inp, st)
            nest.assert_same_structure(st, cell_state)
            nest.assert_same_structure(cell.output_size, output)
            next_time = t + 1
            nxt_done, nxt_input, nxt_state, emit, nxt_ls = loop_fn(next_time, output,
                                                                   cell_state, ls)
            nest.assert_same_structure(st, nxt_state)
            nest.assert_same_structure(inp, nxt_input)
            nest.assert_same_structure(tas, emit)
            ls = ls if nxt_ls is None else nxt_ls
            emit = nest.map_structure(lambda z, e: _select_rows(done, z, e), zero_emit, emit)
            nxt_state = nest.map_structure(lambda o, n: _select_rows(done, o, n), st,
                                           nxt_state)
            tas = nest.map_structure(lambda ta, e: ta.write(t, e), tas, emit)
            return (next_time, logical_or(done, nxt_done),
                    *nest.flatten((nxt_input, tas, nxt_state, ls)))

        res = while_loop(cond, body, (time, finished, *nest.flatten(parts)),
                         parallel_iterations=parallel_iterations, swap_memory=swap_memory)
        _, emit_ta, final_state, final_loop_state = unpack(res[2:])
        return emit_ta, final_state, (None if init_loop_state is None else final_loop_state)


@dispatch_binding
def static_state_saving_rnn(cell: Any, inputs: Any, state_saver: Any, state_name: Any,
                            sequence_length: Any = None, scope: Any = None) -> tuple:
    """static_rnn from the state `state_saver.state(state_name)` gives (a nest of names for
    a nest of states), whose final state is handed to `state_saver.save_state`: the last
    output and the state returned run after the saves."""
    deprecated_call("static_state_saving_rnn", _RNN,
                    "Please use `keras.layers.RNN(cell, stateful=True)`, which is equivalent "
                    "to this API")
    state_size = cell.state_size
    nested = nest.is_nested(state_size)
    if nested != nest.is_nested(state_name):
        raise ValueError("Argument `state_name` should be the same type as `cell.state_size`. "
                         f"Received: state_name={state_name!s}, "
                         f"cell.state_size={state_size!s}.")
    names = nest.flatten(state_name)
    if nested:
        sizes = nest.flatten(state_size)
        if len(names) != len(sizes):
            raise ValueError("Number of elements in argument `state_name` and "
                             "`cell.state_size` are mismatched. Received "
                             f"state_name={state_name} with {len(names)} elements and "
                             f"cell.state_size={state_size} with {len(sizes)} elements.")
        initial = nest.pack_sequence_as(state_size, [state_saver.state(n) for n in names])
    else:
        initial = state_saver.state(state_name)
    outputs, state = static_rnn(cell, inputs, initial_state=initial,
                                sequence_length=sequence_length, scope=scope)
    flat_state = nest.flatten(state)
    saves = [state_saver.save_state(n, s) for n, s in zip(names, flat_state)]
    with control_dependencies(saves):
        last = outputs[-1]
        outputs[-1] = nest.pack_sequence_as(last, [identity(o) for o in nest.flatten(last)])
        state = nest.pack_sequence_as(state, [identity(s) for s in flat_state]) if nested \
            else identity(state)
    return outputs, state
