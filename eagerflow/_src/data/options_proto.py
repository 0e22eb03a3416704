"""tf.data.Options as TF's `tensorflow.data.Options` proto (dataset_options.proto): what
OptionsDataset's serialized_options holds and GetOptions gives.

Data layer, over options.py and io/protos.py. The messages are declared with TF's field
numbers (enums as int32: the same varints, and a value the enum lacks is kept as TF
keeps it). `to_proto` writes Options as TF's `Options._to_proto` does (every nested
message, set or not); `from_proto` reads the options a proto sets; `pipeline_proto` is
a dataset's options as TF's kernels hold them: its inputs' merged, then its own.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import descriptor_pool
from google.protobuf.message import DecodeError

from eagerflow._src.data.options import (
    AutoShardPolicy,
    AutotuneAlgorithm,
    ExternalStatePolicy,
    Options,
)
from eagerflow._src.io.protos import build, field, message

_PKG = "tensorflow.data"


def _optionals(name: str, fields: list, plain: tuple = ()) -> Any:
    """A message whose fields (name, number, kind) each sit in a oneof of their own (TF's
    `optional_<name>`), as `plain` fields (name, number, kind, repeated) don't."""
    decl = [field(n, num, kind, oneof=i) for i, (n, num, kind) in enumerate(fields)]
    decl += [field(n, num, kind, repeated) for n, num, kind, repeated in plain]
    return message(name, decl, oneofs=tuple(f"optional_{n}" for n, _, _ in fields))


_BOOLS = ("apply_default_optimizations", 1), ("filter_fusion", 6), \
    ("map_and_batch_fusion", 9), ("map_and_filter_fusion", 10), ("map_fusion", 11), \
    ("map_parallelization", 12), ("noop_elimination", 14), ("parallel_batch", 15), \
    ("shuffle_and_repeat_fusion", 17), ("filter_parallelization", 18), \
    ("inject_prefetch", 19), ("seq_interleave_prefetch", 21)
_AUTOTUNE = (("enabled", 1, "bool"), ("cpu_budget", 2, "int32"), ("ram_budget", 3, "int64"),
             ("autotune_algorithm", 4, "int32"), ("initial_parallelism", 5, "int64"),
             ("min_parallelism", 6, "int64"))
_TOP = (("dataset_name", 10, "string"), ("deterministic", 1, "bool"), ("slack", 4, "bool"),
        ("external_state_policy", 6, "int32"), ("symbolic_checkpoint", 8, "bool"),
        ("warm_start", 9, "bool"))
_NESTED = (("autotune_options", 7, "autotune", ".tensorflow.data.AutotuneOptions"),
           ("distribute_options", 2, "experimental_distribute",
            ".tensorflow.data.DistributeOptions"),
           ("optimization_options", 3, "experimental_optimization",
            ".tensorflow.data.OptimizationOptions"),
           ("service_options", 12, "experimental_service", ".tensorflow.data.ServiceOptions"),
           ("threading_options", 5, "threading", ".tensorflow.data.ThreadingOptions"))
# (eagerflow's name of a top-level option, where it is not the proto's)
_TOP_NAMES = {"slack": "experimental_slack",
              "external_state_policy": "experimental_external_state_policy",
              "symbolic_checkpoint": "experimental_symbolic_checkpoint",
              "warm_start": "experimental_warm_start"}
_ENUMS = {"autotune_algorithm": AutotuneAlgorithm, "external_state_policy": ExternalStatePolicy}

_CLASSES = build(descriptor_pool.DescriptorPool(), "eagerflow/dataset_options.proto", _PKG, [
    _optionals("AutotuneOptions", list(_AUTOTUNE)),
    _optionals("DistributeOptions", [("num_devices", 2, "int32")],
               (("auto_shard_policy", 1, "int32", False),)),
    _optionals("OptimizationOptions", [(n, num, "bool") for n, num in _BOOLS]),
    _optionals("ServiceOptions", [("pinned", 1, "bool")]),
    _optionals("ThreadingOptions", [("max_intra_op_parallelism", 1, "int32"),
                                    ("private_threadpool_size", 2, "int32")]),
    _optionals("Options", list(_TOP), (("framework_type", 11, "string", True),) + tuple(
        (n, num, kind, False) for n, num, _, kind in _NESTED)),
])
OptionsProto = _CLASSES[f"{_PKG}.Options"]


def parse(data: bytes) -> Any | None:
    """The Options proto `data` holds, or None where it is no valid one."""
    msg = OptionsProto()
    try:
        msg.ParseFromString(data)
    except (DecodeError, RuntimeWarning, ValueError):
        return None
    return msg


def _proto_value(name: str, value: Any) -> Any:
    return value.value if name in _ENUMS or isinstance(value, AutoShardPolicy) else value


def _set(msg: Any, opts: Any, names: Any) -> None:
    for proto_name, ef_name in names:
        value = getattr(opts, ef_name)
        if value is not None:
            setattr(msg, proto_name, _proto_value(proto_name, value))


def to_proto(options: Options) -> Any:
    """`options` as TF's Options._to_proto writes them."""
    msg = OptionsProto()
    _set(msg, options, ((n, _TOP_NAMES.get(n, n)) for n, _, _ in _TOP))
    if options.framework_type is not None:
        msg.framework_type.extend(options.framework_type)
    for proto_name, _, ef_name, _ in _NESTED:
        sub, nested = getattr(msg, proto_name), getattr(options, ef_name)
        sub.SetInParent()
        _set(sub, nested, ((f.name, f.name) for f in sub.DESCRIPTOR.fields
                           if f.name in nested._OPTIONS))
    return msg


def _read(opts: Any, msg: Any, enum_of: dict, name_of: dict) -> None:
    for f in msg.DESCRIPTOR.fields:
        ef_name = name_of.get(f.name, f.name)
        if f.containing_oneof is None or ef_name not in opts._OPTIONS or \
                not msg.HasField(f.name):
            continue
        value = getattr(msg, f.name)
        if f.name in enum_of:
            try:
                value = enum_of[f.name](value)
            except ValueError:  # (a value TF's enum lacks: TF keeps it, eagerflow can't)
                continue
        setattr(opts, ef_name, value)


def from_proto(msg: Any) -> Options:
    """The Options a proto sets (those it leaves unset stay unset)."""
    opts = Options()
    _read(opts, msg, _ENUMS, _TOP_NAMES)
    if msg.framework_type:
        opts.framework_type = list(msg.framework_type)
    for proto_name, _, ef_name, _ in _NESTED:
        _read(getattr(opts, ef_name), getattr(msg, proto_name), _ENUMS, {})
    policy = msg.distribute_options.auto_shard_policy
    if policy in AutoShardPolicy._value2member_map_:
        opts.experimental_distribute.auto_shard_policy = AutoShardPolicy(policy)
    return opts


def pipeline_proto(dataset: Any) -> Any:
    """A dataset's options as TF's kernels hold them: its inputs' merged in order, then its
    own (the proto an OptionsDataset op was given, else its Options as TF writes them)."""
    msg = OptionsProto()
    source = getattr(dataset, "_source", None)  # (from_variant's dataset)
    inputs = dataset._inputs or ((source,) if hasattr(source, "_inputs") else ())
    for ds in inputs:
        msg.MergeFrom(pipeline_proto(ds))
    own = getattr(dataset, "_tf_options", None)
    if own is not None:
        msg.MergeFrom(own)
    elif dataset._own_options is not None:
        msg.MergeFrom(to_proto(dataset._own_options))
    return msg
