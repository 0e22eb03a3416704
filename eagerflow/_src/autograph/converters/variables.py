"""Converter: reads of names that may hold `ag__.Undefined` go through `ag__.ld(x)`.

The control-flow converter binds a name to `ag__.Undefined('x')` when a branch or loop
may leave it unset; reading it then raises UnboundLocalError, as the original code
would. Only those names are wrapped: other reads stay plain.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct.templates import locate, replace, replace_expr


class _Loads(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.names = ctx.undefined_names

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if (isinstance(node.ctx, ast.Load) and node.id in self.names
                and not getattr(node, "ag_raw", False)):
            return locate(replace_expr("ag__.ld(x_)", x_=node), node)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        t = node.target
        if isinstance(t, ast.Name) and t.id in self.names:
            load = ast.Name(id=t.id, ctx=ast.Load())
            load.ag_raw = True
            pre = replace("x_ = ag__.ld(y_)", x_=t.id, y_=load)
            return locate(pre, node) + [node]
        return node


    def visit_Delete(self, node: ast.Delete) -> ast.AST:
        self.generic_visit(node)
        checks = []
        for t in node.targets:
            if isinstance(t, ast.Name) and t.id in self.names:
                load = ast.Name(id=t.id, ctx=ast.Load())
                load.ag_raw = True
                checks += replace("ag__.ld(x_)", x_=load)  # `del` of an unset name fails too
        return locate(checks, node) + [node] if checks else node


def transform(node: ast.AST, ctx) -> ast.AST:
    if not ctx.undefined_names:
        return node
    return _Loads(ctx).visit(node)
