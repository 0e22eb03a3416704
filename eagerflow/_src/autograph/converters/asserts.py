"""Converter: `assert test, msg` becomes `ag__.assert_stmt(test, lambda: msg)`.

The runtime raises AssertionError for Python values and eager tensors, exactly as the
statement would, and adds a tf.debugging.Assert op when `test` is a graph tensor. The
message stays lazy, as in Python.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct.templates import locate, replace


class _Asserts(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def visit_Assert(self, node: ast.Assert) -> ast.stmt:
        self.generic_visit(node)
        if node.msg is None:
            new = replace("ag__.assert_stmt(test_, None)", test_=node.test)
        else:
            new = replace("ag__.assert_stmt(test_, lambda: msg_)", test_=node.test,
                          msg_=node.msg)
        return locate(new, node)[0]


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Asserts(ctx).visit(node)
