"""Generic suite over every registered op: eager == graph interpreter == generated code.

Each sample is traced into a graph with placeholder inputs (and once more with constant
inputs, which exercises constant folding), verified, optimized with the verifier run after
every pass, compiled, and run; every result must equal the eager one exactly, with the
same dtype. Through tf.function, a second identical call must not retrace.
"""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import to_host
from eagerflow._src.core.context import _state
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.graph import codegen, interpreter
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.graph.passes import optimize
from eagerflow._src.graph.verify import verify
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.testing import op_harness as H

OPS = sorted(all_ops(), key=lambda o: o.name)
SAMPLES = [(op, i, s) for op in OPS for i, s in enumerate(op.samples)]
IDS = [f"{op.name}-{i}" for op, i, _ in SAMPLES]


def _trace(op, sample, as_constants=False):
    """The op's graph on the sample, the arrays its placeholders take, and the live inputs
    (a `Resource` input: a variable, whose handle the graph captures; a `Table`: a table,
    taken by reference)."""
    live = H.Live(sample.inputs)
    inputs = live.tensors
    g = FuncGraph(f"sample_{op.name}")
    fed = [] if as_constants else \
        [i for i, a in enumerate(sample.inputs) if not H.is_state(a)]
    with tracing_scope(g):
        args = list(inputs)
        for i in fed:
            args[i] = g.placeholder(inputs[i]._shape, inputs[i]._dtype, f"in{i}", is_input=True)
        out = bind(op, tuple(args), dict(sample.attrs))
        g.outputs = [g.capture(o) for o in (out if isinstance(out, tuple) else (out,))]
    return g, [inputs[i]._arr for i in fed], live


def _outputs_and_state(run, live, arrays):
    """A graph's run from the variables' initial values: its outputs, then the values."""
    live.reset()
    return list(run(arrays)) + list(live.values())


# Ops whose device kernels follow TF's GPU arithmetic where the CPU kernel computes more
# accurately (special_igamma.py: Eigen's early stops and step caps, in the input's type)
DEVICE_ARITHMETIC = {"IgammaGradA": {np.float32: 2e-5, np.float64: 1e-10},
                     "RandomGammaGrad": {np.float32: 2e-5, np.float64: 1e-10}}


def _same(got, want, values=True, rounding=False, op=None):
    """`rounding`: the graph's constants were folded on the host (as TF folds them) while
    the eager op ran on a GPU, whose float math may round differently by a few ulps (more
    for DEVICE_ARITHMETIC's ops)."""
    got = to_host(got)
    assert got.dtype == want.dtype, f"dtype {got.dtype} != {want.dtype}"
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape}"
    if not values:  # stateful ops (random draws) differ between runs by design
        return
    if rounding and got.dtype.kind in "fc" and got.size:
        eps = max(16 * np.finfo(got.dtype).eps,
                  DEVICE_ARITHMETIC.get(op, {}).get(got.dtype.type, 0.0))
        scale = float(np.nanmax(np.abs(np.where(np.isfinite(want), want, 0)), initial=1.0))
        np.testing.assert_allclose(got, want, rtol=eps, atol=eps * scale)
    elif not _equal(got, want):  # (NumPy's assertion, slower, says where they differ)
        np.testing.assert_array_equal(got, want)


def _equal(got, want):
    """Whether same-shaped, same-dtype arrays are equal as assert_array_equal has it (NaN
    where the other has NaN)."""
    if got.dtype.kind in "fc":
        return np.array_equal(got, want, equal_nan=True)
    return got.dtype.kind not in "OV" and np.array_equal(got, want)


def _structure(g):
    """Every object a run or a verify of `g` reads (its inputs, outputs, and each
    operation's name, op, inputs, outputs with their shapes and dtypes, and attrs'
    values), in order, with separators: a pass that changed none of them (most passes, on
    one op's graph) left a graph the last check ran. (The objects, not their ids: held,
    none is freed and its id taken by a new one.)"""
    out = [*g.fed_inputs, None, *g.outputs, None]
    for n in g.operations:
        out += [n, n.name, n.graph, n.op, *n.inputs, None]
        for t in n.outputs:
            out += [t, t._op, t._shape, t._dtype]
        out.append(None)
        for k, v in n.attrs.items():
            out += [k, v]
        out.append(None)
    return out


@pytest.mark.parametrize("case", SAMPLES, ids=IDS)
@pytest.mark.parametrize("as_constants", [False, True], ids=["placeholders", "constants"])
def test_eager_interpreter_codegen_agree(case, as_constants):
    op, _, sample = case
    with H.sample_device(sample):
        eager = list(H.run_state(op, sample))  # (outputs, then each variable's value after)
        # (stateful ops with variables update them deterministically: compared exactly)
        exact = not op.stateful or H.has_resources(sample.inputs)
        g, arrays, live = _trace(op, sample, as_constants)
        verify(g)

        def runs(graph, folded=False):
            def interpret(a):
                return interpreter.run_graph(graph, a)
            for got, want in zip(_outputs_and_state(interpret, live, arrays), eager):
                _same(got, want, exact, folded, op.name)

        runs(g)
        fn = codegen.generate(g).fn
        for got, want in zip(_outputs_and_state(lambda a: fn(*a), live, arrays), eager):
            _same(got, want, exact)
        passes_run = []

        folded_on_host = as_constants and _state.xp is not np
        checked: list = []

        def check(name, graph):
            passes_run.append(name)
            now = _structure(graph)
            if len(now) == len(checked) and all(a is b for a, b in zip(now, checked)):
                return  # (the pass left every object the interpreter reads: checked)
            checked[:] = now
            verify(graph)
            runs(graph, folded_on_host)

        opt = optimize(g, after_each=check)
        assert passes_run, "no pass ran"
        if op.stateful:
            assert any(o.op is op for o in opt.operations), "a stateful op was optimized away"
        fn = codegen.generate(opt).fn
        for got, want in zip(_outputs_and_state(lambda a: fn(*a), live, arrays), eager):
            _same(got, want, exact, folded_on_host, op.name)


@pytest.mark.parametrize("case", SAMPLES, ids=IDS)
def test_tf_function_matches_eager_and_does_not_retrace(case):
    op, _, sample = case
    with H.sample_device(sample):
        attrs = dict(sample.attrs)
        fn = tf.function(lambda *xs: bind(op, xs, attrs))
        live = H.Live(sample.inputs)
        eager = H.run_state(op, sample)
        exact = not op.stateful or H.has_resources(sample.inputs)
        for _ in range(2):
            live.reset()  # (a variable's handle is an argument: each call starts afresh)
            out = fn(*live.tensors)
            out = out if isinstance(out, tuple) else () if out is None else (out,)
            got = [to_host(t._arr) for t in out] + list(live.values())
            assert len(got) == len(eager)
            for g, want in zip(got, eager):
                _same(g, want, exact)
        assert fn.experimental_get_tracing_count() == 1
