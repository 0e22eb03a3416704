"""model_to_dot cases shared by make_dot_golden.py (Keras 3, with pydot) and test_dot.py:
each builds a model with `keras` bound and prints model_to_dot's DOT text with the node
ids (object ids) renumbered in order of appearance."""

import re


def normalize(text):
    ids = {}
    return re.sub(r"\b\d{6,}\b", lambda m: f"n{ids.setdefault(m.group(0), len(ids))}", text)


BUILD = {
    "functional": '''
x = keras.Input((3,), name="inp")
h = keras.layers.Dense(4, activation="relu", name="hid")(x)
model = keras.Model(x, keras.layers.Dense(1, name="out")(h), name="mymodel")
''',
    "two_inputs": '''
a = keras.Input((3,), name="a")
b = keras.Input((2,), name="b", dtype="int32")
c = keras.layers.Concatenate(name="cat")([a, keras.layers.Embedding(5, 2, name="emb")(b)[:, 0]])
model = keras.Model({"a": a, "b": b}, [keras.layers.Dense(1, name="o1")(c),
                                      keras.layers.Dense(2, name="o2")(c)])
''',
    "sequential": '''
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, name="d1"),
                          keras.layers.Dropout(0.1, name="drop"),
                          keras.layers.Dense(2, activation="softmax", name="d2")], name="seq")
model.layers[0].trainable = False
''',
    "nested": '''
inner = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name="i1"),
                          keras.layers.Dense(2, name="i2")], name="inner")
x = keras.Input((4,), name="x")
model = keras.Model(x, keras.layers.Dense(1, name="head")(inner(x)), name="outer")
''',
}

OPTIONS = [
    {},
    {"show_shapes": True, "show_dtype": True, "show_layer_activations": True,
     "show_trainable": True},
    {"show_layer_names": False, "rankdir": "LR", "dpi": 96, "splines": "line"},
    {"expand_nested": True, "show_shapes": True},
]
