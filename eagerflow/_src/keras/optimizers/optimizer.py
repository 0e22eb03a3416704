"""The Keras optimizer base: state, slots, clipping, weight decay, apply_gradients.

Sits in the keras layer, above ops/autodiff: updates are written with public ops, so
the same code runs eagerly and inside a traced tf.function. Update rules follow TF
2.21's Keras, and so does the state a checkpoint sees: `_variables` (every variable,
in creation order: the step counter, the learning rate, then the slots),
`_trainable_variables` (the variables `build` was given), `_iterations`,
`_learning_rate`, then one list per kind of slot (`_momentums`, `_velocities`, ...).
Slots are also reached by TF 2.x's names with `get_slot(var, "m")`, and every new slot
is announced with `trackable.slot_added`, so eagerflow's older checkpoints (Keras 2's
`iter` and slot variables) still restore.
"""

from __future__ import annotations

import itertools
import operator
import re
import warnings
from typing import Any, Callable, Iterable

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import trackable
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.trackable import TrackedDict, TrackedList
from eagerflow._src.distribute import context
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import initializers
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.name_scope import check_name
from eagerflow._src.keras.optimizers import schedules as lrs
from eagerflow._src.keras.optimizers import slices
from eagerflow._src.keras.variables import Variable as KerasVariable
from eagerflow._src.keras.variables import keras_variable
from eagerflow._src.ops import math as m
from eagerflow._src.ops import math_base
from eagerflow._src.ops.math_base import add_n, ones_like, where, zeros_like
from eagerflow._src.ops.norms import clip_by_norm
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.variables import Variable, VariableAggregation, is_tf_variable


def _decay_name(var: Any) -> str:
    """The name weight decay's excluded names are searched in: under Keras's TF backend
    the tf.Variable's, which is the Keras variable's path and ":0" (so `var_names=["out"]`
    excludes the bias and kernel of a layer named "out"); a tf.Variable's own name."""
    path = getattr(var, "path", None)
    return f"{path}:0" if path is not None else getattr(var, "name", "")


class _VariableList(list):
    """A list that can also be called: `opt.variables` (Keras 3) and `opt.variables()` (TF 2.x)."""

    def __call__(self) -> list:
        return list(self)


def _var_key(var: Any) -> int:
    return getattr(var, "_unique_id", None) or id(var)


_FIRST, _SECOND = operator.itemgetter(0), operator.itemgetter(1)
# The step count and learning rate are the same on every replica: a replica's write of
# them keeps the first replica's, as Keras 3's.
_FIRST_REPLICA = VariableAggregation.ONLY_FIRST_REPLICA
_DTYPE = operator.attrgetter("dtype")
_DTYPE_NAME = operator.attrgetter("_dtype._name")  # (an eager tensor's)


def _base_name(var: Any) -> str:
    name = getattr(var, "name", "Variable")
    return name[:-2] if name.endswith(":0") else name


def _dense(g: Any) -> Tensor:
    if hasattr(g, "indices") and hasattr(g, "values") and hasattr(g, "dense_shape"):
        conv = getattr(g, "_as_dense", None) or getattr(g, "to_dense", None)
        if conv is not None:
            return conv()
    return convert_to_tensor(g)


def _gradient(g: Any, sparse: bool) -> Any:
    """`g` as an update step takes it: a gather's IndexedSlices kept where the optimizer
    applies them as Keras does (`sparse`), else dense."""
    if g.__class__ is EagerTensor:  # (the common gradient: nothing to convert)
        return g
    return g if sparse and slices.is_rows(g) else _dense(g)


# The parameters every Keras 3 optimizer lists after its own, before `**kwargs`.
_BASE_KEYS = ("weight_decay", "clipnorm", "clipvalue", "global_clipnorm", "use_ema",
              "ema_momentum", "ema_overwrite_frequency", "loss_scale_factor",
              "gradient_accumulation_steps", "name")


def base_args(frame_locals: dict) -> dict:
    """The base optimizer's arguments, given `locals()` in a subclass's constructor that
    lists them (as Keras's do, so positional calls bind alike): they and its `**kwargs`."""
    return {**{k: frame_locals[k] for k in _BASE_KEYS}, **frame_locals["kwargs"]}


# what `learning_rate` is when not given (Keras 3 requires it)
_REQUIRED = object()


class Optimizer(trackable.AutoTrackable):
    """Base class of the Keras optimizers (tf.keras.optimizers.Optimizer)."""

    _tf_wrappers = False  # Keras 3's tracking: list attributes stay lists
    # Whether update_step takes a gather's gradient as IndexedSlices, computing with it as
    # Keras's TF backend does (slices.py); the others get it dense.
    _applies_slices = False

    # its slots are children (in `_variables` and the slot lists), not Keras 2's slot
    # variables of a checkpoint's object graph
    _slot_variables_in_checkpoints = False

    def __init__(self, learning_rate: Any = _REQUIRED, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        if learning_rate is _REQUIRED:  # (Keras 3's base class takes no default: its error)
            raise TypeError("BaseOptimizer.__init__() missing 1 required positional argument: "
                            "'learning_rate'")
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored.",
                          stacklevel=2)
        if kwargs:  # (Keras 3 takes neither TF 2.x's `lr` nor `jit_compile`)
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        # the name is taken before the checks below, so a refused optimizer uses up its
        # automatic name as in Keras 3
        self._name = name if name is not None else kb.auto_name(type(self).__name__)
        if gradient_accumulation_steps and not gradient_accumulation_steps >= 2:
            raise ValueError("`gradient_accumulation_steps` must be an integer >= 2. Received: "
                             f"gradient_accumulation_steps={gradient_accumulation_steps}")
        if use_ema:
            if ema_momentum > 1 or ema_momentum < 0:
                raise ValueError("`ema_momentum` must be in the range [0, 1]. "
                                 f"Received: ema_momentum={ema_momentum}")
            if ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int)
                                            or ema_overwrite_frequency < 1):
                raise ValueError("`ema_overwrite_frequency` must be an integer >= 1 or None. "
                                 f"Received: ema_overwrite_frequency={ema_overwrite_frequency}")
        if sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError("Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be "
                             f"set. Received: clipnorm={clipnorm}, clipvalue={clipvalue}, "
                             f"global_clipnorm={global_clipnorm}")
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.built = False
        self._slots: dict[int, dict[str, Variable]] = {}
        self._slot_names_seen: list[str] = []
        self._exclude_ids: set = set()
        self._exclude_pattern: Any = None
        self._coef: dict = {}
        self._variables = self._track("_variables", TrackedList())
        self._trainable_variables = self._track("_trainable_variables", TrackedList())
        self._track("_trainable_variables_indices", TrackedDict())
        check_name(self._name)  # (Keras 3 opens its name scope here, to make `iterations`)
        self._iterations = self._own_variable("_iterations", keras_variable(
            Variable(np.int64(0), trainable=False, name=f"{self._name}/iteration", dtype=dt.int64,
                     aggregation=_FIRST_REPLICA),
            "iteration", f"{self._name}/iteration"))
        self._learning_rate: Any = None
        if not isinstance(learning_rate, (float, lrs.LearningRateSchedule)) and not (
                callable(learning_rate) and not isinstance(learning_rate, (Variable, Tensor))):
            # (Keras 3 makes its variable of a Python float only; the setter takes more)
            raise _bad_learning_rate(learning_rate)
        self._set_learning_rate(learning_rate)

    # -- identity -----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    # -- learning rate ------------------------------------------------------------------
    def _set_learning_rate(self, lr: Any) -> None:
        if isinstance(lr, lrs.LearningRateSchedule) or (callable(lr) and not isinstance(
                lr, (Variable, Tensor))):
            self._learning_rate = lr
            return
        if isinstance(self._learning_rate, lrs.LearningRateSchedule):
            raise TypeError("This optimizer was created with a `LearningRateSchedule` object as "
                            "its `learning_rate` constructor argument, hence its learning rate "
                            "is not settable. If you need the learning rate to be settable, you "
                            "should instantiate the optimizer with a float `learning_rate` "
                            "argument.")
        if is_tf_variable(lr) or isinstance(lr, Tensor):
            value = np.asarray(lr.numpy(), dtype=np.float32)
        else:  # (TF's conversion, as Keras assigns the value to its variable)
            value = convert_to_tensor(lr, dtype=dt.float32).numpy()
        if is_tf_variable(self._learning_rate):
            self._learning_rate.assign(value)
        else:
            self._learning_rate = self._own_variable("_learning_rate", keras_variable(
                Variable(value, trainable=False, dtype=dt.float32,
                         name=f"{self._name}/learning_rate", aggregation=_FIRST_REPLICA),
                "learning_rate", f"{self._name}/learning_rate"))

    def _current_learning_rate(self) -> Any:
        lr = self._learning_rate
        if isinstance(lr, lrs.LearningRateSchedule):
            return lr(self._iterations)
        if is_tf_variable(lr):
            return lr
        return lr()

    @property
    def learning_rate(self) -> Any:
        return self._current_learning_rate()

    @learning_rate.setter
    def learning_rate(self, value: Any) -> None:
        self._set_learning_rate(value)

    lr = learning_rate  # the TF 2.x alias

    def _lr(self, dtype: dt.DType) -> Tensor:
        lr = self._current_learning_rate()
        t = lr._as_tensor() if is_tf_variable(lr) else convert_to_tensor(lr)
        return t if t._dtype is dtype else math_base.cast(t, dtype)

    # -- state --------------------------------------------------------------------------
    @property
    def iterations(self) -> Any:
        """The step counter; with gradient accumulation, Keras 3's count of updates made
        (the calls divided by `gradient_accumulation_steps`), a tensor."""
        return self._step_count() if self.gradient_accumulation_steps else self._iterations

    def _step_count(self) -> Tensor:
        it = self._iterations._as_tensor()
        steps = self.gradient_accumulation_steps
        return it // np.int64(steps) if steps else it

    @property
    def variables(self) -> _VariableList:
        return _VariableList(self._variables)

    def _own_variable(self, name: str, var: Variable) -> Variable:
        """Adds a variable of the optimizer's own (a checkpoint child `name`, and in
        `_variables`)."""
        self._variables.append(var)
        return self._track(name, var)

    def _checkpoint_aliases(self) -> dict:
        """Keras 2's names, in eagerflow's older checkpoints: a restore still matches them."""
        aliases = {"iter": self._iterations}
        if is_tf_variable(self._learning_rate):
            aliases["learning_rate"] = self._learning_rate
        return aliases

    @property
    def weights(self) -> list:
        return list(self.variables)

    def get_weights(self) -> list:
        return [v.numpy() for v in self.variables]

    def set_weights(self, weights: list) -> None:
        variables = self.variables
        if len(weights) != len(variables):
            raise ValueError(f"Optimizer variable count mismatch: expected {len(variables)} "
                             f"weights, received {len(weights)}.")
        for v, w in zip(variables, weights):
            v.assign(np.asarray(w))

    def get_slot_names(self) -> list:
        """The slot names this optimizer has created, in creation order."""
        return list(self._slot_names_seen)

    def get_slot(self, var: Any, slot_name: str) -> Variable:
        slots = self._slots.get(_var_key(var), {})
        if slot_name not in slots:
            raise KeyError(f"Slot {slot_name!r} not found for variable {_base_name(var)!r}; "
                           f"this optimizer's slots are {self.get_slot_names()}")
        return slots[slot_name]

    def add_slot(self, var: Any, slot_name: str, initializer: Any = "zeros") -> Variable:
        """Creates (once) the slot `slot_name` for `var`, shaped and typed like it."""
        slots = self._slots.setdefault(_var_key(var), {})
        if slot_name in slots:
            return slots[slot_name]
        npd = dt.as_dtype(var.dtype).as_numpy_dtype  # (a Keras variable's dtype is a str)
        shape = tuple(var.shape.as_list()) if var.shape.rank is not None else var._arr.shape
        if isinstance(initializer, str) and initializer == "zeros":
            value = np.zeros(shape, npd)
        elif isinstance(initializer, (int, float)):
            value = np.full(shape, initializer, npd)
        elif callable(initializer):
            value = np.asarray(initializer(shape=shape, dtype=var.dtype), npd)
        else:
            value = np.asarray(initializer, npd)
        # Keras 3 names a slot after its variable's path and its own Keras name (a plain
        # tf.Variable has no path: after its name, "Variable:0" -> "Variable_0"); the
        # variable under it is named by its path (checkpoints record it as its full_name)
        reference = getattr(var, "path", None) or str(var.name).replace(":", "_")
        suffix = self._keras_slot_names.get(slot_name, slot_name)
        keras_name = f"{reference.replace('/', '_')}_{suffix}"
        slot = Variable(value, trainable=False, dtype=var.dtype,
                        name=f"{self._name}/{keras_name}")
        keras_variable(slot, keras_name, f"{self._name}/{keras_name}")
        return self._register_slot(var, slot_name, slot)

    def _register_slot(self, var: Any, slot_name: str, slot: Variable) -> Variable:
        """Makes `slot` the slot `slot_name` of `var`, in `_variables` after the others."""
        self._slots.setdefault(_var_key(var), {})[slot_name] = slot
        self._variables.append(slot)
        if slot_name not in self._slot_names_seen:
            self._slot_names_seen.append(slot_name)
        trackable.slot_added(self, var, slot_name, slot)
        return slot

    # Keras 3's names of the slots (eagerflow keeps Keras 2's in checkpoints)
    _keras_slot_names = {"m": "momentum", "v": "velocity", "vhat": "velocity_hat",
                         "rms": "velocity", "mg": "average_gradient",
                         "accum_grad": "accumulated_grad", "accum_var": "accumulated_delta_var"}

    def _slot_groups(self) -> list:
        """What `build` makes, as Keras 3 does: groups of (slot name, list attribute,
        initial value), each group made variable by variable with its slots interleaved,
        each slot kept in its list too (a slot name of None: the list stays empty).
        Subclasses add theirs to the base's (moving averages, gradient accumulators)."""
        groups = []
        if self.use_ema:
            groups.append([("average", "_model_variables_moving_average", "value")])
        if self.gradient_accumulation_steps:
            groups.append([("gradient_accumulator", "_accumulated_gradients", "zeros")])
        return groups

    _lazy_build = False  # (True while apply builds: see _build_lazily)

    def _build_lazily(self, variables: list) -> None:
        """build, from apply: Keras 3's apply builds inside the optimizer's name scope, so
        a plain variable an optimizer makes in build has the path `<optimizer>/variable`
        there (its slots name their paths themselves, either way)."""
        self._lazy_build = True
        try:
            self.build(variables)
        finally:
            self._lazy_build = False

    def _plain_path(self, name: str) -> str:
        """The path of a plain variable named `name` made in build: under the optimizer's
        name while apply builds (its name scope), bare when build is called directly."""
        return f"{self._name}/{name}" if self._lazy_build else name

    def build(self, var_list: Iterable) -> None:
        """Creates the slots of every variable in `var_list` that has none yet."""
        new = [v for v in var_list if _var_key(v) not in self._slots]
        for var in new:
            self._slots[_var_key(var)] = {}
            self._trainable_variables.append(var)
        if new:
            for group in self._slot_groups():
                self._add_slot_group(group, new)
            self._build_more(new)
        self.built = True

    # -- Keras 3's variable API, for optimizers written as Keras's are ----------------
    def add_variable(self, shape: Any, initializer: Any = "zeros", dtype: Any = None,
                     aggregation: str = "none", layout: Any = None,
                     name: str | None = None) -> Variable:
        """A non-trainable variable of the optimizer's own, at `<optimizer>/<name>`, listed
        in `variables` (and so in saved files) after those made before it."""
        name = name or kb.auto_name("variable")
        var = KerasVariable(initializers.get(initializer), shape=tuple(shape),
                            dtype=dtype or kb.floatx(), trainable=False,
                            aggregation=aggregation, layout=layout, name=name)
        keras_variable(var, name, f"{self._name}/{name}")  # (the path in its optimizer)
        self._variables.append(var)
        return var

    def add_variable_from_reference(self, reference_variable: Any, name: str | None = None,
                                    initializer: Any = "zeros") -> Variable:
        """A variable shaped and typed as `reference_variable`, named after its path."""
        ref = getattr(reference_variable, "path", None)
        ref = ref.replace("/", "_") if ref is not None else \
            str(reference_variable.name).replace("/", "_").replace(":", "_")
        return self.add_variable(reference_variable.shape, initializer,
                                 reference_variable.dtype, name=f"{ref}_{name or 'var'}")

    def add_optimizer_variables(self, trainable_variables: list, name: Any,
                                initializer: Any = "zeros") -> Any:
        """add_variable_from_reference for each variable (None for one overwritten with its
        gradient); with several names, a tuple of such lists."""
        names = [name] if isinstance(name, str) else list(name)
        inits = [initializer] * len(names) if isinstance(name, str) or \
            not isinstance(initializer, (list, tuple)) else list(initializer)
        lists = tuple([None if getattr(v, "overwrite_with_gradient", False) else
                       self.add_variable_from_reference(v, n, i) for v in trainable_variables]
                      for n, i in zip(names, inits))
        return lists[0] if isinstance(name, str) else lists

    def _get_variable_index(self, variable: Any) -> int:
        """The position of `variable` among those the optimizer was built with."""
        index = self.__dict__.get("_variable_index")
        if index is None or len(index) != len(self._trainable_variables):  # (built further)
            index = {_var_key(v): i for i, v in enumerate(self._trainable_variables)}
            object.__setattr__(self, "_variable_index", index)
        return index[_var_key(variable)]

    def stateless_apply(self, optimizer_variables: Any, grads: Any,
                        trainable_variables: Any) -> Any:
        raise ValueError("stateless_apply is not supported with the TensorFlow backend (as it "
                         "is incompatible with tf.distribute).")

    def save_own_variables(self, store: Any) -> None:
        """Writes `variables` to `store` as "0", "1", ..."""
        for i, v in enumerate(self.variables):
            store[str(i)] = v.numpy()

    def load_own_variables(self, store: Any) -> None:
        """Assigns `variables` from `store`; a store of another length is skipped with
        Keras's warning."""
        if len(store.keys()) != len(self.variables):
            warnings.warn(f"Skipping variable loading for optimizer '{self.name}', because it "
                          f"has {len(self.variables)} variables whereas the saved optimizer has "
                          f"{len(store.keys())} variables. ", stacklevel=2)
            return
        for i, v in enumerate(self.variables):
            v.assign(store[str(i)])

    save_own_variables.keras_default = True  # (weights_io writes and reads these itself)
    load_own_variables.keras_default = True

    def _slot_list(self, attr: str) -> TrackedList:
        """The list attribute `attr` that keeps one kind of slot (made on first use)."""
        if attr not in self.__dict__:
            object.__setattr__(self, attr, self._track(attr, TrackedList()))
        return self.__dict__[attr]

    def _empty_node(self, attr: str, value: Any) -> Any:
        """Sets the attribute `attr` to `value`, a list or dict that Keras 3 fills after
        assigning it: a TF checkpoint records it as the empty node it was then."""
        self._track(attr, TrackedList() if isinstance(value, list) else TrackedDict())
        object.__setattr__(self, attr, value)
        return value

    def _add_slot_group(self, group: list, variables: list) -> None:
        lists = [self._slot_list(attr) for _, attr, _ in group]
        for var in variables:
            for (slot_name, _, init), slots in zip(group, lists):
                # a variable overwritten with its gradient gets no step's slots (Keras 3
                # leaves them out), only a gradient accumulator
                if slot_name is not None and (slot_name == "gradient_accumulator" or not
                                              getattr(var, "overwrite_with_gradient", False)):
                    slots.append(self.add_slot(var, slot_name,
                                               var.numpy() if init == "value" else init))

    def _build_more(self, variables: list) -> None:
        """Subclasses' state beyond the slots, made after them (Nadam's momentum product)."""

    # -- applying gradients --------------------------------------------------------------
    def apply_gradients(self, grads_and_vars: Iterable, name: str | None = None,
                        skip_gradients_aggregation: bool = False, **kwargs: Any) -> Variable:
        """Applies `(gradient, variable)` pairs; pairs whose gradient is None are skipped.
        Returns the optimizer's own step counter, as Keras 3's (a LossScaleOptimizer's
        and a MultiOptimizer's their own, the raw calls under gradient accumulation)."""
        pairs = list(grads_and_vars)
        grads = list(map(_FIRST, pairs))  # (each p[0])
        variables = list(map(_SECOND, pairs))
        replica = _replica_context_in_sync()
        if replica is None:
            self.apply(grads, variables)
            return self._iterations
        # Under a distribution strategy: sum the replicas' gradients, then update once
        # (in cross-replica context) so every copy of each variable gets the same step.
        if not skip_gradients_aggregation and kwargs.get("experimental_aggregate_gradients",
                                                         True):
            present = [i for i, g in enumerate(grads) if g is not None]
            summed = replica.all_reduce("SUM", [grads[i] for i in present])
            for i, g in zip(present, summed):
                grads[i] = g
        if replica._tracing:
            # One graph traced for every replica: each replica applies the same summed
            # gradients to its own copies of the (mirrored) variables, which stay equal.
            with context.update_scope():
                self.apply(grads, variables)
            return self._iterations
        replica.merge_call(lambda _strategy: self.apply(grads, variables))
        return self._iterations

    def apply(self, grads: Any, trainable_variables: Any = None) -> None:
        """Applies `grads` to `trainable_variables` (by default the variables `build` was
        given); returns None, as Keras 3's (apply_gradients returns the iterations)."""
        grads = list(grads)
        if not grads:
            return  # nothing to apply (Keras 3 does nothing either)
        if trainable_variables is None:
            variables = self._built_variables(len(grads))
        else:
            variables = list(trainable_variables)
            if not trackable.all_variables(variables):
                for v in variables:
                    if not trackable.is_variable(v):
                        # Keras 3 keys each variable by its `_unique_id`: anything else fails
                        # there, with Python's own AttributeError
                        v._unique_id  # noqa: B018
            if not self.built:
                self._build_lazily(variables)
            self._check_variables_are_known(variables)
        grads, variables = self._present_gradients(grads, variables)
        if any(map(getattr, variables, itertools.repeat("overwrite_with_gradient"),
                   itertools.repeat(False))):
            grads, variables = self._overwrite_with_gradients(grads, variables)
        if self.loss_scale_factor is not None:  # (Keras's TypeError for IndexedSlices)
            grads = [g / self.loss_scale_factor for g in grads]
        self._coef.clear()  # (this step's coefficients: `_coef` is kept for this alone)
        if not grads:
            pass  # (every variable was overwritten with its gradient)
        elif self.gradient_accumulation_steps:
            self._apply_accumulated(grads, variables)
        else:
            self._apply_now(grads, variables)
        if self.use_ema:  # (every call, accumulating or not, as Keras 3)
            self._update_ema(variables)
        # (its value unread: Keras 3's assign_add returns it, a read of the counter)
        self._iterations.assign_add(_step_one(self._iterations), read_value=False)
        self._coef.clear()

    def _present_gradients(self, grads: list, variables: list) -> tuple:
        """The (gradient, variable) pairs that have a gradient, as two lists: each gradient
        converted as the update step takes it and cast to its variable's dtype; warns of
        the variables left without one. (An eager step's gradients are all there, tensors
        of their variables' dtypes: that case is checked in C calls, and keeps them.)"""
        n = min(len(grads), len(variables))
        if len(grads) != n or len(variables) != n:
            grads, variables = grads[:n], variables[:n]  # (as zip pairs them)
        if any(map(operator.is_, grads, itertools.repeat(None))) or \
                not all(map(operator.is_, map(type, grads), itertools.repeat(EagerTensor))):
            missing = [getattr(v, "path", None) or _base_name(v) + ":0"
                       for g, v in zip(grads, variables) if g is None]
            pairs = [(_gradient(g, self._applies_slices), v)
                     for g, v in zip(grads, variables) if g is not None]
            if missing and pairs:  # (with none at all, the error below, and no warning)
                warnings.warn(f"Gradients do not exist for variables {missing} when minimizing "
                              "the loss. If using `model.compile()`, did you forget to provide a "
                              "`loss` argument?", stacklevel=1)  # (Keras's line: once per text)
            grads, variables = list(map(_FIRST, pairs)), list(map(_SECOND, pairs))
            cast = any(map(operator.is_not, map(_DTYPE, grads),
                           map(dt.as_dtype, map(_DTYPE, variables))))
        else:  # (eager tensors: their dtypes' names against the variables' dtypes, which
            # are names for Keras variables: compared in C calls)
            cast = any(map(operator.ne, map(_DTYPE_NAME, grads), map(_DTYPE, variables)))
        if not grads:
            raise ValueError("No gradients provided for any variable.")
        if cast:
            grads = [g if g.dtype is dt.as_dtype(v.dtype) else math_base.cast(g, v.dtype)
                     for g, v in zip(grads, variables)]
        return grads, variables

    def _overwrite_with_gradients(self, grads: list, variables: list) -> tuple:
        """Assigns their gradients to the variables marked `overwrite_with_gradient` (a
        float8 layer's scales and amax histories: their gradients are their next values);
        the other pairs are returned for the step. Accumulating, such a variable takes the
        largest gradient of the window, on the update step."""
        rest_g, rest_v = [], []
        steps = self.gradient_accumulation_steps
        for g, v in zip(grads, variables):
            if not getattr(v, "overwrite_with_gradient", False):
                rest_g.append(g)
                rest_v.append(v)
            elif steps:
                acc = self.get_slot(v, "gradient_accumulator")
                due = m.equal((self._iterations._as_tensor() + np.int64(1)) % steps,
                              np.int64(0))
                top = m.maximum(g, acc._as_tensor())
                v.assign(where(due, top, v._as_tensor()))
                acc.assign(where(due, zeros_like(g), top))
            else:
                v.assign(g)
        return rest_g, rest_v

    def _built_variables(self, n_grads: int) -> list:
        """The variables `build` was given, for gradients passed without them."""
        built = list(self._trainable_variables)
        if not self.built:
            raise ValueError("When passing `grads` without `variables`, the optimizer must "
                             "already be built on a list of variables. Call "
                             "`optimizer.build(trainable_variables)` first. ")
        if n_grads != len(built):
            raise ValueError("When passing `grads` as a list of gradient tensors, the gradients "
                             "must match `optimizer.variables` one-to-on. Received a list of "
                             f"{n_grads} gradients, but the optimizer is tracking "
                             f"{len(built)} trainable variables.")
        return built

    def _check_variables_are_known(self, variables: list) -> None:
        # Keras 3: an optimizer serves only the variables it was built with. (Their keys
        # read in C calls first, every step: a variable keyed by its id, which has no
        # _unique_id, misses here and is looked at below, as any unknown one.)
        keys = map(getattr, variables, itertools.repeat("_unique_id"), itertools.repeat(None))
        if all(map(self._slots.__contains__, keys)):
            return
        for v in variables:
            if _var_key(v) not in self._slots:
                raise ValueError(f"Unknown variable: {v}. This optimizer can only be called "
                                 "for the variables it was originally built with. When working "
                                 "with a new set of variables, you should recreate a new "
                                 "optimizer instance.")

    def scale_loss(self, loss: Any) -> Any:
        """The loss a train step differentiates: times `loss_scale_factor` when set (the
        gradients are divided by it again in `apply`)."""
        return loss if self.loss_scale_factor is None else loss * self.loss_scale_factor

    def _apply_now(self, grads: list, variables: list) -> None:
        grads = self._clip_gradients(grads)
        self._apply_weight_decay(variables)
        self._before_update(variables)
        self._update_steps(grads, variables)

    def _update_steps(self, grads: list, variables: list) -> None:
        """Each variable's update_step, then its constraint (Adam updates small variables
        together: see flat.py)."""
        for g, v in zip(grads, variables):
            self.update_step(g, v, self._lr(v.dtype))
            if getattr(v, "constraint", None) is not None:
                v.assign(v.constraint(v))

    def _apply_accumulated(self, grads: list, variables: list) -> None:
        """Every `gradient_accumulation_steps`-th call applies the mean of the gradients
        accumulated since the last update (a tf.cond, as Keras 3: traced steps keep it)."""
        steps = self.gradient_accumulation_steps
        accs = [self.get_slot(v, "gradient_accumulator") for v in variables]

        grads = [_dense(g) for g in grads]  # (Keras sums slices into the accumulators)

        def update() -> Any:
            self._apply_now([(g + a._as_tensor()) / float(steps) for g, a in zip(grads, accs)],
                            variables)
            for a in accs:
                a.assign(zeros_like(a._as_tensor()))
            return self._iterations.read_value()

        def accumulate() -> Any:
            for g, a in zip(grads, accs):
                a.assign_add(g)
            return self._iterations.read_value()

        # (`steps` converted as the int64 counter's operand: a float one fails there with
        # TF's TypeError, as in Keras 3)
        due = m.equal((self._iterations._as_tensor() + np.int64(1)) % steps,
                      np.int64(0))
        cond(due, update, accumulate)

    def _before_update(self, variables: list) -> None:
        """Once per step, before the per-variable updates (Nadam's momentum cache)."""

    # Keras 3's assignments of an update step: an IndexedSlices value updates its rows.
    def assign(self, variable: Any, value: Any) -> None:
        if slices.is_rows(value):
            variable.scatter_update(value)
        else:
            variable.assign(value)

    def assign_add(self, variable: Any, value: Any) -> None:
        if slices.is_rows(value):
            variable.scatter_add(value)
        else:
            _update(variable, value, "assign_add")

    def assign_sub(self, variable: Any, value: Any) -> None:
        if slices.is_rows(value):
            variable.scatter_sub(value)
        else:
            _update(variable, value, "assign_sub")

    def update_step(self, gradient: Tensor, variable: Variable, learning_rate: Tensor) -> None:
        raise NotImplementedError  # (a bare one, as Keras 3's base class raises)

    def _local_step(self, dtype: dt.DType, offset: int = 1) -> Tensor:
        key = ("step", dtype, offset)
        if key not in self._coef:
            self._coef[key] = math_base.cast(self._step_count() + np.int64(offset), dtype)
        return self._coef[key]

    # -- clipping, weight decay, EMA ----------------------------------------------------
    def _clip_gradients(self, grads: list) -> list:
        if self.clipnorm and self.clipnorm > 0:
            return [self._clip_by_norm(g) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            c = self.clipvalue
            return [m.clip_by_value(g, -c, c) for g in grads]  # (slices stay slices)
        return grads

    def _clip_by_norm(self, g: Any) -> Any:
        if slices.is_rows(g):  # (Keras's TF backend: tf.clip_by_norm, which keeps slices)
            return clip_by_norm(g, self.clipnorm)
        l2sum = reduce_sum(m.square(g), keepdims=True)
        pos = l2sum > 0
        norm = where(pos, m.sqrt(where(pos, l2sum, ones_like(l2sum))), l2sum)
        return (g * self.clipnorm) / m.maximum(norm, self.clipnorm)

    def exclude_from_weight_decay(self, var_list: Any = None, var_names: Any = None) -> None:
        """Variables (or name substrings) that weight decay must leave alone. (Allowed after
        the optimizer is built too: Keras 3's guard reads a `_built` its optimizers never
        set.)"""
        self._exclude_ids = {_var_key(v) for v in (var_list or [])}
        self._exclude_pattern = re.compile("|".join(set(var_names))) if var_names else None

    def _use_weight_decay(self, var: Any) -> bool:
        if "_exclude_from_weight_decay_cache" not in self._tracked_children():
            self._track("_exclude_from_weight_decay_cache", TrackedDict())  # as Keras 3
        if _var_key(var) in self._exclude_ids:
            return False
        return not (self._exclude_pattern is not None
                    and self._exclude_pattern.search(_decay_name(var)))

    def _apply_weight_decay(self, variables: list) -> None:
        if self.weight_decay is None:
            return
        for v in variables:
            if self._use_weight_decay(v):
                lr = self._lr(v.dtype)
                wd = convert_to_tensor(float(self.weight_decay), dtype=v.dtype)
                x = v._as_tensor()
                v.assign(x - x * wd * lr)

    def _update_ema(self, variables: list) -> None:
        for v in variables:
            avg = self.get_slot(v, "average")
            first = math_base.cast(m.not_equal(self._step_count(), np.int64(0)), v.dtype)
            mom = first * self.ema_momentum
            avg.assign(mom * avg._as_tensor() + (1 - mom) * v._as_tensor())
        if self.ema_overwrite_frequency:
            due = m.equal((self._step_count() + np.int64(1))
                          % np.int64(self.ema_overwrite_frequency), np.int64(0))
            for v in variables:
                v.assign(where(due, self.get_slot(v, "average")._as_tensor(), v._as_tensor()))

    def finalize_variable_values(self, var_list: Iterable) -> None:
        """With use_ema, replaces each variable by its moving average (end of training)."""
        if self.use_ema:
            for v in var_list:
                if _var_key(v) in self._slots and "average" in self._slots[_var_key(v)]:
                    v.assign(self.get_slot(v, "average")._as_tensor())

    # -- minimize -----------------------------------------------------------------------
    def minimize(self, loss: Any, var_list: Any, grad_loss: Any = None, name: str | None = None,
                 tape: Any = None) -> Variable:
        """Computes the gradients of `loss` for `var_list` and applies them."""
        if not callable(loss) and tape is None:
            raise ValueError("`tape` is required when a `Tensor` loss is passed. "
                             f"Received: loss={loss}, tape={tape}.")
        tape = tape if tape is not None else GradientTape()
        if callable(loss):
            with tape:
                if not callable(var_list):
                    tape._watch(var_list)
                loss = loss()
                if callable(var_list):
                    var_list = var_list()
        var_list = list(var_list)
        grads = tape.gradient(loss, var_list, grad_loss)
        return self.apply_gradients(zip(grads, var_list))

    # -- config -------------------------------------------------------------------------
    def _lr_config(self) -> Any:
        lr = self._learning_rate
        if isinstance(lr, lrs.LearningRateSchedule):
            return lrs.serialize(lr)
        if is_tf_variable(lr):
            return float(lr.numpy())
        return lr

    def get_config(self) -> dict:
        return {"name": self._name, "learning_rate": self._lr_config(),
                "weight_decay": self.weight_decay, "clipnorm": self.clipnorm,
                "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue,
                "use_ema": self.use_ema, "ema_momentum": self.ema_momentum,
                "ema_overwrite_frequency": self.ema_overwrite_frequency,
                "loss_scale_factor": self.loss_scale_factor,
                "gradient_accumulation_steps": self.gradient_accumulation_steps}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Optimizer:
        lr = config.get("learning_rate")
        if isinstance(lr, dict):  # (in the dict given, as Keras 3 replaces it)
            # (read in full, as any Keras object: a class it cannot find is its TypeError)
            config["learning_rate"] = ser.deserialize_keras_object(lr, custom_objects)
        return cls(**config)


def _bad_learning_rate(lr: Any) -> ValueError:
    return ValueError("Argument `learning_rate` should be float, or an instance of "
                      "LearningRateSchedule, or a callable (that takes in the current iteration "
                      "value and returns the corresponding learning rate value). Received "
                      f"instead: learning_rate={lr}")


def global_norm(tensors: list) -> Tensor:
    return m.sqrt(add_n([reduce_sum(slices.square(t)) for t in tensors]))


def clip_by_global_norm(grads: list, clip_norm: float) -> list:
    norm = global_norm(grads)
    scale = clip_norm * m.minimum(1.0 / norm, 1.0 / clip_norm)
    return [g * math_base.cast(scale, g.dtype) for g in grads]


UpdateFn = Callable[[Tensor, Variable, Tensor], None]


def _replica_context_in_sync() -> Any:
    """The replica context of a multi-replica strategy running this thread, or None."""
    ctx = context.current_replica_context()
    return ctx if ctx is not None and ctx.num_replicas_in_sync > 1 else None


# The step count's increment, one int64 tensor per device, made once: eagerly on a GPU a
# fresh 1 was copied onto the device every step (a host-to-device copy in every step).
_ONES: dict = {}


def _step_one(counter: Any) -> Any:
    """1 as `counter.assign_add` takes it: a constant in a traced step; eagerly the
    tensor of `counter`'s device (tensors are immutable: one serves every optimizer)."""
    if _state.graph is not None:
        return np.int64(1)
    one = _ONES.get(counter._device)
    if one is None:
        with placed_on(counter._device):
            one = _ONES[counter._device] = convert_to_tensor(np.int64(1))
    return one


def _update(variable: Any, value: Any, how: str) -> None:
    """`variable.assign_add/assign_sub(value)`; a value the update refuses is handed to the
    TF variable under a Keras one, so that its AssignAddVariableOp's error is the one
    Keras's TF optimizers raise (a Keras variable's own update fails in AddV2 or Sub)."""
    try:
        getattr(variable, how)(value)
    except OpError:
        if getattr(variable, "_keras_variable", False):
            getattr(variable.value, how)(value)
        raise
