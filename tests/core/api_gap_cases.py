"""TF 2.21 names eagerflow lacked until now: tf.xla.experimental, tf.compat.v2's
enable_v2_behavior, the loaders of C++ libraries, the Slurm/Union/GCE/Kubernetes cluster
resolvers, tf.train.ServerDef, tf.config.experimental.ClusterDeviceFilters and
tf.security.fuzzing.py.annotation_types. Shared by record_api_gaps.py (run under
TensorFlow) and test_api_gaps.py (under eagerflow): what each returns or raises."""

from __future__ import annotations

import inspect
import os
import re
import tempfile
from types import SimpleNamespace
from typing import Any


def _plain(text: str) -> str:
    # (an error raised while tf.function traces: TF restates it "in user code" with the
    # user's frames, which eagerflow's restating lists only for AutoGraph-converted
    # code; the error's own line is compared)
    if text.startswith("in user code:"):
        text = text.strip().split("\n")[-1].strip().split(": ", 1)[-1]
    text = re.sub(r" at 0x[0-9a-f]+", " at 0xADDRESS", text)
    return re.sub(r"\{\{function_node [^}]*\}\} ", "", text)


def outcome(fn: Any) -> Any:
    try:
        r = fn()
    except BaseException as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": _plain(str(e))}
    if isinstance(r, (list, tuple)):
        return [_plain(repr(x)) for x in r]
    return _plain(repr(r))


def _signature(f: Any) -> str:
    sig = inspect.signature(f)
    empty = inspect.Parameter.empty
    return str(sig.replace(parameters=[p.replace(annotation=empty)
                                       for p in sig.parameters.values()],
                           return_annotation=empty))


def _public(obj: Any) -> list:
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def xla(tf: Any) -> dict:
    X = tf.xla.experimental
    out: dict = {"names": _public(tf.xla), "experimental": _public(X),
                 "compile signature": _signature(X.compile),
                 "jit_scope signature": _signature(X.jit_scope),
                 "v1 is v2": tf.compat.v1.xla.experimental.compile is X.compile,
                 "compat.v2": _public(tf.compat.v2.xla.experimental)}
    out["one input"] = outcome(lambda: X.compile(lambda x: x + 1, [tf.constant(1.0)]))
    out["no inputs"] = outcome(lambda: X.compile(lambda: tf.constant(1.0)))
    out["two outputs"] = outcome(lambda: X.compile(lambda a, b: (a * b, a - b),
                                                   [tf.constant(2.0), tf.constant(3.0)]))
    out["nested inputs"] = outcome(lambda: X.compile(lambda d: d["a"] * 2,
                                                     [{"a": tf.constant(4)}]))
    out["inputs not a list"] = outcome(lambda: X.compile(lambda x: x, 5))
    out["in tf.function"] = outcome(lambda: tf.function(
        lambda x: X.compile(lambda a: {"a": a * 2}, [x]))(tf.constant(3.0)))

    def jit_eager():
        with X.jit_scope():
            return 1

    @tf.function
    def jit_graph(x):
        with X.jit_scope():
            return x * 2

    out["jit_scope eagerly"] = outcome(jit_eager)
    out["jit_scope in tf.function"] = outcome(lambda: jit_graph(tf.constant(3.0)))
    out["compat.v2"] = [_public(tf.compat.v2.xla), _signature(tf.compat.v2.enable_v2_behavior),
                        tf.compat.v2.enable_v2_behavior(),
                        hasattr(tf.compat.v2, "security"), hasattr(tf, "enable_v2_behavior")]
    return out


def loaders(tf: Any) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory() as d:
        junk = os.path.join(d, "junk.so")
        with open(junk, "w") as f:
            f.write("not a library")
        paths = {"missing": os.path.join(d, "missing.so"), "junk": junk, "folder": d}
        fns = {"load_op_library": tf.load_op_library, "load_library": tf.load_library,
               "load_file_system_library": tf.compat.v1.load_file_system_library,
               "register_filesystem_plugin": tf.experimental.register_filesystem_plugin}
        for name, fn in fns.items():
            out[f"{name} signature"] = _signature(fn)
            for what, path in paths.items():
                got = outcome(lambda fn=fn, path=path: fn(path))
                out[f"{name} {what}"] = got if not isinstance(got, dict) else {
                    **got, "message": got["message"].replace(d, "DIR")}
    return out


def annotation_types(tf: Any) -> dict:
    at = tf.security.fuzzing.py.annotation_types
    names = [n for n in _public(at) if n != "DTypeAnnotation"]
    return {"names": _public(at), "namespaces": [_public(tf.security),
                                                 _public(tf.security.fuzzing),
                                                 _public(tf.security.fuzzing.py)],
            "dtypes": {n: getattr(at, n).underlying_dtype.name for n in names},
            "kinds": [issubclass(getattr(at, n), at.DTypeAnnotation) for n in names],
            "repr": repr(at.Half).split(".")[-1]}


def _env(**values: str) -> dict:
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    return saved


def _restore(saved: dict) -> None:
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def slurm(tf: Any) -> dict:
    CR = tf.distribute.cluster_resolver
    # (eagerflow's ClusterResolver base declares rpc_layer, which TF's sets per instance)
    out: dict = {"signature": _signature(CR.SlurmClusterResolver),
                 "names": [n for n in _public(CR.SlurmClusterResolver) if n != "rpc_layer"]}
    keys = ("SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "SLURM_STEP_NODELIST",
            "SLURM_STEP_TASKS_PER_NODE", "CUDA_VISIBLE_DEVICES")
    saved = {k: os.environ.pop(k, None) for k in keys}
    try:
        out["outside Slurm"] = outcome(lambda: CR.SlurmClusterResolver())
        _env(SLURM_PROCID="3", SLURM_STEP_NUM_TASKS="4", SLURM_STEP_NODELIST="n[01-02]",
             SLURM_STEP_TASKS_PER_NODE="2(x2)", CUDA_VISIBLE_DEVICES="0,1")
        r = CR.SlurmClusterResolver()
        out["default"] = [repr(r.cluster_spec()), r.get_task_info(), r.master(),
                          r.num_accelerators(), os.environ["CUDA_VISIBLE_DEVICES"],
                          r.rpc_layer, r.environment]
        r = CR.SlurmClusterResolver(jobs={"ps": 1, "worker": 3}, port_base=100,
                                    gpus_per_node=4, auto_set_gpu=False)
        out["jobs"] = [repr(r.cluster_spec()), r.get_task_info(), r.master(),
                       r.master("ps", 0, "http"), r.num_accelerators()]
        out["too many tasks"] = outcome(lambda: CR.SlurmClusterResolver(jobs={"worker": 5}))
        out["too many GPUs"] = outcome(lambda: CR.SlurmClusterResolver(gpus_per_task=2))
        out["tasks per node"] = outcome(lambda: CR.SlurmClusterResolver(
            tasks_per_node=2, gpus_per_node=2, auto_set_gpu=False).cluster_spec())
        out["tasks by host"] = outcome(lambda: CR.SlurmClusterResolver(
            tasks_per_node={"b": 1, "a": 3}, gpus_per_node=3, auto_set_gpu=False)
            .cluster_spec())
        for spec in ("n[1-2,x]", "a,,b", "n[1-3],m[7,9-10]", "x[[1]]"):
            os.environ["SLURM_STEP_NODELIST"] = spec
            out[f"hostlist {spec}"] = outcome(lambda: CR.SlurmClusterResolver(
                tasks_per_node=1, jobs={"worker": 1}, gpus_per_node=1,
                auto_set_gpu=False).cluster_spec())
        os.environ["SLURM_STEP_NODELIST"] = "n[1-2]"
        os.environ["SLURM_STEP_TASKS_PER_NODE"] = "2(y2)"
        out["bad tasks per node"] = outcome(lambda: CR.SlurmClusterResolver())
    finally:
        _restore(saved)
    return out


class _Pod:
    def __init__(self, name: str, ip: str, phase: str = "Running") -> None:
        self.metadata = SimpleNamespace(name=name)
        self.status = SimpleNamespace(host_ip=ip, phase=phase)


class _K8s:
    def __init__(self, pods: dict) -> None:
        self.pods = pods

    def list_pod_for_all_namespaces(self, label_selector: str) -> Any:
        return SimpleNamespace(items=self.pods.get(label_selector, []))


class _Request:
    def __init__(self, value: Any) -> None:
        self.value = value

    def execute(self) -> Any:
        return self.value


class _Gce:
    """A Compute Engine API client standing in for googleapiclient's."""

    def __init__(self, pages: list, ips: dict) -> None:
        self.pages, self.ips = pages, ips

    def instanceGroups(self) -> Any:  # noqa: N802 (the API's name)
        pages = self.pages
        return SimpleNamespace(
            listInstances=lambda **k: _Request(pages[0]),
            listInstances_next=lambda previous_request, previous_response: (
                _Request(pages[pages.index(previous_response) + 1])
                if pages.index(previous_response) + 1 < len(pages) else None))

    def instances(self) -> Any:
        return SimpleNamespace(get=lambda project, zone, instance: _Request(
            {"networkInterfaces": [{"networkIP": self.ips[instance]}]}))


def resolvers(tf: Any) -> dict:
    CR = tf.distribute.cluster_resolver
    out: dict = {n: _signature(getattr(CR, n)) for n in
                 ("UnionResolver", "GCEClusterResolver", "KubernetesClusterResolver")}
    simple = CR.SimpleClusterResolver
    s1 = simple(tf.train.ClusterSpec({"worker": ["a:1"]}), master="grpc://a:1",
                task_type="worker", task_id=0, rpc_layer="grpc")
    s2 = simple(tf.train.ClusterSpec({"ps": ["b:1"], "worker": ["c:1"]}), rpc_layer="http")
    u = CR.UnionResolver(s1, s2)
    out["union"] = outcome(lambda: (u.cluster_spec(), u.master(), u.task_type, u.task_id,
                                    u.rpc_layer, u.environment, u.num_accelerators()))
    out["union master of a task"] = outcome(lambda: u.master("ps", 0))
    out["union of none"] = outcome(lambda: CR.UnionResolver())
    out["union of a number"] = outcome(lambda: CR.UnionResolver(s1, 3))
    out["union keywords"] = outcome(lambda: CR.UnionResolver(s1, other=1))
    out["union lists"] = outcome(lambda: CR.UnionResolver(s1, simple(
        tf.train.ClusterSpec({"worker": ["z:1"]}))).cluster_spec())
    out["union same index"] = outcome(lambda: CR.UnionResolver(
        simple(tf.train.ClusterSpec({"worker": {1: "a:1"}})),
        simple(tf.train.ClusterSpec({"worker": {1: "z:1"}}))).cluster_spec())
    out["union indices"] = outcome(lambda: CR.UnionResolver(
        simple(tf.train.ClusterSpec({"worker": {1: "a:1"}})),
        simple(tf.train.ClusterSpec({"worker": ["z:1", "y:1"]}))).cluster_spec())
    u.task_type, u.task_id, u.rpc_layer = "ps", 0, "x"
    out["union set"] = outcome(lambda: (u.task_type, u.task_id, u.rpc_layer, u.master()))
    out["simple master"] = [s1.master(), s2.master(), s1.master(rpc_layer="http"),
                            s2.master("ps", 0)]
    out["gce without its client"] = outcome(lambda: CR.GCEClusterResolver("p", "z", "g", 8470))
    gce = CR.GCEClusterResolver("p", "z", "g", 8470, service=_Gce(
        [{"items": [{"instance": "zones/z/instances/i2"}]},
         {"items": [{"instance": "zones/z/instances/i1"}]}],
        {"i1": "10.0.0.9", "i2": "10.0.0.1"}))
    out["gce"] = outcome(lambda: (gce.cluster_spec(), gce.master(), gce.master(rpc_layer=""),
                                  gce.task_type, gce.task_id, gce.rpc_layer))
    out["gce task type"] = outcome(lambda: setattr(gce, "task_type", "ps"))
    out["kubernetes without its client"] = outcome(lambda: CR.KubernetesClusterResolver())
    out["kubernetes locations"] = [repr(x) for x in CR.KubernetesExecutableLocation]
    client = _K8s({"job-name=tensorflow": [_Pod("b", "1.1.1.2"), _Pod("a", "1.1.1.1")],
                   "x": [_Pod("c", "1.1.1.3", "Pending")]})
    k8s = CR.KubernetesClusterResolver(override_client=client)
    out["kubernetes"] = outcome(lambda: (k8s.cluster_spec(), k8s.master(),
                                         k8s.master("worker", 1), k8s.rpc_layer))
    out["kubernetes pending"] = outcome(lambda: CR.KubernetesClusterResolver(
        {"ps": ["x"]}, override_client=client).cluster_spec())
    return out


def protos(tf: Any) -> dict:
    S = tf.train.ServerDef
    s = S(cluster=tf.train.ClusterSpec({"worker": ["a:1"]}).as_cluster_def(),
          job_name="worker", task_index=1, protocol="grpc", port=7, replica=2)
    s.default_session_config.gpu_options.allow_growth = True
    s.cluster_device_filters.jobs.add(name="w").tasks[0].device_filters.append("/job:ps")
    out: dict = {"server def": str(s), "bytes": list(s.SerializeToString()),
                 "fields": [(f.name, f.number) for f in S.DESCRIPTOR.fields],
                 "name": S.DESCRIPTOR.full_name,
                 "v1": tf.compat.v1.train.ServerDef is S}
    C = tf.config.experimental.ClusterDeviceFilters
    c = C()
    c.set_device_filters("worker", 1, ["/job:ps"])
    c.set_device_filters("worker", 0, ["/job:ps", "/job:worker/task:1"])
    c.set_device_filters("ps", 0, ["/job:worker"])
    out["filters"] = [_signature(C), _signature(C.set_device_filters), _public(C),
                      str(c._as_cluster_device_filters()),
                      list(c._as_cluster_device_filters().SerializeToString())]
    out["filter not text"] = outcome(lambda: C().set_device_filters("w", 0, [1]))
    bad = C()
    bad.set_device_filters(3, 0, ["a"])
    out["job not text"] = outcome(bad._as_cluster_device_filters)
    return out


def run(tf: Any) -> dict:
    return {"xla": xla(tf), "loaders": loaders(tf), "annotation_types": annotation_types(tf),
            "slurm": slurm(tf), "resolvers": resolvers(tf), "protos": protos(tf)}
