"""tf.matmul of DTensors over every pair of layouts of a (3, 2) mesh ("x", "y"): the
result's layout (or the error) and its values' sum, for matrices (49 pairs: among them
L[x,u] @ L[u,x], whose rows and columns TF leaves unsharded) and batches of matrices (169
pairs: the batch axes' shardings beside the rows', columns' and the contraction's). Run
by record_dtensor_matmul.py with TF 2.21 and by test_dtensor_matmul.py with eagerflow, in
a process of their own (the CPU split into six logical devices)."""

from __future__ import annotations

import itertools
from typing import Any

DIMS = ("x", "y", "unsharded")


def _layouts(rank: int) -> list:
    """Each sharding of `rank` axes in which no mesh dim shards two axes."""
    return [c for c in itertools.product(DIMS, repeat=rank)
            if len([d for d in c if d != "unsharded"]) == len({d for d in c} - {"unsharded"})]


def run(tf: Any) -> dict:
    dtensor = tf.experimental.dtensor
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 6)
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=[f"CPU:{i}" for i in range(6)])
    L = dtensor.Layout  # noqa: N806 - TF's name
    out: dict = {}
    for rank in (2, 3):
        n = 6 ** rank
        base = dtensor.copy_to_mesh(tf.reshape(tf.range(float(n)), [6] * rank) / n,
                                    L.replicated(mesh, rank))
        for la, lb in itertools.product(_layouts(rank), repeat=2):
            key = f"{','.join(d[0] for d in la)}@{','.join(d[0] for d in lb)}"
            try:
                r = tf.matmul(dtensor.relayout(base, L(list(la), mesh)),
                              dtensor.relayout(base, L(list(lb), mesh)))
                total = tf.reduce_sum(dtensor.relayout(r, L.replicated(mesh, rank)))
                out[key] = [dtensor.fetch_layout(r).to_string().split(" mesh:")[0],
                            round(float(total.numpy()), 3)]
            except Exception as e:  # noqa: BLE001 - the error is the case's result
                out[key] = [f"!! {type(e).__name__} {str(e).strip().splitlines()[0][:300]}"]
    return out
