"""Convolutions through cuDNN (backend layer): NVIDIA's cuDNN frontend Python binding
(`nvidia-cudnn-frontend`, the `cudnn` module: the maintained one for CUDA 12 and 13;
CuPy no longer ships cuDNN bindings), an optional extra (`eagerflow[cudnn]`).

Kernels keep TF's layouts: data channels-last (N, *S, C), filters (*K, C, O). cuDNN's
graph API names every dimension in NC(D)HW / KC(T)RS order and takes any strides, so
the data goes as it is, described by strides (`data_desc`), and the filter is copied
into (O, *K, C) (`filter_krsc`), the layout cuDNN's channels-last engines take: once per
forward, whose input gradient takes that copy where the forward kept it (a taped step:
Engine.forward's `keep`, input_grad's `made`). Each (shapes, dtype, geometry) builds its
graph once (heuristics A, then the fallback list, less the engines tf.config's switches
rule out: `excluded_notes`) and keeps it; the graphs a thread runs on a stream share one
workspace. `supported` says what this path takes; everything else, and every call where
the binding is not installed, stays on im2col plus cuBLAS (ops/windows.py). The layout
code is plain Python, so it is tested without a GPU against a reference of cuDNN's
semantics (tests/backend/test_cudnn_layout.py).
"""

from __future__ import annotations

import atexit
import gc
import math
import threading
import weakref
from typing import Any

import numpy as np

try:  # (not backend's BFLOAT16: this module is read alone by the CuPy audit, without eagerflow)
    import ml_dtypes  # optional (the `dtypes` extra): bfloat16 data exists only with it

    BFLOAT16: np.dtype | None = np.dtype(ml_dtypes.bfloat16)
except ImportError:
    BFLOAT16 = None

# NumPy dtype -> the cuDNN data type's name (cudnn.data_type.<name>); keyed by the dtype
# itself, as the graphs are: NumPy 2's `dtype.name` is Python code, ~3 us a read
DATA_TYPES = {np.dtype(np.float16): "HALF", np.dtype(np.float32): "FLOAT"}
if BFLOAT16 is not None:
    DATA_TYPES[BFLOAT16] = "BFLOAT16"
BFLOAT16_CAPABILITY = 80  # (cuDNN's bfloat16 convolutions need an Ampere GPU or later)


def excluded_notes(dtype: Any, tf32: bool, deterministic: bool) -> tuple:
    """The numerical notes (cudnn.numerical_note's names) of the engines a convolution
    may not take, as TF filters cuDNN's: those that convert their inputs down to half
    precision, always; tensor cores for float32 when TensorFloat-32 is off (their float32
    is TF32); under op determinism, those whose sums run in a varying order."""
    notes = ("DOWN_CONVERT_INPUTS",)
    if not tf32 and np.dtype(dtype) == np.float32:
        notes += ("TENSOR_CORE",)
    if deterministic:
        notes += ("NONDETERMINISTIC",)
    return notes


def supported(dtype: Any, rank: int, groups: int) -> bool:
    """Whether the cuDNN path takes a convolution: half, bfloat16 or single precision
    (double and integers stay on im2col), 2 or 3 spatial dims, no groups."""
    return np.dtype(dtype) in DATA_TYPES and rank in (2, 3) and groups == 1


def data_desc(shape: tuple) -> tuple:
    """(dims, strides) in elements of a C-contiguous channels-last array (N, *S, C) as
    cuDNN names it: dims (N, C, *S)."""
    n, sp, c = shape[0], tuple(shape[1:-1]), shape[-1]
    strides = [math.prod(sp) * c, 1]
    for i in range(len(sp)):
        strides.append(math.prod(sp[i + 1:]) * c)
    return [n, c, *sp], strides


def filter_krsc(xp: Any, w: Any) -> Any:
    """A (*K, C, O) filter copied into (O, *K, C): cuDNN's channels-last filter layout."""
    return xp.ascontiguousarray(w.transpose(_KRSC_AXES[w.ndim]))


# ndim -> the axes filter_krsc moves a (*K, C, O) filter by (one per rank of any filter:
# the path takes 2-D and 3-D ones, the layout is tested on others)
_KRSC_AXES = {n: (n - 1, *range(n - 2), n - 2) for n in range(2, 9)}


def krsc_shape(shape: tuple) -> tuple:
    """The shape filter_krsc gives a (*K, C, O) filter: (O, *K, C)."""
    return (shape[-1], *shape[:-2], shape[-2])


def _any_engine() -> tuple:
    return True, False


def _not_capturing() -> bool:
    return False


class _Workspaces(threading.local):
    """One thread's cuDNN workspaces: stream -> (bytes, buffer) (Engine._workspace). Per
    thread as well as per stream: CUDA's per-thread default stream has one address in
    every thread, while each thread's work runs on a stream of its own."""

    def __init__(self) -> None:
        self.by_stream: dict = {}


class Engine:
    """cuDNN's convolutions for one CuPy device (`cudnn` is the binding's module, `xp`
    the array module whose arrays it runs on, `policy` gives tf.config's switches that
    rule engines out: (TensorFloat-32 allowed, op determinism), `capturing` whether the
    current stream is being captured into a CUDA graph)."""

    def __init__(self, cudnn: Any, xp: Any, stream_ptr: Any, policy: Any = _any_engine,
                 capturing: Any = _not_capturing) -> None:
        self.cudnn, self.xp, self.stream_ptr, self.policy = cudnn, xp, stream_ptr, policy
        self.capturing = capturing
        self.handle = cudnn.create_handle()
        self.stream = None  # (the stream the handle runs on: set_stream's last)
        self.workspaces = _Workspaces()
        # id(a forward's result) -> (weak ref to its filter, the filter in cuDNN's layout,
        # weak ref to the result): what input_grad takes for that forward's gradient
        self.kept: dict = {}
        self.graphs: dict = {}
        self.refused: dict = {}  # key -> the binding's error, for graphs left to im2col
        # _plan's answers by a call's arguments as the kernels pass them (a training step
        # asks the same few every step: no shapes worked out, no key built again)
        self.plans: dict = {}
        self.lock = threading.Lock()

    def _graph(self, key: tuple, op: str, shapes: tuple, strides: tuple, dilations: tuple,
               pads: tuple, bias: bool = False, relu: bool = False) -> tuple:
        """The built graph of one convolution `op` ("fprop": x, w -> y; "dgrad": dy, w ->
        dx; "wgrad": x, dy -> dw) over arrays of `shapes` (its two inputs', its output's,
        in eagerflow's layouts: data (N, *S, C), filters (O, *K, C)), with a forward's
        epilogue (`bias` added per output channel, then `relu`) in the same graph, made
        once per key (whose first item is the dtype, whose last the excluded notes), with
        what _execute needs to run it; None where cuDNN plans no engine for it (then
        im2col runs it: `refused` says why)."""
        found = self.graphs.get(key)
        if found is not None:
            return None if found is _REFUSED else found
        cd = self.cudnn
        dt = getattr(cd.data_type, DATA_TYPES[key[0]])
        g = cd.pygraph(io_data_type=dt, intermediate_data_type=cd.data_type.FLOAT,
                       compute_data_type=cd.data_type.FLOAT, handle=self.handle)
        a, b, out = (data_desc(s) for s in shapes)  # (a filter's description is a data's)
        ta = g.tensor(name="a", dim=a[0], stride=a[1], data_type=dt)
        tb = g.tensor(name="b", dim=b[0], stride=b[1], data_type=dt)
        geometry = {"pre_padding": [p[0] for p in pads], "post_padding": [p[1] for p in pads],
                    "stride": list(strides), "dilation": list(dilations),
                    "compute_data_type": cd.data_type.FLOAT, "name": op}
        if op == "fprop":
            ty = g.conv_fprop(ta, tb, **geometry)
        elif op == "dgrad":
            ty = g.conv_dgrad(ta, tb, **geometry)
        else:
            ty = g.conv_wgrad(ta, tb, **geometry)
        tbias = None
        if bias:  # (1, ..., 1, O) channels-last: cuDNN's (1, O, 1, ...) broadcast
            bd = data_desc((1,) * (len(shapes[2]) - 1) + (shapes[2][-1],))
            tbias = g.tensor(name="bias", dim=bd[0], stride=bd[1], data_type=dt)
            ty = g.bias(ty, tbias, compute_data_type=cd.data_type.FLOAT, name="bias")
        if relu:
            ty = g.relu(ty, compute_data_type=cd.data_type.FLOAT, name="relu")
        ty.set_output(True).set_dim(out[0]).set_stride(out[1]).set_data_type(dt)
        try:
            self._build(g, key[-1])
        except Exception as e:  # noqa: BLE001 - the binding's "not supported" errors vary
            # (a geometry no engine takes, or none left once the switches rule some out)
            with self.lock:
                self.graphs[key] = _REFUSED
                self.refused[key] = f"{type(e).__name__}: {e}"
            return None
        uids = tuple(None if t is None else t.get_uid() for t in (ta, tb, ty, tbias))
        # (the workspace's bytes, the output's shape and dtype: its array is made per call)
        found = (g, *uids, max(g.get_workspace_size(), 1), shapes[2], key[0])
        with self.lock:
            self.graphs[key] = found
        return found

    def _build(self, g: Any, notes: tuple) -> None:
        """Plans `g` from heuristics A, then the fallback list, less the engines with
        any of `notes` (excluded_notes), and builds the first plan that runs."""
        cd = self.cudnn
        g.validate()
        g.build_operation_graph()
        g.create_execution_plans([cd.heur_mode.A, cd.heur_mode.FALLBACK])
        g.deselect_numeric_notes([getattr(cd.numerical_note, n) for n in notes])
        g.check_support()
        g.build_plans()

    def _plan(self, call: tuple) -> tuple | None:
        """_plan_now's answer for `call` (its arguments), kept by them (kept small:
        shapes vary); None, a graph cuDNN refused, is kept too."""
        found = self._plan_now(*call)
        if len(self.plans) >= 4096:
            self.plans.clear()
        self.plans[call] = found
        return found

    def _plan_now(self, op: str, dtype: Any, a: tuple, b: tuple, sizes: tuple,
                  strides: tuple, dilations: tuple, pads: tuple, bias: bool, relu: bool,
                  policy: tuple) -> tuple | None:
        """The built graph (see _graph) for a call of `op` over operands of shapes `a`
        and `b` as _run takes them and `sizes` (fprop: the output's spatial sizes; dgrad:
        the input's shape; wgrad: the filter's spatial sizes), with tf.config's switches
        `policy`; None where cuDNN takes none."""
        # (shapes of Python ints, as the binding's dims take and CuPy's shapes hold)
        if op == "fprop":  # x (N, *S, C) conv w (*K, C, O) -> (N, *outs, O)
            shapes = (a, krsc_shape(b), (a[0], *map(int, sizes), b[-1]))
        elif op == "dgrad":  # dy, w -> dx (N, *S, C)
            shapes = (a, krsc_shape(b), tuple(map(int, sizes)))
        else:  # x, dy -> dw (O, *K, C)
            shapes = (a, b, (b[-1], *map(int, sizes), a[-1]))
        # (_graph's key: the dtype first, then the geometry, then the numerical notes
        # tf.config's switches exclude)
        key = (dtype, op, *shapes, tuple(strides), tuple(dilations), tuple(pads), bias, relu,
               excluded_notes(dtype, *policy))
        return self._graph(key, op, shapes, strides, dilations, pads, bias, relu)

    def _built(self, op: str, a: Any, b: Any, sizes: tuple, strides: tuple,
               dilations: tuple, pads: tuple, bias: bool, relu: bool) -> tuple | None:
        """The built graph (see _graph) of `op` over a and b as the kernels pass them
        (fprop: x, w (*K, C, O); dgrad: dy, w; wgrad: x, dy), kept for these arguments
        and tf.config's switches now; None where cuDNN takes none. Asked before anything
        is allocated or copied for the call."""
        call = (op, a.dtype, a.shape, b.shape, sizes, strides, dilations, pads, bias, relu,
                self.policy())
        try:
            built = self.plans[call]
        except KeyError:
            built = _UNLOADED
        except TypeError:  # (a list among the attrs: worked out every time)
            return self._plan_now(*call)
        return self._plan(call) if built is _UNLOADED else built

    def _execute(self, built: tuple, a: Any, b: Any, bias: Any = None) -> Any:
        """A new output array made by the graph `built` over a (data, made C-contiguous
        here) and b (a filter already in cuDNN's layout, or wgrad's dy), with `bias`."""
        g, ua, ub, uy, ubias, workspace_bytes, out_shape, dtype = built
        xp = self.xp
        a = xp.ascontiguousarray(a)
        out = xp.empty(out_shape, dtype=dtype)
        # (device addresses by uid: the form the binding reads fastest, ~30 us of a small
        # convolution's ~40; the arrays match the graph's declared layouts)
        pack = {ua: a.data.ptr, ub: b.data.ptr, uy: out.data.ptr}
        if ubias is not None:
            bias = xp.ascontiguousarray(bias)  # (held to the end: the graph reads it)
            pack[ubias] = bias.data.ptr
        stream = self.stream_ptr()
        workspace = self._workspace(workspace_bytes, stream)  # (held to the end, as bias)
        if stream != self.stream:  # (the handle keeps the stream it was last given)
            self.cudnn.set_stream(handle=self.handle, stream=stream)
            self.stream = stream
        g.execute(pack, workspace.data.ptr, handle=self.handle)
        return out

    def _workspace(self, nbytes: int, stream: int) -> Any:
        """A device buffer of at least `nbytes` for a graph's scratch: one per thread and
        stream, grown on demand (a stream runs its graphs one after another, so they can
        share it; a buffer given up while a graph still reads it goes back to the
        allocator for that stream's later work only, as CuPy's pool keeps freed blocks by
        stream). A capture gets a new one per call, from the capture's own memory: a
        captured graph reads its buffers on every replay, while the stream's is reused by
        later calls."""
        if self.capturing():
            return self.xp.empty(nbytes, dtype=np.uint8)
        mine = self.workspaces.by_stream
        size, found = mine.get(stream, _NO_WORKSPACE)
        if size < nbytes:
            found = self.xp.empty(nbytes, dtype=np.uint8)
            mine[stream] = nbytes, found
        return found

    def forward(self, x: Any, w: Any, outs: tuple, strides: tuple, dilations: tuple,
                pads: tuple, bias: Any = None, relu: bool = False, keep: bool = False) -> Any:
        """x (N, *S, C) conv w (*K, C, O), TF's layouts, into a new (N, *outs, O); with
        `bias` (O,) added and `relu` applied in the same cuDNN graph (a fused Conv2D).
        None (here and in the gradients) where cuDNN takes no such graph. With `keep`,
        the filter's copy in cuDNN's layout is kept for this forward's input gradient
        (input_grad's `made`: the result), until it is taken or the result freed."""
        built = self._built("fprop", x, w, outs, strides, dilations, pads, bias is not None,
                            relu)
        if built is None:
            return None
        krsc = filter_krsc(self.xp, w)
        out = self._execute(built, x, krsc, bias)
        if keep:
            key = id(out)
            kept = self.kept
            # (dropped with the result: its gradient can no longer be asked for)
            kept[key] = (weakref.ref(w), krsc, weakref.ref(out, lambda _: kept.pop(key, None)))
        return out

    def input_grad(self, w: Any, g: Any, in_shape: tuple, strides: tuple, dilations: tuple,
                   pads: tuple, made: Any = None) -> Any:
        """d loss / d x (N, *S, C) of the forward convolution, given g (N, *outs, O).
        `made`: that forward's result, where its caller holds what the forward read (a
        tape's record), so that w is unchanged since: its filter copy, if the forward kept
        one (`keep`), serves here (w is then never copied twice in a step)."""
        built = self._built("dgrad", g, w, in_shape, strides, dilations, pads, False, False)
        if built is None:
            return None
        return self._execute(built, g, self._filter_of(w, made))

    def _filter_of(self, w: Any, made: Any) -> Any:
        """w in cuDNN's layout: the copy kept by the forward that made `made` from this
        very w (taken: a gradient is asked for once), else a new one."""
        found = None if made is None else self.kept.pop(id(made), None)
        if found is not None and found[0]() is w and found[2]() is made:
            return found[1]
        return filter_krsc(self.xp, w)

    def filter_grad(self, x: Any, g: Any, ks: tuple, strides: tuple, dilations: tuple,
                    pads: tuple) -> Any:
        """d loss / d w (*K, C, O) of the forward convolution, given g (N, *outs, O)."""
        built = self._built("wgrad", x, g, ks, strides, dilations, pads, False, False)
        if built is None:
            return None
        out = self._execute(built, x, self.xp.ascontiguousarray(g))  # (O, *K, C)
        return self.xp.ascontiguousarray(out.transpose(_LAST_FIRST[out.ndim]))


class Engines:
    """One Engine per device, made on first use; the binding loaded once (`load`: None,
    and the im2col path for good, when it is not installed, cuDNN's library is not
    found, or it makes no handle)."""

    def __init__(self, load: Any, xp: Any, stream_ptr: Any,
                 capability: Any = lambda device: BFLOAT16_CAPABILITY,
                 policy: Any = _any_engine, capturing: Any = _not_capturing) -> None:
        self.load, self.xp, self.stream_ptr, self.policy = load, xp, stream_ptr, policy
        self.capturing = capturing
        self.capability = capability  # device -> its compute capability (90: sm_90)
        self.binding: Any = _UNLOADED
        self.by_device: dict = {}
        self.answers: dict = {}  # get's, by its arguments

    def get(self, device: int, dtype: Any, rank: int, groups: int) -> Engine | None:
        """The engine for a convolution of this dtype, rank and groups on `device`, or
        None (im2col): kept per set of arguments (every convolution asks) until the
        engines are closed or the binding fails."""
        key = (device, dtype, rank, groups)
        try:  # (a kept answer in the fewest bytecodes)
            return self.answers[key]
        except KeyError:
            pass
        found = self._get_now(device, dtype, rank, groups)
        if len(self.answers) >= 1024:
            self.answers.clear()
        self.answers[key] = found
        return found

    def _get_now(self, device: int, dtype: Any, rank: int, groups: int) -> Engine | None:
        if not supported(dtype, rank, groups):
            return None
        if dtype == BFLOAT16 and self.capability(device) < BFLOAT16_CAPABILITY:
            return None
        if self.binding is _UNLOADED:
            try:
                self.binding = self.load()
            except Exception:  # noqa: BLE001 - see below
                # No binding, or no libcudnn beside it: the frontend says so by ImportError,
                # OSError, RuntimeError (1.32: "Unable to find symbol ...") or a bare
                # Exception (1.3: "Error loading the shared library").
                self.binding = None
        if self.binding is None:
            return None
        eng = self.by_device.get(device)
        if eng is None:
            try:
                eng = Engine(self.binding, self.xp, self.stream_ptr, self.policy,
                             self.capturing)
            except Exception:  # noqa: BLE001 - cuDNN that makes no handle: im2col for good
                self.binding = None
                self.answers.clear()
                return None
            if not self.by_device:
                atexit.register(self.close)
            self.by_device[device] = eng
        return eng

    def close(self) -> None:
        """Drops every built graph and destroys the handles: at exit, while the binding
        can still free them (its objects alive when its module is torn down are reported
        as leaks, 'nanobind: leaked N instances', after the user's program ends)."""
        engines, self.by_device = list(self.by_device.values()), {}
        self.answers.clear()
        for eng in engines:
            eng.plans.clear()
            eng.graphs.clear()
            eng.refused.clear()
            eng.kept.clear()
            eng.workspaces = _Workspaces()
            try:
                self.binding.destroy_handle(eng.handle)
            except Exception:  # noqa: BLE001 - a binding without it, or a handle gone
                pass
        gc.collect()  # (the frontend's graph objects hold cycles)


_UNLOADED = object()
_REFUSED = object()  # (a key cuDNN plans no engine for)
_NO_WORKSPACE = (0, None)
# ndim -> the axes that move an array's first axis last (a filter gradient's (O, *K, C)
# into TF's (*K, C, O)), as _KRSC_AXES
_LAST_FIRST = {n: (*range(1, n), 0) for n in range(2, 9)}
