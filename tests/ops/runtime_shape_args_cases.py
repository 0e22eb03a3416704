"""Fill, Tile and BroadcastTo given their shape-like argument as a static attr or as a
tensor known only when a tf.function runs (dynshape.runtime_attr): what TF 2.21 gives
for ordinary and bad values (runtime_shape_args_golden.json, written by
make_runtime_shape_args_golden.py). The helpers are test_composed_ops', taking either's
`tf`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.saved_model.composed_ops_cases import called, traced

# Calls run eagerly and in a tf.function of no arguments (their argument an attr there).
CALLS = [
    "tf.raw_ops.Fill(dims=3, value=1)",
    "tf.raw_ops.Fill(dims=[[2, 1]], value=1)",
    "tf.raw_ops.Tile(input=[1], multiples=2)",
    "tf.raw_ops.Tile(input=[1], multiples=[[2]])",
    "tf.raw_ops.Tile(input=5, multiples=[])",
    "tf.raw_ops.BroadcastTo(input=[1], shape=2)",
    "tf.raw_ops.BroadcastTo(input=[1], shape=[[2]])",
    "tf.raw_ops.BroadcastTo(input=5, shape=[])",
    "tf.broadcast_to([[1], [2]], [1, 3])",
    "tf.broadcast_to([[1, 2]], [2, 1])",
    "tf.broadcast_to([[1, 2]], [2, 3])",
    # the public functions given a constant of another rank: TF's shape function refuses it
    # while tracing (a scalar too, which eager Fill takes as one dim)
    "tf.fill(3, 1)",
    "tf.fill([[2]], 1)",
    "tf.tile([1], 2)",
    "tf.tile([1], [[2]])",
    "tf.broadcast_to([1], 2)",
    "tf.broadcast_to([1], [[2]])",
]

# Calls in a tf.function whose input signature leaves the argument unknown while tracing:
# (the body over x and y, the signature's (shape, dtype) pairs, the call's arguments).
_I, _L = "int32", "int64"
TRACED = [
    *(("tf.fill(tf.shape(x), 7)", [([None, None], _I)], (a,))
      for a in ([[1, 2]], np.zeros((0, 3), np.int32))),
    *(("tf.fill(x, 1.5)", [([None], _I)], (a,))
      for a in ([2, 3], [2, -1], np.zeros(0, np.int32))),
    *(("tf.fill(x, 1.5)", [(None, _I)], (a,)) for a in ([[2, 3]], 3)),
    *(("tf.fill(x, y)", [([2], _I), (None, "float32")], a)
      for a in (([2, 1], 1.0), ([2, 1], [1.0, 2.0]))),
    *(("tf.raw_ops.Fill(dims=x, value=2)", [([None], _L)], (a,)) for a in ([2, 2], [-2, 2])),
    ("tf.fill(tf.shape(x)[:1] * -1, 7)", [([None], _I)], ([1, 2],)),
    *(("tf.tile(x, y)", [([None, None], _I), ([None], _I)], ([[1, 2]], m))
      for m in ([2, 1], [2, -1], [2], [1, 1, 1], [0, 2])),
    *(("tf.tile(x, y)", [(None, _I), (None, _I)], a)
      for a in (([1, 2], [3]), (5, np.zeros(0, np.int32)), ([1, 2], [[2]]), (5, [1]))),
    ("tf.tile(x, tf.shape(x))", [([None, None], _I)], ([[1, 2]],)),
    *(("tf.raw_ops.Tile(input=x, multiples=y)", [([None], _I), ([None], _L)], ([1, 2], m))
      for m in ([2], [-2])),
    *(("tf.broadcast_to(x, y)", [([None], _I), ([None], _I)], a)
      for a in (([1, 2], [3, 2]), ([1, 2], [3, 3]), ([1, 2], [-1, 2]),
                ([1, 2], np.zeros(0, np.int32)), ([1], [0, 2]), ([1, 2, 3], [3]))),
    *(("tf.broadcast_to(x, y)", [(None, _I), (None, _I)], a)
      for a in (([[1], [2]], [2, 3]), ([[1], [2]], [3]), ([1], [[2]]), ([[1, 2]], [2, 1]))),
    *(("tf.broadcast_to(x, tf.shape(y))", [([None, 1], _I), ([None, None], _I)], a)
      for a in (([[1], [2]], [[0, 0, 0], [0, 0, 0]]), ([[1], [2]], [[0, 0, 0]]))),
    *(("tf.raw_ops.BroadcastTo(input=x, shape=y)", [([None], _I), ([None], _L)], ([1, 2], s))
      for s in ([2, 2], [2, 3])),
]


def record_all(tf: Any) -> dict:
    return {"calls": {expr: called(tf, expr) for expr in CALLS},
            "traced": [traced(tf, *case) for case in TRACED]}
