"""SavedModels holding a registered extension type (its class's `__name__`), between
eagerflow and real TensorFlow 2.21: each side saves a tf.Module whose functions take and
return the type, and loads the other's (runs only where TensorFlow is installed)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import TF_PYTHON, run_tf_script

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

# the same classes on both sides (the script runs with `tf` bound to either)
CLASSES = r'''
class MaskedTensor(tf.experimental.ExtensionType):
    __name__ = "interop.MaskedTensor"
    values: tf.Tensor
    mask: tf.Tensor
    label: str = "m"

    def with_default(self, default):
        return tf.where(self.mask, self.values, default)


class Module(tf.Module):
    def __init__(self):
        self.scale = tf.Variable(2.0)

    @tf.function(input_signature=[MaskedTensor.Spec(tf.TensorSpec([None], tf.float32),
                                                    tf.TensorSpec([None], tf.bool), "m")])
    def total(self, x):
        return tf.reduce_sum(x.with_default(0.0)) * self.scale

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def make(self, n):
        return {"masked": MaskedTensor(tf.range(n, dtype=tf.float32) * self.scale,
                                       tf.range(n) % 2 == 0, "m"), "n": n}
'''

TF_SCRIPT = r'''
import json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
d = sys.argv[1]
exec(open(os.path.join(d, "classes.py")).read())
out = {}
loaded = tf.saved_model.load(os.path.join(d, "ef"))
out["total"] = float(loaded.total(MaskedTensor([1.0, 2.0, 3.0], [True, False, True])))
made = loaded.make(tf.constant(4))
out["type"] = type(made["masked"]).__name__
out["values"] = made["masked"].values.numpy().tolist()
out["mask"] = made["masked"].mask.numpy().tolist()
out["label"] = made["masked"].label
out["signature"] = repr(loaded.total.concrete_functions[0].structured_input_signature)
tf.saved_model.save(Module(), os.path.join(d, "tf"))
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


def test_each_side_loads_the_others_extension_type_module(tmp_path: Path):
    (tmp_path / "classes.py").write_text(CLASSES)
    scope: dict = {"tf": tf}
    exec(compile(CLASSES, "classes.py", "exec", dont_inherit=True), scope)  # noqa: S102
    masked, module = scope["MaskedTensor"], scope["Module"]
    try:
        tf.saved_model.save(module(), str(tmp_path / "ef"))
        got = run_tf_script(TF_SCRIPT, tmp_path, tmp_path)
        assert got["total"] == 8.0
        assert (got["type"], got["values"], got["mask"], got["label"]) == (
            "MaskedTensor", [0.0, 2.0, 4.0, 6.0], [True, False, True, False], "m")
        assert got["signature"] == (
            "((MaskedTensor.Spec(values=TensorSpec(shape=(None,), dtype=tf.float32, "
            "name=None), mask=TensorSpec(shape=(None,), dtype=tf.bool, name=None), "
            "label='m'),), {})")
        loaded = tf.saved_model.load(str(tmp_path / "tf"))
        assert float(loaded.total(masked([1.0, 2.0, 3.0], [True, False, True]))) == 8.0
        made = loaded.make(tf.constant(3))
        assert type(made["masked"]) is masked and made["masked"].label == "m"
        np.testing.assert_array_equal(made["masked"].values.numpy(), [0.0, 2.0, 4.0])
        np.testing.assert_array_equal(made["masked"].mask.numpy(), [True, False, True])
        assert repr(loaded.total.concrete_functions[0].structured_input_signature) == \
            got["signature"]
        with pytest.raises(TypeError, match="Binding inputs to tf.function failed due to "
                                            "`'values'`"):
            loaded.total(tf.constant([1.0]))
    finally:
        from eagerflow._src.ops import extension_type
        extension_type._REGISTERED.pop("interop.MaskedTensor.Spec", None)
