"""keras.distillation: Keras 3's knowledge distillation (a Distiller model training a
student against a frozen teacher, with logits and feature distillation losses).

The arithmetic is Keras's, step for step, so the numbers agree with it: the losses are
computed with keras.ops on the temperature-scaled outputs, a `KLDivergence` *instance*
compares softmax probabilities scaled by T^2 while any other loss (the default
'kl_divergence' resolves to the plain function) compares the scaled logits themselves;
the student and distillation parts are mixed as w*student + (1-w)*distillation.

Sits on the Keras model (engine.training), losses, metrics and keras.ops.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import losses as losses_mod
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras import tree
from eagerflow._src.keras.engine.sequential import Sequential
from eagerflow._src.keras.engine.training import Model
from eagerflow._src.keras.metrics.base import Mean
from eagerflow._src.keras.ops.nn import softmax
from eagerflow._src.keras.ops.numpy_array import stack
from eagerflow._src.keras.ops.numpy_math import add, divide, multiply, subtract
from eagerflow._src.keras.ops.numpy_reduce import mean
from eagerflow._src.keras.ops.numpy_reduce import sum as reduce_sum


def _convert_loss_to_function(loss_item: Any) -> Any:
    """A loss name resolved (keras.losses.get), anything else as given."""
    if loss_item is None:
        return None
    if isinstance(loss_item, str):
        loss_fn = losses_mod.get(loss_item)
        if loss_fn is None:
            raise ValueError(f"Unknown loss function: '{loss_item}'.")
        return loss_fn
    return loss_item


def _sum_of(flat_losses: list) -> Any:
    return reduce_sum(stack(flat_losses))


class DistillationLoss:
    """The base of distillation losses: `compute_loss(teacher_outputs, student_outputs)`
    gives a scalar; `validate_outputs` and `validate_model_compatibility` check the
    structures and models it is given."""

    def compute_loss(self, teacher_outputs: Any, student_outputs: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("Subclasses must implement compute_loss")

    def validate_outputs(self, teacher_outputs: Any, student_outputs: Any) -> None:
        tree.assert_same_structure(teacher_outputs, student_outputs)

    def validate_model_compatibility(self, teacher: Any, student: Any) -> None:
        pass


def _has_symbolic_inputs(model: Any) -> bool:
    return getattr(model, "inputs", None) is not None


class FeatureDistillation(DistillationLoss):
    """`FeatureDistillation(loss='mse', teacher_layer_name=None, student_layer_name=None)`:
    `loss` (a name, a loss, or a structure of them with None to skip an output) between
    the two models' outputs, or between the named layers' outputs."""

    def __init__(self, loss: Any = "mse", teacher_layer_name: str | None = None,
                 student_layer_name: str | None = None) -> None:
        self.teacher_layer_name = teacher_layer_name
        self.student_layer_name = student_layer_name
        self.loss = tree.map_structure(_convert_loss_to_function, loss)
        if all(x is None for x in tree.flatten(self.loss)):
            raise ValueError("The `loss` argument in `FeatureDistillation` must contain at "
                             "least one non-`None` value.")

    def validate_model_compatibility(self, teacher: Any, student: Any) -> None:
        if self.teacher_layer_name is not None or self.student_layer_name is not None:
            subclassed = [role for role, model in (("teacher", teacher), ("student", student))
                          if not _has_symbolic_inputs(model)]
            if subclassed:
                raise ValueError(
                    "FeatureDistillation with specific layer names requires Functional or "
                    f"Sequential models. The {' and '.join(subclassed)} model(s) appear to "
                    "be subclassed (no symbolic inputs/outputs). Either use "
                    "Functional/Sequential models, or use FeatureDistillation without layer "
                    "names (to distill final outputs only), or use LogitsDistillation "
                    "instead.")
        for role, model, name in (("teacher", teacher, self.teacher_layer_name),
                                  ("student", student, self.student_layer_name)):
            if name is not None:
                try:
                    model.get_layer(name=name)
                except ValueError as e:
                    raise ValueError(f"In {role} model: {e}") from None

    def validate_outputs(self, teacher_outputs: Any, student_outputs: Any) -> None:
        super().validate_outputs(teacher_outputs, student_outputs)
        try:
            tree.assert_same_structure(self.loss, teacher_outputs)
        except ValueError:
            # Keras words this mismatch with keras.src.tree.structure, which its tree
            # module lacks: the message is never built and this AttributeError escapes
            raise AttributeError("module 'keras.src.tree' has no attribute 'structure'") \
                from None

    def compute_loss(self, teacher_outputs: Any, student_outputs: Any, **kwargs: Any) -> Any:
        def apply_loss(loss_fn: Any, teacher_features: Any, student_features: Any) -> Any:
            if loss_fn is None:
                return 0.0
            return mean(loss_fn(teacher_features, student_features))

        values = tree.map_structure(apply_loss, self.loss, teacher_outputs, student_outputs)
        return _sum_of(tree.flatten(values))

    def get_config(self) -> dict:
        return {"loss": losses_mod.serialize(self.loss),
                "teacher_layer_name": self.teacher_layer_name,
                "student_layer_name": self.student_layer_name}

    @classmethod
    def from_config(cls, config: dict) -> FeatureDistillation:
        config = dict(config)
        config["loss"] = losses_mod.deserialize(config["loss"])
        return cls(**config)


class LogitsDistillation(DistillationLoss):
    """`LogitsDistillation(temperature=3.0, loss='kl_divergence')`: `loss` between the
    teacher's and the student's outputs divided by `temperature` (a KLDivergence instance
    compares their softmaxes, times temperature^2)."""

    def __init__(self, temperature: float = 3.0, loss: Any = "kl_divergence") -> None:
        self.temperature = temperature
        self.loss = tree.map_structure(_convert_loss_to_function, loss)
        if all(x is None for x in tree.flatten(self.loss)):
            raise ValueError("At least one loss must be non-`None`.")
        if not isinstance(self.temperature, (int, float)):
            raise ValueError(f"temperature must be a number, got {type(self.temperature)}")
        if self.temperature <= 0.0:
            raise ValueError("temperature must be positive.")

    def compute_loss(self, teacher_outputs: Any, student_outputs: Any, **kwargs: Any) -> Any:
        t = self.temperature
        teacher_scaled = tree.map_structure(lambda x: divide(x, t), teacher_outputs)
        student_scaled = tree.map_structure(lambda x: divide(x, t), student_outputs)

        def apply_loss(loss_fn: Any, teacher_logits: Any, student_logits: Any) -> Any:
            if loss_fn is None:
                return 0.0
            if isinstance(loss_fn, losses_mod.KLDivergence):
                loss = mean(loss_fn(softmax(teacher_logits, axis=-1),
                                    softmax(student_logits, axis=-1)))
                return loss * (t ** 2)
            return mean(loss_fn(teacher_logits, student_logits))

        values = tree.map_structure(apply_loss, self.loss, teacher_scaled, student_scaled)
        return _sum_of(tree.flatten(values))

    def get_config(self) -> dict:
        return {"temperature": self.temperature,
                "loss": ser.serialize_keras_object(self.loss)}

    @classmethod
    def from_config(cls, config: dict) -> LogitsDistillation:
        config = dict(config)
        config["loss"] = losses_mod.deserialize(config["loss"])
        return cls(**config)


def _shape_tuple(shape: Any) -> tuple:
    return tuple(shape)


class Distiller(Model):
    """`Distiller(teacher, student, distillation_losses, distillation_loss_weights=None,
    student_loss_weight=0.5, name='distiller')`: a model whose call is the student's and
    whose loss mixes the student's compiled loss with the distillation losses against the
    teacher, which it freezes."""

    def __init__(self, teacher: Any, student: Any, distillation_losses: Any,
                 distillation_loss_weights: Any = None, student_loss_weight: float = 0.5,
                 name: str = "distiller", **kwargs: Any) -> None:
        super().__init__(name=name, **kwargs)
        self._validate_models(teacher, student)
        self.teacher = teacher
        self.student = student
        if not isinstance(student_loss_weight, (int, float)):
            raise ValueError(f"student_loss_weight must be a number, got "
                             f"{type(student_loss_weight)}")
        if student_loss_weight < 0.0 or student_loss_weight > 1.0:
            raise ValueError("student_loss_weight must be between 0.0 and 1.0, "
                             f"got {student_loss_weight}")
        self.student_loss_weight = student_loss_weight
        if distillation_losses is None:
            raise ValueError("'distillation_losses' cannot be `None`. Provide a distillation "
                             "loss (e.g., LogitsDistillation or FeatureDistillation) or a "
                             "list of distillation losses.")
        if not isinstance(distillation_losses, (list, tuple)):
            # (a single loss takes weight 1.0 whatever weights were given, as in Keras)
            self.distillation_losses = [distillation_losses]
            self.distillation_loss_weights = [1.0]
        else:
            self.distillation_losses = distillation_losses
            if distillation_loss_weights is None:
                self.distillation_loss_weights = [1.0] * len(distillation_losses)
            else:
                if len(distillation_loss_weights) != len(distillation_losses):
                    raise ValueError(
                        f"Number of distillation_loss_weights "
                        f"({len(distillation_loss_weights)}) must match number of "
                        f"distillation_losses ({len(distillation_losses)})")
                self.distillation_loss_weights = distillation_loss_weights
        for distillation_loss in self.distillation_losses:
            distillation_loss.validate_model_compatibility(teacher, student)
        self._create_multi_feature_extractors()
        self.teacher.trainable = False
        self.student_loss_tracker = Mean(name="student_loss")
        self.distillation_loss_tracker = Mean(name="distillation_loss")
        self.total_loss_tracker = Mean(name="total_loss")

    # -- validation ---------------------------------------------------------------------
    def _validate_models(self, teacher: Any, student: Any) -> None:
        if not isinstance(teacher, Model):
            raise ValueError(f"Teacher must be a keras.Model, got {type(teacher)}")
        if not isinstance(student, Model):
            raise ValueError(f"Student must be a keras.Model, got {type(student)}")
        self._compare(teacher, student, "inputs", self._assert_shapes_are_compatible, "input")
        self._compare(teacher, student, "outputs", self._assert_shapes_are_compatible,
                      "output")
        if self._compare(teacher, student, "inputs", self._assert_same_dtype, "input"):
            self._compare(teacher, student, "outputs", self._assert_same_dtype, "output")

    @staticmethod
    def _compare(teacher: Any, student: Any, attr: str, check: Any, context: str) -> bool:
        """`check` on each pair of the models' symbolic `attr` (inputs or outputs); False
        (nothing checked) when either model has none, a subclassed model's case."""
        t, s = getattr(teacher, attr, None), getattr(student, attr, None)
        if t is None or s is None:
            return False
        tree.map_structure(lambda a, b: check(a, b, context), t, s)
        return True

    @staticmethod
    def _assert_shapes_are_compatible(a: Any, b: Any, context: str) -> None:
        shape1, shape2 = _shape_tuple(a.shape), _shape_tuple(b.shape)
        if len(shape1) != len(shape2):
            raise ValueError(f"Teacher and student {context} shapes have different "
                             f"dimensions. Teacher: {shape1}, Student: {shape2}.")
        for dim1, dim2 in zip(shape1, shape2):
            if dim1 is not None and dim2 is not None and dim1 != dim2:
                raise ValueError(f"Teacher and student {context} shapes are incompatible. "
                                 f"Teacher: {shape1}, Student: {shape2}. All dimensions "
                                 "must match.")

    @staticmethod
    def _assert_same_dtype(a: Any, b: Any, context: str) -> None:
        if a.dtype != b.dtype:
            raise ValueError(f"Teacher and student {context} dtypes must match. "
                             f"Teacher: {a.dtype}, Student: {b.dtype}.")

    # -- feature extraction -------------------------------------------------------------
    def _create_multi_feature_extractors(self) -> None:
        """One functional model per side returning the final output and every named layer's
        output, so one forward pass gives all the features the losses ask for."""
        teacher_names: list = []
        student_names: list = []
        for loss in self.distillation_losses:
            for attr, names in (("teacher_layer_name", teacher_names),
                                ("student_layer_name", student_names)):
                name = getattr(loss, attr, None)
                if name and name not in names:
                    names.append(name)
        self._teacher_feature_extractor = self._create_feature_extractor(
            self.teacher, teacher_names)
        self._student_feature_extractor = self._create_feature_extractor(
            self.student, student_names)

    def _create_feature_extractor(self, model: Any, layer_names: list) -> Any:
        if not layer_names:
            return None
        if not _has_symbolic_inputs(model):
            raise ValueError(f"Cannot create feature extractor for {model.name}. The model "
                             "has no symbolic inputs attribute.")
        final = model.layers[-1].output if isinstance(model, Sequential) else model.output
        outputs = {"final_output": final}
        for layer_name in layer_names:
            outputs[layer_name] = model.get_layer(name=layer_name).output
        return Model(inputs=model.inputs, outputs=outputs,
                     name=f"{model.name}_multi_feature_extractor")

    def _extract_all_teacher_features(self, x: Any) -> dict:
        if self._teacher_feature_extractor is not None:
            return self._teacher_feature_extractor(x, training=False)
        return {"final_output": self.teacher(x, training=False)}

    def _extract_all_student_features(self, x: Any, y_pred: Any) -> dict:
        if self._student_feature_extractor is not None:
            return self._student_feature_extractor(x, training=True)
        return {"final_output": y_pred}

    def _get_distillation_loss_features(self, distillation_loss: Any, all_features: dict,
                                        is_teacher: bool) -> Any:
        name = (distillation_loss.teacher_layer_name if is_teacher
                else distillation_loss.student_layer_name) or "final_output"
        if name not in all_features:
            raise ValueError(f"Layer '{name}' not found in extracted features. "
                             f"Available: {list(all_features.keys())}")
        return all_features[name]

    # -- training -----------------------------------------------------------------------
    def compile(self, optimizer: Any = "adam", loss: Any = None, metrics: Any = None,
                **kwargs: Any) -> None:
        """The student's supervised `loss` (required) is kept for compute_loss; the model
        compiles without one."""
        if loss is None:
            raise ValueError("'loss' cannot be `None`.")
        self._student_loss = tree.map_structure(_convert_loss_to_function, loss)
        self._student_loss_for_serialization = loss
        if metrics is not None and not isinstance(metrics, (list, tuple)):
            raise ValueError(f"metrics must be a list or tuple, got {type(metrics)}")
        super().compile(optimizer=optimizer, loss=None, metrics=metrics, **kwargs)

    def call(self, inputs: Any, training: Any = None, **kwargs: Any) -> Any:
        return self.student(inputs, training=training, **kwargs)

    def compute_loss(self, x: Any = None, y: Any = None, y_pred: Any = None,
                     sample_weight: Any = None, training: bool = True) -> Any:
        """student_loss_weight * the student's loss on `y` + (1 - student_loss_weight) *
        the weighted distillation losses (sample weights unused, as in Keras)."""
        if y_pred is None:
            y_pred = self(x, training=training)
        student_loss: Any = 0.0
        if self.student_loss_weight > 0.0 and y is not None:
            if isinstance(self._student_loss, (list, dict)):
                # Keras keeps the compiled list or dict of losses as an attribute, which its
                # tracking wraps (TrackedList, TrackedDict); mapping it with the targets
                # then fails on the container type, so a structure of student losses never
                # trains there: the same refusal
                kind = "TrackedList" if isinstance(self._student_loss, list) else \
                    "TrackedDict"
                raise ValueError("Custom node type mismatch; expected type: <class "
                                 f"'keras.src.utils.tracking.{kind}'>, got type: {type(y)}; "
                                 f"value: {y!r}.")
            values = tree.map_structure(lambda fn, o, o_pred: fn(o, o_pred),
                                        self._student_loss, y, y_pred)
            flat = tree.flatten(values)
            student_loss = _sum_of(flat) if len(flat) > 1 else flat[0]
            if hasattr(student_loss, "shape") and len(student_loss.shape) > 0:
                student_loss = mean(student_loss)
        distillation_loss: Any = 0.0
        if self.student_loss_weight < 1.0:
            teacher_features = self._extract_all_teacher_features(x)
            student_features = self._extract_all_student_features(x, y_pred)
            for loss_fn, weight in zip(self.distillation_losses,
                                       self.distillation_loss_weights):
                if getattr(loss_fn, "teacher_layer_name", None) is not None:
                    try:
                        teacher_out = self._get_distillation_loss_features(
                            loss_fn, teacher_features, is_teacher=True)
                        student_out = self._get_distillation_loss_features(
                            loss_fn, student_features, is_teacher=False)
                    except ValueError as e:
                        raise RuntimeError(
                            f"Failed to extract features for {type(loss_fn).__name__} "
                            f"targeting teacher layer '{loss_fn.teacher_layer_name}' and "
                            f"student layer '{loss_fn.student_layer_name}'. Original "
                            f"error: {e}") from e
                else:  # logits, or features of the final outputs
                    teacher_out = teacher_features["final_output"]
                    student_out = y_pred
                loss_fn.validate_outputs(teacher_out, student_out)
                current = loss_fn.compute_loss(teacher_out, student_out)
                if hasattr(current, "shape") and len(current.shape) > 0:
                    raise ValueError(
                        f"Distillation loss {type(loss_fn).__name__} returned a non-scalar "
                        f"loss with shape {current.shape}. The compute_loss method must "
                        "return a scalar tensor.")
                distillation_loss = add(distillation_loss, multiply(weight, current))
        w = self.student_loss_weight
        total_loss = add(multiply(w, student_loss),
                         multiply(subtract(1.0, w), distillation_loss))
        self.student_loss_tracker.update_state(student_loss)
        self.distillation_loss_tracker.update_state(distillation_loss)
        self.total_loss_tracker.update_state(total_loss)
        return total_loss

    def reset_metrics(self) -> None:
        super().reset_metrics()
        self.student_loss_tracker.reset_state()
        self.distillation_loss_tracker.reset_state()
        self.total_loss_tracker.reset_state()

    # -- serialization ------------------------------------------------------------------
    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "teacher": ser.serialize_keras_object(self.teacher),
            "student": ser.serialize_keras_object(self.student),
            "distillation_losses": [ser.serialize_keras_object(x)
                                    for x in self.distillation_losses],
            "distillation_loss_weights": self.distillation_loss_weights,
            "student_loss_weight": self.student_loss_weight,
        })
        return config

    @classmethod
    def from_config(cls, config: dict) -> Distiller:
        config = dict(config)
        config["teacher"] = ser.deserialize_keras_object(config["teacher"])
        config["student"] = ser.deserialize_keras_object(config["student"])
        config["distillation_losses"] = [ser.deserialize_keras_object(x)
                                         for x in config["distillation_losses"]]
        return cls(**config)
