"""Shared by the break, continue and return converters: turning a jump into a flag.

A jump statement becomes `flag = True`; every statement that follows, in the same block
or an enclosing one up to the loop (or function), runs under `if not flag:`. The result
only falls through, which is what the control-flow converter needs to put blocks into
functions.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace, replace_expr

_SCOPES = analysis._SCOPES
_LOOPS = analysis._LOOPS


def not_flag(flag: str) -> ast.expr:
    return replace_expr("not flag_", flag_=flag)


def lower_block(stmts: list[ast.stmt], flag: str, kind: type,
                on_jump: Callable[[ast.stmt], list[ast.stmt]],
                into_loops: bool = False,
                on_loop: Callable[[ast.stmt], None] | None = None) -> list[ast.stmt]:
    """Rewrites jumps of `kind` in `stmts` (not inside nested scopes; inside nested loops only
    when `into_loops`, for `return`). `on_jump(stmt)` gives the statements replacing a jump,
    `on_loop(loop)` is told about each nested loop that contains one."""
    stop = _SCOPES if into_loops else _SCOPES + _LOOPS
    out: list[ast.stmt] = []
    for i, s in enumerate(stmts):
        if isinstance(s, kind):
            out.extend(on_jump(s))
            return out  # what follows a jump in the same block never runs
        if not analysis.contains([s], (kind,), stop=stop):
            out.append(s)
            continue
        rest = stmts[i + 1:]
        if kind is ast.Return and isinstance(s, ast.If):
            # `if c: return a` then more code: the rest belongs to the other branch (no flag
            # test), so that each branch of a graph cond sets the return value.
            body_returns, else_returns = always_returns(s.body), always_returns(s.orelse)
            if body_returns or else_returns:
                if not else_returns:
                    s.orelse = s.orelse + rest
                elif not body_returns:
                    s.body = s.body + rest
                out.append(_lower_inside(s, flag, kind, on_jump, into_loops, on_loop))
                return out
        out.append(_lower_inside(s, flag, kind, on_jump, into_loops, on_loop))
        if rest:
            rest = lower_block(rest, flag, kind, on_jump, into_loops, on_loop)
            guard = replace("if not flag_:\n    body_", flag_=flag, body_=rest)[0]
            out.append(locate(guard, rest[0]))
        return out
    return out


def always_returns(stmts: list[ast.stmt]) -> bool:
    """Whether every path through `stmts` ends in a return statement."""
    for s in stmts:
        if isinstance(s, ast.Return):
            return True
        if isinstance(s, ast.If) and always_returns(s.body) and always_returns(s.orelse):
            return True
        if isinstance(s, (ast.With, ast.AsyncWith)) and always_returns(s.body):
            return True
    return False


def _lower_inside(s: ast.stmt, flag: str, kind: type, on_jump: Callable, into_loops: bool,
                  on_loop: Callable | None) -> ast.stmt:
    def low(block: list[ast.stmt]) -> list[ast.stmt]:
        if not block:
            return block
        return lower_block(block, flag, kind, on_jump, into_loops, on_loop) or [ast.Pass()]

    if isinstance(s, ast.If):
        s.body, s.orelse = low(s.body), low(s.orelse)
    elif isinstance(s, (ast.With, ast.AsyncWith)):
        s.body = low(s.body)
    elif isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
        s.body, s.orelse, s.finalbody = low(s.body), low(s.orelse), low(s.finalbody)
        for h in s.handlers:
            h.body = low(h.body)
    elif isinstance(s, _LOOPS):
        s.body, s.orelse = low(s.body), low(s.orelse)
        if on_loop is not None:
            on_loop(s)
    elif type(s).__name__ == "Match":
        for case in s.cases:
            case.body = low(case.body)
    for block in ("body", "orelse", "finalbody"):
        b = getattr(s, block, None)
        if isinstance(b, list):
            locate(b, s)
    return s


def add_loop_condition(loop: ast.stmt, cond: ast.expr) -> None:
    """Makes `loop` also stop when `cond` turns false, before its next iteration."""
    if isinstance(loop, ast.While):
        loop.test = locate(ast.BoolOp(op=ast.And(), values=[cond, loop.test]), loop.test)
    else:
        extra = getattr(loop, "ag_extra_test", None)
        loop.ag_extra_test = cond if extra is None else locate(
            ast.BoolOp(op=ast.And(), values=[cond, extra]), loop)
