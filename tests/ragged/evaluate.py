"""Evaluates golden expressions with a `tf` module (TensorFlow or eagerflow), the same way
for both: the result's repr, or `ERR Class: message` (the whole message, with the device
TF's recorder ran on), with objects' addresses left out."""

import re

from tests.golden_io import as_recorded


def normalize(text):
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def evaluate(tf, env, expr):
    try:
        text = "OK " + repr(eval(expr, env))
    except Exception as e:  # noqa: BLE001 - the error is the answer
        text = f"ERR {type(e).__name__}: {as_recorded(str(e))}"
    return normalize(text.replace(env.get("TMP", "\0"), "<tmp>"))


def environment(tf, prelude):
    env = {"tf": tf}
    exec(prelude, env)
    return env


def evaluate_all(tf, prelude, exprs):
    env = environment(tf, prelude)
    return {e: evaluate(tf, env, e) for e in exprs}
