"""Where user code made a graph's node: its creation stack, as TF keeps one per operation.

Graph layer, under ir.py (which records it at each node it makes) and above core: a
node keeps the user frames (outside eagerflow) of the stack that made it, as links of
(code, instruction offset) from the innermost, cheap to take at every node; lines are read
only when a graph error or `Operation.traceback` asks. While a trace builds a graph
(function/concrete.py's tracing_scope sets `_frames_entry`), a walk stops at the trace's
start, whose frames above were taken once, or at a user frame the previous node's walk
met, whose callers are suspended where they were.
"""

from __future__ import annotations

import sys
from typing import Any

from eagerflow._src.core.context import _state

_PKG_DIR = __file__.rsplit("/_src/", 1)[0] + "/"


def user_frame() -> str | None:
    """'File "f.py", line 3, in fn' for the innermost frame outside eagerflow, if any."""
    f = sys._getframe(1)
    while f is not None:
        name = f.f_code.co_filename
        if not name.startswith(_PKG_DIR) and not name.startswith("<frozen"):
            return f'File "{name}", line {f.f_lineno}, in {f.f_code.co_name}'
        f = f.f_back
    return None


# id(code) -> (code, whether it is user code: not eagerflow's, not frozen); keyed by id, as
# a code object's own hash reads its whole body, and holding the code keeps its id unique
_USER_CODE: dict = {}


def _is_user(code: Any) -> bool:
    entry = _USER_CODE.get(id(code))
    return (entry or _classify(code))[1]


def _classify(code: Any) -> tuple:
    name = code.co_filename
    entry = _USER_CODE[id(code)] = (code, not name.startswith(_PKG_DIR) and
                                    not name.startswith("<frozen"))
    return entry


# The origin of a node of a function read from a file (a SavedModel's FunctionDef): TF
# keeps no creation stack for those, and its graph errors say "<stack traces unavailable>"
IMPORTED: tuple = ()


def user_frames() -> tuple | None:
    """Where user code made a node: the caller's frames outside eagerflow, as a chain of
    (code, instruction offset, the caller's entry) from the innermost (None: no frame),
    cheap to take at every node and shared between nodes; `frames` reads it as TF's
    op.traceback less TF's own frames, what a graph error lists. (Every user frame is
    kept, not only the innermost: errors and `Operation.traceback` list them all.)
    IMPORTED while a graph imported from a file is built."""
    g = _state.graph
    if g is not None and g._imported:
        return IMPORTED
    if g is not None and g._frames_entry is not None:
        return _traced_user_frames(g)
    # (the classification looked up inline: this loop runs once per frame of the stack
    # at every node a TF 1 graph builder makes)
    known = _USER_CODE
    found = []
    f = sys._getframe(1)
    while f is not None:
        code = f.f_code
        entry = known.get(id(code)) or _classify(code)
        if entry[1]:
            found.append((code, f.f_lasti))
        f = f.f_back
    node = None
    for code, offset in reversed(found):
        node = (code, offset, node)
    return node


def _traced_user_frames(g: Any) -> tuple | None:
    """user_frames while a trace builds `g`: the walk stops at the trace's start (the frames
    above it taken once) or at a user frame the previous node's walk met (the frames above
    that one are the same, suspended where they were), so a node walks only what changed."""
    stop = g._frames_entry
    seen, nodes, pos = g._frames_seen  # outermost first, while this trace lasts
    outer = g._frames_outer
    below = []
    k = -1
    f = sys._getframe(2)
    while f is not None and f is not stop:
        code = f.f_code
        if _is_user(code):
            k = pos.get(id(f), -1)
            if k >= 0 and seen[k] is f:  # (it may sit at another line now)
                nodes[k] = (code, f.f_lasti, nodes[k - 1] if k else outer)
                break
            k = -1
            below.append((f, code, f.f_lasti))
        f = f.f_back
    for old in seen[k + 1:]:
        del pos[id(old)]
    del seen[k + 1:], nodes[k + 1:]
    for frame, code, offset in reversed(below):
        pos[id(frame)] = len(seen)
        nodes.append((code, offset, nodes[-1] if nodes else outer))
        seen.append(frame)
    return nodes[-1] if nodes else outer


def _line(code: Any, offset: int) -> int | None:
    for start, end, line in code.co_lines():
        if start <= offset < end:
            return line
    return None


def frames(origin: tuple | None) -> list:
    """user_frames' chain as (file, line, function), outermost first."""
    out = []
    while origin:  # (None or IMPORTED: no frames)
        code, offset, origin = origin
        out.append((code.co_filename, _line(code, offset), code.co_name))
    out.reverse()
    return out


def frame_lines(origin: tuple | None, indent: str) -> list:
    """`origin` (user_frames) as TF's error messages print it."""
    return [f'{indent}File "{name}", line {line}, in {fn}' for name, line, fn in frames(origin)]
