"""keras.callbacks.TensorBoard: training curves, weights and profiles as TensorBoard logs.

Sits in keras/ on top of summary/, and does what Keras 3.15's callback does on TF:
`train` and `validation` runs under `log_dir` (fresh writers at each set_model, so
each fit or evaluate); at each epoch's end `epoch_<metric>` scalars, `epoch_learning_rate`
(per optimizer of a multi-optimizer, unwrapped from a loss-scale one) and, with
`write_steps_per_second`, `epoch_steps_per_second` from the optimizer's iterations;
after each evaluation `evaluation_<metric>_vs_iterations` at the optimizer's
iterations; `<weight path>/histogram` (and `/image`) every `histogram_freq` epochs; the
model's config as the `keras` graph summary for functional and Sequential models.
With `update_freq` a batch count, the train (or validation) writer is the default
writer during each batch, stepped by the global batch count and recording every
`update_freq`-th batch: `batch_<metric>` scalars, and whatever the model's own
train_step writes with tf.summary. That recording condition stays in force until the
next batch, so it also gates the epoch's summaries, as in Keras. `embeddings_freq`
writes the projector config and the weights file the projector reads.
`profile_batch` (n, or (first, last)) runs the profiler from that global batch through
the last, each batch a `Profiled batch` trace, then writes the traced graphs as
`batch_<last>` and the profile under `train/plugins/profile` (a profiler that fails
to start or stop is logged, not raised).
"""

from __future__ import annotations

import logging
import os
import sys
import time
import warnings
from typing import Any

import numpy as np

from eagerflow._src.keras.callbacks import Callback
from eagerflow._src.keras.layers.core import Embedding
from eagerflow._src.keras.optimizers.optimizer import Optimizer
from eagerflow._src.summary import profiler, protos, summary_ops
from eagerflow._src.summary import trace as trace_mod
from eagerflow._src.summary import writer as writer_mod

# Keras names every embedding so, whichever layer it is (the first one's checkpoint key)
_EMBEDDING_TENSOR = "layer_with_weights-0/embeddings/.ATTRIBUTES/VARIABLE_VALUE"


# tf.summary, which eagerflow/keras/callbacks puts here (keras/ may not import the public
# namespace)
SUMMARY_MODULE: list = []


class TensorBoard(Callback):
    """Writes TensorBoard logs during fit() and evaluate()."""

    @property
    def summary(self) -> Any:
        """tf.summary: the module Keras 3's callback writes with."""
        return SUMMARY_MODULE[0]

    def __init__(self, log_dir: Any = "logs", histogram_freq: int = 0, write_graph: bool = True,
                 write_images: bool = False, write_steps_per_second: bool = False,
                 update_freq: Any = "epoch", profile_batch: Any = 0, embeddings_freq: int = 0,
                 embeddings_metadata: Any = None) -> None:
        super().__init__()
        self.log_dir = str(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self.embeddings_freq = embeddings_freq
        self.embeddings_metadata = embeddings_metadata
        self._start_batch, self._stop_batch = _profile_range(profile_batch)
        self._profiler_started = False
        self._batch_trace: Any = None
        self._is_tracing = False
        if self._start_batch > 0:  # as Keras: a first, unsaved run warms the profiler up
            self._start_profiler("")
            self._stop_profiler(save=False)
        self._global_train_batch = 0
        self._global_test_batch = 0
        self._previous_epoch_iterations = 0.0
        self._epoch_start_time = 0.0
        self._batch_start_time = 0.0
        self._writers: dict = {}
        self._pushed: list = []
        self._train_dir = os.path.join(self.log_dir, "train")
        self._val_dir = os.path.join(self.log_dir, "validation")

    def set_model(self, model: Any) -> None:
        super().set_model(model)
        self._writers = {}
        if self.write_graph:
            self._write_keras_model_summary()
        if self.embeddings_freq:
            self._configure_embeddings()

    # -- writers ----------------------------------------------------------------------------
    def _writer(self, kind: str) -> Any:
        w = self._writers.get(kind)
        if w is None:
            w = self._writers[kind] = writer_mod.create_file_writer(
                self._train_dir if kind == "train" else self._val_dir)
        return w

    def _push_writer(self, kind: str, step: int) -> None:
        """Makes a run's writer the default for a batch, recording every update_freq-th."""
        if self.update_freq == "epoch":
            return
        scopes = (self._writer(kind).as_default(step),
                  summary_ops.record_if(lambda: step % self.update_freq == 0))
        self._pushed.append(scopes)
        for scope in scopes:
            scope.__enter__()

    def _pop_writer(self) -> None:
        if self.update_freq == "epoch":
            return
        as_default, record_if = self._pushed.pop()
        record_if.__exit__(*sys.exc_info())
        as_default.__exit__(*sys.exc_info())

    def _close_writers(self) -> None:
        for w in self._writers.values():
            w.close()

    # -- fit --------------------------------------------------------------------------------
    def on_train_begin(self, logs: dict | None = None) -> None:
        self._global_train_batch = 0
        self._previous_epoch_iterations = 0.0
        self._push_writer("train", self._global_train_batch)

    def on_train_end(self, logs: dict | None = None) -> None:
        self._pop_writer()
        if self._is_tracing:
            self._stop_trace()
        self._close_writers()

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        if self.write_steps_per_second:
            self._previous_epoch_iterations = float(_number(self.model.optimizer.iterations))
            self._epoch_start_time = time.time()

    def on_train_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._global_train_batch += 1
        if self.update_freq != "epoch":
            self._pop_writer()
            self._push_writer("train", self._global_train_batch)
        if self.write_steps_per_second:
            self._batch_start_time = time.time()
        if self._stop_batch == 0:
            return
        if self._global_train_batch == self._start_batch:
            trace_mod.trace_on(graph=True, profiler=False)
            self._start_profiler(self._train_dir)
            self._is_tracing = True
        if self._profiler_started:
            self._batch_trace = profiler.Trace("Profiled batch", step_num=batch)
            self._batch_trace.__enter__()

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if self.write_steps_per_second:
            elapsed = time.time() - self._batch_start_time
            summary_ops.scalar("batch_steps_per_second", 1.0 / elapsed,
                               step=self._global_train_batch)
        if isinstance(logs, dict):
            for name, value in logs.items():
                summary_ops.scalar(f"batch_{name}", value, step=self._global_train_batch)
        if self._is_tracing:
            if self._batch_trace is not None:
                self._batch_trace.__exit__(None, None, None)
                self._batch_trace = None
            if self._global_train_batch >= self._stop_batch:
                self._stop_trace()

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self._log_epoch_metrics(epoch, logs)
        if self.histogram_freq and epoch % self.histogram_freq == 0:
            self._log_weights(epoch)
        if self.embeddings_freq and epoch % self.embeddings_freq == 0:
            self.model.save_weights(os.path.join(
                self.log_dir, "train", f"keras_embedding.ckpt-{epoch}.weights.h5"))

    # -- evaluate ---------------------------------------------------------------------------
    def on_test_begin(self, logs: dict | None = None) -> None:
        self._push_writer("val", self._global_test_batch)

    def on_test_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._global_test_batch += 1
        if self.update_freq != "epoch":
            self._pop_writer()
            self._push_writer("val", self._global_test_batch)

    def on_test_end(self, logs: dict | None = None) -> None:
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer and hasattr(optimizer, "iterations"):
            with self._writer("val").as_default():
                for name, value in (logs or {}).items():
                    summary_ops.scalar(f"evaluation_{name}_vs_iterations", value,
                                       step=optimizer.iterations)
        self._pop_writer()

    # -- the profiler -----------------------------------------------------------------------
    def _stop_trace(self) -> None:
        with self._writer("train").as_default():
            trace_mod.trace_export(name=f"batch_{self._stop_batch}", step=self._stop_batch)
        self._stop_profiler()
        self._is_tracing = False

    def _start_profiler(self, logdir: str) -> None:
        if self._profiler_started:
            return
        try:
            profiler.start(logdir)
            self._profiler_started = True
        except Exception as e:  # noqa: BLE001 - Keras logs any profiler failure
            logging.error("Failed to start profiler: %s", e)

    def _stop_profiler(self, save: bool = True) -> None:
        if not self._profiler_started:
            return
        try:
            profiler.stop(save=save)
        except Exception as e:  # noqa: BLE001 - Keras logs any profiler failure
            logging.error("Failed to stop profiler: %s", e)
        finally:
            self._profiler_started = False

    # -- what gets written ------------------------------------------------------------------
    def _log_epoch_metrics(self, epoch: int, logs: dict | None) -> None:
        if not logs:
            return
        train = {k: v for k, v in logs.items() if not k.startswith("val_")}
        val = {k[4:]: v for k, v in logs.items() if k.startswith("val_")}
        train.update(self._learning_rates())
        if self.write_steps_per_second:
            iterations = float(_number(self.model.optimizer.iterations))
            train["steps_per_second"] = (iterations - self._previous_epoch_iterations) / \
                (time.time() - self._epoch_start_time)
        for kind, items in (("train", train), ("val", val)):
            if items:
                with self._writer(kind).as_default():
                    for name, value in items.items():
                        summary_ops.scalar(f"epoch_{name}", value, step=epoch)

    def _learning_rates(self) -> dict:
        optimizer = getattr(self.model, "optimizer", None)
        optimizer = getattr(optimizer, "inner_optimizer", optimizer)  # LossScaleOptimizer's
        if hasattr(optimizer, "optimizers"):
            return {f"learning_rate_{o.name}": float(_number(o.learning_rate))
                    for o in optimizer.optimizers}
        if isinstance(optimizer, Optimizer):
            return {"learning_rate": float(_number(optimizer.learning_rate))}
        return {}

    def _log_weights(self, epoch: int) -> None:
        w = self._writer("train")
        with w.as_default():
            for layer in self.model.layers:
                for weight in layer.weights:
                    name = weight.path.replace(":", "_")
                    summary_ops.histogram(f"{name}/histogram", weight, step=epoch)
                    if self.write_images:
                        _log_weight_as_image(weight, f"{name}/image", epoch)
            w.flush()

    def _write_keras_model_summary(self) -> None:
        """The model's config for the Graphs dashboard (functional and Sequential models
        only, as Keras; Keras 3 on TF writes no graph of the train function)."""
        if type(self.model).__name__ not in ("Functional", "Sequential"):
            return
        try:
            config = self.model.to_json()
        except Exception as e:  # noqa: BLE001 - Keras warns and goes on
            warnings.warn(f"Model failed to serialize as JSON. Ignoring... {e}", stacklevel=2)
            return
        meta = protos.get().SummaryMetadata()
        meta.plugin_data.plugin_name = "graph_keras_model"
        meta.plugin_data.content = b"1"
        with self._writer("train").as_default():
            summary_ops.write("keras", np.array(config.encode("utf-8"), dtype=object), step=0,
                              metadata=meta)

    def _configure_embeddings(self) -> None:
        """projector_config.pbtxt: one entry per Embedding layer, its metadata file named
        by `embeddings_metadata` (one path for all, or a dict by layer name)."""
        from google.protobuf import text_format
        from tensorboard.plugins import projector  # the projector's own proto (an extra)

        config = projector.ProjectorConfig()
        metadata = self.embeddings_metadata
        unused = dict(metadata) if isinstance(metadata, dict) else None
        for layer in self.model.layers:
            if isinstance(layer, Embedding):
                entry = config.embeddings.add(tensor_name=_EMBEDDING_TENSOR)
                if isinstance(metadata, str):
                    entry.metadata_path = metadata
                elif unused is not None and layer.name in unused:
                    entry.metadata_path = unused.pop(layer.name)
        if unused:
            raise ValueError("Unrecognized `Embedding` layer names passed to "
                             "`keras.callbacks.TensorBoard` `embeddings_metadata` argument: "
                             f"{unused.keys()}")
        os.makedirs(self.log_dir, exist_ok=True)
        with open(os.path.join(self.log_dir, "projector_config.pbtxt"), "w") as f:
            f.write(text_format.MessageToString(config))


def _profile_range(profile_batch: Any) -> tuple:
    """(first, last) global batch to profile, (0, 0) for none, checked as Keras checks."""
    message = ("profile_batch must be a non-negative integer or 2-tuple of positive integers. "
               "A pair of positive integers signifies a range of batches to profile. "
               f"Found: {profile_batch}")
    if isinstance(profile_batch, str):  # the legacy "first,last" (a lone "n" is refused)
        profile_batch = [int(p) for p in profile_batch.split(",")]
    if isinstance(profile_batch, int):
        first = last = profile_batch
    elif isinstance(profile_batch, (tuple, list)) and len(profile_batch) == 2:
        first, last = profile_batch
    else:
        raise ValueError(message)
    if first < 0 or last < first:
        raise ValueError(message)
    return first, last


def _number(v: Any) -> Any:
    return v.numpy() if hasattr(v, "numpy") else v


def _log_weight_as_image(weight: Any, tag: str, epoch: int) -> None:
    """Vectors as one row, matrices wide side across, 3-D kernels one image per channel;
    what is then not a batch of 1-, 3- or 4-channel images is not written."""
    img = np.squeeze(np.asarray(weight.numpy(), np.float32))
    if img.ndim == 1:
        img = img.reshape(1, img.shape[0], 1, 1)
    elif img.ndim == 2:
        if img.shape[0] > img.shape[1]:
            img = img.T
        img = img.reshape(1, img.shape[0], img.shape[1], 1)
    elif img.ndim == 3:
        img = np.transpose(img, (2, 0, 1))[..., None]
    if img.ndim == 4 and img.shape[-1] in (1, 3, 4):
        summary_ops.image(tag, img, step=epoch)
