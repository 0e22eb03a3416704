"""TF 1's session handles: GetSessionHandle keeps a tensor in the running Session's store
under a string handle, GetSessionTensor reads it back in a later run, DeleteSessionTensor
drops it; tf.compat.v1.get_session_handle, get_session_tensor and delete_session_tensor,
and the TensorHandle a Session's run gives for a fetched handle.

Ops layer, loaded on first use, after sparse_tensors_map (a Session finds TensorHandle
here once a graph has made a GetSessionHandle node, which loads this module). A handle is
TF's string "<node>;<n>;<device>" (n counting the handles the Session has made); the store
is the running Session's (queue_state.session_store), so eagerly, with no Session running,
each op refuses as TF's does ("called on null session state"). A graph's node keeps its own kernel
(table_handles.CreatorNode), whose node name the handle and errors quote. TF's wrappers:
a handle fed back goes through a string placeholder, read by GetSessionTensor or dropped
by DeleteSessionTensor on the handle's device (its last ";" field, which must parse as a
device spec); a TensorHandle reads or deletes its tensor with such a pair of nodes that
its Session's graph keeps, one per dtype.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import FailedPreconditionError, InternalError
from eagerflow._src.core.resource import ResourceHandle, cpu_handle
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_state import session_store
from eagerflow._src.ops.registry import BadSample, OpDef, TFForm, register
from eagerflow._src.ops.table_handles import CreatorNode

_COUNT = "session_handle_count"


def _store(op: str, word: str | None = None) -> dict:
    store = session_store()
    if store is None:
        raise FailedPreconditionError(None, None, f"{word or op} called on null session "
                                                  f"state [Op:{op}]")
    return store


def _node_name(node: Any, op: str) -> str:
    return node.name if node is not None else op


def _missing(op: str, handle: str) -> Exception:
    return C.fail(op, f"The tensor with handle '{handle}' is not in the session store.")


def _handle_text(x: Any) -> str:
    h = np.asarray(x).reshape(-1)[0]
    return h.decode() if isinstance(h, bytes) else str(h)


def _get_infer(value: Any, *, node: Any = None) -> list:
    return [((), dt.string)]


def _keep(op: str, value: Any, node: Any) -> str:
    store = _store(op, "GetSessionHandle")
    n = store.get(_COUNT, 0)
    store[_COUNT] = n + 1
    handle = f"{_node_name(node, op)};{n};{CPU_DEVICE}"
    store[("session_tensor", handle)] = np.asarray(value).copy()
    return handle


def _get_kernel(xp: Any, value: Any, *, node: Any = None) -> np.ndarray:
    out = np.empty((), object)
    out[()] = _keep("GetSessionHandle", value, node).encode()
    return out


def _get_v2_infer(value: Any, *, node: Any = None) -> list:
    return [((), dt.resource)]


def _get_v2_kernel(xp: Any, value: Any, *, node: Any = None) -> np.ndarray:
    """(A resource naming the kept tensor: TF 2.21's Session gives a TensorHandle of no
    usable handle for it, so eagerflow's names it by its string handle.)"""
    handle = _keep("GetSessionHandleV2", value, node)
    return cpu_handle(handle, "", "TensorHandle")


def _tensor_infer(handle: Any, *, dtype: Any, node: Any = None) -> list:
    if handle._dtype is not dt.string:
        raise C.wrong_input_dtype("GetSessionTensor", 0, dt.string, handle._dtype)
    return [(None, dt.as_dtype(dtype))]


def _tensor_kernel(xp: Any, handle: Any, *, dtype: Any, node: Any = None) -> np.ndarray:
    op = "GetSessionTensor"
    store = _store(op)
    C.scalar_input(op, handle, "handle must be scalar, got shape {shape}")
    text = _handle_text(handle)
    arr = store.get(("session_tensor", text))
    if arr is None:
        raise _missing(op, text)
    want = dt.as_dtype(dtype)
    got = dt.string if arr.dtype == object else dt.as_dtype(arr.dtype)
    if got is not want:
        raise InternalError(None, None, f"Output 0 of type {C.dtype_word(got)} does not match "
                                        f"declared output type {C.dtype_word(want)} for node "
                                        f"{{{{node {_node_name(node, op)}}}}} [Op:{op}]")
    return arr.copy()


def _delete_infer(handle: Any, *, node: Any = None) -> list:
    if handle._dtype is not dt.string:
        raise C.wrong_input_dtype("DeleteSessionTensor", 0, dt.string, handle._dtype)
    return []


def _delete_kernel(xp: Any, handle: Any, *, node: Any = None) -> tuple:
    op = "DeleteSessionTensor"
    store = _store(op)
    C.scalar_input(op, handle, "handle must be scalar, got shape {shape}")
    text = _handle_text(handle)
    if store.pop(("session_tensor", text), None) is None:
        raise _missing(op, text)
    return ()


def bind_node(opdef: OpDef, inputs: tuple, attrs: dict, name: str | None = None) -> Any:
    """The op in the graph being built, its node keeping a kernel of its own (eagerly the
    op itself)."""
    if _state.graph is None:
        return bind(opdef, inputs, attrs, name)
    kernel = CreatorNode()
    out = bind(opdef, inputs, dict(attrs, node=kernel), name)
    kernel.op = out._op if hasattr(out, "_op") else _state.graph.operations[-1]
    return out


def _load(get: Any, names: tuple = ()) -> Any:
    def load(node: Any) -> Any:
        return bind_node(get(), tuple(node.inputs), {k: node.attrs[k] for k in names})
    return load


def _null(op: str, word: str | None = None) -> str:
    return f"{word or op} called on null session state"


GET_HANDLE = register(OpDef(
    "GetSessionHandle", _get_infer, _get_kernel, stateful=True, gpu=False,
    bad_samples=lambda: [BadSample((np.float32(1),), {}, FailedPreconditionError,
                                   _null("GetSessionHandle"))],
    tf=TFForm(load=_load(lambda: GET_HANDLE)),
))

GET_HANDLE_V2 = register(OpDef(
    "GetSessionHandleV2", _get_v2_infer, _get_v2_kernel, stateful=True, gpu=False,
    bad_samples=lambda: [BadSample((np.float32(1),), {}, FailedPreconditionError,
                                   _null("GetSessionHandleV2", "GetSessionHandle"))],
    tf=TFForm(load=_load(lambda: GET_HANDLE_V2), takes_handles=True),
))

GET_TENSOR = register(OpDef(
    "GetSessionTensor", _tensor_infer, _tensor_kernel, stateful=True, gpu=False,
    host_inputs=(0,),
    bad_samples=lambda: [BadSample((np.array(b"x", object),), {"dtype": dt.float32},
                                   FailedPreconditionError, _null("GetSessionTensor"))],
    tf=TFForm(load=_load(lambda: GET_TENSOR, ("dtype",))),
))

DELETE_TENSOR = register(OpDef(
    "DeleteSessionTensor", _delete_infer, _delete_kernel, num_outputs=0, stateful=True,
    gpu=False, host_inputs=(0,),
    bad_samples=lambda: [BadSample((np.array(b"x", object),), {}, FailedPreconditionError,
                                   _null("DeleteSessionTensor"))],
    tf=TFForm(load=_load(lambda: DELETE_TENSOR)),
))


# ---------------------------------------------------------------------------------------
# tf.compat.v1's functions and the TensorHandle.
# ---------------------------------------------------------------------------------------

def _device(handle: Any) -> str:
    """The device a handle names, refused as TF's device spec parser refuses it."""
    text = handle.decode() if isinstance(handle, bytes) else str(handle)
    device = text.split(";")[-1]
    if not device.startswith("/"):
        raise ValueError(f"Unknown attribute '{device}' is encountered while parsing the "
                         f"device spec: '{device}'.")
    return device


def get_session_handle(data: Any, name: str | None = None) -> Any:
    """`tf.compat.v1.get_session_handle`: the handle of `data` that a Session's run keeps
    (the run gives a TensorHandle)."""
    if not isinstance(data, Tensor):
        raise TypeError("`data` must be of type Tensor.")
    return bind_node(GET_HANDLE, (data,), {}, name)


def _placeholder() -> Any:
    g = _state.graph
    if g is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    return g.placeholder(None, dt.string, "Placeholder")


def get_session_tensor(handle: Any, dtype: Any, name: str | None = None) -> tuple:
    """`tf.compat.v1.get_session_tensor`: (a string placeholder to feed a handle to, the
    tensor of `dtype` it names)."""
    _device(handle)
    holder = _placeholder()
    return holder, bind_node(GET_TENSOR, (holder,), {"dtype": dt.as_dtype(dtype)}, name)


def delete_session_tensor(handle: Any, name: str | None = None) -> tuple:
    """`tf.compat.v1.delete_session_tensor`: (a string placeholder to feed a handle to, the
    operation deleting the tensor it names)."""
    _device(handle)
    holder = _placeholder()
    bind_node(DELETE_TENSOR, (holder,), {}, name)
    return holder, _state.graph.operations[-1]


class TensorHandle:
    """What a Session's run gives for a fetched session handle: the handle string, and
    the tensor it names read (`eval`) or deleted (`delete`) through that Session."""

    def __init__(self, handle: Any, dtype: Any, session: Any) -> None:
        self._handle = handle.decode() if isinstance(handle, bytes) else str(handle)
        self._dtype = dt.as_dtype(dtype)
        self._session = session
        self._deleted = False

    def __str__(self) -> str:
        return self._handle

    @property
    def handle(self) -> str:
        """The string handle."""
        return self._handle

    def get_raw_handle(self) -> str:
        return self._handle

    def _pair(self, kind: str) -> tuple:
        g = self._session.graph
        cache = g.__dict__.setdefault("_session_handle_nodes", {})
        key = (kind, self._dtype) if kind == "read" else (kind,)
        pair = cache.get(key)
        if pair is None:
            with g.as_default():
                pair = cache[key] = get_session_tensor(self._handle, self._dtype) \
                    if kind == "read" else delete_session_tensor(self._handle)
        return pair

    def eval(self) -> Any:
        """The tensor's value, read in the Session that made it."""
        holder, reader = self._pair("read")
        return self._session.run(reader, feed_dict={holder: self._handle})

    def delete(self) -> None:
        """Drops the tensor from its Session's store."""
        if self._deleted:
            raise TypeError(f"Persistent tensor {self._handle} may have already been "
                            "deleted.")
        self._deleted = True
        holder, deleter = self._pair("delete")
        self._session.run(deleter, feed_dict={holder: self._handle})


def wrap(value: Any, t: Any, session: Any) -> Any:
    """A fetched value as a Session's run gives it: a TensorHandle for the output of a
    GetSessionHandle (or GetSessionHandleV2) node."""
    op = getattr(t, "op", None)
    if op is None or getattr(op, "type", None) not in ("GetSessionHandle",
                                                        "GetSessionHandleV2"):
        return value
    if isinstance(value, ResourceHandle):
        value = value.name
    return TensorHandle(value, op.inputs[0].dtype, session)

