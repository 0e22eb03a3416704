"""DTensorDataset and checkpoints of DVariables (DTensorCheckpoint, tf.train.Checkpoint
across layouts): cases run by dtensor_cases.run (recorded from TF 2.21 by
record_dtensor_golden.py), on a 2x2 mesh of four of the six logical CPUs."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import numpy as np


def inputs(tf: Any, show: Any) -> None:
    dtensor = tf.experimental.dtensor
    m = dtensor.create_mesh([("batch", 2), ("model", 2)], devices=[f"CPU:{i}" for i in range(4)])
    L = dtensor.Layout  # noqa: N806

    def lay(t: Any) -> str:
        return dtensor.fetch_layout(t).to_string().split(" mesh:")[0]

    def comps(t: Any) -> list:
        return [c.numpy().tolist() for c in dtensor.unpack(t)]

    x = np.arange(40 * 4, dtype=np.float32).reshape(40, 4)
    y = np.arange(40, dtype=np.int64)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    batch_layouts = (L(["batch", "unsharded"], m), L(["batch"], m))

    def dataset(source: Any = ds, layouts: Any = batch_layouts, **kw: Any) -> Any:
        kw.setdefault("batch_dim", "batch")
        return dtensor.DTensorDataset(source, mesh=m, layouts=layouts, global_batch_size=8,
                                      **kw)

    dd = dataset()
    show("dataset type", lambda: (type(dd).__name__, isinstance(dd, tf.data.Dataset)))
    show("dataset spec", lambda: dd.element_spec)
    it = iter(dd)
    first, second = next(it), next(it)
    show("dataset elements", lambda: (lay(first[0]), lay(first[1]), comps(first[1]),
                                      first[0].shape, comps(second[1]), comps(second[0])[0]))
    show("dataset iterator", lambda: type(it).__name__)
    show("dataset already batched", lambda: (lambda i: [comps(next(i)[1]) for _ in range(2)])(
        iter(dataset(ds.batch(4, drop_remainder=True), dataset_already_batched=True))))
    show("dataset already batched bad", lambda: dataset(
        ds.batch(3, drop_remainder=True), dataset_already_batched=True))
    show("dataset already batched unknown", lambda: dataset(
        ds.batch(4), dataset_already_batched=True))
    show("dataset bad rank", lambda: dataset(layouts=(L(["batch"], m), L(["batch"], m))))
    show("dataset bad structure", lambda: dataset(layouts=L(["batch"], m)))
    show("dataset layout without batch_dim", lambda: dataset(
        layouts=(L(["unsharded", "unsharded"], m), L(["batch"], m))))
    show("dataset dict", lambda: (lambda e: sorted((k, lay(v)) for k, v in e.items()))(next(iter(
        dataset(tf.data.Dataset.from_tensor_slices({"a": x, "b": y}),
                {"a": L(["batch", "unsharded"], m), "b": L(["batch"], m)})))))

    @tf.function
    def step(a: Any, b: Any) -> Any:
        return tf.reduce_sum(a, axis=1) + tf.cast(b, tf.float32)

    show("dataset in function", lambda: (lambda e: (lay(step(*e)), comps(step(*e))))(
        next(iter(dd))))

    d = tempfile.mkdtemp()
    v = dtensor.DVariable(dtensor.copy_to_mesh(tf.reshape(tf.range(8.0), (2, 4)),
                                               L(["unsharded", "model"], m)))
    zeros = dtensor.copy_to_mesh(tf.zeros((2, 4)), L(["unsharded", "model"], m))
    show("DTensorCheckpoint", lambda: [c.__name__ for c in
                                       type(dtensor.DTensorCheckpoint(m, v=v)).__mro__[:2]])
    ck = dtensor.DTensorCheckpoint(m, v=v)
    path = ck.save(d + "/c")
    show("DTensorCheckpoint save", lambda: (os.path.basename(path), sorted(
        n for n, _ in tf.train.list_variables(path))))
    v.assign(zeros)
    show("DTensorCheckpoint restore", lambda: (ck.restore(path) is not None, lay(v),
                                               comps(v.read_value())))
    v.assign(zeros)
    show("Checkpoint restores DTensorCheckpoint's", lambda: (
        tf.train.Checkpoint(v=v).restore(path).assert_consumed() is not None,
        comps(v.read_value())))
    w = dtensor.DVariable(dtensor.copy_to_mesh(tf.reshape(tf.range(8.0), (4, 2)),
                                               L(["batch", "unsharded"], m)))
    p2 = tf.train.Checkpoint(w=w).save(d + "/w")
    w2 = dtensor.DVariable(dtensor.copy_to_mesh(tf.zeros((4, 2)), L(["unsharded", "model"], m)))
    tf.train.Checkpoint(w=w2).restore(p2)
    show("restore into another layout", lambda: (lay(w2), comps(w2.read_value())))
    b = dtensor.DVariable(dtensor.copy_to_mesh(tf.constant([[1.1, 2.2], [3.3, 4.4]]),
                                               L(["batch", "unsharded"], m)))
    plain = tf.Variable([1.1, 2.2])
    show("enable_save_as_bf16", lambda: (dtensor.enable_save_as_bf16([b, plain]),
                                         b.save_as_bf16, hasattr(plain, "save_as_bf16")))
    p3 = tf.train.Checkpoint(b=b, plain=plain).save(d + "/b")
    reader = tf.train.load_checkpoint(p3)
    show("bf16 saved", lambda: (sorted((k, repr(t)) for k, t in
                                       reader.get_variable_to_dtype_map().items()),
                                reader.get_tensor("b/.ATTRIBUTES/VARIABLE_VALUE").tolist()))
    b.assign(dtensor.copy_to_mesh(tf.zeros((2, 2)), L(["batch", "unsharded"], m)))
    tf.train.Checkpoint(b=b, plain=plain).restore(p3)
    show("bf16 restored", lambda: (b.dtype, comps(b.read_value())))
    # (last: TF 2.21 cancels every later op once a DTensorDataset's iterator has ended)
    show("dataset count", lambda: [comps(b)[0] for _, b in dd])
