"""A TF 1 program using tf.compat.v1.gfile, flags and app.run, run as a script by both
implementations: `python app_gfile_program.py tf|eagerflow` prints one JSON line of what it
saw (file operations' results and errors, flag values, main's argv); app.run then exits
with main's result. record_app_gfile_golden.py records TF 2.21's stdout and stderr,
test_v1_app_gfile.py compares eagerflow's.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if sys.argv[1] == "tf":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    sys.path.insert(0, ROOT)
    import eagerflow as tf

v1 = tf.compat.v1
OUT: dict = {}


def _err(e: BaseException) -> list:
    return [type(e).__name__, str(e).replace(TMP, "TMP")]


def _try(fn):
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - the error is the result
        return _err(e)
    if isinstance(result, (list, tuple)):
        return sorted(str(x).replace(TMP, "TMP") for x in result)
    return result


TMP = tempfile.mkdtemp()


def gfile() -> dict:
    g = v1.gfile
    out = {"names": sorted(n for n in dir(g) if not n.startswith("_"))}
    a = os.path.join(TMP, "a")
    out["makedirs"] = [_try(lambda: g.MakeDirs(os.path.join(a, "b", "c"))),
                       _try(lambda: g.IsDirectory(a)), _try(lambda: g.Exists(a + "x"))]
    with g.GFile(os.path.join(a, "f.txt"), "w") as f:
        f.write("one\ntwo\n")
    with g.Open(os.path.join(a, "f.txt")) as f:
        out["read"] = f.readlines()
    with g.FastGFile(os.path.join(a, "f.txt"), "rb") as f:
        out["fast"] = f.read().decode()
    out["list"] = _try(lambda: g.ListDirectory(a))
    out["glob"] = _try(lambda: g.Glob(os.path.join(a, "*.txt")))
    out["stat"] = _try(lambda: [g.Stat(os.path.join(a, "f.txt")).length,
                                g.Stat(os.path.join(a, "f.txt")).is_directory])
    out["copy"] = [_try(lambda: g.Copy(os.path.join(a, "f.txt"), os.path.join(a, "g.txt"))),
                   _try(lambda: g.Copy(os.path.join(a, "f.txt"), os.path.join(a, "g.txt"))),
                   _try(lambda: g.Copy(os.path.join(a, "f.txt"), os.path.join(a, "g.txt"),
                                       overwrite=True))]
    out["rename"] = [_try(lambda: g.Rename(os.path.join(a, "g.txt"), os.path.join(a, "h.txt"))),
                     _try(lambda: g.Exists(os.path.join(a, "g.txt")))]
    out["walk"] = [[str(d).replace(TMP, "TMP"), sorted(s), sorted(f)]
                   for d, s, f in g.Walk(a)]
    out["walk_bottom_up"] = [str(d).replace(TMP, "TMP") for d, _, _ in g.Walk(a, False)]
    out["mkdir"] = [_try(lambda: g.MkDir(os.path.join(a, "d"))),
                    _try(lambda: g.MkDir(os.path.join(TMP, "x", "y")))]
    out["remove"] = [_try(lambda: g.Remove(os.path.join(a, "h.txt"))),
                     _try(lambda: g.Remove(os.path.join(a, "h.txt")))]
    out["missing"] = [_try(lambda: g.ListDirectory(os.path.join(TMP, "none"))),
                      _try(lambda: g.Stat(os.path.join(TMP, "none"))),
                      _try(lambda: list(g.Walk(os.path.join(TMP, "none"))))]
    out["delete"] = [_try(lambda: g.DeleteRecursively(a)), _try(lambda: g.Exists(a))]
    return out


OUT["gfile"] = gfile()
flags = v1.flags
OUT["same"] = v1.app.flags is flags
flags.DEFINE_string("data_dir", "/tmp/data", "Where the data is.")
flags.DEFINE_integer(flag_name="steps", default_value=3, docstring="Steps to run.")
flags.DEFINE_float("lr", 0.1, "Learning rate.")
flags.DEFINE_boolean("fast", False, "Go fast.")
flags.DEFINE_enum("mode", "train", ["train", "eval"], "The mode.")
FLAGS = flags.FLAGS
sys.argv = [sys.argv[0], "--steps=7"]
OUT["implicit"] = [FLAGS.steps, FLAGS.data_dir]  # read before parsing: sys.argv is parsed


def main(argv):
    OUT["argv"] = argv[1:]
    OUT["flags"] = [FLAGS.data_dir, FLAGS.steps, FLAGS.lr, FLAGS.fast, FLAGS.mode]
    print(json.dumps(OUT, sort_keys=True))
    sys.stdout.flush()
    return 3


v1.app.run(main, argv=[sys.argv[0], "--lr=0.5", "--nofast", "--unknown=1", "pos",
                       "--mode=eval"])
