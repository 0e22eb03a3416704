"""File names holding a NUL ('a\\0b'), as record_nul_names.py runs them under TF 2.21 and
test_nul_names_vs_tf.py under eagerflow, in order, in one fresh folder (the working one).

TF hands a local name to the OS as a C string: the file is the name up to the NUL, "."
for a name that starts with one. tf.io.gfile's messages name the file whole; an op's
eager message ends at the NUL (ReadFile of "a\\0b" fails "a"). A checkpoint's files are
named after its prefix up to the NUL (ck.index for "ck\\0pt-1"), while TF's Python, which
matches prefix + ".index", then finds no "ck" (latest_checkpoint: None).

And a few of tf.io.gfile's other answers found beside them: join is posixpath.join of
its arguments as given (bytes stay bytes, a mix is Python's TypeError, a "file://" path
keeps its scheme), a path that is no string is compat.as_bytes' TypeError, and a copy of
a folder leaves the empty file TF opened before it failed.

`run(tf)` gives [[case, outcome], ...]; an outcome is the value's repr, or
["error", class name, message].
"""

from __future__ import annotations

import os
import re
from typing import Any


def _listing() -> list:
    return sorted(os.listdir("."))


def _cases(tf: Any) -> list:
    G = tf.io.gfile

    def ckpt_save():
        return tf.train.Checkpoint(v=tf.Variable(1.)).save("ck\0pt")

    def ckpt_read():
        c = tf.train.Checkpoint(v=tf.Variable(5.))
        c.read("ck\0qq").expect_partial()
        return float(c.v.numpy())

    def traced_missing():
        # (a traced read's status ends at the NUL too, the node's tag with it; the
        # function's number counts the process's traces)
        @tf.function
        def f():
            return tf.io.read_file("nothere\0x")

        try:
            f()
        except Exception as e:  # noqa: BLE001 - the error is the answer
            return [type(e).__name__, re.sub(r"_f_\d+\]", "_f_N]", str(e))]

    def records():
        with tf.io.TFRecordWriter("r\0z") as w:
            w.write(b"ab")
        return [x.numpy() for x in tf.data.TFRecordDataset("r\0q")]

    return [
        ("exists", lambda: (G.exists("a\0b"), G.exists("moved\0x"), G.exists(b"moved\0x"))),
        ("exists_empty", lambda: (G.exists(""), G.exists("\0"), G.exists("zzz/\0"))),
        ("gfile_write", lambda: G.GFile("w\0b", "w").write("hi")),
        ("gfile_read", lambda: G.GFile("moved\0x").read()),
        ("gfile_size", lambda: G.GFile("moved\0", "r").size()),
        ("gfile_name", lambda: G.GFile("ww\0b", "w").name),
        ("gfile_missing", lambda: G.GFile("nothere\0x").read()),
        ("gfile_folder", lambda: G.GFile("\0abc", "w").write("hi")),
        ("gfile_empty", lambda: G.GFile("", "w").write("x")),
        ("listing_1", _listing),
        ("read_file", lambda: tf.io.read_file("moved\0zz")),
        ("read_missing", lambda: tf.io.read_file("nothere\0x")),
        ("read_folder", lambda: tf.io.read_file("\0a")),
        ("read_traced", traced_missing),
        ("write_file", lambda: tf.io.write_file("wf\0zz", "data")),
        ("write_under", lambda: tf.io.write_file("wd\0q/x", "abc")),
        ("listing_2", _listing),
        ("stat", lambda: G.stat("moved\0q").length),
        ("stat_missing", lambda: G.stat("nothere\0x")),
        ("stat_folder", lambda: G.stat("\0").is_directory),
        ("isdir", lambda: (G.isdir("md\0zz"), G.isdir(b"md\0zz"), G.isdir("\0"))),
        ("mkdir", lambda: G.mkdir("mk\0x")),
        ("makedirs", lambda: G.makedirs("n1\0/n2")),
        ("remove_missing", lambda: G.remove("nothere\0x")),
        ("rmtree_missing", lambda: G.rmtree("nothere\0x")),
        ("copy_missing", lambda: G.copy("nothere\0x", "y")),
        ("rename_missing", lambda: G.rename("nothere\0x", "y")),
        ("rename_exists", lambda: G.rename("moved\0x", "md\0y")),
        ("copy", lambda: G.copy("moved\0x", "copied\0y")),
        ("remove", lambda: G.remove("w\0yy")),
        ("listing_3", _listing),
        ("glob", lambda: (G.glob("mo\0*"), G.glob("mov*\0zz"))),
        ("matching_files", lambda: tf.io.matching_files("./mov*\0zz")),
        ("listdir", lambda: sorted(G.listdir(".\0zz"))),
        ("walk_leaf", lambda: list(G.walk("md\0zz"))),
        ("walk_tree", lambda: list(G.walk("dd\0zz"))),
        ("join", lambda: G.join("a\0b", "c")),
        ("records", records),
        ("text_lines", lambda: [x.numpy() for x in tf.data.TextLineDataset(["moved\0z"])]),
        ("ckpt_save", ckpt_save),
        ("ckpt_write", lambda: tf.train.Checkpoint(v=tf.Variable(2.)).write("\0ab")),
        ("listing_4", _listing),
        ("ckpt_state", lambda: open("checkpoint").read()),
        ("ckpt_load", lambda: float(tf.train.load_checkpoint("ck\0zz").get_tensor(
            "v/.ATTRIBUTES/VARIABLE_VALUE"))),
        ("ckpt_read", ckpt_read),
        ("latest", lambda: tf.train.latest_checkpoint(".")),
        ("join_bytes", lambda: G.join(b"a", b"b")),
        ("join_mixed", lambda: G.join(b"a", "b")),
        ("join_file", lambda: G.join("file:///a", "b")),
        ("join_scheme", lambda: (G.join("gs://b/x", "y"), G.join("s3://x/", "/y"))),
        ("exists_int", lambda: G.exists(5)),
        ("isdir_none", lambda: G.isdir(None)),
        ("listdir_int", lambda: G.listdir(7)),
        ("copy_folder", lambda: G.copy("dd", "cc")),
        ("copy_left", lambda: (os.path.isfile("cc"), os.path.getsize("cc"))),
    ]


def run(tf: Any) -> list:
    """The cases' outcomes, run in the working folder (a fresh one)."""
    with open("moved", "w") as f:
        f.write("hello")
    os.mkdir("md")
    os.makedirs("dd/sub")
    out = []
    for label, fn in _cases(tf):
        try:
            got: Any = repr(fn())
        except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
            got = ["error", type(e).__name__, str(e)]
        out.append([label, got])
    return out
