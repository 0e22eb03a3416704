"""Converter: `and`, `or` and `not` become calls that also work on graph tensors.

    a and b and c   ->  ag__.and_(lambda: a, lambda: ag__.and_(lambda: b, lambda: c))
    not x           ->  ag__.not_(x)

Operands stay lazy, so short-circuiting (and its side effects) is exactly Python's for
Python values and eager tensors; a graph tensor operand becomes a tf.cond.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct.templates import locate, replace_expr


class _Logical(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        fn = "ag__.and_" if isinstance(node.op, ast.And) else "ag__.or_"
        values = node.values
        expr = values[-1]
        for v in reversed(values[:-1]):
            expr = replace_expr(f"{fn}(lambda: a_, lambda: b_)", a_=v, b_=expr)
        return locate(expr, node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return locate(replace_expr("ag__.not_(x_)", x_=node.operand), node)
        return node


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Logical(ctx).visit(node)
