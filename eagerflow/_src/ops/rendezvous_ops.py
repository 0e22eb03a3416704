"""Send and Recv (TF's rendezvous between devices), ImmutableConst (a tensor read from a
file) and FileSystemSetConfiguration, as tf.raw_ops runs them on one host.

Ops layer, loaded on first use (op_index.py), after staging_ops (its rule for a wait no
thread can end). TF's eager context keeps one local rendezvous: a Send puts its tensor
under the key "send_device;incarnation (16 hex digits);recv_device;tensor_name;0:0", a
queue per key (two Sends of one key are received in turn), and a Recv of that key takes
the oldest, refused where its dtype is not the one asked for. A Recv that finds nothing
waits in TF for a Send of another thread; here, with no other thread running, it is
refused (FailedPreconditionError) instead of waiting forever.
"""

from __future__ import annotations

import collections
import os
import re
import threading
import time
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InternalError,
    NotFoundError,
    UnimplementedError,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, TFForm, register
from eagerflow._src.ops.staging_ops import others_running

# a device name TF's rendezvous parses: a full name's parts, or a local "/cpu:0"
_DEVICE = re.compile(r"^(/job:[^/]+)?(/replica:\d+)?(/task:\d+)?"
                     r"(/(device:)?[A-Za-z_]+:(\d+|\*))?$")
_QUEUES: dict = collections.defaultdict(collections.deque)
_LOCK = threading.Condition()
_POLL_S = 0.05


def _key(op: str, attrs: dict) -> str:
    key = (f"{attrs['send_device']};{int(attrs['send_device_incarnation']) & (2**64 - 1):016x};"
           f"{attrs['recv_device']};{attrs['tensor_name']};0:0")
    for device in (attrs["send_device"], attrs["recv_device"]):
        if not device or not _DEVICE.match(device):
            raise C.fail(op, f"Invalid  rendezvous key: {key}")
    return key


_KEY_ATTRS = ("tensor_name", "send_device", "send_device_incarnation", "recv_device",
              "client_terminated")


def _send_infer(tensor: Any, **attrs: Any) -> list:
    return []


def _send_kernel(xp: Any, tensor: Any, **attrs: Any) -> tuple:
    key = _key("Send", attrs)
    with _LOCK:
        _QUEUES[key].append(np.array(to_host(tensor), copy=True))
        _LOCK.notify_all()
    return ()


def _recv_infer(tensor_type: Any, **attrs: Any) -> list:
    return [(None, dt.as_dtype(tensor_type))]


def _recv_kernel(xp: Any, tensor_type: Any, **attrs: Any) -> Any:
    key, want = _key("Recv", attrs), dt.as_dtype(tensor_type)
    since = time.monotonic()
    with _LOCK:
        while not _QUEUES.get(key):
            if not others_running(since):
                raise FailedPreconditionError(
                    None, None, f"Nothing was sent under rendezvous key {key}: TF's kernel "
                                f"waits here for another thread's Send, and no other thread "
                                f"is running, so it would wait forever [Op:Recv]")
            _LOCK.wait(_POLL_S)
        value = _QUEUES[key].popleft()
        if not _QUEUES[key]:
            del _QUEUES[key]
    have = dt.from_numpy(value.dtype) if value.dtype != object else dt.string
    if have is not want:
        raise C.fail("Recv", f"Type mismatch: actual {C.dtype_word(have)} vs. expect "
                             f"{C.dtype_word(want)}")
    return value


_DEVICE_ATTRS = {"tensor_name": "a", "send_device": "/cpu:0", "send_device_incarnation": 1,
                 "recv_device": "/cpu:0", "client_terminated": False}

def _load(name: str, attrs: tuple) -> TFForm:
    """Its TF node's attrs as the op's (it has no samples to show them)."""
    return TFForm(load=lambda node: bind(REGISTERED[name], tuple(node.inputs),
                                         {k: node.attrs[k] for k in attrs}))


REGISTERED: dict = {}
SEND = REGISTERED["Send"] = register(OpDef(
    "Send", _send_infer, _send_kernel, num_outputs=0, stateful=True, gpu=False,
    tf=_load("Send", _KEY_ATTRS),
    bad_samples=lambda: [BadSample((np.float32(5),), {**_DEVICE_ATTRS, "send_device": "bad"},
                                   C.InvalidArgumentError, "Invalid  rendezvous key: "
                                   "bad;0000000000000001;/cpu:0;a;0:0")],
))
RECV = REGISTERED["Recv"] = register(OpDef(
    "Recv", _recv_infer, _recv_kernel, stateful=True, gpu=False,
    tf=_load("Recv", ("tensor_type",) + _KEY_ATTRS),
    bad_samples=lambda: [BadSample((), {**_DEVICE_ATTRS, "tensor_type": dt.float32,
                                        "recv_device": "bad"}, C.InvalidArgumentError,
                                   "Invalid  rendezvous key: /cpu:0;0000000000000001;bad;a;0:0")],
))


# -- ImmutableConst ------------------------------------------------------------------------

def _immutable_infer(dtype: Any, shape: Any, memory_region_name: str) -> list:
    return [(None if shape is None else tuple(shape), dt.as_dtype(dtype))]


def _immutable_kernel(xp: Any, dtype: Any, shape: Any, memory_region_name: str) -> Any:
    d = dt.as_dtype(dtype)
    name = memory_region_name.decode() if isinstance(memory_region_name, bytes) \
        else memory_region_name
    try:  # (TF maps the region before it looks at the dtype)
        with open(name, "rb") as f:
            data = f.read()
    except OSError as e:
        raise NotFoundError(None, None, f"{name}; {os.strerror(e.errno or 2)} "
                                        f"[Op:ImmutableConst]") from None
    if d is dt.string:
        raise UnimplementedError(None, None, "Sorry, DT_STRING is not currently supported "
                                             "for ImmutableConstOp. [Op:ImmutableConst]")
    shape = tuple(int(s) for s in shape or ())
    need = int(np.prod(shape, dtype=np.int64)) * np.dtype(d.as_numpy_dtype).itemsize
    if len(data) != need:
        raise InternalError(None, None, f"Readonly memory region has wrong length "
                                        f"({len(data)}) when allocating {need} "
                                        f"[Op:ImmutableConst]")
    return np.frombuffer(data, d.as_numpy_dtype).reshape(shape).copy()


IMMUTABLE_CONST = REGISTERED["ImmutableConst"] = register(OpDef(
    "ImmutableConst", _immutable_infer, _immutable_kernel, stateful=True, gpu=False,
    tf=_load("ImmutableConst", ("dtype", "shape", "memory_region_name")),
    bad_samples=lambda: [BadSample((), {"dtype": dt.float32, "shape": (2,),
                                        "memory_region_name": "/nonexistent/region"},
                                   NotFoundError, "/nonexistent/region; No such file or "
                                                  "directory")],
))


# -- FileSystemSetConfiguration ------------------------------------------------------------

# the schemes TF 2.21's pip build registers file systems for (none of them takes options)
_SCHEMES = frozenset(("", "file", "ram"))


def _fs_infer(scheme: Any, key: Any, value: Any) -> list:
    return []


def _fs_kernel(xp: Any, scheme: Any, key: Any, value: Any) -> tuple:
    s = np.asarray(scheme, object).reshape(-1)[0]
    s = s.decode() if isinstance(s, bytes) else str(s)
    if s not in _SCHEMES:
        raise UnimplementedError(None, None, f"File system scheme '{s}' not found to set "
                                             f"configuration [Op:FileSystemSetConfiguration]")
    raise UnimplementedError(None, None, "SetOption [Op:FileSystemSetConfiguration]")


FILE_SYSTEM_SET_CONFIGURATION = register(OpDef(
    "FileSystemSetConfiguration", _fs_infer, _fs_kernel, num_outputs=0, stateful=True,
    gpu=False,
    bad_samples=lambda: [BadSample((np.array(b"file", object), np.array(b"k", object),
                                    np.array(b"v", object)), {}, UnimplementedError,
                                   "SetOption")],
))
