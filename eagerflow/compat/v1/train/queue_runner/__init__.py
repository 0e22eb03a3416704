"""tf.compat.v1.train.queue_runner: QueueRunner and its helpers (re-exports)."""

from eagerflow._src.v1_training.queue_input import (
    QueueRunner,
    add_queue_runner,
    start_queue_runners,
)

__all__ = ["QueueRunner", "add_queue_runner", "start_queue_runners"]
