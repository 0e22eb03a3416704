"""Runs `python -c CODE ARGS...` programs in processes forked from a server that has imported
eagerflow (and the Keras and tf.data modules it loads lazily) once, so that each program costs
its own work, not the second an interpreter spends importing them (the guides' suite runs 120
such programs).

A forked program starts as a fresh interpreter would: the server runs nothing but imports,
holds no other thread (it refuses to serve otherwise, and the caller runs a plain subprocess),
and the program's process ends through the interpreter's own shutdown -- atexit handlers run,
non-daemon threads are joined, streams flushed -- with the exit status `python -c` gives.

Protocol (one request at a time): the client writes a JSON line {"code", "argv", "cwd",
"out", "err", "timeout"} to the server's stdin; the server answers {"rc": status} on its
stdout, or {"rc": null} when the program ran past its timeout and was killed.
"""

from __future__ import annotations

import atexit
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

_WARM = ("import eagerflow as tf\n"
         "tf.keras.layers.Dense, tf.keras.Model, tf.keras.optimizers.Adam, tf.keras.losses.Loss\n"
         "tf.keras.metrics.Metric, tf.keras.callbacks.Callback, tf.data.Dataset\n"
         # (what about half the guides load on first use, and TF's op table a trace reads)
         "tf.keras.utils, tf.keras.models, tf.nn, tf.math\n"
         "from eagerflow._src.ops import tf_op_defs\n"
         "tf_op_defs.signatures()\n")


def serve() -> None:
    """The server's loop: import, then fork a child per request until stdin closes."""
    exec(_WARM, {})
    # The imports' objects move to the collector's permanent generation: a child's
    # collections (its exit's among them) would otherwise walk them all, and writing
    # their headers copies every page the child shares with the server (0.44 s of CPU
    # for an empty program; 0.11 s frozen)
    gc.freeze()
    ready = threading.active_count() == 1
    _reply({"ready": ready})
    if not ready:
        return
    for line in _lines(0):
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _become_program(request)  # (never returns)
        _reply({"rc": _wait(pid, request["timeout"])})


def _become_program(request: dict) -> None:
    os.chdir(request["cwd"])
    for fd, path, mode in ((0, os.devnull, os.O_RDONLY),
                           (1, request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                           (2, request["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        target = os.open(path, mode, 0o600)
        os.dup2(target, fd)
        os.close(target)
    sys.argv = ["-c", *request["argv"]]
    sys.path[0] = ""  # (as `python -c`: the working directory first)
    exec(compile(request["code"], "<string>", "exec"), {"__name__": "__main__"})
    raise SystemExit(0)  # (an exception leaves as `python -c`'s would: traceback, status 1)


def _wait(pid: int, timeout: float) -> int | None:
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.005)


def _reply(message: dict) -> None:
    os.write(1, (json.dumps(message) + "\n").encode())


def _lines(fd: int):
    """Lines read from a file descriptor without a buffer a forked child would inherit."""
    pending = b""
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            return
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line


class Client:
    """A server started with the environment `env`; `run` returns (status, stdout, stderr)
    as `subprocess.run([python, "-c", code, *argv], cwd=cwd)` would, or None when the server
    cannot serve (it found a thread running after its imports)."""

    def __init__(self, env: dict) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-c", "from tests.forkserver import serve; serve()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.ready = bool(json.loads(self._proc.stdout.readline() or "{}").get("ready"))

    def run(self, code: str, argv: list[str], cwd: str, timeout: float):
        streams = tempfile.mkdtemp()  # (not in cwd, which the program may list)
        out, err = os.path.join(streams, "stdout"), os.path.join(streams, "stderr")
        request = {"code": code, "argv": argv, "cwd": cwd, "out": out, "err": err,
                   "timeout": timeout}
        self._proc.stdin.write((json.dumps(request) + "\n").encode())
        self._proc.stdin.flush()
        reply = json.loads(self._proc.stdout.readline())
        texts = []
        for path in (out, err):
            with open(path, encoding="utf-8", errors="replace") as f:
                texts.append(f.read())
            os.remove(path)
        os.rmdir(streams)
        if reply["rc"] is None:
            raise subprocess.TimeoutExpired(["python", "-c", code, *argv], timeout)
        return reply["rc"], texts[0], texts[1]

    def close(self) -> None:
        self._proc.stdin.close()
        self._proc.wait(timeout=60)


_SERVERS: dict = {}


def server_for(env: dict) -> Client | None:
    """The fork server for this environment (started on first use, closed at exit), or
    None where forking cannot stand in for a fresh interpreter."""
    if not hasattr(os, "fork"):
        return None
    key = tuple(sorted(env.items()))
    if key not in _SERVERS:
        client = Client(env)
        atexit.register(client.close)
        _SERVERS[key] = client if client.ready else None
    return _SERVERS[key]


_AS_SCRIPT = ("import runpy, sys; sys.argv = sys.argv[1:]; "
              "runpy.run_path(sys.argv[0], run_name='__main__')")


def run_script(argv: list[str], env: dict, timeout: float, cwd: str | None = None
               ) -> subprocess.CompletedProcess:
    """`subprocess.run([sys.executable, *argv], capture_output=True, text=True)` where
    argv[0] is a script, run in a child of the fork server for `env` when there is one (the
    program pays for its own work, not for importing eagerflow again)."""
    cwd = os.getcwd() if cwd is None else cwd
    server = server_for(env)
    if server is None:
        return subprocess.run([sys.executable, *argv], capture_output=True, text=True,
                              timeout=timeout, env=env, cwd=cwd)
    rc, out, err = server.run(_AS_SCRIPT, [str(a) for a in argv], cwd, timeout)
    return subprocess.CompletedProcess([sys.executable, *argv], rc, out, err)
