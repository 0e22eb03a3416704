"""Functions TF 2.21's AutoGraph runs as they are, with its warning, run under TF
(record_unconverted.py keeps its stderr in unconverted_golden.txt) and under eagerflow
(test_unconverted.py): lambdas it cannot tell apart, functions holding a generator; and
those it runs as they are without a word (exec'd code, `do_not_convert`).

    python tests/autograph/unconverted_program.py tf|ef
"""

import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def run(step, fn, *args):
    print(f"--- {step}", file=sys.stderr, flush=True)
    try:
        print("result", tf.function(fn)(*args).numpy(), file=sys.stderr)
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        print(f"{type(e).__name__}: {str(e)[:120]}", file=sys.stderr)


pair = [lambda x: x + 1, lambda x: x + 2]
run("two lambdas alike on one line", pair[1], tf.constant(1))
run("the same lambda again (its own tf.function)", pair[1], tf.constant(5))
unlike = [lambda x: x + 1, lambda y: y * 2]
run("two lambdas of other argument names", unlike[1], tf.constant(3))


def holds_generator(x):
    def numbers():
        yield 1
        yield 2
    return x + sum(numbers())


run("a function holding a generator", holds_generator, tf.constant(1))


def delegates(x):
    def numbers():
        yield from range(3)
    return x + sum(numbers())


run("a function holding a `yield from`", delegates, tf.constant(1))


@tf.autograph.experimental.do_not_convert
def not_converted(x):
    def numbers():
        yield 1
    return x + sum(numbers())


run("do_not_convert", not_converted, tf.constant(1))
space = {}
exec("def from_exec(x):\n    return x * 3\n", space)  # noqa: S102 - code without a file
run("exec'd code", space["from_exec"], tf.constant(2))


def branches(x):
    if x > 0:
        return x
    return -x


run("a function AutoGraph converts", branches, tf.constant(-4))
print("--- end", file=sys.stderr)
