"""The "DTensor concepts" guide's cases (meshes, layouts, DTensors, ops on them, their
errors), run by record_dtensor_golden.py with TF 2.21 and by test_dtensor.py with
eagerflow, in a process of their own (the CPU is split into six logical devices)."""

from __future__ import annotations

import ast
from typing import Any

import dtensor_fn_cases
import dtensor_input_cases
import numpy as np


def run(tf: Any) -> dict:
    """Each case's label -> its result's text, or its error's class and first line."""
    out: dict = {}

    def show(label: str, fn: Any) -> None:
        try:
            out[label] = "-> " + str(fn())
        except Exception as e:  # noqa: BLE001 - the error is the case's result
            lines = str(e).strip().splitlines()
            out[label] = f"!! {type(e).__name__} {(lines[0] if lines else '')[:400]}"

    dtensor = tf.experimental.dtensor
    phys = tf.config.list_physical_devices("CPU")
    tf.config.set_logical_device_configuration(
        phys[0], [tf.config.LogicalDeviceConfiguration()] * 6
    )
    DEVICES = [f"CPU:{i}" for i in range(6)]  # noqa: N806 - the guide's name
    m1 = dtensor.create_mesh([("x", 6)], devices=DEVICES)
    m2 = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    L = dtensor.Layout  # noqa: N806
    show("mesh str", lambda: str(m1))
    show("mesh repr", lambda: repr(m2))
    show("dim_names", lambda: m2.dim_names)
    show("shape", lambda: m2.shape())
    show("size", lambda: m2.size)
    show("len", lambda: len(m2))
    show("dimsize", lambda: m2.dim_size("y"))
    show("getitem", lambda: m2["y"])
    show("local_devices", lambda: m2.local_devices())
    show("device_type", lambda: m2.device_type())
    show("num_local", lambda: m2.num_local_devices())
    show("local_device_ids", lambda: m2.local_device_ids())
    show("global_device_ids", lambda: m2.global_device_ids())
    show("eq", lambda: m2 == dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES))
    show(
        "mesh_name",
        lambda: dtensor.create_mesh([("x", 6)], devices=DEVICES, mesh_name="m").to_string(),
    )
    show("default devs", lambda: dtensor.create_mesh([("x", 6)]))
    show("default devs 3", lambda: dtensor.create_mesh([("x", 3)]))
    show("bad count", lambda: dtensor.create_mesh([("x", 4)], devices=DEVICES))
    show("bad count2", lambda: dtensor.create_mesh([("x", 7)]))
    show("dict", lambda: dtensor.create_mesh({"a": 2, "b": 3}, devices=DEVICES))
    show("dup dim", lambda: dtensor.create_mesh([("x", 2), ("x", 3)], devices=DEVICES))
    show("unsharded dim", lambda: dtensor.create_mesh([("unsharded", 6)], devices=DEVICES))
    show("GPU dev", lambda: dtensor.create_mesh([("x", 1)], devices=["GPU:0"]))

    def mixed() -> str:  # (the message shows a set: its order is the string hashes')
        try:
            dtensor.create_mesh([("x", 2)], devices=["CPU:0", "GPU:0"])
        except ValueError as e:
            head, _, types = str(e).partition(" : ")
            return f"ValueError {head} : {sorted(ast.literal_eval(types))}"
        return "no error"

    show("mixed", mixed)
    show(
        "Mesh ctor",
        lambda: dtensor.Mesh(
            ["x"],
            np.arange(6),
            np.arange(6),
            [f"/job:localhost/replica:0/task:0/device:CPU:{i}" for i in range(6)],
        ),
    )
    show("from_string", lambda: dtensor.Mesh.from_string(m2.to_string()) == m2)
    show("host_mesh", lambda: m2.host_mesh())
    show(
        "hash eq",
        lambda: hash(m2) == hash(dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)),
    )
    show("contains", lambda: m2.contains_dim("y"))
    show("min_global", lambda: m2.min_global_device_id())
    show("is_single", lambda: m2.is_single_device())
    show("use_xla", lambda: m2.use_xla_spmd())
    show("L unsh", lambda: L([dtensor.UNSHARDED, dtensor.UNSHARDED], m1))
    show("UNSHARDED", lambda: (dtensor.UNSHARDED, dtensor.MATCH))
    show("batch", lambda: L.batch_sharded(m2, "x", rank=3))
    show("repl", lambda: L.replicated(m2, rank=2))
    show("inner", lambda: L.inner_sharded(m2, "y", rank=3))
    show("repl0", lambda: L.replicated(m2, rank=0))
    lx = L(["x", "y"], m2)
    show("specs", lambda: lx.sharding_specs)
    show("rank", lambda: lx.rank)
    show("mesh", lambda: lx.mesh == m2)
    show("fully", lambda: (lx.is_fully_replicated(), L.replicated(m2, 2).is_fully_replicated()))
    show("num_shards", lambda: (lx.num_shards(0), lx.num_shards(1)))
    show("offset", lambda: lx.offset_to_shard())
    show("offset tuple", lambda: lx.offset_tuple_to_global_index((1, 1)))
    show("unravel", lambda: lx.unravel(np.arange(6).reshape(3, 2)))
    show("from_string", lambda: L.from_string(lx.to_string()) == lx)
    show("eq", lambda: (lx == L(["x", "y"], m2), lx == L(["y", "x"], m2)))
    show("delete", lambda: lx.delete([0]))
    show("bad dim", lambda: L(["z", "y"], m2))
    show("dup", lambda: L(["x", "x"], m2))
    show("not list", lambda: L("x", m2))
    show("bad mesh", lambda: L(["x"], "abc"))
    show("batch bad", lambda: L.batch_sharded(m2, "q", rank=2))
    show(
        "is_batch",
        lambda: (L.batch_sharded(m2, "x", 2).is_batch_parallel(), lx.is_batch_parallel()),
    )
    show("layout type", lambda: lx.type)
    show(
        "single dev",
        lambda: L.from_single_device_mesh(
            dtensor.Mesh.from_device("/job:localhost/replica:0/task:0/device:CPU:0")
        ),
    )
    show(
        "from_device",
        lambda: dtensor.Mesh.from_device("/job:localhost/replica:0/task:0/device:CPU:0"),
    )
    show("dev_name", lambda: dtensor.device_name())
    show("default mesh", lambda: dtensor.get_default_mesh())
    show(
        "num local",
        lambda: (
            dtensor.num_local_devices("CPU"),
            dtensor.num_global_devices("CPU"),
            dtensor.client_id(),
            dtensor.num_clients(),
        ),
    )
    show("local_devices", lambda: dtensor.local_devices("CPU"))
    show(
        "job_name",
        lambda: (
            dtensor.job_name(),
            dtensor.full_job_name(),
            dtensor.jobs(),
            dtensor.heartbeat_enabled(),
            dtensor.preferred_device_type(),
        ),
    )

    def lay(t: Any) -> str:
        return dtensor.fetch_layout(t).to_string().split(" mesh:")[0]

    def comps(t: Any) -> list:
        return [(c.device[-5:], c.numpy().tolist()) for c in dtensor.unpack(t)]

    a = tf.reshape(tf.range(12, dtype=tf.float32), (4, 3))
    show("ident repl", lambda: dtensor.copy_to_mesh(a, L.replicated(m1, 2)))
    r = dtensor.copy_to_mesh(a, L.replicated(m2, 2))
    show("repr repl", lambda: repr(r))
    show(
        "is_dtensor", lambda: (dtensor.is_dtensor(r), dtensor.is_dtensor(a), dtensor.is_dtensor(3))
    )
    show("isinstance", lambda: (isinstance(r, tf.Tensor), r.shape, r.dtype, r.device))
    show("relayout cols", lambda: lay(dtensor.relayout(r, L(["unsharded", "x"], m2))))
    show("relayout bad", lambda: dtensor.relayout(r, L(["x", "unsharded"], m2)))
    show("relayout y", lambda: comps(dtensor.relayout(r, L(["y", "unsharded"], m2))))
    b = dtensor.relayout(
        dtensor.copy_to_mesh(tf.reshape(tf.range(12.0), (6, 2)), L.replicated(m2, 2)),
        L(["x", "y"], m2),
    )
    show("str sharded", lambda: str(b))
    show("comps", lambda: comps(b))
    show("b+1", lambda: (lay(b + 1), comps(b + 1)))
    show("b*b", lambda: lay(b * b))
    show("exp", lambda: lay(tf.exp(b)))
    show("b+repl", lambda: lay(b + dtensor.copy_to_mesh(tf.ones((6, 2)), L.replicated(m2, 2))))
    show("b+row", lambda: lay(b + dtensor.copy_to_mesh(tf.ones((2,)), L.replicated(m2, 1))))
    show("b+eager", lambda: lay(b + tf.ones((6, 2))))
    show("b+npy", lambda: lay(b + np.ones((6, 2), np.float32)))
    show("sum0", lambda: (lay(tf.reduce_sum(b, 0)), comps(tf.reduce_sum(b, 0))))
    show("sum1", lambda: (lay(tf.reduce_sum(b, 1)), comps(tf.reduce_sum(b, 1))))
    show("sumall", lambda: (lay(tf.reduce_sum(b)), comps(tf.reduce_sum(b))))
    show(
        "mean0 keep",
        lambda: (
            lay(tf.reduce_mean(b, 0, keepdims=True)),
            comps(tf.reduce_mean(b, 0, keepdims=True)),
        ),
    )
    show("max1", lambda: (lay(tf.reduce_max(b, 1)), comps(tf.reduce_max(b, 1))))
    w = dtensor.copy_to_mesh(tf.reshape(tf.range(8.0), (2, 4)) / 7, L.replicated(m2, 2))
    show("matmul b,w repl", lambda: (lay(tf.matmul(b, w)), comps(tf.matmul(b, w))))
    wy = dtensor.relayout(w, L(["y", "unsharded"], m2))
    show("matmul contract y", lambda: (lay(tf.matmul(b, wy)), comps(tf.matmul(b, wy))))
    wx = dtensor.relayout(w, L(["unsharded", "y"], m2))
    bx = dtensor.relayout(b, L(["x", "unsharded"], m2))
    show("matmul x,y", lambda: (lay(tf.matmul(bx, wx)), comps(tf.matmul(bx, wx))))
    show("matmul repl, y", lambda: lay(tf.matmul(dtensor.relayout(b, L.replicated(m2, 2)), wx)))
    show("matmul @", lambda: lay(bx @ wx))
    sq = dtensor.copy_to_mesh(tf.ones((6, 6)), L.replicated(m2, 2))
    sq_y, sq_x = (dtensor.relayout(sq, L(["unsharded", "y"], m2)),
                  dtensor.relayout(sq, L(["x", "unsharded"], m2)))
    show("matmul contract y,x", lambda: lay(tf.matmul(sq_y, sq_x)))
    show("matmul contract y,x transposed", lambda: lay(tf.matmul(sq_x, sq_y, transpose_a=True,
                                                                 transpose_b=True)))
    show("transpose", lambda: lay(tf.transpose(b)))
    show("reshape", lambda: lay(tf.reshape(b, (12,))))
    show("relu", lambda: lay(tf.nn.relu(b)))
    show("softmax", lambda: lay(tf.nn.softmax(b)))
    show("cast", lambda: lay(tf.cast(b, tf.int32)))
    show("mix meshes", lambda: b + dtensor.copy_to_mesh(tf.ones((6, 2)), L.replicated(m1, 2)))
    show(
        "pack",
        lambda: comps(
            dtensor.pack([tf.fill((2, 1), float(i)) for i in range(6)], L(["x", "y"], m2))
        ),
    )
    show("pack few", lambda: dtensor.pack([tf.ones((2, 1))] * 5, L(["x", "y"], m2)))
    show(
        "pack bad shape",
        lambda: dtensor.pack([tf.ones((2, 1))] * 5 + [tf.ones((3, 1))], L(["x", "y"], m2)),
    )
    show("pack rank", lambda: dtensor.pack([tf.ones((2,))] * 6, L(["x", "y"], m2)))
    show(
        "pack repl diff",
        lambda: comps(
            dtensor.pack([tf.fill((2,), float(i)) for i in range(6)], L.replicated(m2, 1))
        ),
    )
    show("pack dtensor", lambda: dtensor.pack([b] * 6, L(["x", "y"], m2)))
    show("unpack eager", lambda: dtensor.unpack(a))
    show("fetch eager", lambda: dtensor.fetch_layout(a))

    def unpack_error(v: Any) -> str:  # (the class named by its name: its module is TF's)
        try:
            dtensor.unpack(v)
        except TypeError as e:
            return f"TypeError {str(e).split('<class')[0]}{type(v).__name__}"
        return "unpacked"

    show("unpack variable", lambda: unpack_error(tf.Variable(1.0)))
    show("unpack array", lambda: dtensor.unpack(np.ones(2)))
    # a slice keeps the sharding of each axis it takes whole (the DTensor tutorial's
    # `sample_x[:, 0]` of a batch-sharded batch)
    bx = dtensor.copy_to_mesh(tf.reshape(tf.range(24.0), (6, 4)), L(["x", "unsharded"], m1))
    show("slice keeps", lambda: lay(bx[:, 0]))
    show("slice whole", lambda: lay(bx[0:6, 1:3]))
    show("slice start", lambda: lay(bx[1:, 0]))
    by = dtensor.copy_to_mesh(tf.reshape(tf.range(48.0), (12, 4)), L(["x", "unsharded"], m1))
    show("slice step", lambda: lay(by[::2, 0]))
    show("slice half", lambda: lay(by[6:, 1:]))
    show("slice newaxis", lambda: (lay(bx[:, None, 0]), lay(bx[..., 1])))
    show("check ok", lambda: dtensor.check_layout(b, L(["x", "y"], m2)))
    show("check bad", lambda: dtensor.check_layout(b, L(["y", "x"], m2)))
    show(
        "call_with_layout",
        lambda: comps(dtensor.call_with_layout(tf.fill, L(["x", "unsharded"], m2), (6, 2), 3.0)),
    )
    show(
        "cwl zeros",
        lambda: lay(dtensor.call_with_layout(tf.zeros, L(["x", "y"], m2), shape=(6, 4))),
    )
    show(
        "int repr",
        lambda: dtensor.copy_to_mesh(tf.constant([[1, 2], [3, 4], [5, 6]]), L(["x", "y"], m2)),
    )
    show(
        "str",
        lambda: str(
            dtensor.copy_to_mesh(
                tf.constant([0.5, 1.25, -3.0]),
                L(["x"], dtensor.create_mesh([("x", 3)], devices=DEVICES[:3])),
            )
        ),
    )
    show("scalar", lambda: dtensor.copy_to_mesh(tf.constant(2.5), L.replicated(m2, 0)))
    show("numpy", lambda: b.numpy())
    show("bool", lambda: dtensor.copy_to_mesh(tf.constant([True, False]), L.replicated(m1, 1)))
    show(
        "big",
        lambda: dtensor.copy_to_mesh(tf.reshape(tf.range(60), (6, 10)), L(["x", "unsharded"], m1)),
    )
    show("copy bad", lambda: dtensor.copy_to_mesh(a, L(["x", "y"], m2)))
    show("copy sharded ok", lambda: lay(dtensor.copy_to_mesh(tf.ones((6, 2)), L(["x", "y"], m2))))
    show("relayout_like", lambda: lay(dtensor.relayout_like(r, b)))

    with dtensor.default_mesh(m2):
        show("default_mesh", lambda: dtensor.get_default_mesh() == m2)
    dvariable(tf, show)
    dtensor_fn_cases.functions(tf, show)
    dtensor_input_cases.inputs(tf, show)
    return out


def dvariable(tf: Any, show: Any) -> None:
    """DVariable: its layout, reads, writes and their errors (on four of the six CPUs)."""
    dtensor = tf.experimental.dtensor
    m = dtensor.create_mesh([("batch", 2), ("model", 2)], devices=[f"CPU:{i}" for i in range(4)])
    L = dtensor.Layout  # noqa: N806

    def lay(t: Any) -> str:
        return dtensor.fetch_layout(t).to_string().split(" mesh:")[0]

    def comps(t: Any) -> list:
        return [c.numpy().round(5).tolist() for c in dtensor.unpack(t)]

    w = dtensor.copy_to_mesh(tf.reshape(tf.range(24.0), (6, 4)), L(["unsharded", "model"], m))
    v = dtensor.DVariable(
        dtensor.call_with_layout(tf.zeros, L(["unsharded", "model"], m), shape=(6, 4)))
    show("dvar", lambda: (type(v).__name__, v.name, lay(v),
                          v.layout == L(["unsharded", "model"], m)))
    show("dvar repr", lambda: repr(v))
    show("dvar read", lambda: (lay(v.read_value()), lay(tf.identity(v)), lay(v + 1),
                               lay(v.value())))
    v.assign(w)
    show("dvar assign", lambda: (lay(v), comps(v.read_value())))
    v.assign_add(w)
    show("dvar assign_add", lambda: (lay(v), comps(v.read_value())))
    show("dvar assign plain", lambda: v.assign(tf.ones((6, 4))))
    show("dvar assign other layout",
         lambda: lay(v.assign(dtensor.relayout(w, L.replicated(m, 2)))))
    show("dvar plain init", lambda: dtensor.DVariable(tf.ones((2,))))
    show("dvar name", lambda: dtensor.DVariable(w, name="kernel").name)
    show("dvar trainable", lambda: dtensor.DVariable(w, trainable=False).trainable)
    show("dvar isinstance", lambda: isinstance(v, tf.Variable))
