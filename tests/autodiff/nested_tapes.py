"""Higher derivatives by nested GradientTapes, for tests that check them in closed form
(test_tape.py spells the nesting out once; tests elsewhere call `derivatives`)."""

import eagerflow as tf


def derivatives(f, x, order):
    """`[f(x), f'(x), ..., f^(order)(x)]` for a scalar function of a tensor `x`: each tape
    watches `x` and is open while every lower derivative is taken, as when nested by hand."""
    if order == 0:
        return [f(x)]
    with tf.GradientTape() as tape:
        tape.watch(x)
        lower = derivatives(f, x, order - 1)
    return lower + [tape.gradient(lower[-1], x)]
