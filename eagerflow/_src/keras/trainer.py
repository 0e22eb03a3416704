"""The training half of keras.Model (compile, fit, evaluate, predict).

Model inherits this mixin; the layers-and-models side never needs to know how
training works, and training only relies on the public Model API
(`__call__(x, training=)`, `trainable_variables`, `losses`, ...).

The steps (`train_step`, `test_step`, `predict_step`) are TF 2.x's and can be
overridden; fit runs them through tf.function unless `run_eagerly=True`, and an
error while tracing or running the step is raised, as TF raises it. Logs, the progress
bar and History follow TF 2.21's Keras.
"""

from __future__ import annotations

import inspect
import itertools
import warnings
from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import nest
from eagerflow._src.core.trackable import TrackableDict, is_variable
from eagerflow._src.distribute import context
from eagerflow._src.distribute.batch_split import distribute_element
from eagerflow._src.distribute.strategy import get_strategy, has_strategy
from eagerflow._src.function.polymorphic import function
from eagerflow._src.graph.interpreter import run_op
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import callbacks as cbks
from eagerflow._src.keras import compile_utils as cu
from eagerflow._src.keras import data_adapter as da
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine import layer_metrics
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.metrics.base import Mean
from eagerflow._src.keras.optimizers import lookup as opt_mod
from eagerflow._src.keras.optimizers.loss_scale import LossScaleOptimizer
from eagerflow._src.keras.step_specs import batch_spec, is_subtype, supertype
from eagerflow._src.ops import array as A
from eagerflow._src.ops.checks import is_graph_tensor
from eagerflow._src.ops.math_base import add_n, cast


def _forward(model: Any, x: Any, training: bool) -> Any:
    """The model on a batch as Keras 3's steps call it: `training` passed only to a `call`
    that declares it (a subclassed model's call without it runs with no training flag, its
    Dropout and BatchNormalization layers in inference mode, as in Keras 3)."""
    if not hasattr(type(model), "call") or call_spec(model).expects_training:
        return model(x, training=training)
    return model(x)


def _batch_size(x: Any) -> Any:
    for leaf in nest.flatten(x):
        if leaf is not None:
            n = leaf.shape[0]
            return n if n is not None else A.shape(leaf)[0]
    return 1


def _scale_for_replicas(loss: Any) -> Any:
    """Inside a replica of a strategy, the loss share whose summed gradients give the
    gradient of the global batch's loss (TF's scale_loss_for_distribution)."""
    ctx = context.current_replica_context()
    n = ctx.num_replicas_in_sync if ctx is not None else 1
    return loss if n == 1 else loss / float(n)


def _refuse_coordinated_strategy(model: Any) -> None:
    """Keras 3 feeds fit/evaluate/predict through the strategy's distributed dataset; a
    ParameterServerStrategy's refuses to be iterated outside ClusterCoordinator (TF 2.21's
    error: Keras 3 does not train with that strategy)."""
    if getattr(model.distribute_strategy, "_should_use_with_coordinator", False):
        raise ValueError("To use this dataset, you need to pass this dataset to "
                         "ClusterCoordinator.create_per_worker_dataset.")


def _model_strategy(model: Any) -> Any:
    """The multi-replica strategy that owns the model: the one whose scope created its
    weights, or (for a model not built yet) the one in scope now."""
    weights = getattr(model, "weights", []) if getattr(model, "built", False) else []
    for v in weights:
        strategy = getattr(v, "_strategy", None)
        if strategy is not None and strategy.num_replicas_in_sync > 1:
            return strategy
    strategy = get_strategy()
    return strategy if strategy.num_replicas_in_sync > 1 else None


class _DistributedStep:
    """A train/test step run on every replica of the model's strategy, each on its share
    of the batch; returns the metrics read (combined) in cross-replica context. A predict
    step returns the replicas' outputs joined in replica order (Keras 3's "concat"
    reduction): each replica reads its own copies of the variables, as TF's.

    Unless the model runs eagerly, the step is a tf.function: `strategy.run` traces it
    once per signature and every replica runs that graph.
    """

    def __init__(self, strategy: Any, fn: Any, model: Any, compile_it: bool = False,
                 predict: bool = False) -> None:
        self._strategy, self._fn, self._model, self._predict = strategy, fn, model, predict
        # (autograph off: Keras 3 traces its steps unconverted, as _Step does)
        self._compiled = function(fn, autograph=False) if compile_it else None
        self._built = False

    def run_without_data(self) -> None:
        """(Not emulated for the replicas of a strategy: nothing runs.)"""

    @property
    def compiled(self) -> bool:
        return self._compiled is not None

    def __call__(self, data: Any) -> Any:
        with self._strategy.scope():
            if not self._built:
                self._build(data)
            per_replica = distribute_element(self._strategy, data)
            if per_replica is None:  # a batch too small to share: one replica's worth
                return self._fn(data)
            out = self._strategy.run(self._compiled or self._fn, args=(per_replica,))
        if self._predict:
            parts = self._strategy.experimental_local_results(out)
            return nest.map_structure(lambda *xs: A.concat(list(xs), 0), *parts)
        return self._model.get_metrics_result()

    def _build(self, data: Any) -> None:
        """Creates every lazily built variable (layers, compiled metrics, optimizer slots)
        once, in cross-replica context, so that replicas never race to create them."""
        model = self._model
        x, y, _ = da.unpack_x_y_sample_weight(data)
        y_pred = _forward(model, x, False)
        metrics = model._tstate("_compile_metrics")
        if metrics is not None and y is not None and not metrics.built:
            metrics.build(y, y_pred)
        loss = model._tstate("_compile_loss")
        if loss is not None and y is not None:
            loss.ensure_built(y, y_pred)
        optimizer = getattr(model, "optimizer", None)
        if optimizer is not None and hasattr(optimizer, "build"):
            optimizer.build(model.trainable_variables)
        self._built = True


# Keras 3.15's TF trainer makes its train and test functions of one Python function,
# `_make_function`'s `multi_step_on_iterator` (TF's retracing warnings and graph errors print
# its name: `__inference_multi_step_on_iterator_N`): one code object, as TF counts
# retracings per code object, train and test steps together.
def _multi_step_named(fn: Any) -> Any:
    def multi_step_on_iterator(data: Any) -> Any:
        return fn(data)
    multi_step_on_iterator.__qualname__ = \
        "TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator"
    return multi_step_on_iterator


_train_step_named = _test_step_named = _multi_step_named


class _SameFunctionDetector:
    """The retracing count of a step's third and later per-batch-shape functions: Keras has
    one tf.function with reduce_retracing, which TF traces for the first batch shape and
    again, the batch size relaxed to unknown, for the second; not for later ones, so their
    calls count as calls, not traces."""

    def __init__(self, shared: Any) -> None:
        self._shared = shared

    def traced(self, fn_repr: str) -> None:
        self._shared.hit()

    def hit(self) -> None:
        self._shared.hit()


def _predict_step_named(fn: Any) -> Any:
    def one_step_on_data_distributed(data: Any) -> Any:
        return fn(data)
    one_step_on_data_distributed.__qualname__ = \
        "TensorFlowTrainer.make_predict_function.<locals>.one_step_on_data_distributed"
    return one_step_on_data_distributed


class _Step:
    """A train/test/predict step: a tf.function of `fn` unless the model runs eagerly,
    traced once per batch structure with the batch dimension unknown."""

    def __init__(self, fn: Any, compile_it: bool, from_iterator: bool = True,
                 named: Callable = _train_step_named) -> None:
        self._fn = fn
        self._traced_fn = named(fn)
        self._compile_it = compile_it
        self._traced: dict = {}  # (the signature's repr: the step traced for it)
        self._seen: dict = {}  # (a batch spec's repr: the step that ran it)
        # predict's step: Keras 3 hands it the batches themselves (not its iterator), so
        # it is traced with the first batch's shapes (a subclassed model built there
        # records them), then retraced with the dims that differ left unknown
        self._from_iterator = from_iterator
        self._exact: Any = None
        self.batch_size: int | tuple | None = None  # the data's static batch size (per run)
        self.shapes: tuple | None = None  # its dataset's element shapes (per run)

    @property
    def compiled(self) -> bool:
        return self._compile_it

    def __call__(self, data: Any) -> Any:
        if not self._compile_it:
            return self._fn(data)
        if not self._from_iterator:
            if self._exact is None:
                self._exact = function(self._traced_fn, autograph=False, reduce_retracing=True)
            return self._exact(data)
        spec = batch_spec(data, self.batch_size, self.shapes)
        key = repr(spec)
        step = self._traced.get(key) or self._seen.get(key)
        if step is None:
            step = self._accepting(spec)
        if step is None:
            relaxed = self._relaxed(spec)
            # Keras 3 traces its step functions unconverted (do_not_convert): Python control
            # flow on tensors in a custom train_step raises TF's graph errors
            step = function(self._traced_fn, input_signature=(relaxed,), autograph=False) \
                if relaxed is not None else function(self._traced_fn, autograph=False)
            if len(self._traced) > 1:  # (TF traces a second shape, relaxed: no third)
                step._detector = _SameFunctionDetector(step._detector)
            try:
                return step(data)
            finally:
                # a trace that raised leaves no signature behind, as TF's function cache
                # keeps none: the next batches are not relaxed against it
                if step._traced:
                    self._traced[repr(relaxed)] = self._seen[key] = step
        self._seen[key] = step
        return step(data)

    def _accepting(self, spec: Any) -> Any:
        """The traced step whose signature `spec`'s batches fit, the most specific one
        where several do, as TF's function cache dispatches; None if none does."""
        if spec is None:
            return None
        fits = [(s, step) for s, step in self._signatures() if is_subtype(spec, s)]
        for s, step in fits:
            if all(is_subtype(s, other) for other, _ in fits):
                return step
        return fits[0][1] if fits else None

    def _relaxed(self, spec: Any) -> Any:
        """What TF traces a new batch structure as, its tf.function having reduce_retracing:
        the spec generalized, one traced signature after another, to the most specific
        supertype of the two (a (None, 5) step then (None, 3) batches: (None, None))."""
        if spec is None:
            return None
        for other, _ in self._signatures():
            spec = supertype(spec, other) or spec
        return spec

    def _signatures(self) -> list:
        return [(step._input_signature[0], step) for step in self._traced.values()
                if getattr(step, "_input_signature", None)]

    def run_without_data(self) -> None:
        """What TF runs of the traced step when its iterator has no more data: the
        operations that need no batch (by data, or by a variable an operation needing
        one touched first, as TF's automatic control dependencies order them): the
        optimizer's iteration count, a seed generator's state. Eagerly, nothing runs."""
        if not self._compile_it or not self._traced:
            return
        step = list(self._traced.values())[-1]
        if getattr(step, "_input_signature", None) is None:
            return
        cf = step.get_concrete_function()
        graph = cf.graph
        n_data = len(graph.fed_inputs) - len(cf._captured_tensors)
        values = {id(t): c._arr if hasattr(c, "_arr") else c for t, c in
                  zip(graph.fed_inputs[n_data:], cf._captured_tensors)}
        needs_data = {id(t) for t in graph.fed_inputs[:n_data]}
        touched: set = set()  # variables an operation needing data used
        for node in graph.operations:
            if node.outputs and all(id(t) in values or id(t) in needs_data
                                    for t in node.outputs):
                continue  # (the inputs' placeholders)
            # (a variable is an input of a read, an attr of an assignment)
            resources = [id(x) for x in node.inputs if not is_graph_tensor(x)] + \
                [id(v) for v in node.attrs.values() if is_variable(v)]
            if any(id(x) in needs_data for x in node.inputs if is_graph_tensor(x)) or \
                    any(r in touched for r in resources) or \
                    any(id(x) not in values for x in node.inputs if is_graph_tensor(x)):
                needs_data.update(id(t) for t in node.outputs)
                touched.update(resources)
                continue
            run_op(node, values)


def _generator_alias(method: str) -> Callable:
    """The TF 1.x-era `Model.<method>_generator`: `method`, with Keras 3's warning."""
    def alias(self: Any, generator: Any, *args: Any, **kwargs: Any) -> Any:
        warnings.warn(f"`Model.{method}_generator` is deprecated and will be removed in a "
                      f"future version. Please use `Model.{method}`, which supports "
                      "generators.", stacklevel=2)
        return getattr(self, method)(generator, *args, **kwargs)

    alias.__name__, alias.__qualname__ = f"{method}_generator", f"Trainer.{method}_generator"
    return alias


class Trainer:
    """Mixin giving a Model compile/fit/evaluate/predict."""

    def __init__(self) -> None:
        object.__setattr__(self, "_is_compiled", False)
        object.__setattr__(self, "loss", None)
        # (Keras 3's: the strategy in whose scope it was made, None outside any)
        object.__setattr__(self, "_distribute_strategy",
                           get_strategy() if has_strategy() else None)

    # -- state --------------------------------------------------------------------------
    def _tstate(self, name: str, default: Any = None) -> Any:
        return self.__dict__.get(name, default)

    def _tset(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)

    @property
    def compiled(self) -> bool:
        return bool(self._tstate("_is_compiled", False))

    @compiled.setter
    def compiled(self, value: bool) -> None:
        # (Keras's loading sets it after compile_from_config, even where a custom
        # compile() made that skip compiling)
        self._tset("_is_compiled", bool(value))

    @property
    def distribute_strategy(self) -> Any:
        """The strategy in whose scope the model was created (the default one outside)."""
        return self._tstate("_distribute_strategy") or get_strategy()

    @property
    def jit_compile(self) -> Any:  # (as set; never set, Keras's "auto" resolved now)
        if self._tstate("_jit_compile") is None:
            self._tset("_jit_compile", cu.auto_jit_compile(self))
        return self._tstate("_jit_compile")

    @jit_compile.setter
    def jit_compile(self, value: Any) -> None:
        if value and not cu.supports_jit(self):
            warnings.warn("Model doesn't support `jit_compile=True`. Proceeding with "
                          "`jit_compile=False`.", stacklevel=2)
            value = False
        self._tset("_jit_compile", value)

    @property
    def steps_per_execution(self) -> int:
        return self._tstate("_steps_per_execution", 1)

    @steps_per_execution.setter
    def steps_per_execution(self, value: int) -> None:
        self._tset("_steps_per_execution", value)

    @property
    def unrolled_steps_per_execution(self) -> int:
        return 1  # (Keras 3 unrolls steps only where its compile() is asked to)

    @property
    def run_eagerly(self) -> bool:
        return bool(self._tstate("_run_eagerly", False))

    @run_eagerly.setter
    def run_eagerly(self, value: bool) -> None:
        # as Keras 3: step functions already made are kept (compile() makes new ones)
        self._tset("_run_eagerly", bool(value))

    # TF 2.x's names, kept by Keras 3 as deprecated shims
    def compiled_loss(self, y: Any, y_pred: Any, sample_weight: Any = None,
                      regularization_losses: Any = None) -> Any:
        warnings.warn("`model.compiled_loss()` is deprecated. Instead, use "
                      "`model.compute_loss(x, y, y_pred, sample_weight, training)`.",
                      stacklevel=2)
        return self.compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=sample_weight)

    @property
    def compiled_metrics(self) -> Any:
        model = self

        class DeprecatedCompiledMetric:
            def update_state(self, y: Any, y_pred: Any, sample_weight: Any = None) -> None:
                warnings.warn("`model.compiled_metrics()` is deprecated. Instead, use e.g.:\n"
                              "```\nfor metric in self.metrics:\n    metric.update_state(y, "
                              "y_pred)\n```\n", stacklevel=2)
                for m in model.metrics:
                    if isinstance(m, Mean):
                        m.update_state(y_pred, sample_weight=sample_weight)
                    else:
                        m.update_state(y, y_pred, sample_weight=sample_weight)

        return DeprecatedCompiledMetric()

    @property
    def metrics(self) -> list:
        """The loss tracker, the compiled metrics, with several losses one tracker per loss,
        then the metrics held in attributes (Keras 3's order)."""
        out = []
        if self.compiled:
            if self._tstate("_loss_tracker") is not None:
                out.append(self._tstate("_loss_tracker"))
            if self._tstate("_compile_metrics") is not None:
                out.append(self._tstate("_compile_metrics"))
            if self._tstate("_compile_loss") is not None:
                out.extend(self._tstate("_compile_loss").metrics)
        # then the metrics held in attributes (a custom model's trackers), and those of the
        # sublayers that are not models themselves (a model's own are its trainer's)
        if hasattr(self, "_held"):  # (a Trainer that is a Keras layer)
            seen = {id(m) for m in out}
            for m in layer_metrics.model_metrics(self):
                if id(m) not in seen:
                    seen.add(id(m))
                    out.append(m)
        return out

    @property
    def metrics_names(self) -> list:
        return [m.name for m in self.metrics]

    def reset_metrics(self) -> None:
        for m in self.metrics:
            m.reset_state()

    train_function = test_function = predict_function = None  # (Keras 3's, till made)

    def _reset_step_functions(self) -> None:
        self._tset("train_function", None)
        self._tset("test_function", None)
        self._tset("predict_function", None)

    # -- compile ------------------------------------------------------------------------
    def compile(self, optimizer: Any = "rmsprop", loss: Any = None, loss_weights: Any = None,
                metrics: Any = None, weighted_metrics: Any = None, run_eagerly: bool = False,
                steps_per_execution: int = 1, jit_compile: Any = "auto",
                auto_scale_loss: bool = True) -> None:
        """Configures the model for training (optimizer, loss, metrics). (Keras 3's takes no
        other keyword: tf.keras's `sample_weight_mode` and the like are Python's TypeError,
        "Trainer.compile() got an unexpected keyword argument".)"""
        self.optimizer = optimizer = opt_mod.get(optimizer)
        policy = getattr(getattr(self, "dtype_policy", None), "name", None)
        if auto_scale_loss and policy == "mixed_float16" and self.optimizer is not None and \
                not isinstance(self.optimizer, LossScaleOptimizer):
            # as Keras 3: float16 gradients need loss scaling, so compile adds it
            self.optimizer = LossScaleOptimizer(self.optimizer, name="loss_scale_optimizer")
        # Keras 3 keeps which layers were trainable here (a checkpoint child, holding no values)
        self._track("_compiled_trainable_state", TrackableDict({}))
        names = getattr(self, "output_names", None)
        # as Keras 3: a compile without `loss` or `metrics` keeps the previous ones
        if loss is not None:
            self._tset("_compile_loss", cu.CompileLoss(loss, loss_weights, names))
            self.loss = loss
        if metrics is not None or weighted_metrics is not None:
            self._tset("_compile_metrics", cu.CompileMetrics(metrics, weighted_metrics, names))
        self._tset("_loss_tracker", Mean(name="loss"))
        self._tset("_run_eagerly", bool(run_eagerly))
        self._tset("_steps_per_execution", steps_per_execution)  # (as given: see _loop_steps)
        if isinstance(jit_compile, str) and jit_compile == "auto":
            jit_compile = not run_eagerly and cu.auto_jit_compile(self)
        if jit_compile and run_eagerly:
            jit_compile = False
            warnings.warn("If `run_eagerly` is True, then `jit_compile` cannot also be True. "
                          "Disabling `jit_compile`.", stacklevel=2)
        self.jit_compile = jit_compile
        self._tset("_is_compiled", True)
        self._tset("stop_training", False)
        self._reset_step_functions()
        # what get_compile_config() serializes (jit_compile as resolved above, as Keras 3)
        # (the optimizer as given, not the LossScaleOptimizer wrapping it: as Keras 3)
        self._tset("_compile_config", dict(
            optimizer=optimizer, loss=loss, loss_weights=loss_weights, metrics=metrics,
            weighted_metrics=weighted_metrics, run_eagerly=run_eagerly,
            steps_per_execution=steps_per_execution, jit_compile=jit_compile))

    def get_compile_config(self) -> dict:
        """compile()'s arguments, serialized (Keras 3; {} before compile())."""
        config = self._tstate("_compile_config")
        if not self.compiled or config is None:
            return {}
        return {k: ser.serialize_keras_object(v) for k, v in config.items()}

    def compile_from_config(self, config: dict) -> None:
        """compile() with what get_compile_config() returned; the optimizer is built."""
        if type(self).compile is not Trainer.compile:
            warnings.warn("`compile()` was not called as part of model loading because the "
                          "model's `compile()` method is custom. All subclassed Models that "
                          "have `compile()` overridden should also override "
                          "`get_compile_config()` and `compile_from_config(config)`. "
                          "Alternatively, you can call `compile()` manually after loading.",
                          stacklevel=2)
            return
        self.compile(**ser.deserialize_keras_object(config))
        if getattr(self, "optimizer", None) is not None and getattr(self, "built", False):
            self.optimizer.build(self.trainable_variables)

    def _assert_compiled(self) -> None:
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")

    # -- steps --------------------------------------------------------------------------
    def compute_loss(self, x: Any = None, y: Any = None, y_pred: Any = None,
                     sample_weight: Any = None, training: bool = True) -> Any:
        """The compiled loss of this batch plus the model's regularization losses."""
        total = None
        cl = self._tstate("_compile_loss")
        if cl is not None:
            # (missing targets reach the loss, as Keras's: None values not supported)
            total = cl(y, y_pred, sample_weight)
        extra = list(getattr(self, "losses", None) or [])
        if extra:
            reg = add_n([cast(r, "float32") if getattr(r, "dtype", None) is not None
                           and r.dtype.name != "float32" else r for r in extra])
            total = reg if total is None else total + cast(reg, total.dtype)
        if total is None:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return total

    def _compute_loss(self, x: Any, y: Any, y_pred: Any, sample_weight: Any,
                      training: bool) -> Any:
        """compute_loss as the built-in steps call it: positionally, and with `training` only
        where the method takes it (as Keras 3: overrides written before Keras 3.3 have none)."""
        if "training" in inspect.signature(self.compute_loss).parameters:
            return self.compute_loss(x, y, y_pred, sample_weight, training=training)
        return self.compute_loss(x, y, y_pred, sample_weight)

    def compute_metrics(self, x: Any, y: Any, y_pred: Any, sample_weight: Any = None) -> dict:
        cm = self._tstate("_compile_metrics")
        if cm is not None and y is not None:
            cm.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self) -> dict:
        out: dict = {}
        for m in self.metrics:
            r = m.result()
            if isinstance(r, dict):
                out.update(r)
            else:
                out[m.name] = r
        return out

    def train_step(self, data: Any) -> dict:
        """One optimization step on a batch; returns the metric results (TF 2.x API)."""
        x, y, sample_weight = da.unpack_x_y_sample_weight(data)
        with GradientTape() as tape:
            y_pred = _forward(self, x, True)
            loss = self._compute_loss(x, y, y_pred, sample_weight, training=True)
            scaled = _scale_for_replicas(loss)
            if self.optimizer is not None:  # (compile(optimizer=None) fails at the update)
                scaled = self.optimizer.scale_loss(scaled)  # (loss scaling)
        self._loss_tracker.update_state(loss, sample_weight=_batch_size(x))
        variables = list(self.trainable_variables)
        if variables:
            grads = tape.gradient(scaled, variables)
            self.optimizer.apply_gradients(zip(grads, variables))
        else:
            warnings.warn("The model does not have any trainable weights.", stacklevel=2)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data: Any) -> dict:
        x, y, sample_weight = da.unpack_x_y_sample_weight(data)
        y_pred = _forward(self, x, False)
        loss = self._compute_loss(x, y, y_pred, sample_weight, training=False)
        self._loss_tracker.update_state(loss, sample_weight=_batch_size(x))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def predict_step(self, data: Any) -> Any:
        x, _, _ = da.unpack_x_y_sample_weight(data)
        return _forward(self, x, False)

    def make_train_function(self, force: bool = False) -> Any:
        return self._made("train", force, lambda: self._make_step(self.train_step))

    def make_test_function(self, force: bool = False) -> Any:
        return self._made("test", force, lambda: self._make_step(self.test_step, _test_step_named))

    def _made(self, kind: str, force: bool, make: Callable) -> Any:
        """Keras 3's make_*_function: the function made before, None when made now."""
        if self._tstate(f"{kind}_function") is None or force:
            self._tset(f"{kind}_function", make())
            return None  # (Keras 3 returns nothing when it makes the function)
        return self._tstate(f"{kind}_function")

    def _step_function(self, kind: str) -> Any:
        """The `kind` step function, made if need be (by make_*, which may be overridden)."""
        getattr(self, f"make_{kind}_function")()
        return getattr(self, f"{kind}_function")

    def _make_step(self, fn: Any, named: Callable = _train_step_named) -> Any:
        strategy = _model_strategy(self)
        if strategy is not None:
            return _DistributedStep(strategy, fn, self, not self.run_eagerly)
        return _Step(fn, not self.run_eagerly, named=named)

    def make_predict_function(self, force: bool = False) -> Any:
        _compared_steps(self.steps_per_execution)
        strategy = _model_strategy(self)
        if strategy is not None:
            return self._made("predict", force, lambda: _DistributedStep(
                strategy, self.predict_step, self, not self.run_eagerly, predict=True))
        return self._made("predict", force, lambda: _Step(
            self.predict_step, not self.run_eagerly, from_iterator=False,
            named=_predict_step_named))

    # -- logs ---------------------------------------------------------------------------
    def _metrics_or_logs(self, logs: Any) -> dict:
        """The metrics' results when the last step returned the same keys (Keras 3 compares
        the step's raw dict: a custom step returning `{m.name: m.result()}` keeps its own,
        nested `compile_metrics` included), else that step's logs."""
        result = self.get_metrics_result()
        return result if isinstance(logs, dict) and set(logs) == set(result) else logs

    def _in_order(self, logs: dict) -> Any:
        order = []
        for m in self.metrics:
            if isinstance(m, cu.CompileMetrics):
                order.extend(x.name for x in m.metrics)
            else:
                order.append(m.name)
        keys = [k for k in order if k in logs] + [k for k in logs if k not in order]
        values = [logs[k] for k in keys]
        return values[0] if len(values) == 1 else values

    # -- fit ----------------------------------------------------------------------------
    def fit(self, x: Any = None, y: Any = None, batch_size: int | None = None, epochs: int = 1,
            verbose: Any = "auto", callbacks: Any = None, validation_split: float = 0.0,
            validation_data: Any = None, shuffle: Any = True, class_weight: dict | None = None,
            sample_weight: Any = None, initial_epoch: int = 0, steps_per_epoch: int | None = None,
            validation_steps: int | None = None, validation_batch_size: int | None = None,
            validation_freq: Any = 1, **kwargs: Any) -> cbks.History:
        """Trains the model for `epochs` epochs; returns the History."""
        _refuse_keywords("fit", kwargs)
        self._assert_compiled()
        cap = kb.max_epochs()  # keras.config.set_max_epochs, for quick debugging runs
        if cap and cap < epochs:
            warnings.warn(f"Limiting epochs to {cap}", stacklevel=2)
            epochs = cap
        steps_per_epoch = _capped_steps(steps_per_epoch)
        if validation_split and validation_data is None:
            if not da.is_array_data(x):
                raise ValueError(da.VALIDATION_SPLIT_REFUSED + da.types_repr([type(x)]))
            (x, y, sample_weight), validation_data = da.train_validation_split(
                (x, y, sample_weight), validation_split)
        data = da.make_data(x, y, sample_weight, batch_size, shuffle, class_weight,
                            steps_per_epoch)
        _refuse_coordinated_strategy(self)
        val = None
        if validation_data is not None:
            vx, vy, vsw = da.unpack_x_y_sample_weight(validation_data) \
                if isinstance(validation_data, (tuple, list)) else (validation_data, None, None)
            val = da.make_data(vx, vy, vsw, validation_batch_size or batch_size, False,
                               steps=validation_steps or None)  # (0: none, as in Keras 3)
        steps = data.steps_per_epoch
        if steps_per_epoch is not None:
            steps = steps_per_epoch if steps is None else min(steps, steps_per_epoch) \
                if isinstance(data, da.ArrayData) else steps_per_epoch
        if not isinstance(callbacks, cbks.CallbackList):
            callbacks = cbks.CallbackList(callbacks, add_history=True, add_progbar=verbose != 0,
                                          model=self, verbose=verbose, epochs=epochs,
                                          steps=steps)
        self._tset("stop_training", False)
        train_fn = self._step_function("train")
        train_fn.batch_size = data.static_batch_size
        train_fn.shapes = data.static_shapes
        callbacks.on_train_begin()
        epoch_logs: dict = {}
        training_logs = None
        # a callback resuming training (BackupAndRestore) sets the epoch to start from
        initial_epoch = self._tstate("_initial_epoch", None) or initial_epoch
        # (datasets and generators: their passes and steps as Keras's epoch iterator takes
        # them; arrays are sliced by ArrayData)
        passes = da.KerasEpochs(data, steps_per_epoch) if getattr(data, "by_passes", False) \
            else None
        if passes is not None:
            if self._tstate("_distribute_strategy") is not None:
                passes.peek_for_build()
            passes.reset()
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callbacks.on_epoch_begin(epoch)
            raw: Any = {}
            seen = 0
            k, pending = _loop_steps(self.steps_per_execution), False
            # islice: a batch past the epoch's steps is never drawn (the next epoch gets it)
            steps_taken = iter(()) if k < 0 else passes.epoch() if passes is not None else \
                enumerate(itertools.islice(data.epoch_iterator(), steps_per_epoch))
            for step, batch in steps_taken:
                if _begins_execution(step, k, batch):
                    callbacks.on_train_batch_begin(step)
                if batch is da.RAN_OUT:
                    # (several steps per execution: TF's loop asks for optional data)
                    if k == 1:
                        train_fn.run_without_data()
                    break
                raw = train_fn(batch)  # (the callbacks flatten it, as Keras 3's)
                seen = step + 1
                pending = (step + 1) % k != 0
                if not pending:
                    callbacks.on_train_batch_end(step, raw)
                    if self.stop_training:
                        break
            if pending:  # (a last execution of fewer steps: reported at its full end)
                callbacks.on_train_batch_end(_execution_end(seen - 1, k), raw)
            if passes is not None and seen == 0 and k > 0 and not self.stop_training:
                break
            if passes is None and steps_per_epoch is not None and seen < steps_per_epoch \
                    and k > 0 and not self.stop_training:
                # as Keras 3: the next epoch goes on
                warnings.warn(da.RAN_OUT_WARNING, stacklevel=1)
                if seen == 0:
                    break
            epoch_logs = dict(self._metrics_or_logs(raw))
            if val is not None and self._should_validate(epoch, validation_freq):
                val_logs = self.evaluate(steps=validation_steps, callbacks=callbacks,
                                         return_dict=True, _data=val)
                epoch_logs.update({"val_" + k: v for k, v in val_logs.items()})
            callbacks.on_epoch_end(epoch, epoch_logs)
            training_logs = epoch_logs
            if self.stop_training:
                break
        if isinstance(self.optimizer, opt_mod.Optimizer) and epochs > 0:
            # (EMA weights, also an inner optimizer's: each optimizer knows its own)
            self.optimizer.finalize_variable_values(self.trainable_variables)
        callbacks.on_train_end(logs=training_logs)
        return self.history

    @staticmethod
    def _should_validate(epoch: int, freq: Any) -> bool:
        """Whether epoch `epoch` (from 0) validates: every `freq`-th, or those a list names
        (Keras 3 takes no other kind, a tuple included)."""
        if isinstance(freq, int):
            return (epoch + 1) % freq == 0
        if isinstance(freq, list):
            return epoch + 1 in freq
        raise ValueError("Expected `validation_freq` to be a list or int. Received: "
                         f"validation_freq={freq} of the type {type(freq)}.")

    # -- evaluate / predict --------------------------------------------------------------
    def evaluate(self, x: Any = None, y: Any = None, batch_size: int | None = None,
                 verbose: Any = "auto", sample_weight: Any = None, steps: int | None = None,
                 callbacks: Any = None, return_dict: bool = False, **kwargs: Any) -> Any:
        """Loss and metric values over the data: a scalar, a list, or a dict."""
        self._assert_compiled()
        given = kwargs.pop("_data", None)
        if kwargs:  # (Keras 3's check, after the compile's)
            raise ValueError(f"Arguments not recognized: {kwargs}")
        steps = _capped_steps(steps)
        data = given or da.make_data(x, y, sample_weight, batch_size, False, steps=steps)
        n_steps = data.steps_per_epoch if steps is None else steps
        if not isinstance(callbacks, cbks.CallbackList):
            callbacks = cbks.CallbackList(callbacks, add_progbar=verbose != 0, model=self,
                                          verbose=verbose, epochs=1, steps=n_steps)
        _refuse_coordinated_strategy(self)
        test_fn = self._step_function("test")
        test_fn.batch_size = data.static_batch_size
        test_fn.shapes = data.static_shapes
        self.reset_metrics()
        self._tset("stop_evaluating", False)  # (a callback may set it: Keras 3 stops there)
        callbacks.on_test_begin()
        raw: Any = {}
        peek = self._tstate("_distribute_strategy") is not None
        k, pending, step = _loop_steps(self.steps_per_execution), False, 0
        for step, batch in _steps(data, steps, reset=True, peek=peek) if k > 0 else ():
            if _begins_execution(step, k, batch):
                callbacks.on_test_batch_begin(step)
            if batch is da.RAN_OUT:
                # (as fit's: TF's test function runs what needs no data; predict's steps
                # get their data outside their function)
                if k == 1:
                    test_fn.run_without_data()
                break
            raw = test_fn(batch)
            pending = (step + 1) % k != 0
            if not pending:
                callbacks.on_test_batch_end(step, raw)
                if self.stop_evaluating:
                    break
        if pending:
            callbacks.on_test_batch_end(_execution_end(step, k), raw)
        logs = cbks.pythonify_logs(self._metrics_or_logs(raw))
        callbacks.on_test_end(logs)
        if return_dict:
            return logs
        return self._in_order(logs)

    def predict(self, x: Any, batch_size: int | None = None, verbose: Any = "auto",
                steps: int | None = None, callbacks: Any = None, **kwargs: Any) -> Any:
        """The model's outputs for `x`, as NumPy arrays (batches concatenated)."""
        _refuse_keywords("predict", kwargs)
        steps = _capped_steps(steps)
        data = da.make_data(x, None, None, batch_size, False, steps=steps)
        _refuse_coordinated_strategy(self)
        n_steps = data.steps_per_epoch if steps is None else steps
        if not isinstance(callbacks, cbks.CallbackList):
            callbacks = cbks.CallbackList(callbacks, add_progbar=verbose != 0, model=self,
                                          verbose=verbose, epochs=1, steps=n_steps)
        predict_fn = self._step_function("predict")
        outputs: list = []
        self._tset("stop_predicting", False)  # (as stop_evaluating)
        callbacks.on_predict_begin()
        k, group, step = _loop_steps(self.steps_per_execution), [], 0
        for step, batch in _steps(data, steps, reset=False) if k > 0 else ():
            if _begins_execution(step, k, batch):
                callbacks.on_predict_batch_begin(step)
            if batch is da.RAN_OUT:
                break
            out = predict_fn(batch)
            outputs.append(nest.map_structure(lambda t: np.asarray(t.numpy()), out))
            group.append(out)
            if (step + 1) % k == 0:
                callbacks.on_predict_batch_end(step, {"outputs": _joined(group)})
                group = []
                if self.stop_predicting:
                    break
        if group:  # (a last execution of fewer steps, as fit's)
            callbacks.on_predict_batch_end(_execution_end(step, k), {"outputs": _joined(group)})
        callbacks.on_predict_end()
        if not outputs:  # (Keras 3.15 then reads the last batch's outputs, never set)
            raise UnboundLocalError("cannot access local variable 'batch_outputs' where it is "
                                    "not associated with a value")
        return nest.map_structure(lambda *parts: da.joined_batches(list(parts)), *outputs)

    # -- single batches -----------------------------------------------------------------
    def _one_batch(self, x: Any, y: Any, sample_weight: Any, class_weight: Any = None,
                   predict: bool = False) -> Any:
        """The step's data for one given batch: arrays as Keras passes them (`(x, y,
        sample_weight)`, or `(x,)` to predict, lists kept), else the data's first batch."""
        if class_weight is not None and sample_weight is not None:
            raise ValueError("Arguments `sample_weight` and `class_weight` cannot be "
                             "specified at the same time. Received: sample_weight="
                             f"{sample_weight}, class_weight={class_weight}")
        data = da.make_data(x, y, sample_weight, None, False, class_weight)
        if isinstance(data, da.ArrayData):
            if self.run_eagerly and _model_strategy(self) is None and \
                    da.holds_only_arrays((x, y, sample_weight)):
                # an eager step gets the arrays as they were given, as Keras's does
                if class_weight is not None:
                    sample_weight = data.sample_weight
            else:
                x, y, sample_weight = data.whole()
            return (x,) if predict else (x, y, sample_weight)
        return next(iter(data.epoch_iterator()))

    def train_on_batch(self, x: Any, y: Any = None, sample_weight: Any = None,
                       class_weight: dict | None = None, return_dict: bool = False) -> Any:
        """One optimization step on exactly this batch; its loss and metrics (the metrics
        reset first, always, as Keras 3's: it has no `reset_metrics` argument)."""
        self._assert_compiled()
        _batch_steps(self.steps_per_execution)
        self.reset_metrics()
        train_fn = self._step_function("train")
        logs = cbks.pythonify_logs(train_fn(self._one_batch(x, y, sample_weight, class_weight)))
        return logs if return_dict else self._in_order(logs)

    def test_on_batch(self, x: Any, y: Any = None, sample_weight: Any = None,
                      return_dict: bool = False) -> Any:
        self._assert_compiled()
        _batch_steps(self.steps_per_execution)
        self.reset_metrics()
        test_fn = self._step_function("test")
        logs = cbks.pythonify_logs(test_fn(self._one_batch(x, y, sample_weight)))
        return logs if return_dict else self._in_order(logs)

    def predict_on_batch(self, x: Any) -> Any:
        out = self._step_function("predict")(self._one_batch(x, None, None, predict=True))
        return nest.map_structure(lambda t: np.asarray(t.numpy()), out)

    # -- TF 1.x-era names -----------------------------------------------------------------
    fit_generator = _generator_alias("fit")
    evaluate_generator = _generator_alias("evaluate")
    predict_generator = _generator_alias("predict")


# Keras 3's TF backend defines these in its TensorFlowTrainer: Python's own errors for a
# call's arguments (missing, too many, an unknown keyword) name that class
for _name in ("fit", "evaluate", "predict", "train_on_batch", "test_on_batch",
              "predict_on_batch"):
    getattr(Trainer, _name).__qualname__ = f"TensorFlowTrainer.{_name}"


def _steps(data: Any, steps: int | None, reset: bool, peek: bool = False) -> Any:
    """(step, batch) pairs of one evaluate or predict pass: Keras's epoch iterator's over
    datasets and generators (`reset`: evaluate's, before its pass; `peek`: a model made in
    a strategy's scope first draws a batch of another pass), else the arrays' batches (at
    most `steps`)."""
    if getattr(data, "by_passes", False):
        passes = da.KerasEpochs(data, steps)
        if peek:
            passes.peek_for_build()
        if reset:
            passes.reset()
        return passes.epoch()
    return enumerate(itertools.islice(data.epoch_iterator(), steps))


def _refuse_keywords(method: str, kwargs: dict) -> None:
    """Keras 3's fit and predict take no other keywords (tf.keras 2's `workers`,
    `use_multiprocessing` included): Python's TypeError, naming Keras 3's class."""
    for key in kwargs:
        raise TypeError(f"TensorFlowTrainer.{method}() got an unexpected keyword argument "
                        f"'{key}'")


def _capped_steps(steps: int | None) -> int | None:
    """`steps` under keras.config.set_max_steps_per_epoch's cap (warning as Keras 3), 0 None."""
    cap = kb.max_steps_per_epoch()
    if cap and (not steps or cap < steps):
        warnings.warn(f"Limiting steps_per_epoch to {cap}", stacklevel=3)
        return cap
    return steps or None


# Keras 3's compile() keeps steps_per_execution as given ("auto", None, 2.5, 0, -1,
# True too: its get_compile_config() returns it so); it fails only where a loop takes it,
# with Python's own errors: fit after on_epoch_begin, evaluate after on_test_begin,
# predict after on_predict_begin (and first where it compares it with 1: a float passes
# that), train_on_batch/test_on_batch at once. Its epoch loops step through the batches
# by `range(first, n, k)`: k 0 (or False) is range's ValueError, a negative k runs no step
# (fit and evaluate then read metrics never built, predict its outputs never set); the
# single-batch steps loop `range(k)` times: no step for k <= 0, their outputs never set.
def _loop_steps(k: Any) -> int:
    range(0, 1, k)  # (Python's TypeError for no int, its ValueError for 0)
    return int(k)


def _batch_steps(k: Any) -> None:
    if not range(k):  # (Python's TypeError for no int)
        raise UnboundLocalError("cannot access local variable 'outputs' where it is not "
                                "associated with a value")


def _compared_steps(k: Any) -> None:
    if not isinstance(k, (int, float)):
        raise TypeError(f"'>' not supported between instances of '{type(k).__name__}' and "
                        "'int'")


# Keras 3 runs steps_per_execution (k) steps in one call of its step function: the batch
# callbacks see one call, begun at its first step and ended at first + k - 1, even where
# the epoch's last call runs fewer steps (8 steps of 3: ends at 2, 5 and 8).
def _begins_execution(step: int, k: int, batch: Any) -> bool:
    """Whether `step` begins an execution (with k == 1, every step: also one that finds
    the data run out, as TF's loop asks for it inside its function)."""
    return k == 1 or (step % k == 0 and batch is not da.RAN_OUT)


def _execution_end(step: int, k: int) -> int:
    """The step an execution holding `step` is reported to end at."""
    return step - step % k + k - 1


def _joined(outputs: list) -> Any:
    """An execution's outputs, as Keras 3's predict function gives them: one step's as
    they are, several steps' joined along the batch."""
    if len(outputs) == 1:
        return outputs[0]
    return nest.map_structure(lambda *parts: A.concat(list(parts), 0), *outputs)
