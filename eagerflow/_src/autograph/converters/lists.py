"""Converter: `l.append(x)` as a statement becomes `l = ag__.list_append(l, x)`.

For a Python list this appends in place and hands back the same list, so nothing
changes. What changes is that `l` now counts as written by the block, so a graph loop
carries it as a loop variable; the runtime then accumulates into a TensorArray and hands
back the stacked tensor after the loop. Each loop learns which names it appends to.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace


def _append_target(node: ast.stmt) -> str | None:
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return None
    call = node.value
    f = call.func
    if (isinstance(f, ast.Attribute) and f.attr == "append" and isinstance(f.value, ast.Name)
            and len(call.args) == 1 and not call.keywords
            and not isinstance(call.args[0], ast.Starred)):
        return f.value.id
    return None


class _Lists(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.loops: list[ast.stmt] = []
        self.locals: set[str] = set()

    def _loop(self, node: ast.stmt) -> ast.stmt:
        node.ag_appended = set()
        self.loops.append(node)
        self.generic_visit(node)
        self.loops.pop()
        return node

    visit_While = visit_For = _loop  # noqa: N815

    def _scope(self, node: ast.AST) -> ast.AST:
        saved = self.loops, self.locals
        self.loops, self.locals = [], _locals(node)
        self.generic_visit(node)
        self.loops, self.locals = saved
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = _scope  # noqa: N815

    def visit_Expr(self, node: ast.Expr) -> ast.stmt:
        name = _append_target(node)
        if name is None or name not in self.locals:
            return self.generic_visit(node)
        for loop in self.loops:
            loop.ag_appended.add(name)
        value = self.visit(node.value.args[0])
        return locate(replace("l_ = ag__.list_append(l_, x_)", l_=name, x_=value), node)[0]


def _locals(node: ast.AST) -> set[str]:
    """Names local to a function: rebinding any other name would change its scope."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return set()
    a = node.args
    params = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
    params |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
    glob, nonloc = analysis.scope_declarations(node)
    return (params | analysis.modified(node.body)) - glob - nonloc


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Lists(ctx).visit(node)
