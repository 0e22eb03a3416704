"""Converter: AutoGraph directives written in the user's code.

`tf.autograph.experimental.set_loop_options(shape_invariants=..., maximum_iterations=...)`
as a statement in a loop body configures that loop: it is removed from the body and its
arguments go to the loop's options.
"""

from __future__ import annotations

import ast


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        f = node.value.func
        if isinstance(f, ast.Name):
            return f.id
        if isinstance(f, ast.Attribute):
            return f.attr
    return None


class _Directives(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def _loop(self, node: ast.stmt) -> ast.stmt:
        opts: dict[str, ast.expr] = {}
        body = []
        for s in node.body:
            if _call_name(s) == "set_loop_options":
                for kw in s.value.keywords:
                    if kw.arg:
                        opts[kw.arg] = kw.value
                continue
            body.append(s)
        node.body = body or [ast.Pass()]
        node.ag_loop_options = opts
        self.generic_visit(node)
        return node

    visit_While = visit_For = _loop  # noqa: N815


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Directives(ctx).visit(node)

