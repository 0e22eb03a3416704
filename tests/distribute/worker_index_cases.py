"""tf.distribute.coordinator.experimental_get_current_worker_index, written once for
TensorFlow and for eagerflow: record_worker_index.py runs `run` under TF 2.21 against TF's
in-process test cluster (2 workers, 2 ps), test_worker_index.py under eagerflow. Which
worker runs a closure varies: the indices are reported as a sorted set."""

from __future__ import annotations

from typing import Any


def _raised(fn: Any) -> Any:
    try:
        fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return [type(e).__name__, str(e).strip().splitlines()[0]]
    return None


def run(tf: Any, resolver: Any) -> dict:
    index = tf.distribute.coordinator.experimental_get_current_worker_index
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)

    @tf.function
    def which() -> Any:
        return index()

    got = [c.schedule(which) for _ in range(6)]
    c.join()
    values = [g.fetch() for g in got]
    ds = c.create_per_worker_dataset(
        lambda: tf.data.Dataset.from_tensors(index()).repeat())
    it = iter(ds)

    @tf.function
    def take(iterator: Any) -> Any:
        return next(iterator)

    firsts = [c.schedule(take, args=(it,)) for _ in range(6)]
    c.join()
    return {"eager": _raised(index),
            "scheduled": sorted({int(v) for v in values}) and
            sorted({int(v) for v in values}) <= [0, 1],
            "scheduled_type": [type(values[0]).__name__, str(values[0].dtype),
                               list(values[0].shape)],
            "dataset_fn": sorted({int(f.fetch()) for f in firsts}) and
            sorted({int(f.fetch()) for f in firsts}) <= [0, 1],
            "traced_spec": str(which.get_concrete_function().structured_outputs)}
