"""The functions tf.distribute's merge_call and extended.update take, whose Python `if`
tests a tensor, run under TF 2.21 (record_map_fn.py keeps its output in
replica_fn_golden.txt) and under eagerflow (test_map_fn.py): inside a tf.function with
autograph on, TF converts update's fn for every strategy, and merge_call's merge_fn for the
default and OneDevice strategies (a MirroredStrategy's replica threads see AutoGraph's
status unspecified, but converted code enables it); with autograph off or eagerly,
neither. (Its own program: after a
map_fn that failed, TF 2.21's variable scopes and strategy stacks stay broken.)

    python tests/autograph/replica_fn_program.py tf|ef
"""

import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def run(step, fn, *args):
    print(f"--- {step}")
    try:
        print("result", fn(*args))
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        print(f"{type(e).__name__}: {str(e).splitlines()[-1][:100]}")


def merge_body(strategy, x):
    if tf.reduce_sum(x) > 2:
        return x * 2
    return x


def update_body(v, x):
    if tf.reduce_sum(x) > 2:
        return v.assign(x * 2)
    return v.assign(x)


def replica(x):
    return tf.distribute.get_replica_context().merge_call(merge_body, args=(x,))


dense = tf.constant([[1, 2], [3, 0]])
for name, strategy in [("default", tf.distribute.get_strategy()),
                       ("mirrored", tf.distribute.MirroredStrategy(["/cpu:0"])),
                       ("one-device", tf.distribute.OneDeviceStrategy("/cpu:0"))]:
    for ag in (True, False):
        run(f"{name} merge_call, autograph={ag}",
            tf.function(lambda r: strategy.run(replica, args=(r,)), autograph=ag), dense)
    # (two lambdas on a line: AutoGraph runs the inner one as it is)
    run(f"{name} merge_call from unconverted code",
        tf.function(lambda r: strategy.run(lambda x: replica(x), args=(r,))), dense)
    with strategy.scope():
        var = tf.Variable(tf.zeros([2, 2], tf.int32))
    for ag in (True, False):
        run(f"{name} extended.update, autograph={ag}",
            tf.function(lambda r: strategy.extended.update(var, update_body, args=(r,)),
                        autograph=ag), dense)
    run(f"{name} extended.update eagerly",
        lambda r: strategy.extended.update(var, update_body, args=(r,)).numpy(), dense)
