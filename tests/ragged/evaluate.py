"""Evaluates golden expressions with a `tf` module (TensorFlow or eagerflow), the same way
for both: the result's repr, or `ERR Class: first line of the message`, normalized."""

import re


def normalize(text):
    text = re.sub(r"\{\{function_node [^}]*\}\} ", "", text)
    text = re.sub(r" name: \S*$", "", text)
    text = re.sub(r" at 0x[0-9a-f]+", "", text)
    return text


def evaluate(tf, env, expr):
    try:
        text = "OK " + repr(eval(expr, env))
    except Exception as e:  # noqa: BLE001 - the error is the answer
        first = str(e).splitlines()[0] if str(e) else ""
        text = f"ERR {type(e).__name__}: {first}"
    return normalize(text.replace(env.get("TMP", "\0"), "<tmp>"))


def environment(tf, prelude):
    env = {"tf": tf}
    exec(prelude, env)
    return env


def evaluate_all(tf, prelude, exprs):
    env = environment(tf, prelude)
    return {e: evaluate(tf, env, e) for e in exprs}
