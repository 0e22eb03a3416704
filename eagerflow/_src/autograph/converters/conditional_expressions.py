"""Converter: `a if c else b` becomes `ag__.if_exp(c, lambda: a, lambda: b, 'c')`.

Both branches stay lazy: for Python values and eager tensors exactly one of them runs,
as in Python; for a graph tensor the runtime builds a tf.cond.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct.templates import locate, replace_expr


class _IfExp(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        new = replace_expr("ag__.if_exp(test_, lambda: body_, lambda: orelse_, repr_)",
                           test_=node.test, body_=node.body, orelse_=node.orelse,
                           repr_=ast.Constant(value=ast.unparse(node.test)))
        return locate(new, node)


def transform(node: ast.AST, ctx) -> ast.AST:
    return _IfExp(ctx).visit(node)
