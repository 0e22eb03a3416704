"""How core_probe_cases' programs are observed: what each returns (its repr), raises
(class and message, with what differs by machine or run left out), prints (to the
file descriptors too: TF's kernels print from C++) or logs."""

import contextlib
import io
import logging
import os
import re
import sys
import tempfile
import warnings
from typing import Any, Callable


def plain(text: str) -> str:
    # (TF restates an error raised while tracing "in user code", with the user's frames,
    # which name files and lines: the error's own last line is compared)
    if text.startswith("in user code:"):
        text = text.strip().split("\n")[-1].strip()
    if "Traceback (most recent call last):" in text:
        # (a py_function's error carries the Python traceback, whose frames are each
        # library's own: what comes before it and its last line)
        head, tail = text.split("Traceback (most recent call last):", 1)
        text = head + "...\n" + tail.strip().split("\n")[-1]
    # (a graph's error names the frames that made the node: the caller's, as many as its
    # depth, left out)
    text = "\n".join(ln for ln in text.split("\n")
                     if not ln.startswith(("  File ", "    File ")))
    # (a graph's id, and the counter that numbers a function graph's name)
    text = re.sub(r"\bid=\d+", "id=N", text)
    text = re.sub(r"\b(while_body|while_cond|cond_true|cond_false)_\d+", r"\1_N", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    text = re.sub(r"(__inference_[^\s\]]+)_\d+", r"\1_N", text)
    text = re.sub(r"\bpyfunc_\d+", "pyfunc_N", text)  # (numbered in the process's order)
    # (a deprecation notice names the caller's file, wherever the checkout is)
    text = re.sub(r"\bFrom \S+\.py:\d+: ", "From FILE:LINE: ", text)
    text = re.sub(r" at 0x[0-9a-f]+", " at 0xADDRESS", text)
    # (a captured tensor's id, in a printed signature or its repr)
    text = re.sub(r"(\n|\\n)  \d+: ", r"\1  CAPTURE_ID: ", text)
    return re.sub(r"\{\{function_node [^}]*\}\} ", "", text)


def outcome(fn: Callable[[], Any]) -> Any:
    """What `fn()` returns (its repr, a list of reprs for a list or tuple) or raises."""
    try:
        r = fn()
    except BaseException as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": plain(str(e))}
    if isinstance(r, (list, tuple)):
        return [plain(repr(x)) for x in r]
    return plain(repr(r))


@contextlib.contextmanager
def _fd_captured(fd: int, into: list):
    """What is written to file descriptor `fd` meanwhile (TF's kernels print to it from
    C++, past sys.stdout), appended to `into` as text."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(fd)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), fd)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved, fd)
            os.close(saved)
            tmp.seek(0)
            into.append(tmp.read().decode())


def printed(fn: Callable[[], Any]) -> dict:
    """What `fn()` writes to stdout and to stderr (file descriptors and Python streams),
    and what it returns or raises."""
    out: list = []
    err: list = []
    py_out = io.StringIO()
    py_err = io.StringIO()
    with _fd_captured(1, out), _fd_captured(2, err):
        with contextlib.redirect_stdout(py_out), contextlib.redirect_stderr(py_err):
            result = outcome(fn)
    return {"stdout": out[0] + py_out.getvalue(), "stderr": err[0] + py_err.getvalue(),
            "result": result}


def logged(fn: Callable[[], Any]) -> dict:
    """The "tensorflow" logger's records and the Python warnings while `fn()` runs."""
    records: list = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(f"{record.levelname}: {plain(record.getMessage())}")

    logger = logging.getLogger("tensorflow")
    handler = Keep()
    logger.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = outcome(fn)
    finally:
        logger.removeHandler(handler)
    return {"log": records, "warnings": [f"{w.category.__name__}: {w.message}"
                                         for w in caught], "result": result}
