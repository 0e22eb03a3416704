"""keras.callbacks.OrbaxCheckpoint: the model's state saved through Orbax during `fit`, as
Keras 3 saves it (keras/orbax_io.py has the checkpoint's contents and how it loads).

Steps are epochs (`save_freq="epoch"`, the step is the epoch's index) or every
`save_freq` batches (the step is the optimizer's count of batches). Orbax keeps the
newest `max_to_keep` steps and, with `save_on_background`, writes while training goes on.
Multi-host saving is JAX's alone in Keras 3: here there is one host.
"""

from __future__ import annotations

import warnings
from typing import Any

from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.keras.callbacks import MonitorCallback, batches_run

# (the checkpoint's contents and Orbax itself load when a callback is made)
orbax_io = lazy_module("eagerflow._src.keras.orbax_io")


class OrbaxCheckpoint(MonitorCallback):
    """Saves the model's state (or its weights alone) with Orbax at the end of epochs or
    every `save_freq` batches, optionally only when `monitor` improves."""

    def __init__(self, directory: Any, monitor: str = "val_loss", verbose: int = 0,
                 save_best_only: bool = False, mode: str = "auto", save_freq: Any = "epoch",
                 initial_value_threshold: Any = None, max_to_keep: int | None = 1,
                 save_on_background: bool = True, save_weights_only: bool = False) -> None:
        ocp = orbax_io.orbax()  # (Keras 3 needs the package before it looks at anything)
        super().__init__(monitor, mode, initial_value_threshold)
        self.directory = directory
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_freq = save_freq
        self.max_to_keep = max_to_keep
        self.save_on_background = save_on_background
        self.save_weights_only = save_weights_only
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen: int | None = None
        self._total_batches_seen = 0
        self._async_futures: list = []
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(f"Unrecognized save_freq: {save_freq}. Expected save_freq are "
                             "'epoch' or integer values")
        training = ocp.training
        keep = None if max_to_keep is None else \
            training.preservation_policies.LatestN(max_to_keep)
        self.checkpointer = training.Checkpointer(
            directory=directory, preservation_policy=keep,
            save_decision_policy=training.save_decision_policies.FixedIntervalPolicy(1))

    def set_model(self, model: Any) -> None:
        super().set_model(model)
        if getattr(model, "optimizer", None) is not None:
            self._total_batches_seen = int(model.optimizer.iterations)

    def is_multihost_enabled(self) -> bool:
        return False

    def is_primary_host(self) -> bool:
        return True

    # -- when to save -------------------------------------------------------------------
    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if self._batch_is_due(batch) and self._improved(logs, "batch", batch):
            self._save(self._total_batches_seen)

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        if self.save_freq == "epoch" and self._improved(logs, "epoch", epoch):
            self._save(epoch)

    def _batch_is_due(self, batch: int) -> bool:
        """Counts the batches since the last save (a new epoch restarts `batch` at 0)."""
        if self.save_freq == "epoch":
            return False
        new = batches_run(self, batch)
        self._batches_seen_since_last_saving += new
        self._total_batches_seen += new
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def _improved(self, logs: dict | None, unit: str, index: int) -> bool:
        """True unless `save_best_only` and the monitored value is missing or no better."""
        if not self.save_best_only:
            return True
        current = logs.get(self.monitor) if logs else None
        if current is None:
            warnings.warn(f"Can save best model only with {self.monitor} available, skipping "
                          f"save at {unit} {index}.", stacklevel=3)
            return False
        if not self._is_improvement(current, self.best):
            return False
        self.best = current
        return True

    # -- saving -------------------------------------------------------------------------
    def _save(self, step: int) -> None:
        payload = orbax_io.checkpoint_payload(self.model, self.save_weights_only)
        with orbax_io.orbax().Context():
            if self.save_on_background:
                self._async_futures.append(
                    self.checkpointer.save_checkpointables_async(step, payload))
            else:
                self.checkpointer.save_checkpointables(step, payload)

    def on_train_end(self, logs: dict | None = None) -> None:
        try:
            self.checkpointer.close()
        except Exception:  # noqa: BLE001 (Keras 3 ignores what closing raises)
            pass

    def wait_until_finished(self) -> None:
        """Blocks until every background save has been written."""
        for future in self._async_futures:
            future.result()
        self._async_futures.clear()
        self.checkpointer.wait()
