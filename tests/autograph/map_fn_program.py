"""Functions handed to tf.map_fn whose Python `if`/`for`/`while` test tensors, run under
TF 2.21 (record_map_fn.py keeps its output in map_fn_golden.txt) and under eagerflow
(test_map_fn.py): TF's map_fn converts its fn with AutoGraph while AutoGraph's status is
enabled (inside a tf.function with autograph on), not under autograph=False or
do_not_convert; scan, foldl and vectorized_map leave theirs as they are. strategy.run,
the mirrored strategies' extended.call_for_each_replica (not the default and OneDevice
strategies') and Dataset.map (not inside a tf.function(autograph=False)) convert theirs.

    python tests/autograph/map_fn_program.py tf|ef
"""

import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def body_if(x):
    if tf.reduce_sum(x) > 2:
        return x * 2
    return x


def body_for(x):
    s = tf.constant(0, x.dtype)
    for v in x:
        s += v
    return s


def body_while(x):
    i = tf.constant(0)
    while i < 3:
        x = x + 1
        i += 1
    return x


def scan_body(a, x):
    if tf.reduce_sum(x) > 2:
        return a + x
    return a


def run(step, fn, *args):
    print(f"--- {step}")
    try:
        print("result", fn(*args))
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        print(f"{type(e).__name__}: {str(e).splitlines()[-1][:100]}")


dense = tf.constant([[1, 2], [3, 0]])
ragged = tf.ragged.constant([[1, 2], [3]])
row = tf.RaggedTensorSpec([None], tf.int32)
for ag in (True, False):
    run(f"map_fn if, dense, autograph={ag}",
        tf.function(lambda r: tf.map_fn(body_if, r), autograph=ag), dense)
    run(f"map_fn if, ragged, autograph={ag}",
        tf.function(lambda r: tf.map_fn(body_if, r, fn_output_signature=row), autograph=ag),
        ragged)
    run(f"map_fn for, autograph={ag}",
        tf.function(lambda r: tf.map_fn(body_for, r), autograph=ag), dense)
    run(f"map_fn while, autograph={ag}",
        tf.function(lambda r: tf.map_fn(body_while, r), autograph=ag), dense)
    run(f"scan, autograph={ag}",
        tf.function(lambda r: tf.scan(scan_body, r), autograph=ag), dense)
    run(f"foldl, autograph={ag}",
        tf.function(lambda r: tf.foldl(lambda a, x: body_if(a + x), r), autograph=ag), dense)
    run(f"vectorized_map, autograph={ag}",
        tf.function(lambda r: tf.vectorized_map(body_if, r), autograph=ag), dense)
run("map_fn eagerly", lambda r: tf.map_fn(body_if, r), dense)
run("map_fn under do_not_convert",
    tf.function(tf.autograph.experimental.do_not_convert(lambda r: tf.map_fn(body_if, r))),
    dense)
for name, strategy in [("default", tf.distribute.get_strategy()),
                       ("mirrored", tf.distribute.MirroredStrategy(["/cpu:0"]))]:
    for ag in (True, False):
        run(f"{name} strategy.run, autograph={ag}",
            tf.function(lambda r: strategy.run(body_if, args=(r,)), autograph=ag), dense)
run("default strategy.run eagerly", lambda r: tf.distribute.get_strategy().run(
    body_if, args=(r,)), dense)
mirrored = tf.distribute.MirroredStrategy(["/cpu:0"])
for name, strategy in [("default", tf.distribute.get_strategy()), ("mirrored", mirrored),
                       ("one-device", tf.distribute.OneDeviceStrategy("/cpu:0"))]:
    run(f"{name} extended.call_for_each_replica",
        tf.function(lambda r: strategy.extended.call_for_each_replica(body_for, args=(r,))),
        dense)
rows = tf.data.Dataset.from_tensor_slices(dense)
for ag in (True, False):
    run(f"Dataset.map in a tf.function, autograph={ag}",
        tf.function(lambda: rows.map(body_if).reduce(tf.constant(0),
                                                     lambda a, x: a + tf.reduce_sum(x)),
                    autograph=ag))
