"""Metrics: the seeds' values, state and reset, custom metrics, checkpoint names."""

import numpy as np
import pytest

import eagerflow as tf


def test_seed_mean():
    m = tf.keras.metrics.Mean("loss")
    m(0)
    m(5)
    assert repr(m.result()) == "<tf.Tensor: shape=(), dtype=float32, numpy=2.5>"
    m([8, 9])
    assert repr(m.result()) == "<tf.Tensor: shape=(), dtype=float32, numpy=5.5>"


def test_seed_accuracy_with_reset_states():
    # Keras 2's reset_states, which the seed listings call (Keras 3 has reset_state only)
    m = tf.keras.metrics.Accuracy()
    m.update_state([1, 2, 3, 4], [0, 2, 3, 4])
    assert m.result().numpy() == pytest.approx(0.75)
    m.update_state([0, 2, 3], [1, 2, 3])
    assert m.result().numpy() == pytest.approx(5 / 7)
    m.reset_states()
    m.update_state([0, 2, 3], [1, 2, 3])
    assert m.result().numpy() == pytest.approx(2 / 3)
    m.reset_state()
    assert m.result().numpy() == 0.0


class CatgoricalTruePositives(tf.keras.metrics.Metric):
    """The seed's custom metric (conformance 024), spelled as in the seed."""

    def __init__(self, name="categorical_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_weight(name="tp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = tf.argmax(y_pred)
        values = tf.cast(tf.equal(tf.cast(y_true, "int32"), tf.cast(y_pred, "int32")), "float32")
        if sample_weight is not None:
            values = tf.multiply(values, tf.cast(sample_weight, "float32"))
        self.true_positives.assign_add(tf.reduce_sum(values))

    def result(self):
        return self.true_positives

    def reset_states(self):
        self.true_positives.assign(0.)


def test_custom_metric_with_add_weight():
    tp = CatgoricalTruePositives()
    y_pred = tf.constant([[0.9, 0.1, 0.0], [0.05, 0.8, 0.1], [0.05, 0.1, 0.9]])
    tp.update_state(tf.constant([0, 1, 1]), y_pred)
    assert float(tp.result().numpy()) == 2.0
    tp.update_state(tf.constant([0, 1, 2]), y_pred, sample_weight=tf.constant([1.0, 0.5, 0.0]))
    assert float(tp.result().numpy()) == 3.5
    tp.reset_states()
    assert float(tp.result().numpy()) == 0.0
    assert tp.name == "categorical_true_positives"
    # Checkpoints see the state variable once, under the name it was created with.
    assert list(tp._trackable_children()) == ["tp"]
    assert tp.variables == [tp.true_positives]


def test_mean_checkpoint_names_and_dtype():
    m = tf.keras.metrics.Mean(dtype="float64")
    assert sorted(m._trackable_children()) == ["count", "total"]
    m.update_state([1.0, 2.0])
    assert m.result().dtype == tf.float64


def test_mean_metric_wrapper_and_identifiers():
    w = tf.keras.metrics.MeanMetricWrapper(tf.keras.losses.mean_absolute_error, name="mae")
    w.update_state([[1.0, 2.0]], [[2.0, 4.0]])
    assert w.result().numpy() == pytest.approx(1.5)
    # Keras 3 resolves every name to a metric object (TF 2.21: <Accuracy name=accuracy>)
    assert isinstance(tf.keras.metrics.get("accuracy"), tf.keras.metrics.Accuracy)
    assert isinstance(tf.keras.metrics.get("mae"), tf.keras.metrics.MeanAbsoluteError)
    assert isinstance(tf.keras.metrics.get("AUC"), tf.keras.metrics.AUC)
    with pytest.raises(ValueError, match="Could not interpret metric identifier"):
        tf.keras.metrics.get("f7")
    cfg = tf.keras.metrics.Precision(thresholds=[0.3, 0.6]).get_config()
    assert cfg["thresholds"] == [0.3, 0.6]


def test_precision_recall_by_hand():
    y = np.array([0, 1, 1, 1, 0, 1, 0, 0])
    p = np.array([0.6, 0.9, 0.2, 0.7, 0.1, 0.5, 0.45, 0.8], np.float32)
    pred = p > 0.5
    tp = np.sum(pred & (y == 1))
    prec = tf.keras.metrics.Precision()
    prec.update_state(y, p)
    rec = tf.keras.metrics.Recall()
    rec.update_state(y, p)
    assert prec.result().numpy() == pytest.approx(tp / pred.sum())
    assert rec.result().numpy() == pytest.approx(tp / (y == 1).sum())
    with pytest.raises(ValueError, match=r"Threshold values must be in \[0, 1\]"):
        tf.keras.metrics.Precision(thresholds=1.5)


def test_auc_perfect_and_random():
    auc = tf.keras.metrics.AUC()
    auc.update_state([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])
    assert auc.result().numpy() == pytest.approx(1.0, abs=1e-6)
    auc.reset_state()
    auc.update_state([0, 1, 0, 1], [0.5, 0.5, 0.5, 0.5])
    assert auc.result().numpy() == pytest.approx(0.5, abs=1e-6)
    with pytest.raises(ValueError, match="Invalid AUC curve value"):
        tf.keras.metrics.AUC(curve="XY")


def test_root_mean_squared_error_by_hand():
    m = tf.keras.metrics.RootMeanSquaredError()
    m.update_state([[1.0, 2.0], [3.0, 4.0]], [[1.0, 3.0], [5.0, 4.0]])
    assert m.result().numpy() == pytest.approx(np.sqrt((0 + 1 + 4 + 0) / 4))


def test_metrics_work_on_variables_tensors_and_lists():
    m = tf.keras.metrics.SparseCategoricalAccuracy()
    m.update_state(tf.constant([1, 0]), tf.Variable([[0.1, 0.9], [0.3, 0.7]]))
    assert m.result().numpy() == pytest.approx(0.5)
