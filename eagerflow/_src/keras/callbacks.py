"""tf.keras.callbacks: hooks into fit/evaluate/predict.

Sits in keras next to the trainer (which drives a CallbackList). Messages, logs dicts,
history keys and the progress bar follow TF 2.21's Keras 3; ModelCheckpoint writes
`.weights.h5` files with the model's `save_weights` and `.keras` files with its `save`.
"""

from __future__ import annotations

import collections
import csv
import json
import os
import shutil
import warnings
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.io.fileio import atomic_write
from eagerflow._src.io.filesystems import native
from eagerflow._src.keras.compile_utils import CompileMetrics
from eagerflow._src.keras.utils.io_utils import print_msg
from eagerflow._src.keras.utils.progbar import Progbar

_print = print_msg


def pythonify_logs(logs: dict | None) -> dict:
    """A fresh logs dict for the callbacks, as Keras 3 passes them: sorted by key, nested
    dicts flattened, tensors as NumPy arrays, scalars as Python floats (anything else left
    as is); None gives {}."""
    out: dict = {}
    for k, v in sorted((logs or {}).items()):
        if isinstance(v, dict):
            out.update(pythonify_logs(v))
            continue
        if hasattr(v, "numpy") and not isinstance(v, np.ndarray):
            v = v.numpy()  # (an F1Score's or a thresholds Precision's vector stays an array)
        try:
            v = float(np.asarray(v))
        except (TypeError, ValueError):
            pass
        out[k] = v
    return out


class Callback:
    """Base class: override the `on_*` hooks you need."""

    def __init__(self) -> None:
        self.params: dict | None = None
        self._model = None

    def set_params(self, params: dict) -> None:
        self.params = params

    def set_model(self, model: Any) -> None:
        self._model = model

    @property
    def model(self) -> Any:
        return self._model

    def on_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        """TF 2.x alias of on_train_batch_begin."""

    def on_batch_end(self, batch: int, logs: dict | None = None) -> None:
        """TF 2.x alias of on_train_batch_end."""

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        pass

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        pass

    def on_train_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        pass

    def on_test_batch_end(self, batch: int, logs: dict | None = None) -> None:
        pass

    def on_predict_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        pass

    def on_predict_batch_end(self, batch: int, logs: dict | None = None) -> None:
        pass

    def on_train_begin(self, logs: dict | None = None) -> None:
        pass

    def on_train_end(self, logs: dict | None = None) -> None:
        pass

    def on_test_begin(self, logs: dict | None = None) -> None:
        pass

    def on_test_end(self, logs: dict | None = None) -> None:
        pass

    def on_predict_begin(self, logs: dict | None = None) -> None:
        pass

    def on_predict_end(self, logs: dict | None = None) -> None:
        pass


# Keras 3 passes `logs` by keyword to the batch hooks and positionally to the others (so
# plain functions given to LambdaCallback may name that argument as they like there).
_BATCH_HOOKS = ("on_train_batch_begin", "on_train_batch_end", "on_test_batch_begin",
                "on_test_batch_end", "on_predict_batch_begin", "on_predict_batch_end")
_EPOCH_HOOKS = ("on_epoch_begin", "on_epoch_end")
_RUN_HOOKS = ("on_train_begin", "on_train_end", "on_test_begin", "on_test_end",
              "on_predict_begin", "on_predict_end")


class CallbackList(Callback):
    """Calls every callback's hook in order, each given the same fresh logs dict (never
    None); adds History and ProgbarLogger as asked. As Keras 3's, it is no list: its
    `callbacks` attribute is (no append, no iteration)."""

    def __init__(self, callbacks: Any = None, add_history: bool = False,
                 add_progbar: bool = False, model: Any = None, **params: Any) -> None:
        super().__init__()
        self._open_blocks = 0  # on_*_begin calls not yet ended
        # (anything goes in: Keras 3 fails on the first hook an object lacks, set_model)
        self.callbacks = list(nest.flatten(callbacks)) if callbacks else []
        self._history = next((c for c in self.callbacks if isinstance(c, History)), None)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if add_progbar and not any(isinstance(c, ProgbarLogger) for c in self.callbacks):
            self.callbacks.append(ProgbarLogger())
        self.set_model(model)
        self.set_params(params)

    def set_params(self, params: dict) -> None:
        self.params = params
        if params:
            for cb in self.callbacks:
                cb.set_params(params)

    def set_model(self, model: Any) -> None:
        if not model:
            return
        self._model = model
        if self._history:
            model.history = self._history
        for cb in self.callbacks:
            cb.set_model(model)

    def on_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        logs = pythonify_logs(logs)
        for cb in self.callbacks:
            cb.on_batch_begin(batch, logs=logs)

    def on_batch_end(self, batch: int, logs: dict | None = None) -> None:
        logs = pythonify_logs(logs)
        for cb in self.callbacks:
            cb.on_batch_end(batch, logs=logs)


def _make_hook(name: str) -> Callable:
    if name in _BATCH_HOOKS:
        def hook(self: CallbackList, batch: int, logs: dict | None = None) -> None:
            logs = pythonify_logs(logs)
            for cb in self.callbacks:
                getattr(cb, name)(batch, logs=logs)
    elif name in _EPOCH_HOOKS:
        def hook(self: CallbackList, epoch: int, logs: dict | None = None) -> None:
            logs = pythonify_logs(logs)
            for cb in self.callbacks:
                getattr(cb, name)(epoch, logs)
    else:
        def hook(self: CallbackList, logs: dict | None = None) -> None:
            if name.endswith("_begin"):
                self._open_blocks += 1
            logs = pythonify_logs(logs)
            for cb in self.callbacks:
                getattr(cb, name)(logs)
            if name.endswith("_end"):
                self._open_blocks -= 1
                if self._open_blocks < 0:
                    raise ValueError("`on_xxx_end` called without corresponding `on_xxx_begin`")
    hook.__name__ = name
    return hook


for _h in _BATCH_HOOKS + _EPOCH_HOOKS + _RUN_HOOKS:
    setattr(CallbackList, _h, _make_hook(_h))


class History(Callback):
    """Records the logs of each epoch: `history.history["loss"]`, ...; fit returns it."""

    def __init__(self) -> None:
        super().__init__()
        self.history: dict = {}  # (`epoch` comes with on_train_begin, as in Keras 3)

    def on_train_begin(self, logs: dict | None = None) -> None:
        self.epoch = []

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self.epoch.append(epoch)
        for k, v in (logs or {}).items():
            self.history.setdefault(k, []).append(v)
        self.model.history = self


class ProgbarLogger(Callback):
    """Prints the progress bar (verbose=1) or one line per epoch (verbose=2)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0
        self.progbar: Progbar | None = None
        self.target: int | None = None
        self.verbose: Any = 1
        self.epochs = 1
        self._called_in_fit = False

    def set_params(self, params: dict) -> None:
        verbose = params.get("verbose", 1)
        self.verbose = 1 if verbose == "auto" else verbose
        self.epochs = params.get("epochs", 1)
        self.target = params.get("steps")

    def on_train_begin(self, logs: dict | None = None) -> None:
        self._called_in_fit = True  # validation inside fit stays silent

    def on_test_begin(self, logs: dict | None = None) -> None:
        if not self._called_in_fit:
            self._reset()
            self._init()

    def on_predict_begin(self, logs: dict | None = None) -> None:
        self._reset()
        self._init()

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        self._reset()
        self._init()
        if self.verbose and self.epochs > 1:
            _print(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._update(batch, logs)

    def on_test_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if not self._called_in_fit:
            self._update(batch, logs)

    def on_predict_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._update(batch, None)

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self._finalize(logs)

    def on_test_end(self, logs: dict | None = None) -> None:
        if not self._called_in_fit:
            self._finalize(logs)

    def on_predict_end(self, logs: dict | None = None) -> None:
        self._finalize(logs)

    def _reset(self) -> None:
        self.seen = 0
        self.progbar = None

    def _init(self) -> None:
        if self.progbar is None:
            self.progbar = Progbar(target=self.target, verbose=self.verbose, unit_name="step",
                                   stateless_metrics=set())

    def _update(self, batch: int, logs: dict | None) -> None:
        self._init()
        self.seen = batch + 1
        if self.verbose == 1:
            self.progbar.update(self.seen, list((logs or {}).items()), finalize=False)

    def _finalize(self, logs: dict | None) -> None:
        self._init()
        if self.target is None:
            self.target = self.seen
            self.progbar.target = self.target
        self.progbar.update(self.target, list((logs or {}).items()), finalize=True)


class MonitorCallback(Callback):
    """Shared logic of callbacks that watch one logged value for improvement."""

    def __init__(self, monitor: str = "val_loss", mode: str = "auto", baseline: Any = None,
                 min_delta: float = 0) -> None:
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"{type(self).__name__} mode '{mode}' is unknown, fallback to auto "
                          "mode.", stacklevel=2)
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op: Callable | None = None

    def _set_monitor_op(self) -> None:
        if self.mode == "min":
            self.monitor_op = np.less
        elif self.mode == "max":
            self.monitor_op = np.greater
        else:  # Keras 3: the loss goes down; a compiled metric says which way it goes
            name = self.monitor.removeprefix("val_")
            if name == "loss":
                self.monitor_op = np.less
            compiled = [m for c in getattr(self.model, "metrics", [])
                        if isinstance(c, CompileMetrics) for m in c.metrics]
            for m in compiled:
                if m.name == name and m._direction is not None:
                    self.monitor_op = np.greater if m._direction == "up" else np.less
            if self.monitor_op is None:
                raise ValueError(
                    f"{type(self).__name__} callback received monitor={self.monitor}, but "
                    "Keras isn't able to automatically determine whether that metric should "
                    "be maximized or minimized. Pass `mode='max'` in order to monitor based "
                    "on the highest metric value, or pass `mode='min'` in order to use the "
                    "lowest value.")
        if self.monitor_op is np.less:
            self.min_delta *= -1

    def _is_improvement(self, value: Any, reference: Any) -> bool:
        if reference is None:
            return True
        return bool(self.monitor_op(value - self.min_delta, reference))


def _model_weights(model: Any) -> list:
    if hasattr(model, "get_weights"):
        return model.get_weights()
    return [np.array(v.numpy()) for v in model.variables]


def _set_model_weights(model: Any, weights: list) -> None:
    if hasattr(model, "set_weights"):
        model.set_weights(weights)
    else:
        for v, w in zip(model.variables, weights):
            v.assign(w)


class EarlyStopping(MonitorCallback):
    """Stops training when `monitor` has stopped improving for `patience` epochs."""

    def __init__(self, monitor: str = "val_loss", min_delta: float = 0, patience: int = 0,
                 verbose: int = 0, mode: str = "auto", baseline: Any = None,
                 restore_best_weights: bool = False, start_from_epoch: int = 0) -> None:
        super().__init__(monitor, mode, min_delta=min_delta)
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.wait = 0
        self.stopped_epoch = 0
        self.restore_best_weights = restore_best_weights
        self.best_weights = None
        self.start_from_epoch = start_from_epoch
        self.best_epoch = 0

    def on_train_begin(self, logs: dict | None = None) -> None:
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = _model_weights(self.model)
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = _model_weights(self.model)
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs: dict | None = None) -> None:
        if self.stopped_epoch > 0 and self.verbose > 0:
            _print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                _print(f"Restoring model weights from the end of the best epoch: "
                       f"{self.best_epoch + 1}.")
            _set_model_weights(self.model, self.best_weights)

    def get_monitor_value(self, logs: dict | None) -> Any:
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(f"Early stopping conditioned on metric `{self.monitor}` which is not "
                          f"available. Available metrics are: {','.join(list(logs.keys()))}",
                          stacklevel=2)
        return value


def _lr_value(optimizer: Any) -> float:
    return float(np.asarray(optimizer.learning_rate.numpy()
                            if hasattr(optimizer.learning_rate, "numpy")
                            else optimizer.learning_rate))


class ReduceLROnPlateau(MonitorCallback):
    """Multiplies the learning rate by `factor` when `monitor` stops improving."""

    def __init__(self, monitor: str = "val_loss", factor: float = 0.1, patience: int = 10,
                 verbose: int = 0, mode: str = "auto", min_delta: float = 1e-4,
                 cooldown: int = 0, min_lr: float = 0.0, **kwargs: Any) -> None:
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0. "
                             f"Received factor={factor}")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0

    def _reset(self) -> None:
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs: dict | None = None) -> None:
        self._reset()

    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = logs if logs is not None else {}
        logs["learning_rate"] = _lr_value(self.model.optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` "
                          f"which is not available. Available metrics are: "
                          f"{','.join(list(logs.keys()))}.", stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old = _lr_value(self.model.optimizer)
                if old > np.float32(self.min_lr):
                    new = max(old * self.factor, self.min_lr)
                    self.model.optimizer.learning_rate = new
                    if self.verbose > 0:
                        _print(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate "
                               f"to {new}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0


class LearningRateScheduler(Callback):
    """Sets the learning rate at each epoch start to `schedule(epoch, lr)`."""

    def __init__(self, schedule: Callable, verbose: int = 0) -> None:
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        opt = self.model.optimizer
        if not hasattr(opt, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:
            lr = self.schedule(epoch, _lr_value(opt))
        except TypeError:  # the one-argument form of TF 1.x
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. "
                             f"Got: {lr}")
        opt.learning_rate = lr
        if self.verbose > 0:
            _print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {lr}.")

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if logs is not None:
            logs["learning_rate"] = _lr_value(self.model.optimizer)


class TerminateOnNaN(Callback):
    """Stops training (or raises) when the loss becomes NaN or infinite."""

    def __init__(self, raise_error: bool = False) -> None:
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch: int, logs: dict | None = None) -> None:
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            if self.raise_error:
                raise RuntimeError(f"NaN or Inf loss encountered at batch {batch}. Loss value: "
                                   f"{loss}. Terminating training immediately.")
            _print(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True


class CSVLogger(Callback):
    """Streams epoch results to a CSV file (flushed after every epoch)."""

    def __init__(self, filename: str, separator: str = ",", append: bool = False) -> None:
        super().__init__()
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.writer: Any = None
        self.keys: list | None = None
        self.append_header = True
        self.csv_file: Any = None

    def on_train_begin(self, logs: dict | None = None) -> None:
        mode = "w"
        if self.append:
            if os.path.exists(self.filename):
                with open(self.filename) as f:
                    self.append_header = not bool(len(f.readline()))
            mode = "a"
        if self.csv_file and not self.csv_file.closed:
            self.csv_file.close()
        self.csv_file = open(self.filename, mode, newline="")  # noqa: SIM115 - kept open
        self.writer = None
        self.keys = None

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        logs = logs or {}

        def value(k: Any) -> Any:
            if isinstance(k, str):
                return k
            if isinstance(k, collections.abc.Iterable) and not (
                    isinstance(k, np.ndarray) and k.ndim == 0):
                return f'"[{", ".join(map(str, k))}]"'
            return k

        if self.keys is None:
            self.keys = sorted(logs.keys())
            if self.keys and not any(k.startswith("val_") for k in self.keys):
                self.keys.extend([f"val_{k}" for k in self.keys])
        if not self.writer:
            sep = self.sep

            class Dialect(csv.excel):
                delimiter = sep

            self.writer = csv.DictWriter(self.csv_file, fieldnames=["epoch"] + self.keys,
                                         dialect=Dialect)
            if self.append_header:
                self.writer.writeheader()
        row = collections.OrderedDict({"epoch": epoch})
        row.update((k, value(logs.get(k, "NA"))) for k in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()
        os.fsync(self.csv_file.fileno())

    def on_train_end(self, logs: dict | None = None) -> None:
        if self.csv_file and not self.csv_file.closed:
            self.csv_file.close()
        self.writer = None


class LambdaCallback(Callback):
    """A callback built from plain functions: `LambdaCallback(on_epoch_end=f, ...)`."""

    def __init__(self, on_epoch_begin: Callable | None = None,
                 on_epoch_end: Callable | None = None, on_train_begin: Callable | None = None,
                 on_train_end: Callable | None = None, on_train_batch_begin: Callable | None =
                 None, on_train_batch_end: Callable | None = None, **kwargs: Any) -> None:
        super().__init__()
        self.__dict__.update(kwargs)
        for name, fn in (("on_epoch_begin", on_epoch_begin), ("on_epoch_end", on_epoch_end),
                         ("on_train_begin", on_train_begin), ("on_train_end", on_train_end),
                         ("on_train_batch_begin", on_train_batch_begin),
                         ("on_train_batch_end", on_train_batch_end)):
            if fn is not None:
                setattr(self, name, fn)


def batches_run(callback: Any, batch: int) -> int:
    """How many batches ran since `callback` last saw one, `batch` noted as seen (it
    restarts at 0 each epoch): Keras 3's count for a checkpoint's integer `save_freq`."""
    last = callback._last_batch_seen
    callback._last_batch_seen = batch
    return batch + 1 if last is None or batch <= last else batch - last


class ModelCheckpoint(MonitorCallback):
    """Saves the model (or its weights) every epoch or every `save_freq` batches."""

    def __init__(self, filepath: str, monitor: str = "val_loss", verbose: int = 0,
                 save_best_only: bool = False, save_weights_only: bool = False,
                 mode: str = "auto", save_freq: Any = "epoch",
                 initial_value_threshold: Any = None) -> None:
        super().__init__(monitor, mode, initial_value_threshold)
        self.verbose = verbose
        self.filepath = os.fspath(filepath)
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen: int | None = None
        self._current_epoch = 0
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(f"Unrecognized save_freq: {save_freq}. Expected save_freq are "
                             "'epoch' or integer values")
        if save_weights_only and not self.filepath.endswith(".weights.h5"):
            raise ValueError("When using `save_weights_only=True` in `ModelCheckpoint`, the "
                             "filepath provided must end in `.weights.h5` (Keras weights "
                             f"format). Received: filepath={self.filepath}")
        if not save_weights_only and not self.filepath.endswith((".keras", ".h5")):
            raise ValueError("The filepath provided must end in `.keras` (Keras model format). "
                             f"Received: filepath={self.filepath}")

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if self._should_save_on_batch(batch):
            self._save_model(self._current_epoch, batch, logs)

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        self._current_epoch = epoch

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        if self.save_freq == "epoch":
            self._save_model(epoch, None, logs)

    def _should_save_on_batch(self, batch: int) -> bool:
        if self.save_freq == "epoch":
            return False
        self._batches_seen_since_last_saving += batches_run(self, batch)
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def _should_save(self, epoch: int, logs: dict, filepath: str) -> bool:
        if not self.save_best_only:
            if self.verbose > 0:
                _print(f"\nEpoch {epoch + 1}: saving model to {filepath}")
            return True
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Can save best model only with {self.monitor} available.",
                          stacklevel=3)
            return True
        if np.ndim(current) > 0:
            warnings.warn("Can save best model only when `monitor` is a scalar value. "
                          f"Received: {current}. Falling back to `save_best_only=False`.",
                          stacklevel=3)
            return True
        # (the comparison is chosen at the first epoch's end, as Keras 3 chooses it: a save
        # every few batches before then compares with None, Keras's TypeError, once a best
        # value is held)
        best = "None" if self.best is None else f"{self.best:.5f}"
        if self._is_improvement(current, self.best):
            if self.verbose > 0:
                _print(f"\nEpoch {epoch + 1}: {self.monitor} improved from {best} to "
                       f"{current:.5f}, saving model to {filepath}")
            self.best = current
            return True
        if self.verbose > 0:
            _print(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {best}")
        return False

    def _save_model(self, epoch: int, batch: int | None, logs: dict | None) -> None:
        logs = logs or {}
        filepath = self._get_file_path(epoch, batch, logs)
        if os.path.isdir(native(filepath)):
            raise OSError("Please specify a non-directory filepath for ModelCheckpoint. "
                          f"Filepath used is an existing directory: {filepath}")
        if self._should_save(epoch, logs, filepath):
            dirname = os.path.dirname(filepath)
            if dirname:
                os.makedirs(native(dirname), exist_ok=True)
            if self.save_weights_only:
                self.model.save_weights(filepath, overwrite=True)
            else:
                self.model.save(filepath, overwrite=True)
            if self.verbose > 0:
                _print(f"\nEpoch {epoch + 1}: finished saving model to {filepath}")

    def _get_file_path(self, epoch: int, batch: int | None, logs: dict) -> str:
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as e:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". '
                           f"Reason: {e}") from None


class BackupAndRestore(Callback):
    """Backs up the model's weights (and the epoch reached) to `backup_dir` at each epoch
    end, or every `save_freq` batches, and restores them when `fit` starts again, so an
    interrupted training resumes where its last backup left it. The backup is deleted
    when training ends (unless `delete_checkpoint` is False)."""

    def __init__(self, backup_dir: str, save_freq: Any = "epoch", double_checkpoint: bool = False,
                 delete_checkpoint: bool = True) -> None:
        super().__init__()
        self.save_freq = save_freq
        self.double_checkpoint = double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._batches_since_saving = 0
        self._last_batch_seen = 0
        self._current_epoch = 0
        if not backup_dir:
            raise ValueError("Empty `backup_dir` argument passed")
        self.backup_dir = backup_dir
        self._folder = native(backup_dir)  # (a RAM folder's files are the store's)
        self._weights_path = os.path.join(self._folder, "latest.weights.h5")
        self._metadata_path = os.path.join(self._folder, "training_metadata.json")
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(f"Invalid value for argument `save_freq`. Received: "
                             f"save_freq={save_freq}. Expected either 'epoch' or an integer "
                             f"value.")

    def on_train_begin(self, logs: Any = None) -> None:
        try:
            self._load_model()
        except OSError:
            # the latest backup may be corrupt: fall back to the previous one, if kept
            if not os.path.exists(f"{self._weights_path}.bkp"):
                raise
            shutil.copyfile(f"{self._weights_path}.bkp", self._weights_path)
            if os.path.exists(f"{self._metadata_path}.bkp"):
                shutil.copyfile(f"{self._metadata_path}.bkp", self._metadata_path)
            elif os.path.exists(self._metadata_path):
                os.remove(self._metadata_path)
            self._load_model()

    def _load_model(self) -> None:
        model = self.model
        if not model.built:
            raise ValueError("To use the BackupAndRestore callback, you model must be built "
                             f"before you call `fit()`. Model {model} is unbuilt. You can "
                             "build it beforehand by calling it on a batch of data.")
        if os.path.exists(self._weights_path):
            if model.optimizer is not None and not model.optimizer.built:
                model.optimizer.build(model.trainable_variables)
            model.load_weights(self._weights_path)
        if os.path.exists(self._metadata_path):
            with open(self._metadata_path, encoding="utf-8") as f:
                model._tset("_initial_epoch", json.loads(f.read())["epoch"])

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        self._current_epoch = epoch + 1
        self._last_batch_seen = 0
        if self.save_freq == "epoch":
            self._save_model()

    def on_train_batch_end(self, batch: int, logs: Any = None) -> None:
        if self.save_freq == "epoch":
            return
        # batches count from 0 in each epoch: a smaller number means a new epoch began
        added = batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._batches_since_saving += added
        self._last_batch_seen = batch
        if self._batches_since_saving >= self.save_freq:
            self._batches_since_saving = 0
            self._save_model()

    def _save_model(self) -> None:
        os.makedirs(self._folder, exist_ok=True)
        if self.double_checkpoint:
            for path in (self._weights_path, self._metadata_path):
                if os.path.exists(path):
                    shutil.copyfile(path, f"{path}.bkp")
        self.model.save_weights(filepath=self._weights_path, overwrite=True)
        metadata = {"epoch": self._current_epoch, "batch": self._last_batch_seen}
        atomic_write(self._metadata_path, json.dumps(metadata).encode(), "training metadata")

    def on_train_end(self, logs: Any = None) -> None:
        if self.delete_checkpoint and os.path.exists(self._folder):
            shutil.rmtree(self._folder)


class BaseLogger(Callback):
    """TF 2.x kept epoch averages here; fit now logs them itself, so it does nothing."""

