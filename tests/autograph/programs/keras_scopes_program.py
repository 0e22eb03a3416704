"""The names of a Keras 3 model's ops in traced graphs, as TF 2.21 gives them (a shape
error in fit names them): in a graph each layer call takes two unique TF scopes and names
its ops under the second (sequential_1/dense_1/BiasAdd; a second call sequential_3/...).
record_programs.py keeps TF's output in keras_scopes_golden.txt.

    python keras_scopes_program.py tf|ef
"""

import re
import sys

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf
keras = tf.keras


def fit_error(label, model, y_width):
    model.compile("sgd", "mse")
    try:
        model.fit(np.ones((8, 4)), np.ones((8, y_width)), verbose=0)
    except ValueError as e:
        node, inputs = re.search(r"\{\{node ([^}]*)\}\} = \w+\[[^\]]*\]\(([^)]*)\)",
                                 str(e)).groups()
        print(label, "->", node, "|", inputs)


fit_error("Sequential", keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)]), 5)
fit_error("named Sequential", keras.Sequential(
    [keras.Input((4,)), keras.layers.Dense(3, name="out")], name="net"), 5)
inputs = keras.Input((4,))
fit_error("functional", keras.Model(inputs, keras.layers.Dense(3)(inputs)), 5)
fit_error("Sequential built on first call", keras.Sequential([keras.layers.Dense(3)]), 5)


def op_names(fn, kind):
    cf = tf.function(fn).get_concrete_function(tf.TensorSpec([None, 4]))
    return [op.name for op in cf.graph.get_operations() if op.type == kind]


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
print("one call ->", op_names(lambda x: model(x), "BiasAdd"))
print("two calls ->", op_names(lambda x: model(x) + model(x), "BiasAdd"))
dense = keras.layers.Dense(2)
print("a layer alone ->", op_names(lambda x: dense(x), "MatMul"))
