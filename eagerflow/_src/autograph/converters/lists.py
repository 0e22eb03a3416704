"""Converter (only under Feature.LISTS, as TF's): lists as TF 2.21's AutoGraph stages them.

- a list display `[a, b]` becomes `ag__.new_list([a, b])` (an empty one, a TensorList);
- `l.append(x)` as a statement becomes `l = ag__.list_append(l, x)`;
- `l.pop()` / `l.pop(i)` becomes `ag__.list_pop(l, i)`;
- `m.stack(l)` with one argument becomes `ag__.list_stack(l, m.stack)`.
operators/data_structures.py says what each does with a Python list, a TensorArray and a
TensorList. An append rebinds only a name local to the function (rebinding any other name
would change its scope).
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace, replace_expr


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


def _plain_args(call: ast.Call, most: int) -> bool:
    return len(call.args) <= most and not any(isinstance(a, ast.Starred) for a in call.args)


class _Lists(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.locals: set[str] = set()

    def _scope(self, node: ast.AST) -> ast.AST:
        saved = self.locals
        self.locals = _locals(node)
        self.generic_visit(node)
        self.locals = saved
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = _scope  # noqa: N815

    def visit_List(self, node: ast.List) -> ast.expr:
        node = self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load):
            return node
        return locate(replace_expr("ag__.new_list(l_)", l_=node), node)

    def visit_Expr(self, node: ast.Expr) -> ast.stmt:
        name = _append_target(node)
        if name is None or name not in self.locals:
            return self.generic_visit(node)
        value = self.visit(node.value.args[0])
        return locate(replace("l_ = ag__.list_append(l_, x_)", l_=name, x_=value), node)[0]

    def visit_Call(self, node: ast.Call) -> ast.expr:
        node = self.generic_visit(node)
        f = node.func
        if not isinstance(f, ast.Attribute):
            return node
        if f.attr == "pop" and _plain_args(node, 1) and not node.keywords:
            i = node.args[0] if node.args else ast.Constant(value=None)
            new = replace_expr("ag__.list_pop(l_, i_)", l_=f.value, i_=i)
        elif (f.attr == "stack" and len(node.args) == 1 and _plain_args(node, 1)
              and (not node.keywords or node.keywords[0].arg == "strict")):
            new = replace_expr("ag__.list_stack(l_, f_)", l_=node.args[0], f_=f)
        else:
            return node
        return locate(new, node)


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
