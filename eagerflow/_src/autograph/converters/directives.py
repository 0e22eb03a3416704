"""Converter: AutoGraph directives written in the user's code.

`tf.autograph.experimental.set_loop_options(shape_invariants=..., maximum_iterations=...)`
as a statement in a loop body configures that loop: it is removed from the body and its
arguments go to the loop's options. `set_element_type(l, dtype[, shape])` declares the
element type of a list that a graph loop accumulates into; the call stays (it does
nothing at run time) and every loop of the function learns the declaration.
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
        self.list_types: dict[str, tuple] = {}

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
        node.ag_list_types = self.list_types  # filled as the function is read
        self.generic_visit(node)
        return node

    visit_While = visit_For = _loop  # noqa: N815

    def visit_Expr(self, node: ast.Expr) -> ast.stmt:
        if _call_name(node) == "set_element_type":
            call = node.value
            if call.args and isinstance(call.args[0], ast.Name):
                dtype = call.args[1] if len(call.args) > 1 else None
                shape = call.args[2] if len(call.args) > 2 else None
                for kw in call.keywords:
                    if kw.arg == "dtype":
                        dtype = kw.value
                    elif kw.arg == "shape":
                        shape = kw.value
                self.list_types[call.args[0].id] = (dtype, shape)
        return node


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Directives(ctx).visit(node)

