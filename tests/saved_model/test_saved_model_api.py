"""tf.saved_model's constants, experimental.read_fingerprint / Fingerprint and VariablePolicy,
as TF 2.21 has them (values and messages recorded from TF 2.21)."""

from __future__ import annotations

import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb


class _Module(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def f(self, x):
        return x * 2


def test_constants_are_tfs():
    sm = tf.saved_model
    assert (sm.ASSETS_KEY, sm.DEBUG_DIRECTORY, sm.DEBUG_INFO_FILENAME_PB, sm.GPU, sm.TPU,
            sm.TRAINING, sm.SERVING) == ("saved_model_assets", "debug",
                                         "saved_model_debug_info.pb", "gpu", "tpu", "train",
                                         "serve")
    assert (sm.CLASSIFY_METHOD_NAME, sm.REGRESS_METHOD_NAME, sm.PREDICT_METHOD_NAME) == (
        "tensorflow/serving/classify", "tensorflow/serving/regress",
        "tensorflow/serving/predict")
    assert (sm.CLASSIFY_INPUTS, sm.CLASSIFY_OUTPUT_CLASSES, sm.CLASSIFY_OUTPUT_SCORES,
            sm.PREDICT_INPUTS, sm.PREDICT_OUTPUTS, sm.REGRESS_INPUTS, sm.REGRESS_OUTPUTS) == (
        "inputs", "classes", "scores", "inputs", "outputs", "inputs", "outputs")
    assert (sm.SAVED_MODEL_FILENAME_PBTXT, sm.SAVED_MODEL_SCHEMA_VERSION) == (
        "saved_model.pbtxt", 1)


def test_read_fingerprint_gives_the_hashes_of_fingerprint_pb(tmp_path):
    tf.saved_model.save(_Module(), str(tmp_path / "m"))
    fp = tf.saved_model.experimental.read_fingerprint(str(tmp_path / "m"))
    proto = pb().FingerprintDef()
    proto.ParseFromString((tmp_path / "m" / "fingerprint.pb").read_bytes())
    assert fp.saved_model_checksum == proto.saved_model_checksum
    assert fp.checkpoint_hash == proto.checkpoint_hash and str(fp.version) == "producer: 4\n"
    assert fp.singleprint() == "/".join(str(v) for v in (
        proto.graph_def_program_hash, proto.signature_def_hash,
        proto.saved_object_graph_hash, proto.checkpoint_hash))
    assert repr(fp) == (f"Fingerprint({proto.saved_model_checksum}, "
                        f"{proto.graph_def_program_hash}, {proto.signature_def_hash}, "
                        f"{proto.saved_object_graph_hash}, {proto.checkpoint_hash})")
    assert str(fp).startswith("SavedModel Fingerprint\n  saved_model_checksum: ")
    assert fp == tf.saved_model.experimental.Fingerprint.from_proto(proto)


def test_fingerprint_values_and_errors():
    F = tf.saved_model.experimental.Fingerprint
    f = F(1, 2, 3, 4, 5)
    assert repr(f) == "Fingerprint(1, 2, 3, 4, 5)" and f.singleprint() == "2/3/4/5"
    assert f == F(1, 2, 3, 4, 5) and f != F(1, 2, 3, 4, 6) and f != 3
    with pytest.raises(TypeError, match="unhashable"):
        hash(f)
    with pytest.raises(ValueError, match="Given proto could not be deserialized as "
                                         "fingerprint.'int' object has no attribute"):
        F.from_proto(3)
    with pytest.raises(ValueError, match="Encounted invalid fingerprint values"):
        F(1).singleprint()


def test_read_fingerprint_of_a_missing_or_broken_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="Could not find fingerprint in directory: "):
        tf.saved_model.experimental.read_fingerprint(str(tmp_path / "nope"))
    (tmp_path / "fingerprint.pb").write_bytes(b"\xff\xff")
    with pytest.raises(RuntimeError, match="Could not read fingerprint from fingerprint.pb "
                                           "file in directory: "):
        tf.saved_model.experimental.read_fingerprint(str(tmp_path))


def test_variable_policy_options():
    VP = tf.saved_model.experimental.VariablePolicy
    assert [p.value for p in VP] == [None, "save_variable_devices",
                                     "expand_distributed_variables"]
    for value in ("save_variable_devices", "SAVE_VARIABLE_DEVICES",
                  VP.SAVE_VARIABLE_DEVICES):
        opts = tf.saved_model.SaveOptions(experimental_variable_policy=value)
        assert opts.experimental_variable_policy is VP.SAVE_VARIABLE_DEVICES
    assert tf.saved_model.SaveOptions().experimental_variable_policy is VP.NONE
    assert tf.saved_model.LoadOptions().experimental_variable_policy is VP.NONE
    with pytest.raises(ValueError, match="Received invalid VariablePolicy value: bogus."):
        tf.saved_model.SaveOptions(experimental_variable_policy="bogus")


def test_namespace_whitelist_option_as_tf_keeps_and_checks_it():
    # recorded from TF 2.21: None is kept as None (not []), a list is kept, others refused
    assert tf.saved_model.SaveOptions().namespace_whitelist is None
    assert tf.saved_model.SaveOptions(namespace_whitelist=[]).namespace_whitelist == []
    assert tf.saved_model.SaveOptions(namespace_whitelist=["a"]).namespace_whitelist == ["a"]
    with pytest.raises(TypeError, match=r"^`namespace_whitelist` must be a list of strings. "
                                        r"Got: \('x',\) with type <class 'tuple'>.$"):
        tf.saved_model.SaveOptions(namespace_whitelist=("x",))
    with pytest.raises(ValueError, match=r"^Whitelisted namespace must be a string. Got: 2 of "
                                         r"type <class 'int'>.$"):
        tf.saved_model.SaveOptions(namespace_whitelist=["a", 2])


def test_a_loaded_root_has_the_graph_debug_info(tmp_path):
    # TF 2.21 (load.py): every loaded root gets `graph_debug_info`, an empty GraphDebugInfo
    # without a debug file; from one, its files and legacy `traces`, each key's function
    # renamed to the loaded one's ("" for one it does not know), the rest dropped
    path = str(tmp_path / "m")
    tf.saved_model.save(_Module(), path)
    loaded = tf.saved_model.load(path)
    assert type(loaded.graph_debug_info) is pb().GraphDebugInfo
    assert loaded.graph_debug_info == pb().GraphDebugInfo()
    assert "graph_debug_info" in dir(loaded)
    info = pb().GraphDebugInfo()
    info.files[:] = ["a.py", "b.py"]
    info.traces["x@unknown_fn"].file_line_cols.add(file_index=1, line=7)
    info.name_to_trace_id["x@unknown_fn"] = 3
    (tmp_path / "m" / "debug").mkdir(exist_ok=True)
    (tmp_path / "m" / "debug" / "saved_model_debug_info.pb").write_bytes(
        info.SerializeToString())
    got = tf.saved_model.load(path).graph_debug_info
    assert list(got.files) == ["a.py", "b.py"] and not got.name_to_trace_id
    assert list(got.traces) == ["x@"] and got.traces["x@"].file_line_cols[0].line == 7
    (tmp_path / "m" / "debug" / "saved_model_debug_info.pb").write_bytes(b"\xff\xff")
    with pytest.raises(OSError, match="^Cannot parse file .*saved_model_debug_info.pb: "):
        tf.saved_model.load(path)
