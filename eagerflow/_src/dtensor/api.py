"""tf.experimental.dtensor's functions around meshes: call_with_layout, default_mesh and
run_on, tf.function calls on DTensors, and the single-client configuration TF reports
(device names, counts, jobs).

Above dtensor/tensor.py. Inside default_mesh/run_on, eager ops run on the mesh: their
regular results become replicated DTensors (ops/dispatch.py observes ops while a scope
is open and hands each result to `_on_mesh`). A tf.function called with DTensors (or
reading DVariables) runs its graph op by op (graph/replay.py) on the mesh, so each op's
result takes the layout the eager rules infer, as TF's layout propagation does over the
graph. Everything here is this process's: one client, its logical devices; multi-client
and accelerator initialisation answer as TF does on one CPU host.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

import numpy as np

from eagerflow._src.core import device as _device
from eagerflow._src.core import tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import UnknownError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.dtensor import tensor as _dt
from eagerflow._src.dtensor.mesh import Layout, Mesh
from eagerflow._src.function import concrete
from eagerflow._src.graph.replay import replay
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.math_base import IDENTITY

_DEFAULT_MESH: list = []
# call_with_layout's layouts: a tf.function it calls makes its result with the innermost
_OUTPUT_LAYOUT: list = []


def call_with_layout(fn: Callable, layout: Layout | None, *args: Any, **kwargs: Any) -> Any:
    """`fn(*args, **kwargs)`, its result made a DTensor laid out as `layout`."""
    if layout is None:
        return fn(*args, **kwargs)
    _OUTPUT_LAYOUT.append(layout)
    try:
        with default_mesh(layout.mesh):
            result = fn(*args, **kwargs)
    finally:
        _OUTPUT_LAYOUT.pop()
    if isinstance(result, _dt.DTensor) and result._made_on_mesh:
        _dt.check_divisible(result._shape, layout, None)
    if isinstance(result, _dt.DTensor):
        return _dt.relayout(result, layout)
    t = _dt.convert_to_tensor(result)
    _dt.check_divisible(t._shape, layout, None)
    return _dt.make(t._numpy(), t._dtype, layout)


@contextlib.contextmanager
def default_mesh(mesh: Mesh) -> Iterator[None]:
    """Makes `mesh` the default mesh inside the block."""
    if not isinstance(mesh, Mesh):
        raise ValueError(f"Expect `mesh` to be `Mesh`, got {type(mesh)}")
    _DEFAULT_MESH.append(mesh)
    dispatch.MESH_SCOPES[0] += 1
    dispatch.update_observers()
    try:
        yield
    finally:
        _DEFAULT_MESH.pop()
        dispatch.MESH_SCOPES[0] -= 1
        dispatch.update_observers()


def get_default_mesh() -> Mesh | None:
    return _DEFAULT_MESH[-1] if _DEFAULT_MESH else None


def run_on(mesh: Mesh) -> Any:
    """Runs the block with `mesh` as the default mesh (TF's deprecated spelling of
    default_mesh: its notice logged once)."""
    tf_logging.deprecated_call("run_on", "tensorflow.dtensor.python.api",
                               "Use `dtensor.default_mesh` scope instead.")
    return default_mesh(mesh)


def device_name() -> str:
    return _dt.DEVICE


def is_dtensor(tensor: Any) -> bool:
    return _dt.is_dtensor(tensor)


def client_id() -> int:
    return 0


def num_clients() -> int:
    return 1


def job_name() -> str:
    return "localhost"


def full_job_name(task_id: int | None = None) -> str:
    return f"localhost/replica:0/task:{0 if task_id is None else task_id}"


def jobs() -> list:
    return []


def heartbeat_enabled() -> bool:
    return True


def preferred_device_type() -> str:
    if _device.list_logical_devices("TPU"):
        return "TPU"
    return "GPU" if _device.list_logical_devices("GPU") else "CPU"


def local_devices(device_type: str, for_client_id: int | None = None) -> list:
    """The local devices of `device_type`, as DeviceSpecs."""
    if device_type.upper() not in ("CPU", "GPU", "TPU"):
        raise ValueError(f"Device type {device_type} is not CPU, GPU, or TPU.")
    return [_device.DeviceSpecV2.from_string(d.name).make_merged_spec(
        _device.DeviceSpecV2(job="localhost", replica=0, task=0))
        for d in _device.list_logical_devices(device_type.upper())]


def num_local_devices(device_type: str) -> int:
    return len(local_devices(device_type))


def num_global_devices(device_type: str) -> int:
    return num_local_devices(device_type)


def barrier(mesh: Mesh, barrier_name: str | None = None, timeout_in_ms: int | None = None) -> None:
    """Waits for every client: this process is the only one."""
    if not isinstance(mesh, Mesh):
        raise ValueError(f"Expect `mesh` to be `Mesh`, got {type(mesh)}")


def _replicated(t: Any, mesh: Mesh) -> Any:
    """A regular tensor as the replicated DTensor on `mesh` (a tape sees it as the
    tensor's identity, so gradients flow through)."""
    if not isinstance(t, EagerTensor) or isinstance(t, _dt.DTensor):
        return t
    out = _dt.make(t._arr, t._dtype, Layout.replicated(mesh, len(t._shape)))
    out._made_on_mesh = True
    if _state.tapes:
        dispatch.record(IDENTITY, (t,), (out,), {})
    return out


# The stateful draws TF's DTensor device refuses to lay out (their stateless forms it takes)
_STATEFUL_RANDOM = frozenset(("RandomUniform", "RandomUniformInt"))


def _on_mesh(op: Any, out: Any) -> Any:
    """An eager op's results inside default_mesh: on the mesh (ops/dispatch.py's ON_MESH);
    inside call_with_layout, laid out as its layout (TF's default layout lands on each op
    `fn` runs eagerly: one of another rank is TF's error, but a replicated layout pins
    nothing, each result replicated whatever its rank)."""
    mesh = get_default_mesh()
    if mesh is None:
        return out
    if op.name in _STATEFUL_RANDOM:
        raise UnknownError(None, None, f"<unknown>:0: error: loc(fused[\"{op.name}:\", "
                           f"\"eager_operation\"]): 'tf.{op.name}' op ComputeLayoutForward "
                           "error: Stateful random operations are not supported in DTensor. "
                           "Please use stateless random operations instead.")
    target = _OUTPUT_LAYOUT[-1] if _OUTPUT_LAYOUT else None
    if target is not None and not target.is_fully_replicated():
        outs = out if isinstance(out, tuple) else (out,)
        laid = tuple(_laid_out(t, target) for t in outs)
        return laid if isinstance(out, tuple) else laid[0]
    if isinstance(out, tuple):
        return tuple(_replicated(t, mesh) for t in out)
    return _replicated(out, mesh)


def _laid_out(t: Any, layout: Layout) -> Any:
    if not isinstance(t, EagerTensor) or isinstance(t, _dt.DTensor):
        return t
    _dt.check_divisible(t._shape, layout, None)
    out = _dt.make(t._arr, t._dtype, layout)
    out._made_on_mesh = True
    if _state.tapes:
        dispatch.record(IDENTITY, (t,), (out,), {})
    return out


def _call_function(fn: Any, tensors: list) -> tuple | None:
    """An eager call of a tf.function's ConcreteFunction with DTensor inputs or reading
    DVariables (function/concrete.py's LAYOUT_CALL): its graph run op by op on the mesh,
    results DTensors; None when the call has nothing on a mesh."""
    mesh = next((t._layout.mesh for t in tensors if isinstance(t, _dt.DTensor)), None)
    if mesh is None:
        mesh = next((v._layout.mesh for v in fn._read_vars
                     if getattr(v, "_layout", None) is not None), None)
    if mesh is None:
        mesh = get_default_mesh()
        if mesh is None:
            return None
    n_user = len(tensors) - len(fn._captured_tensors)
    for i, t in enumerate(tensors[:n_user]):
        if not isinstance(t, _dt.DTensor):
            _dt.check_broadcast(_dt.convert_to_tensor(t), fn.function_op_name, i)
    target = _OUTPUT_LAYOUT[-1] if _OUTPUT_LAYOUT else None
    _dt.IN_FUNCTION[0] += 1
    _OUTPUT_LAYOUT.append(None)  # (the function's own ops: laid out by propagation)
    try:
        with default_mesh(mesh):
            env = replay(fn.graph, list(tensors), None, skip_effects=False)
            if target is not None and len(fn.graph.outputs) == 1 and \
                    not target.is_fully_replicated():
                node = _random_source(fn.graph.outputs[0])
                if node is not None:  # (TF's propagation lays the draw out as the result)
                    saved = {id(node.outputs[0]): _sharded_draw(node, env, target)}
                    env = replay(fn.graph, list(tensors), saved, skip_effects=False)
            return tuple(_replicated(env.get(id(o), o), mesh) for o in fn.graph.outputs)
    finally:
        _OUTPUT_LAYOUT.pop()
        _dt.IN_FUNCTION[0] -= 1


# TF's SPMD expansion draws a sharded stateless random tensor shard by shard, each
# device's key xor-ed with a device seed (the tf.random.stateless_* functions' ops)
_RANDOM_V2 = frozenset({"StatelessRandomNormalV2", "StatelessRandomUniformV2",
                        "StatelessTruncatedNormalV2", "StatelessRandomUniformFullIntV2",
                        "StatelessRandomUniformIntV2"})
_SHAPE_KEEPING = frozenset({"Identity", "Mul", "AddV2", "Add", "Sub", "RealDiv", "Cast"})


def _random_source(t: Any) -> Any:
    """The stateless random op whose draw `t` is (through identities and elementwise
    ops with scalars, which TF's layout propagation passes the layout back through)."""
    while True:
        node = t._op
        name = node.op.name
        if name in _RANDOM_V2:
            return node
        if name not in _SHAPE_KEEPING:
            return None
        same = [x for x in node.inputs if getattr(x, "_shape", None) == t._shape
                and hasattr(x, "_op")]
        if len(same) != 1:
            return None
        t = same[0]


def _device_seeds(layout: Layout) -> list:
    """Each device's seed (in mesh order): 65521 plus its coordinates along the layout's
    sharded mesh dims, the first in the high 16 bits' units and each next one scaled by
    the sizes of the sharded dims before it."""
    mesh = layout.mesh
    sharded = {s for s in layout.sharding_specs if s != "unsharded"}
    mult, run = {}, 65536
    for name in mesh.dim_names:
        if name in sharded:
            mult[name] = run
            run *= mesh.dim_size(name)
    return [65521 + sum(loc[n] * m for n, m in mult.items())
            for loc in mesh.unravel_index().values()]


def _sharded_draw(node: Any, env: dict, layout: Layout) -> Any:
    """The random op's result laid out as `layout`, each block drawn with its device's
    seed, as TF's expanded op draws it."""
    args = [env[id(x)] if hasattr(x, "_op") else x for x in node.inputs]
    arrays = [np.asarray(getattr(a, "_arr", a)) for a in args]
    attrs = dict(node.attrs)
    shape = tuple(node.outputs[0]._shape)
    _dt.check_divisible(shape, layout, None)
    out = np.empty(shape, node.outputs[0]._dtype.as_numpy_dtype)
    local = tuple(n // layout.num_shards(i) for i, n in enumerate(shape))
    for seed, block in zip(_device_seeds(layout), _dt.blocks(shape, layout)):
        mine = list(arrays)
        mine[0] = mine[0] ^ np.asarray(seed).astype(mine[0].dtype)
        part = node.op.kernel(np, *mine, **dict(attrs, shape=local))
        out[block] = part
    return _dt.make(out, node.outputs[0]._dtype, layout)


dispatch.ON_MESH[0] = _on_mesh
concrete.LAYOUT_CALL[0] = _call_function
