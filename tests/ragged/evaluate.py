"""Evaluates golden expressions with a `tf` module (TensorFlow or eagerflow), the same way
for both: the result's repr, or `ERR Class: message` (the whole message, with the device
TF's recorder ran on), with objects' addresses left out."""

import json
import re

from tests.golden_io import as_recorded, write_json


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


def record_sections(tf, sections, path, names):
    """Writes `path`, the golden of `sections` (a golden_text module: PRELUDES, SECTIONS):
    each named section's answers (every section's when `names` is empty; the others kept
    from the file), a section in a fresh Keras session, as the tests evaluate it (layer and
    Keras tensor names count from it)."""
    out = {}
    if names:
        with open(path, encoding="utf-8") as f:
            out = json.load(f)
    for n in names or list(sections.SECTIONS):
        tf.keras.backend.clear_session()
        out[n] = evaluate_all(tf, sections.PRELUDES[n], sections.SECTIONS[n])
    out = {n: out[n] for n in sections.SECTIONS if n in out}
    write_json(path, out, end="\n", indent=0, sort_keys=False, ensure_ascii=True)
    print(f"wrote {sum(len(v) for v in out.values())} results to {path}")
