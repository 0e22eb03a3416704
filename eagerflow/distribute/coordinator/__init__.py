"""tf.distribute.coordinator (re-exports only)."""

from eagerflow._src.distribute.parameter_server import (
    ClusterCoordinator,
    PerWorkerValue,
    RemoteValue,
    experimental_get_current_worker_index,
)
