"""keras.utils.model_to_dot / plot_model: the DOT text equals Keras 3's for the cases of
dot_cases.py (dot_golden.json, from make_dot_golden.py; needs the optional pydot), and
without pydot or Graphviz they raise Keras 3's ImportErrors."""

import json
import os
import sys

import pytest

import eagerflow as tf
from eagerflow._src.keras.utils import model_visualization as mv

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dot_cases as C  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "dot_golden.json")))
keras = tf.keras


def build(name):
    keras.backend.clear_session()
    scope = {"keras": keras}
    exec(C.BUILD[name], scope)
    return scope["model"]


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_dot_text_as_keras3(key):
    pytest.importorskip("pydot")
    name, i = key.split("/")
    dot = keras.utils.model_to_dot(build(name), **C.OPTIONS[int(i)])
    assert C.normalize(dot.to_string()) == GOLDEN[key]


def test_without_pydot_the_import_errors_are_keras3s(monkeypatch):
    monkeypatch.setattr(mv, "_pydot", lambda: None)
    model = build("functional")
    with pytest.raises(ImportError, match=r"^You must install pydot \(`pip install pydot`\) "
                                          "for model_to_dot to work.$"):
        keras.utils.model_to_dot(model)
    with pytest.raises(ImportError, match=r"for `plot_model` to work.$"):
        keras.utils.plot_model(model)


def test_without_graphviz_plot_model_says_so(monkeypatch, tmp_path):
    pytest.importorskip("pydot")
    monkeypatch.setattr(mv, "_has_graphviz", lambda pydot: False)
    with pytest.raises(ImportError, match="You must install graphviz"):
        keras.utils.plot_model(build("functional"), to_file=str(tmp_path / "m.png"))


def test_plot_model_writes_the_image(tmp_path):
    pydot = pytest.importorskip("pydot")
    if not mv._has_graphviz(pydot):
        pytest.skip("Graphviz's `dot` is not installed")
    path = tmp_path / "m.svg"
    keras.utils.plot_model(build("nested"), to_file=str(path), show_shapes=True)
    assert path.read_text().lstrip().startswith(("<?xml", "<svg"))


def test_unbuilt_models_and_bad_arguments():
    with pytest.raises(ValueError, match="This model has not yet been built"):
        keras.utils.model_to_dot(keras.Sequential([keras.layers.Dense(2)]))
    if mv._pydot() is not None:
        with pytest.raises(ValueError, match="Argument `layer_range` is no longer supported"):
            keras.utils.model_to_dot(build("functional"), layer_range=["a", "b"])
        with pytest.raises(ValueError, match="Unrecognized keyword arguments"):
            keras.utils.model_to_dot(build("functional"), colour=True)
