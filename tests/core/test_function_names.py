"""Public functions carry TF 2.21's `__name__` and `__qualname__`: they show in reprs,
tracebacks, help() and the names derived from them (tf.function's concrete functions,
Keras' serialized activations).

function_names_golden.json is recorded from TF 2.21 by record_function_names.py; the
names eagerflow's factories would give (op names, "unary.<locals>.f") are replaced with
these by eagerflow/_src/core/api_names.py.
"""

import importlib
import json
import re
from pathlib import Path

import pytest

import eagerflow as tf

GOLDEN = json.loads(Path(__file__).with_name("function_names_golden.json").read_text())

# Known differences: tf.compat.v1 holds TF 2's function here where TF has a TF 1 function
# of its own (tf.compat.v1.foldl is TF's `foldl`, tf.foldl its `foldl_v2`): one object
# cannot carry both names. (tf.compat.v1.data.experimental, not recorded, shares
# tf.data.experimental's the same way: CounterV1, make_csv_dataset_v1, ...)
KNOWN = {("compat.v1", a) for a in ("case", "executing_eagerly", "foldl", "foldr", "map_fn",
                                    "scalar_mul", "scan", "variable_creator_scope")} | {
    ("compat.v1.debugging", "assert_shapes"), ("compat.v1.math", "scalar_mul"),
    ("compat.v1.nn", "ctc_loss_v2"), ("compat.v1.nn", "sigmoid_cross_entropy_with_logits")}


def _namespace(path: str):
    try:
        return importlib.import_module(f"eagerflow.{path}") if path else tf
    except ModuleNotFoundError:  # (tf.compat.v1's namespaces that resolve lazily)
        module = tf
        for part in path.split("."):
            module = getattr(module, part)
        return module


def test_every_public_function_has_tfs_names():
    checked, wrong = 0, []
    for path, table in GOLDEN.items():
        module = _namespace(path)
        for attr, names in table.items():
            fn = getattr(module, attr, None)
            if fn is None or (path, attr) in KNOWN:
                continue  # (missing names are test_tf_names.py's and Keras' audits')
            want = (names, names) if isinstance(names, str) else tuple(names)
            have = (fn.__name__, fn.__qualname__)
            checked += 1
            if have != want:
                wrong.append((path, attr, have, want))
    assert wrong == []
    assert checked > 1000


def test_known_differences_still_differ():
    for path, attr in KNOWN:
        fn = getattr(_namespace(path), attr)
        assert fn.__name__ != GOLDEN[path][attr], (path, attr)


def test_tf1_functions_named_as_tfs_in_binding_errors():
    # (Python's words name the function: TF's TF 1 function there)
    with pytest.raises(TypeError, match=r"^bincount_v1\(\) got an unexpected keyword"):
        tf.compat.v1.bincount(tf.constant([1]), bogus_kw=1)
    assert tf.compat.v1.reduce_sum.__name__ == "reduce_sum_v1"  # (dispatched: TF's words)
    with pytest.raises(TypeError, match=r"^copy_v2\(\) missing 2 required positional"):
        tf.io.gfile.copy()
    with pytest.raises(TypeError, match=r"^copy\(\) missing 2 required positional"):
        tf.compat.v1.gfile.Copy()


def test_aliases_are_one_object_with_one_name():
    # (as in TF: tf.add is tf.math.add, tf.nn.swish is tf.nn.silu)
    assert tf.add is tf.math.add and tf.add.__name__ == "add"
    assert tf.nn.swish is tf.nn.silu and tf.nn.silu.__name__ == "swish"
    assert tf.math.floormod is tf.math.mod and tf.math.mod.__name__ == "floor_mod"
    # ...and distinct objects stay distinct, each with its own name
    assert tf.keras.activations.exponential.__name__ == "exponential"
    assert tf.keras.ops.exp.__name__ == "exp"
    assert tf.space_to_batch.__name__ == "space_to_batch_v2"
    assert tf.space_to_batch_nd.__name__ == "space_to_batch_nd"


def test_repr_names_the_function():
    for fn, name in ((tf.add, "add"), (tf.acos, "acos"), (tf.argmax, "argmax_v2"),
                     (tf.io.parse_example, "parse_example_v2"), (tf.reduce_sum, "reduce_sum"),
                     (tf.signal.rfft, "_rfft_wrapper.<locals>._rfft")):
        assert re.fullmatch(rf"<function {re.escape(name)} at 0x[0-9a-f]+>", repr(fn))


def test_lazy_public_functions_named_when_loaded():
    # (tf.cond and tf.while_loop load with their module on first use)
    assert (tf.cond.__name__, tf.while_loop.__name__) == ("cond_for_tf_v2", "while_loop_v2")


def test_concrete_function_names_follow():
    # recorded from TF 2.21: __inference_<__name__>_<uid>
    spec = tf.TensorSpec([2, 3])
    cases = ((tf.nn.relu, (spec,), "relu"), (tf.add, (spec, spec), "add"),
             (tf.math.reduce_sum, (spec,), "reduce_sum"), (tf.argmax, (spec,), "argmax_v2"),
             (tf.nn.softmax, (spec,), "softmax_v2"))
    for fn, specs, name in cases:
        concrete = tf.function(fn).get_concrete_function(*specs)
        assert re.fullmatch(rf"__inference_{name}_\d+", concrete.name.decode())
        assert concrete.graph.name == name


def test_keras_serializes_activations_by_tfs_names():
    ser = tf.keras.activations.serialize
    assert ser(tf.keras.activations.exponential) == "exponential"
    assert ser(tf.keras.activations.swish) == "silu"
    assert ser(tf.keras.activations.hard_swish) == "hard_silu"
    # (recorded from TF 2.21: a TF function named as a Keras activation is that name)
    assert (ser(tf.nn.relu), ser(tf.math.sigmoid)) == ("relu", "sigmoid")
    assert ser(tf.nn.softmax) == {"module": "builtins", "class_name": "function",
                                  "config": "softmax_v2", "registered_name": "function"}
    assert ser(tf.nn.silu)["config"] == "swish"
