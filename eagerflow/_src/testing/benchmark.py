"""tf.test.Benchmark and tf.test.benchmark_config: TF's benchmark reporting.

Sits in testing/. A benchmark reports a `BenchmarkEntries` protocol buffer (TF's
test_log.proto, declared here field by field with TF's numbers, so TF's tools read it):
printed in protobuf's text format, or, when the environment names a file prefix in
TEST_REPORT_FILE_PREFIX, written to `<prefix><name>` (slashes in the name as "__"), as
TF's benchmark runner collects them. The entry is named "<Class>.<method>" after the
outermost benchmark method on the stack, or "<Class>.<name>" when a name is given.

Every subclass is recorded in a registry, as TF records them for its benchmark runner.
`run_op_benchmark` times `Session.run` of an op (eagerflow's compat.v1 Session); eagerflow
has no step statistics, so `store_memory_usage` and `store_trace` add nothing.
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import os
import time
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, wrappers_pb2

from eagerflow._src.core import nest
from eagerflow._src.graph.symbolic_tensor import get_default_session
from eagerflow._src.io.protos import build, field, map_entry, message

__all__ = ["Benchmark", "TensorFlowBenchmark", "benchmark_config", "GLOBAL_BENCHMARK_REGISTRY"]

TEST_REPORTER_ENV = "TEST_REPORT_FILE_PREFIX"
GLOBAL_BENCHMARK_REGISTRY: set = set()


@functools.cache
def _protos() -> dict:
    pool = descriptor_pool.DescriptorPool()
    wrappers = descriptor_pb2.FileDescriptorProto()
    wrappers_pb2.DESCRIPTOR.CopyToProto(wrappers)
    pool.Add(wrappers)
    t = ".tensorflow."
    return build(pool, "eagerflow/test_log.proto", "tensorflow", [
        message("EntryValue", [field("double_value", 1, "double", oneof=0),
                               field("string_value", 2, "string", oneof=0)],
                oneofs=("kind",)),
        message("MetricEntry", [field("name", 1, "string"), field("value", 2, "double"),
                                field("min_value", 3, ".google.protobuf.DoubleValue"),
                                field("max_value", 4, ".google.protobuf.DoubleValue")]),
        message("BenchmarkEntry", [
            field("name", 1, "string"), field("iters", 2, "int64"),
            field("cpu_time", 3, "double"), field("wall_time", 4, "double"),
            field("throughput", 5, "double"),
            field("extras", 6, t + "BenchmarkEntry.ExtrasEntry", repeated=True),
            field("metrics", 7, t + "MetricEntry", repeated=True),
        ], nested=(map_entry("ExtrasEntry", "string", t + "EntryValue"),)),
        message("BenchmarkEntries", [field("entry", 1, t + "BenchmarkEntry", repeated=True)]),
    ], deps=("google/protobuf/wrappers.proto",))


def benchmark_entries_class() -> type:
    """TF's BenchmarkEntries message (to read what a benchmark wrote)."""
    return _protos()["tensorflow.BenchmarkEntries"]


def _entries(name: str, iters: Any, cpu_time: Any, wall_time: Any, throughput: Any,
             extras: Any, metrics: Any) -> Any:
    out = benchmark_entries_class()()
    entry = out.entry.add()
    entry.name = name
    for key, value in (("iters", iters), ("cpu_time", cpu_time), ("wall_time", wall_time),
                       ("throughput", throughput)):
        if value is not None:
            setattr(entry, key, value)
    if extras is not None:
        if not isinstance(extras, dict):
            raise TypeError("extras must be a dict")
        for k, v in extras.items():
            if isinstance(v, numbers.Number):
                entry.extras[k].double_value = v
            else:
                entry.extras[k].string_value = str(v)
    if metrics is not None:
        if not isinstance(metrics, list):
            raise TypeError("metrics must be a list")
        for m in metrics:
            for required in ("name", "value"):
                if required not in m:
                    raise TypeError(f"metric must has a '{required}' field")
            me = entry.metrics.add(name=m["name"], value=m["value"])
            if "min_value" in m:
                me.min_value.value = m["min_value"]
            if "max_value" in m:
                me.max_value.value = m["max_value"]
    return out


def _report(entries: Any, name: str) -> None:
    prefix = os.environ.get(TEST_REPORTER_ENV)
    if prefix is None:
        print(str(entries))
        return
    path = prefix + name.replace("/", "__")
    if os.path.exists(path):
        raise OSError(f"File already exists: {path}")
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:  # written whole, then renamed: never half an entry
        f.write(entries.SerializeToString())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class _Registrar(type):
    """Records every concrete benchmark class, as TF's registry does."""

    def __new__(mcs, name: str, bases: tuple, attrs: dict) -> type:  # noqa: N804
        cls = type.__new__(mcs, name, bases, attrs)
        if not cls.is_abstract():
            GLOBAL_BENCHMARK_REGISTRY.add(cls)
        return cls


class Benchmark(metaclass=_Registrar):
    """Base of benchmark classes: methods named benchmark* report timings."""

    @classmethod
    def is_abstract(cls) -> bool:
        return len(cls.mro()) <= 2  # Benchmark itself (and object)

    def _get_name(self, overwrite_name: str | None = None) -> str:
        """"<Class>.<method>" of the outermost frame whose `self` is a benchmark."""
        caller, method = None, None
        for frame in reversed(inspect.stack(0)):
            f_self = frame.frame.f_locals.get("self")
            if isinstance(f_self, Benchmark):
                caller, method = f_self, frame.function
                break
        if caller is None:
            raise ValueError("Unable to determine calling Benchmark class.")
        return f"{type(caller).__name__}.{overwrite_name or method}"

    def report_benchmark(self, iters: int | None = None, cpu_time: float | None = None,
                         wall_time: float | None = None, throughput: float | None = None,
                         extras: dict | None = None, name: str | None = None,
                         metrics: list | None = None) -> None:
        """Reports one BenchmarkEntry (times in seconds, throughput in MB/s)."""
        full = self._get_name(overwrite_name=name)
        _report(_entries(full, iters, cpu_time, wall_time, throughput, extras, metrics), full)


class TensorFlowBenchmark(Benchmark):
    """tf.test.Benchmark: a Benchmark with helpers to time ops."""

    @classmethod
    def is_abstract(cls) -> bool:
        return len(cls.mro()) <= 3

    def run_op_benchmark(self, sess: Any, op_or_tensor: Any, feed_dict: dict | None = None,
                         burn_iters: int = 2, min_iters: int = 10, store_trace: bool = False,
                         store_memory_usage: bool = True, name: str | None = None,
                         extras: dict | None = None, mbs: float = 0) -> dict:
        """Times `sess.run(op_or_tensor)` `min_iters` times after `burn_iters` untimed runs,
        reports the median wall time, and returns what it reported, with the mean and
        standard deviation of the times added to its extras."""
        for _ in range(burn_iters):
            sess.run(op_or_tensor, feed_dict=feed_dict)
        deltas = []
        for _ in range(min_iters):
            start = time.time()
            sess.run(op_or_tensor, feed_dict=feed_dict)
            deltas.append(time.time() - start)
        extras = {} if extras is None else extras
        s = sorted(deltas)
        median = (s[len(s) // 2] + s[(len(s) - 1) // 2]) / 2.0 if s else -1
        values = {"iters": min_iters, "wall_time": median, "extras": extras, "name": name,
                  "throughput": mbs / median}
        self.report_benchmark(**values)
        if not deltas:
            mean, stdev = -1, -1
        else:
            mean = sum(deltas) / len(deltas)
            stdev = -1 if len(deltas) == 1 else math.sqrt(
                sum((d - mean) ** 2 for d in deltas) / (len(deltas) - 1))
        values["extras"].update({"wall_time_mean": mean, "wall_time_stdev": stdev})
        return values

    def evaluate(self, tensors: Any) -> Any:
        """The NumPy values of `tensors` (a nest): run in the default session when there
        is one, else the eager tensors' values."""
        sess = get_default_session()
        if sess is not None:
            return sess.run(tensors)
        return nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, tensors)


def benchmark_config() -> Any:
    """A tf.compat.v1.ConfigProto turning Grappler's dependency optimizer off (what TF's
    benchmarks run with; eagerflow has no Grappler, so it is only handed back)."""
    try:
        from tensorboard.compat.proto import config_pb2, rewriter_config_pb2
    except ImportError as e:  # pragma: no cover - the extra is part of the test install
        raise ImportError("tf.test.benchmark_config needs the ConfigProto TensorBoard ships: "
                          "pip install 'eagerflow[saved_model]' (or tensorboard)") from e
    config = config_pb2.ConfigProto()
    config.graph_options.rewrite_options.dependency_optimization = \
        rewriter_config_pb2.RewriterConfig.OFF
    return config
