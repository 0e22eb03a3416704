"""Calls on TF's RAM file system ("ram://") that record_ram_fs.py runs under TensorFlow 2.21
and test_ram_fs.py runs under eagerflow: tf.io.gfile (every function, GFile's modes, seek,
tell, readline, stat's fields), tf.io.read_file/write_file/matching_files, and the errors
(missing file, listdir of a file, makedirs over a file, rename onto an existing path
without overwrite, remove of a folder holding files, a folder read as a file).

Each case works under its own folder ram://<case>/ (TF's RAM file system is shared by the
whole process). `run(tf)` gives [[case, outcome], ...]; an outcome is the value's repr,
or ["error", class name, message].
"""

from __future__ import annotations

from typing import Any

SAMPLE = "hi\r\nyo\nend"


def _cases(tf: Any) -> list:  # noqa: C901 - one table of small cases
    G = tf.io.gfile

    def put(path: str, data: Any, mode: str = "w") -> None:
        with G.GFile(path, mode) as f:
            f.write(data)

    def get(path: str, mode: str = "r") -> Any:
        with G.GFile(path, mode) as f:
            return f.read()

    def tree(c: str) -> str:
        """ram://<c>/ holding b/x.txt (SAMPLE) and c1 ('C'), b made by makedirs."""
        G.makedirs(f"ram://{c}/b")
        put(f"ram://{c}/b/x.txt", SAMPLE)
        put(f"ram://{c}/c1", "C")
        return f"ram://{c}"

    def lines(c: str) -> list:
        f = G.GFile(tree(c) + "/b/x.txt")
        out = [f.readline(), f.tell(), f.readline(), f.readline(), f.readline(), f.tell()]
        f.seek(1)
        out += [f.read(2), f.tell(), f.size()]
        f.seek(0, 2)
        out += [f.tell(), f.read()]
        f.seek(0)
        out.append(f.readlines())
        try:
            f.seek(100)
        except Exception as e:  # noqa: BLE001 - recorded
            out.append([type(e).__name__, str(e)])
        return out

    def modes(c: str, mode: str) -> tuple:
        p = f"ram://{c}/f"
        put(p, "one")
        f = G.GFile(p, mode)
        if mode == "r+":
            r = f.read()
            f.write("X")
        else:
            f.write("abc")
            f.flush()
            r = f.read()
        f.close()
        return r, get(p)

    def walk(c: str, topdown: bool) -> list:
        base = tree(c)
        G.makedirs(base + "/b/d")
        put(base + "/b/d/y", "y")
        G.makedirs(base + "/e")
        return list(G.walk(base, topdown=topdown))

    cases = [
        # -- exists / isdir / listdir / stat
        ("exists", lambda c: (tree(c), [G.exists(f"ram://{c}" + s)
                                         for s in ("", "/", "/b", "/b/", "/b/x.txt", "/zz")])[1]),
        ("exists_root", lambda c: (G.exists("ram://"), G.isdir("ram://"))),
        ("isdir", lambda c: (tree(c), [G.isdir(f"ram://{c}" + s)
                                        for s in ("", "/b", "/b/", "/b/x.txt", "/zz")])[1]),
        ("listdir", lambda c: (tree(c), sorted(G.listdir(f"ram://{c}")),
                               G.listdir(f"ram://{c}/b"), sorted(G.listdir(f"ram://{c}/")))[1:]),
        ("listdir_missing", lambda c: G.listdir(f"ram://{c}/zz")),
        ("listdir_file", lambda c: (tree(c), G.listdir(f"ram://{c}/b/x.txt"))),
        ("stat_file", lambda c: (tree(c), (lambda s: (s.length, s.mtime_nsec, s.is_directory))(
            G.stat(f"ram://{c}/b/x.txt")))[1]),
        ("stat_dir", lambda c: (tree(c), (lambda s: (s.length, s.mtime_nsec, s.is_directory))(
            G.stat(f"ram://{c}/b")))[1]),
        ("stat_missing", lambda c: G.stat(f"ram://{c}/zz")),
        ("size", lambda c: (tree(c), G.GFile(f"ram://{c}/b/x.txt").size())[1]),
        # -- folders
        ("makedirs_existing", lambda c: (tree(c), G.makedirs(f"ram://{c}/b"))[1]),
        ("makedirs_over_file", lambda c: (tree(c), G.makedirs(f"ram://{c}/b/x.txt"))),
        ("mkdir", lambda c: (G.mkdir(f"ram://{c}"), G.mkdir(f"ram://{c}/m"),
                             G.mkdir(f"ram://{c}/m"), G.isdir(f"ram://{c}/m"))[3]),
        ("mkdir_over_file", lambda c: (tree(c), G.mkdir(f"ram://{c}/c1"),
                                       G.isdir(f"ram://{c}/c1"))[1:]),
        ("mkdir_no_parent", lambda c: (G.mkdir(f"ram://{c}/q/r"), G.isdir(f"ram://{c}/q"),
                                       G.isdir(f"ram://{c}/q/r"))),
        ("file_without_folder", lambda c: (put(f"ram://{c}/n/y.txt", "z"),
                                           G.isdir(f"ram://{c}/n"), G.listdir(f"ram://{c}/n"),
                                           get(f"ram://{c}/n/y.txt"))),
        # -- reading and writing
        ("read", lambda c: (tree(c), get(f"ram://{c}/b/x.txt"),
                            get(f"ram://{c}/b/x.txt", "rb"))[1:]),
        ("read_n", lambda c: (tree(c), G.GFile(f"ram://{c}/b/x.txt", "rb").read(3))[1]),
        ("read_missing", lambda c: get(f"ram://{c}/zz")),
        ("read_folder", lambda c: (tree(c), get(f"ram://{c}/b"))),
        ("write_folder", lambda c: (tree(c), put(f"ram://{c}/b", "x"))),
        ("lines", lines),
        ("iterate", lambda c: (tree(c), list(G.GFile(f"ram://{c}/b/x.txt")))[1]),
        ("append", lambda c: (put(f"ram://{c}/f", "one"), put(f"ram://{c}/f", "two", "a"),
                              put(f"ram://{c}/g", "new", "a"), get(f"ram://{c}/f"),
                              get(f"ram://{c}/g"))[3:]),
        ("mode_a+", lambda c: modes(c, "a+")),
        ("write_bytes", lambda c: (put(f"ram://{c}/f", b"\x00\xff", "wb"),
                                   get(f"ram://{c}/f", "rb"))[1]),
        ("writer_tell", lambda c: G.GFile(f"ram://{c}/f", "w").tell()),
        ("read_only_write", lambda c: (tree(c), G.GFile(f"ram://{c}/c1").write("x"))),
        # -- rename / copy / remove / rmtree
        ("rename", lambda c: (tree(c), G.rename(f"ram://{c}/c1", f"ram://{c}/c2"),
                              G.exists(f"ram://{c}/c1"), get(f"ram://{c}/c2"))[2:]),
        ("rename_onto_existing", lambda c: (tree(c), put(f"ram://{c}/c2", "2"),
                                            G.rename(f"ram://{c}/c1", f"ram://{c}/c2"))),
        ("rename_overwrite", lambda c: (tree(c), put(f"ram://{c}/c2", "2"),
                                        G.rename(f"ram://{c}/c1", f"ram://{c}/c2", True),
                                        get(f"ram://{c}/c2"))[3]),
        ("rename_missing", lambda c: G.rename(f"ram://{c}/zz", f"ram://{c}/z2")),
        ("rename_into_new_folder", lambda c: (tree(c), G.rename(f"ram://{c}/c1",
                                                                f"ram://{c}/nn/c1"),
                                              G.isdir(f"ram://{c}/nn"),
                                              get(f"ram://{c}/nn/c1"))[2:]),
        ("rename_to_local", lambda c: (tree(c), G.rename(f"ram://{c}/c1", "/nonexistent/c1"))),
        ("copy", lambda c: (tree(c), G.copy(f"ram://{c}/c1", f"ram://{c}/c2"),
                            get(f"ram://{c}/c2"), get(f"ram://{c}/c1"))[2:]),
        ("copy_onto_existing", lambda c: (tree(c), G.copy(f"ram://{c}/c1", f"ram://{c}/b/x.txt"))),
        ("copy_missing", lambda c: G.copy(f"ram://{c}/zz", f"ram://{c}/z2")),
        ("copy_folder", lambda c: (tree(c), G.copy(f"ram://{c}/b", f"ram://{c}/c4"),
                                   G.isdir(f"ram://{c}/c4"), get(f"ram://{c}/c4"))[2:]),
        ("remove", lambda c: (tree(c), G.remove(f"ram://{c}/c1"), G.exists(f"ram://{c}/c1"))[2]),
        ("remove_missing", lambda c: G.remove(f"ram://{c}/zz")),
        ("remove_empty_folder", lambda c: (G.makedirs(f"ram://{c}/m"), G.remove(f"ram://{c}/m"),
                                           G.exists(f"ram://{c}/m"))[2]),
        ("remove_folder_with_files", lambda c: (tree(c), G.remove(f"ram://{c}/b"),
                                                G.exists(f"ram://{c}/b"),
                                                G.isdir(f"ram://{c}/b"),
                                                get(f"ram://{c}/b/x.txt"))[2:]),
        ("rmtree", lambda c: (tree(c), G.makedirs(f"ram://{c}/b/d"), put(f"ram://{c}/b/d/y", "y"),
                              G.rmtree(f"ram://{c}/b"), G.exists(f"ram://{c}/b"),
                              G.exists(f"ram://{c}/b/d/y"), G.exists(f"ram://{c}/c1"))[4:]),
        ("rmtree_file", lambda c: (tree(c), G.rmtree(f"ram://{c}/c1"),
                                   G.exists(f"ram://{c}/c1"))[2]),
        ("rmtree_missing", lambda c: G.rmtree(f"ram://{c}/zz")),
        # -- walk / glob / join / schemes
        ("walk", lambda c: walk(c, True)),
        ("walk_bottom_up", lambda c: walk(c, False)),
        ("walk_missing", lambda c: list(G.walk(f"ram://{c}/zz"))),
        ("glob", lambda c: (tree(c), G.makedirs(f"ram://{c}/c2"),
                            [G.glob(f"ram://{c}/" + p)
                             for p in ("*", "c?", "c[1]", "*/*.txt", "c1", "zz*", "b/")])[2]),
        ("glob_list", lambda c: (tree(c), G.glob([f"ram://{c}/c*", f"ram://{c}/b/*"]))[1]),
        ("join", lambda c: G.join(f"ram://{c}", "b", "x.txt")),
        ("schemes", lambda c: [s for s in G.get_registered_schemes() if s != "gs"]),
        ("other_scheme", lambda c: G.exists(f"s3://{c}/x")),
        # -- the ops
        ("read_file", lambda c: (tree(c), tf.io.read_file(f"ram://{c}/b/x.txt").numpy())[1]),
        ("read_file_missing", lambda c: tf.io.read_file(f"ram://{c}/zz")),
        ("read_file_folder", lambda c: (tree(c), tf.io.read_file(f"ram://{c}/b"))),
        ("write_file", lambda c: (tf.io.write_file(f"ram://{c}/w/d/f.bin", b"\x00\x01"),
                                  get(f"ram://{c}/w/d/f.bin", "rb"),
                                  G.isdir(f"ram://{c}/w/d"))[1:]),
        ("write_file_folder", lambda c: (tree(c), tf.io.write_file(f"ram://{c}/b", "x"))),
        ("matching_files", lambda c: (tree(c), [tf.io.matching_files(f"ram://{c}/" + p)
                                                .numpy().tolist() for p in ("*", "*.no")])[1]),
        ("read_file_in_function", lambda c: (tree(c), tf.function(
            lambda: tf.io.read_file(f"ram://{c}/c1"))().numpy())[1]),
    ]
    return cases


def outcome(fn: Any, case: str) -> Any:
    try:
        value = fn(case)
    except Exception as e:  # noqa: BLE001 - the outcome recorded
        return ["error", type(e).__name__, str(e)]
    if hasattr(value, "tolist"):  # an array: its values, not its module's repr
        value = value.tolist()
    return repr(value)


def run(tf: Any) -> list:
    return [[case, outcome(fn, case)] for case, fn in _cases(tf)]
