"""Converter: `return` inside `if`/`while`/`for` becomes a flag and a value.

    def f(x):                       def f(x):
        if x > 0:                       do_return = False
            return x                    retval_ = ag__.UndefinedReturnValue()
        return -x          ->           if x > 0:
                                            do_return = True
                                            retval_ = x
                                        if not do_return:
                                            do_return = True
                                            retval_ = -x
                                        return ag__.ret(retval_, do_return)

Loops holding a return also stop on `not do_return`. Functions whose returns all sit at
the top level of their body are left alone: nothing there becomes a nested function.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.converters import lowering
from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace

_CF = (ast.If, ast.For, ast.While)


def _needs_lowering(fn: ast.FunctionDef) -> bool:
    stack = list(fn.body)
    while stack:
        n = stack.pop()
        if isinstance(n, _CF) and analysis.contains([n], (ast.Return,)):
            return True
        if isinstance(n, analysis._SCOPES):
            continue
        stack.extend(c for c in ast.iter_child_nodes(n) if isinstance(c, ast.stmt))
    return False


class _Returns(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        self.generic_visit(node)
        if not _needs_lowering(node):
            return node
        do_return = self.ctx.namer.new("do_return")
        retval = self.ctx.namer.new("retval_")

        def on_jump(s: ast.Return) -> list[ast.stmt]:
            value = s.value if s.value is not None else ast.Constant(value=None)
            return locate(replace("do_return_ = True\nretval_ = value_", do_return_=do_return,
                                  retval_=retval, value_=value), s)

        def on_loop(loop: ast.stmt) -> None:
            lowering.add_loop_condition(loop, locate(lowering.not_flag(do_return), loop))

        body = lowering.lower_block(node.body, do_return, ast.Return, on_jump,
                                    into_loops=True, on_loop=on_loop)
        head = locate(replace("do_return_ = False\nretval_ = ag__.UndefinedReturnValue()",
                              do_return_=do_return, retval_=retval), node.body[0])
        tail = locate(replace("return ag__.ret(retval_, do_return_)",
                              do_return_=do_return, retval_=retval), node.body[-1])
        node.body = head + body + tail
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Returns(ctx).visit(node)
