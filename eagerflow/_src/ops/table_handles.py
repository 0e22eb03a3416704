"""Lookup tables as TF's resources: their handles, the ops that make them and the op that
fills a static one.

Ops layer, over table_state.py (what a table holds) and under lookup_ops.py (the ops that
read and change a table, and tf.lookup's classes). A table's handle is a scalar tensor of
dtype resource holding a core/resource.py ResourceHandle of TF's kind
"tensorflow::lookup::LookupInterface", naming the table by container and name in
core/resource.py's RESOURCES, as TF's ResourceMgr keeps tables: DestroyResourceOp removes
it, and every op on the handle then fails with TF's NotFoundError.

The creators (HashTableV2, MutableHashTableV2, MutableHashTableOfTensorsV2,
MutableDenseHashTableV2) name the table as TF's kernels do: its shared_name; the node's
name with use_node_name_sharing (eagerly: the op's name); else a name of their own,
"_<n>_<op>", which TF's eager runtime keeps for every call of the same attrs (its cached
kernel hands out that name, making the table again once it is destroyed).

The ops on tables take the handle as their first input. Eagerly it is the handle tensor;
in a graph being built, a handle naming a table is the table's state itself (as a
variable's reads take the variable), listed as TF's graph captures it: a resource
placeholder "<node>/table_handle" before the first node using it. A handle known only
when the graph runs (a function's argument, a creator's output) is a resource tensor
whose kernel finds the table by name.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
)
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.resource import RESOURCES, ResourceHandle, cpu_handle, wrong_type
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import table_refs as R
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.table_state import DenseTableState, TableState
from eagerflow._src.ops.variables import held_handle, resource_tensor

KIND = "tensorflow::lookup::LookupInterface"
_MANGLED = "N10tensorflow6lookup15LookupInterfaceE"  # (TF's typeid name in its messages)
_UIDS = itertools.count()       # TF's ResourceMgr unique ids ("_0_HashTableV2")
_TABLE_UIDS = itertools.count(1)  # the numbers in the names of tf.lookup's tables
_KERNEL_NAMES: dict = {}        # (op, attrs) -> the private name its cached kernel made



def private_name(op: str) -> str:
    """A new name of TF's ResourceMgr for a resource op `op` makes unshared ("_<n>_<op>"; the
    count is one for tables, queues and readers alike)."""
    return f"_{next(_UIDS)}_{op}"


def table_uid() -> int:
    """The next number for a tf.lookup table's name ("table_<n>", or "<n>")."""
    return next(_TABLE_UIDS)


def new_handle(state: TableState, name: str, container: str = "localhost") -> EagerTensor:
    """`state` kept in RESOURCES as `container`/`name`; its handle tensor."""
    RESOURCES.create(container, name, state)
    return resource_tensor(ResourceHandle(name, CPU_DEVICE, container, KIND), CPU_DEVICE)


def handle_for(state: TableState) -> EagerTensor:
    """A handle of `state` itself, named by no container (a table known only by its
    state: a SavedModel's or a checkpoint's, filled by the loader)."""
    return resource_tensor(ResourceHandle("", CPU_DEVICE, "localhost", KIND, (), state),
                           CPU_DEVICE)


def held(h: Any) -> ResourceHandle | None:
    """The ResourceHandle a handle (a tensor, or its kernel's array) holds, or None."""
    if isinstance(h, np.ndarray):
        v = h[()] if h.ndim == 0 and h.dtype == object else None
        return v if isinstance(v, ResourceHandle) else None
    return held_handle(h)


def state_of(op: str, h: Any) -> TableState:
    """The table `h` names (a handle, or a table's state itself), with TF's errors for a
    handle of no table: NotFoundError (destroyed, never made) or a resource of another
    kind."""
    return held_resource(op, h, TableState, KIND, _MANGLED,
                         "Expected a lookup table's resource handle")


def held_resource(op: str, h: Any, cls: type, kind: str, mangled: str, no_handle: str) -> Any:
    """The resource of class `cls` (TF's type `kind`, `mangled` its typeid name) that `h`
    (a handle, or the resource itself) names, with TF's errors for a handle of none
    (NotFoundError: destroyed, never made) or of a resource of another kind; `no_handle`
    the words for what is no handle at all."""
    if isinstance(h, cls):
        return h
    hh = held(h)
    if hh is None:
        raise C.fail(op, no_handle)
    target = hh.target if hh.target is not None else RESOURCES.lookup(hh.container, hh.name)
    if target is None:
        raise NotFoundError(None, None, f"{RESOURCES.missing(hh.container, hh.name, mangled)}"
                                        f" [Op:{op}]")
    if not isinstance(target, cls):
        raise C.fail(op, wrong_type(hh.name, hh.kind, kind))
    return target


class ShapedTable:
    """A table as the handle its creator op makes in a graph: TF's creator shape functions
    record the table's key and value shapes as the handle's data, from which the ops on
    the handle infer their outputs' shapes. A function's trace has no such handle (its
    captured table is a placeholder of no data: TF's unknown shapes); a SavedModel's
    exported graph makes its tables again, and infers its signatures' outputs with it."""

    __slots__ = ("state",)

    def __init__(self, state: TableState) -> None:
        self.state = state

    @property
    def table_state(self) -> TableState:
        return self.state


def with_handle_data(state: TableState) -> TableState | ShapedTable:
    """`state` as its creator's handle in a graph: with the shapes TF's creator records
    (MutableHashTable*V2: scalar keys and the value shape; MutableDenseHashTableV2: the
    empty key's shape and the value shape), or as it is for HashTableV2, which records
    none."""
    return ShapedTable(state) if state.mutable else state


def known_state(op: str, h: Any) -> TableState | None:
    """The table an op's handle input names where it is known now (eagerly, or a table
    a graph took by reference); None for a handle known only when the graph runs."""
    if isinstance(h, TableState):
        return h
    if isinstance(h, ShapedTable):
        return h.state
    if isinstance(h, EagerTensor):
        return state_of(op, h._arr)
    return None


def captured_table(h: Any) -> TableState | None:
    """The table an eager handle (or a graph's constant of one) names, or None."""
    if isinstance(h, TableState):
        return h
    hh = held(h) if isinstance(h, Tensor) else None
    if hh is None:
        return None
    target = hh.target if hh.target is not None else RESOURCES.lookup(hh.container, hh.name)
    return target if isinstance(target, TableState) else None


def run_on_table(op: OpDef, h: Any, inputs: tuple, attrs: dict,
                 name: str | None = None) -> Any:
    """bind(op, (h, *inputs), attrs): in a graph being built, a handle naming a table is
    that table, captured as TF's function graphs capture it (see the module's
    docstring)."""
    graph = _state.graph
    if graph is None:
        return bind(op, (handle_for(h) if isinstance(h, TableState) else h, *inputs), attrs,
                    name)
    state = captured_table(h)
    if state is None:
        return bind(op, (h, *inputs), attrs, name)
    ops = graph.operations
    n = len(ops)
    out = bind(op, (state, *inputs), attrs, name)
    capture = getattr(graph, "_capture_resource", None)
    if capture is not None and len(ops) > n:
        # (listed before the first node made for the op: TF converts the handle first)
        capture(state, ops[n], "table_handle", ops[-1].name if len(ops) > n + 1 else None,
                h if isinstance(h, EagerTensor) else handle_for(state))
    return out


def check_signature(op: str, t: TableState, have: list, outs: int) -> None:
    """TF's kernel signature check: the inputs after the table handle (and the outputs)
    are of the table's key and value dtypes."""
    want = [t.key_dtype, t.value_dtype][:len(have)]
    if [x._dtype for x in have] != want:
        def text(ds: list) -> str:
            ins = ", ".join(["resource"] + [C.dtype_word(d) for d in ds])
            return ins + "->" + ", ".join(C.dtype_word(d) for d in ds[len(ds) - outs:])
        got = [x._dtype for x in have]
        raise C.fail(op, f"Signature mismatch, have: {text(got)} expected: {text(want)}")


# ---------------------------------------------------------------------------------------
# Filling a static table.
# ---------------------------------------------------------------------------------------

def text(v: Any) -> str:
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def fill(state: TableState, keys: np.ndarray, values: np.ndarray,
         op: str = "LookupTableImportV2") -> None:
    """Initializes a static table: one value per key (repeats must agree, as TF's import;
    `op`: the initializing op TF names in its errors)."""
    if keys.shape != values.shape:
        raise C.fail(op, f"Expected shape {C.shape_str(keys.shape)} for value, got "
                         f"{C.shape_str(values.shape)}")
    check_finite_size(op, (2 * keys.size,), dt.int64)
    items = state.items
    for k, v in zip(keys.reshape(-1).tolist(), values.reshape(-1).tolist()):
        old = items.setdefault(k, v)
        if old != v:
            raise FailedPreconditionError(
                None, None, f"HashTable has different value for same key. Key "
                            f"{text(k)} has {text(old)} and trying to add value {text(v)} "
                            f"[Op:{op}]")
    state.changed()
    state.initialized = True


def initialize(op: str, state: TableState, keys: np.ndarray, values: np.ndarray) -> None:
    """A static table's initialization by `op`: a table initialized already keeps what
    it holds (TF's refuses only data of another size)."""
    if state.initialized:
        if keys.size != len(state.items):
            raise FailedPreconditionError(None, None, "Table was already initialized with "
                                                      f"different data. [Op:{op}]")
        return
    fill(state, keys, values, op)


def _init_infer(h: Any, keys: Any, values: Any) -> list:
    op = "InitializeTableV2"
    t = known_state(op, h)
    if t is not None:
        check_signature(op, t, [keys, values], 0)
    return []


def _init_kernel(xp: Any, h: Any, keys: Any, values: Any) -> tuple:
    op = "InitializeTableV2"
    t = state_of(op, h)
    if t.mutable:
        hh = held(h)
        where = f"{hh.container} {hh.name}" if hh is not None else "localhost"
        raise C.fail(op, f"Table {where} is not initializable")
    if np.ndim(keys) != 1:
        raise C.fail(op, f"Keys must be a vector, but received shape"
                         f"{C.shape_str(np.shape(keys))}")
    if np.size(keys) != np.size(values):
        raise C.fail(op, f"Keys and values must have the same size {np.size(keys)} vs "
                         f"{np.size(values)}")
    if not np.size(keys):
        raise C.fail(op, "keys and values cannot be empty tensors.")
    initialize(op, t, np.asarray(keys), np.asarray(values))
    return ()


def _table_load(opdef: Any, attrs: tuple = ()) -> Any:
    def load(node: Any) -> Any:
        return run_on_table(opdef(), node.inputs[0], tuple(node.inputs[1:]),
                            {k: node.attrs[k] for k in attrs if k in node.attrs})
    return load


INIT_TABLE = register(OpDef(
    "InitializeTableV2", _init_infer, _init_kernel, num_outputs=0, stateful=True, gpu=False,
    reference=R.init_ref, samples=R.init_samples, bad_samples=R.init_bad_samples,
    tf=TFForm(load=_table_load(lambda: INIT_TABLE), takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# The creators.
# ---------------------------------------------------------------------------------------

# TF 2.21's CPU kernels of the tables: the (key, value) dtypes each creator op is built for.
_NUMBERS = ("int64", "int32", "float32", "float64")
KERNELS = {
    "MutableHashTableV2": [("string", v) for v in _NUMBERS + ("bool",)]
    + [("int64", v) for v in ("string",) + _NUMBERS] + [("int32", v) for v in _NUMBERS[1:]],
    "MutableDenseHashTableV2": [("string", v) for v in _NUMBERS + ("bool",)]
    + [("int64", v) for v in _NUMBERS + ("bool",)] + [("int32", v) for v in _NUMBERS[1:]],
}
KERNELS["MutableHashTableOfTensorsV2"] = KERNELS["MutableHashTableV2"]
KERNELS["HashTableV2"] = [("string", v) for v in ("string",) + _NUMBERS + ("bool",)] + [
    ("int64", v) for v in ("string",) + _NUMBERS] + [("int32", v) for v in
                                                      ("string",) + _NUMBERS[1:]]


# (TF 2.21 also lists a dense table's kernels of resource and variant values, which
# eagerflow's tables do not hold)
_LISTED = {"MutableHashTableV2": KERNELS["MutableHashTableV2"][:5] + [("int64", "variant")]
           + KERNELS["MutableHashTableV2"][5:],
           "MutableDenseHashTableV2": [("string", "resource")]
           + KERNELS["MutableDenseHashTableV2"][:5] + [("int64", "variant")]
           + KERNELS["MutableDenseHashTableV2"][5:]}


def check_kernel(op: str, key_dtype: dt.DType, value_dtype: dt.DType,
                 shared_name: str | None = None, node_attrs: str | None = None) -> None:
    """NotFoundError, as TF's kernel lookup, for a table of dtypes it has no kernel for
    (its node's attrs with TF's shared name where it is known: a text file's table;
    `node_attrs`: every attr, as TF shows a dense table's)."""
    kind = op if op in KERNELS else ANONYMOUS[op]  # (an anonymous table: its kind's)
    if (key_dtype.name, value_dtype.name) in KERNELS[kind]:
        return
    def enum(name: str) -> str:  # TF's DataType enum names
        return C.dt_enum(dt.as_dtype(name))

    kernels = "\n".join(f"  device='CPU'; key_dtype in [{enum(k)}]; value_dtype in [{enum(v)}]"
                        for k, v in _LISTED.get(kind, KERNELS[kind]))
    attrs = f"key_dtype={enum(key_dtype.name)}, value_dtype={enum(value_dtype.name)}"
    if shared_name is not None:
        attrs = (f'container="", key_dtype={enum(key_dtype.name)}, shared_name="{shared_name}", '
                 f"use_node_name_sharing=false, value_dtype={enum(value_dtype.name)}")
    if node_attrs is not None:
        attrs = node_attrs
    raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                    f"{op}[{attrs}]\nAll kernels registered for "
                                    f"op {op}:\n{kernels}\n [Op:{op}]")


def dense_attrs(kd: dt.DType, vd: dt.DType, container: str = "",
                 initial_num_buckets: int = 131072, max_load_factor: float = 0.8,
                 shared_name: str = "", use_node_name_sharing: bool = False,
                 value_shape: Any = ()) -> str:
    """A dense table's node attrs as TF's kernel lookup shows them."""
    shape = ",".join(str(int(d)) for d in value_shape or ())
    return (f'container="{container}", initial_num_buckets={initial_num_buckets}, '
            f"key_dtype={C.dt_enum(kd)}, max_load_factor={float(max_load_factor):g}, "
            f'shared_name="{shared_name}", use_node_name_sharing='
            f"{str(bool(use_node_name_sharing)).lower()}, value_dtype={C.dt_enum(vd)}, "
            f"value_shape=[{shape}]")


def _check_value_shape(op: str, value_shape: Any) -> None:
    """TF's reading of the value_shape attr: a shape of known dims, and of at most 2**63 - 1
    entries."""
    shape = tuple(int(d) for d in value_shape or ())
    # (a dim past int64 is refused as too large: TF's Python layer refuses it sooner, an
    # OverflowError converting the attr)
    if any(d < 0 for d in shape):
        dims = ",".join("?" if d == -1 else str(d) for d in shape)  # (TF: -1 unknown)
        raise C.fail(op, f"Shape [{dims}] is not fully defined")
    if math.prod(shape) >= 2**63:
        raise C.fail(op, f"Shape {C.shape_str(shape)} is too large (more than 2**63 - 1 "
                         f"entries)")


def _creator_infer(op: str) -> Any:
    if op == "MutableDenseHashTableV2":
        def dense(empty_key: Any, deleted_key: Any, *, value_dtype: Any,
                  node: Any = None, **attrs: Any) -> list:
            kd, vd = empty_key._dtype, dt.as_dtype(value_dtype)
            if deleted_key._dtype is not kd:  # (both of the key_dtype attr)
                raise C.wrong_input_dtype(op, 1, kd, deleted_key._dtype)
            check_kernel(op, kd, vd, node_attrs=dense_attrs(kd, vd, **attrs))
            _check_value_shape(op, attrs.get("value_shape"))
            return [((), dt.resource)]
        return dense

    def infer(*, key_dtype: Any, value_dtype: Any, **attrs: Any) -> list:
        check_kernel(op, dt.as_dtype(key_dtype), dt.as_dtype(value_dtype),
                     attrs.get("shared_name", "") if op == "HashTableV2" else None)
        _check_value_shape(op, attrs.get("value_shape"))
        return [((), dt.resource)]
    return infer


def _make_state(op: str, keys: tuple, attrs: dict, named: str | None = None) -> TableState:
    """A new table of creator `op`'s kind (`named`: the op TF's errors name, where it is
    another: an anonymous table's creator)."""
    vd = dt.as_dtype(attrs["value_dtype"])
    shape = tuple(int(d) for d in attrs.get("value_shape") or ())
    named = named or op
    if op == "MutableDenseHashTableV2":
        empty, deleted = (np.asarray(k) for k in keys)
        return DenseTableState(dt.as_dtype(empty.dtype) if empty.dtype != object else
                               dt.string, vd, shape, empty, deleted,
                               int(attrs.get("initial_num_buckets", 131072)),
                               float(attrs.get("max_load_factor", 0.8)), named)
    if len(shape) > 1:
        raise C.fail(named, f"Default value must be a vector, got shape {C.shape_str(shape)}")
    state = TableState(dt.as_dtype(attrs["key_dtype"]), vd, shape, op != "HashTableV2")
    state.initialized = op != "HashTableV2"
    return state


class CreatorNode:
    """A creator's node in a graph, as its "node" attr: TF makes one kernel per node,
    which names the table by the node (use_node_name_sharing) or, with neither sharing
    rule, by a private name of its own, "_<n>_<node>", kept for every run of that node
    (each TF 1 Session has kernels of its own). Two identical creator nodes in one graph
    are thus two tables."""

    __slots__ = ("op", "names")

    def __init__(self) -> None:
        self.op: Any = None  # the node's Operation, set once it is made
        self.names: dict = {}  # (what runs it) -> the private name its kernel made

    @property
    def name(self) -> str:
        return self.op.name if self.op is not None else ""

    def private_name(self) -> str:
        own = _state.kernels  # (a TF 1 Session's kernels, or None: the process's)
        key = id(self) if own is not None else None
        names = own if own is not None else self.names
        name = names.get(("table", key))
        if name is None:
            name = names[("table", key)] = private_name(self.name)
        return name

    def __repr__(self) -> str:
        return f"<kernel of node {self.name!r}>"


def resource_name(op: str, keys: tuple, container: str, shared_name: str,
                use_node_name_sharing: bool, node: CreatorNode | None, attrs: dict) -> str:
    """The name a creator's kernel gives its table: `shared_name`; else the node's name
    with `use_node_name_sharing`; else the kernel's private name (eagerly: one per op and
    attrs, as TF's cached eager kernel keeps it)."""
    if shared_name:
        return shared_name
    if node is not None:
        return node.name if use_node_name_sharing else node.private_name()
    if use_node_name_sharing:
        return op  # (eagerly the node is named after its op)
    key = (op, container, tuple(sorted((k, str(v)) for k, v in attrs.items())),
           tuple(np.asarray(k).tobytes() for k in keys))
    name = _KERNEL_NAMES.get(key)
    if name is None:
        name = _KERNEL_NAMES[key] = private_name(op)
    return name


def _creator_kernel(op: str) -> Any:
    def kernel(xp: Any, *keys: Any, container: str = "", shared_name: str = "",
               use_node_name_sharing: bool = False, node: CreatorNode | None = None,
               **attrs: Any) -> np.ndarray:
        container = container or "localhost"
        name = resource_name(op, keys, container, shared_name, use_node_name_sharing, node,
                           attrs)
        # (a TF 1 Session's resources are its own, as each of TF's has a resource manager;
        # its handles then carry their table)
        own = _state.kernels
        have = RESOURCES.lookup(container, name) if own is None else \
            own.get(("resource", container, name))
        state = _make_state(op, keys, attrs) if have is None or isinstance(have, TableState) \
            else None
        if have is None:  # (made again after a DestroyResourceOp, as TF's kernel does)
            if own is None:
                RESOURCES.create(container, name, state)
            else:
                own[("resource", container, name)] = have = state
        elif isinstance(have, TableState) and \
                (have.key_dtype, have.value_dtype) != (state.key_dtype, state.value_dtype):
            raise C.fail(op, f"Conflicting key/value dtypes {dtype_word(state.key_dtype)}->"
                             f"{dtype_word(state.value_dtype)} with {dtype_word(have.key_dtype)}-"
                             f"{dtype_word(have.value_dtype)} for table {name}")
        return cpu_handle(name, container, KIND, None if own is None else have)
    return kernel


def create_in_graph(op: str, attrs: dict, name: str | None = None,
                    inputs: tuple = ()) -> Any:
    """A creator node `op` of `inputs` in the graph being built (a kernel of its own),
    named `name` (unique in the scope); its handle tensor."""
    attrs = dict(attrs, node=CreatorNode())
    out = bind(CREATORS[op], inputs, attrs, name)
    attrs["node"].op = out._op
    return out


def _creator_load(op: str, attrs: tuple) -> Any:
    def load(node: Any) -> list:
        a = node.attrs
        given = {k: a[k] for k in attrs if k in a}
        if _state.graph is None:
            return [bind(CREATORS[op], tuple(node.inputs), given)]
        return [create_in_graph(op, given, inputs=tuple(node.inputs))]
    return load


_SHARING = ("container", "shared_name", "use_node_name_sharing")
_CREATOR_ATTRS = {
    "HashTableV2": _SHARING + ("key_dtype", "value_dtype"),
    "MutableHashTableV2": _SHARING + ("key_dtype", "value_dtype"),
    "MutableHashTableOfTensorsV2": _SHARING + ("key_dtype", "value_dtype", "value_shape"),
    "MutableDenseHashTableV2": _SHARING + ("value_dtype", "value_shape",
                                           "initial_num_buckets", "max_load_factor"),
}
CREATORS = {op: register(OpDef(
    op, _creator_infer(op), _creator_kernel(op), stateful=True, gpu=False,
    reference=R.handle_ref(op), samples=R.creator_samples(op),
    tf=TFForm(load=_creator_load(op, attrs), takes_handles=True),
)) for op, attrs in _CREATOR_ATTRS.items()}


# ---------------------------------------------------------------------------------------
# Anonymous tables: TF's creators of a table no name finds, owned by its handle (the
# tables of tf.lookup's experimental_is_anonymous=True). Each call makes a new table, in
# a graph each run; its handle names it "Resource-<n>-at-0x<address>" in the container
# "Anonymous", and DestroyResourceOp leaves it alone (it goes with its last handle).
# ---------------------------------------------------------------------------------------

ANONYMOUS = {"AnonymousHashTable": "HashTableV2",
             "AnonymousMutableHashTable": "MutableHashTableV2",
             "AnonymousMutableHashTableOfTensors": "MutableHashTableOfTensorsV2",
             "AnonymousMutableDenseHashTable": "MutableDenseHashTableV2"}
for _op, _base in ANONYMOUS.items():
    KERNELS[_op] = KERNELS[_base]
# (TF 2.21 lists a kernel of variant values for the anonymous mutable table, as for the
# dense ones: eagerflow's tables hold none)
_LISTED["AnonymousMutableHashTable"] = (KERNELS["MutableHashTableV2"][:5] + [
    ("int64", "variant")] + KERNELS["MutableHashTableV2"][5:])
_LISTED["AnonymousMutableDenseHashTable"] = _LISTED["MutableDenseHashTableV2"]
_ANONYMOUS_UIDS = itertools.count()


def anonymous_handle(state: TableState) -> EagerTensor:
    """A handle owning `state`, named as TF's anonymous resources."""
    return resource_tensor(_anonymous(state), CPU_DEVICE)


def _anonymous(state: TableState) -> ResourceHandle:
    return ResourceHandle(f"Resource-{next(_ANONYMOUS_UIDS)}-at-0x{id(state):x}", CPU_DEVICE,
                          "Anonymous", KIND, (), state)


def _anonymous_infer(op: str) -> Any:
    if op == "AnonymousMutableDenseHashTable":
        def dense(empty_key: Any, deleted_key: Any, *, value_dtype: Any,
                  value_shape: Any = (), initial_num_buckets: int = 131072,
                  max_load_factor: float = 0.8) -> list:
            kd, vd = empty_key._dtype, dt.as_dtype(value_dtype)
            if deleted_key._dtype is not kd:
                raise C.wrong_input_dtype(op, 1, kd, deleted_key._dtype)
            shape = ",".join(str(int(d)) for d in value_shape or ())
            check_kernel(op, kd, vd, node_attrs=(
                f"initial_num_buckets={initial_num_buckets}, key_dtype={C.dt_enum(kd)}, "
                f"max_load_factor={float(max_load_factor):g}, value_dtype={C.dt_enum(vd)}, "
                f"value_shape=[{shape}]"))
            _check_value_shape(op, value_shape)
            return [((), dt.resource)]
        return dense

    def infer(*, key_dtype: Any, value_dtype: Any, value_shape: Any = ()) -> list:
        kd, vd = dt.as_dtype(key_dtype), dt.as_dtype(value_dtype)
        attrs = f"key_dtype={C.dt_enum(kd)}, value_dtype={C.dt_enum(vd)}"
        if op == "AnonymousMutableHashTableOfTensors":
            shape = ",".join(str(int(d)) for d in value_shape or ())
            attrs += f", value_shape=[{shape}]"
        check_kernel(op, kd, vd, node_attrs=attrs)
        _check_value_shape(op, value_shape)
        return [((), dt.resource)]
    return infer


def _anonymous_kernel(op: str) -> Any:
    def kernel(xp: Any, *keys: Any, **attrs: Any) -> np.ndarray:
        return object_scalar(_anonymous(_make_state(ANONYMOUS[op], keys, attrs, op)))
    return kernel


def _anonymous_samples(op: str) -> Any:
    def samples() -> list:
        if op == "AnonymousMutableDenseHashTable":
            return [Sample((np.int64(0), np.int64(-1)), {"value_dtype": dt.float32},
                           grad=False),
                    Sample((_strings("", "-"), _strings("d", "d")), {
                        "value_dtype": dt.int64, "value_shape": (2,),
                        "initial_num_buckets": 8, "max_load_factor": 0.5}, grad=False)]
        attrs = {"key_dtype": dt.string, "value_dtype": dt.int64}
        if op == "AnonymousMutableHashTableOfTensors":
            attrs["value_shape"] = (2,)
        return [Sample((), attrs, grad=False)]
    return samples


def _strings(*xs: str) -> np.ndarray:
    return np.array([x.encode() for x in xs], object)


def _anonymous_bad_samples(op: str) -> Any:
    def bad() -> list:
        if op == "AnonymousMutableDenseHashTable":
            return [BadSample((np.int64(0), np.int64(0)), {"value_dtype": dt.float32},
                          InvalidArgumentError, "Empty and deleted keys cannot be equal")]
        out = [BadSample((), {"key_dtype": dt.bool, "value_dtype": dt.int64}, NotFoundError,
                           "Could not find device for node: {{node " + op + "}}")]
        if op == "AnonymousMutableHashTableOfTensors":
            out.append(BadSample((), {"key_dtype": dt.int64, "value_dtype": dt.float32,
                                  "value_shape": (2, 2)}, InvalidArgumentError,
                             "Default value must be a vector, got shape [2,2]"))
        return out
    return bad


def _anonymous_ref(*_keys: Any, **_attrs: Any) -> np.ndarray:
    return np.empty((), object)  # (a new table's handle: its name is new each call)


ANONYMOUS_CREATORS = {op: register(OpDef(
    op, _anonymous_infer(op), _anonymous_kernel(op), stateful=True, gpu=False,
    nondeterministic=True, reference=_anonymous_ref, samples=_anonymous_samples(op),
    bad_samples=_anonymous_bad_samples(op),
)) for op in ANONYMOUS}
