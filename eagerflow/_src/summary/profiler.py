"""tf.profiler.experimental: start / stop / Profile / Trace, written as TF's XSpace files.

While a profiler runs, core/trace_events.py collects timed events: every eager op (an
`EagerExecute` naming the op around its `<type>:<type>` kernel event), every tf.function
call (an event named for the function, with `tf_function_call` and `tracing_count`, its
tracing as `tf.function-graph_building`, its ops as `<node>:<type>` events), and the
user's `Trace` scopes (Keras's `Profiled batch` among them). `stop()` writes them as TF
2.21 does: `<logdir>/plugins/profile/<local time>/<host>.xplane.pb`, an XSpace proto
(field numbers as in TSL's xplane.proto and profiler_options.proto) holding a
`/host:CPU` plane, one line per Python thread named `python` as TF names them, times
relative to the profile's start, and a `Task Environment` plane with the start and
stop times and the options. TensorBoard's profile plugin reads it (trace viewer,
framework op stats, overview). What TF's C++ tracers add (executor internals, device
planes, the tf.data iterator events) has no counterpart here.
"""

from __future__ import annotations

import collections
import errno
import os
import socket
import threading
import time
from types import SimpleNamespace
from typing import Any

from google.protobuf import descriptor_pool

from eagerflow._src.core import trace_events
from eagerflow._src.core.errors import (
    AlreadyExistsError,
    NotFoundError,
    PermissionDeniedError,
    UnavailableError,
    UnimplementedError,
    UnknownError,
)
from eagerflow._src.io.file_errors import local_path
from eagerflow._src.io.fileio import atomic_write
from eagerflow._src.io.protos import build, field, map_entry, message
from eagerflow._src.ops import dispatch

Trace = trace_events.Trace

ProfilerOptions = collections.namedtuple(
    "ProfilerOptions", ["host_tracer_level", "python_tracer_level", "device_tracer_level",
                        "delay_ms"])
ProfilerOptions.__new__.__defaults__ = (2, 0, 1, None)

_lock = threading.Lock()
_logdir: list = [None]
_protos: list = []


def _xplane() -> SimpleNamespace:
    """The XSpace messages (tsl/profiler/protobuf/xplane.proto) and ProfileOptions."""
    if _protos:
        return _protos[0]
    pool = descriptor_pool.DescriptorPool()
    p = ".tensorflow.profiler."
    c = build(pool, "eagerflow/xplane.proto", "tensorflow.profiler", [
        message("XSpace", [
            field("planes", 1, p + "XPlane", repeated=True),
            field("errors", 2, "string", repeated=True),
            field("warnings", 3, "string", repeated=True),
            field("hostnames", 4, "string", repeated=True)]),
        message("XPlane", [
            field("id", 1, "int64"), field("name", 2, "string"),
            field("lines", 3, p + "XLine", repeated=True),
            field("event_metadata", 4, p + "XPlane.EventMetadataEntry", repeated=True),
            field("stat_metadata", 5, p + "XPlane.StatMetadataEntry", repeated=True),
            field("stats", 6, p + "XStat", repeated=True)],
            nested=(map_entry("EventMetadataEntry", "int64", p + "XEventMetadata"),
                    map_entry("StatMetadataEntry", "int64", p + "XStatMetadata"))),
        message("XLine", [
            field("id", 1, "int64"), field("display_id", 10, "int64"),
            field("name", 2, "string"), field("display_name", 11, "string"),
            field("timestamp_ns", 3, "int64"), field("duration_ps", 9, "int64"),
            field("events", 4, p + "XEvent", repeated=True)]),
        message("XEvent", [
            field("metadata_id", 1, "int64"), field("offset_ps", 2, "int64", oneof=0),
            field("num_occurrences", 5, "int64", oneof=0), field("duration_ps", 3, "int64"),
            field("stats", 4, p + "XStat", repeated=True)], oneofs=("data",)),
        message("XStat", [
            field("metadata_id", 1, "int64"), field("double_value", 2, "double", oneof=0),
            field("uint64_value", 3, "uint64", oneof=0),
            field("int64_value", 4, "int64", oneof=0),
            field("str_value", 5, "string", oneof=0), field("bytes_value", 6, "bytes", oneof=0),
            field("ref_value", 7, "uint64", oneof=0)], oneofs=("value",)),
        message("XEventMetadata", [
            field("id", 1, "int64"), field("name", 2, "string"),
            field("display_name", 4, "string"), field("metadata", 3, "bytes"),
            field("stats", 5, p + "XStat", repeated=True),
            field("child_id", 6, "int64", repeated=True)]),
        message("XStatMetadata", [
            field("id", 1, "int64"), field("name", 2, "string"),
            field("description", 3, "string")]),
        message("ProfileOptions", [
            field("version", 5, "uint32"), field("include_dataset_ops", 1, "bool"),
            field("host_tracer_level", 2, "uint32"), field("device_tracer_level", 3, "uint32"),
            field("python_tracer_level", 4, "uint32"), field("enable_hlo_proto", 7, "bool"),
            field("repository_path", 10, "string")]),
    ])
    ns = SimpleNamespace(**{k.rsplit(".", 1)[-1]: v for k, v in c.items()})
    _protos.append(ns)
    return ns


# -- the session ---------------------------------------------------------------------------

def start(logdir: str, options: Any = None) -> None:
    """Starts profiling; `stop()` writes what was recorded under `logdir`. (TF 2.21 takes
    `options` and records its defaults whatever they say; so does this.)"""
    with _lock:
        if trace_events.running():
            raise AlreadyExistsError(None, None, "Another profiler is running.")
        _logdir[0] = os.fspath(logdir)
        trace_events.start()
        dispatch.update_observers()


def stop(save: bool = True) -> None:
    """Stops profiling and, with `save`, writes the profile (see the module's text)."""
    with _lock:
        session = trace_events.stop()
        dispatch.update_observers()
        if session is None:
            raise UnavailableError(None, None,
                                   "Cannot export profiling results. No profiler is running.")
        if save:
            _save(session, _logdir[0])


class Profile:
    """`with tf.profiler.experimental.Profile(logdir):` profiles the block."""

    def __init__(self, logdir: str, options: Any = None) -> None:
        self._logdir = logdir
        self._options = options

    def __enter__(self) -> None:
        start(self._logdir, self._options)

    def __exit__(self, *exc: Any) -> None:
        stop()


def _save(session: trace_events.Session, logdir: str) -> None:
    run = time.strftime("%Y_%m_%d_%H_%M_%S", time.localtime(session.stop_wall_ns / 1e9))
    directory = local_path(os.path.join(logdir, "plugins", "profile", run))
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        raise _os_error(e, directory) from None
    host = socket.gethostname()
    atomic_write(os.path.join(directory, f"{host}.xplane.pb"),
                 xspace(session, logdir, host).SerializeToString(), "profile")


def _os_error(e: OSError, path: str) -> Exception:
    text = f"{e.filename or path}; {os.strerror(e.errno) if e.errno else e}"
    cls = {errno.ENOENT: NotFoundError, errno.ENOTDIR: NotFoundError,
           errno.EACCES: PermissionDeniedError, errno.EPERM: PermissionDeniedError,
           errno.EROFS: PermissionDeniedError}.get(e.errno, UnknownError)
    return cls(None, None, text)


# -- the XSpace ----------------------------------------------------------------------------

class _Plane:
    """An XPlane being filled: event and stat metadata interned by name, as TF interns
    them (ids from 1; a string stat refers to a stat metadata named by the string)."""

    def __init__(self, plane: Any) -> None:
        self.plane = plane
        self.events: dict = {}
        self.stats: dict = {}

    def event_id(self, name: str, display_name: str) -> int:
        key = (name, display_name)
        i = self.events.get(key)
        if i is None:
            i = self.events[key] = len(self.events) + 1
            md = self.plane.event_metadata[i]
            md.id, md.name = i, name
            if display_name:
                md.display_name = display_name
        return i

    def stat_id(self, name: str) -> int:
        i = self.stats.get(name)
        if i is None:
            i = self.stats[name] = len(self.stats) + 1
            md = self.plane.stat_metadata[i]
            md.id, md.name = i, name
        return i

    def stat(self, stats: Any, name: str, value: Any) -> None:
        st = stats.add()
        st.metadata_id = self.stat_id(name)
        if isinstance(value, int):  # (bools too)
            st.int64_value = int(value)
        elif isinstance(value, float):
            st.double_value = value
        elif isinstance(value, bytes):
            st.bytes_value = value
        else:  # strings, and anything else as its text (TF writes None as "None")
            st.ref_value = self.stat_id(str(value))


def xspace(session: trace_events.Session, logdir: str, host: str) -> Any:
    """The XSpace proto of a finished session."""
    pb = _xplane()
    space = pb.XSpace(hostnames=[host])
    host_plane = _Plane(space.planes.add(name="/host:CPU"))
    for tid, events in sorted(session.lines.items()):
        line = host_plane.plane.lines.add(id=tid, name="python", display_name="python")
        for name, t0, t1, stats, display_name in sorted(events, key=lambda e: (e[1], -e[2])):
            ev = line.events.add(metadata_id=host_plane.event_id(name, display_name),
                                 offset_ps=(t0 - session.start_ns) * 1000,
                                 duration_ps=(t1 - t0) * 1000)
            for k, v in (stats or {}).items():
                host_plane.stat(ev.stats, k, v)
    env = _Plane(space.planes.add(name="Task Environment"))
    for name, wall_ns in (("profile_start_time", session.start_wall_ns),
                          ("profile_stop_time", session.stop_wall_ns)):
        env.plane.stats.add(metadata_id=env.stat_id(name), uint64_value=wall_ns)
    options = pb.ProfileOptions(version=1, include_dataset_ops=True, host_tracer_level=2,
                                device_tracer_level=1, enable_hlo_proto=True,
                                repository_path=logdir)
    env.stat(env.plane.stats, "profile_options", options.SerializeToString())
    return space


# -- the profiler server and client (gRPC in TF) -------------------------------------------

def start_server(port: int) -> None:
    """tf.profiler.experimental.server.start: TF's gRPC profiler service."""
    raise UnimplementedError(None, None, "eagerflow has no profiler server (TF's is a gRPC "
                             "service): profile in-process with "
                             "tf.profiler.experimental.start/stop")


def trace(service_addr: str, logdir: str, duration_ms: int, worker_list: str = "",
          num_tracing_attempts: int = 3, options: Any = None) -> None:
    """tf.profiler.experimental.client.trace: asks a remote profiler server for a trace."""
    raise UnimplementedError(None, None, "eagerflow has no profiler client (TF's speaks gRPC "
                             f"to a profiler server; asked for {service_addr})")


def monitor(service_addr: str, duration_ms: int, level: int = 1) -> str:
    """tf.profiler.experimental.client.monitor: a remote server's monitoring summary."""
    raise UnimplementedError(None, None, "eagerflow has no profiler client (TF's speaks gRPC "
                             f"to a profiler server; asked for {service_addr})")
