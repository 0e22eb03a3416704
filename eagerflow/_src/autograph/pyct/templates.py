"""Building generated code: code templates with placeholders, fresh names, positions.

Sits under the converters. A template is ordinary Python text in which some names are
placeholders; `replace` parses it and swaps each placeholder for an AST node (an
expression, a name, or a list of statements). Generated nodes take the position of the
user's statement they stand for, so tracebacks point at the user's line.
"""

from __future__ import annotations

import ast
import copy
import textwrap
from typing import Any


class Namer:
    """Fresh names that collide with nothing the user's function mentions."""

    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)

    def new(self, base: str) -> str:
        name, i = base, 0
        while name in self.taken:
            i += 1
            name = f"{base}_{i}"
        self.taken.add(name)
        return name


def all_names(tree: ast.AST) -> set[str]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
    return out


class _Replacer(ast.NodeTransformer):
    def __init__(self, subs: dict[str, Any]) -> None:
        self.subs = subs

    def _sub(self, name: str, ctx: Any) -> Any:
        v = self.subs[name]
        if isinstance(v, str):
            return ast.Name(id=v, ctx=ctx)
        if isinstance(v, ast.expr):
            v = copy.copy(v) if isinstance(v, ast.Name) else v
            if hasattr(v, "ctx") and not isinstance(ctx, ast.Load):
                v = _with_ctx(v, ctx)
            return v
        return v

    def visit_Name(self, node: ast.Name) -> Any:
        if node.id in self.subs:
            return self._sub(node.id, node.ctx)
        return node

    def visit_Expr(self, node: ast.Expr) -> Any:
        # A placeholder standing alone as a statement expands to a list of statements.
        if isinstance(node.value, ast.Name) and node.value.id in self.subs:
            v = self.subs[node.value.id]
            if isinstance(v, list):
                return v
            if isinstance(v, ast.stmt):
                return v
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> Any:
        if node.name in self.subs:
            node.name = self.subs[node.name]
        for a in node.args.args:
            if a.arg in self.subs:
                a.arg = self.subs[a.arg]
        return self.generic_visit(node)

    def _decl(self, node: Any) -> Any:
        names = []
        for n in node.names:
            v = self.subs.get(n, n)
            names.extend(v if isinstance(v, list) else [v])
        if not names:
            return ast.Pass()
        node.names = names
        return node

    visit_Nonlocal = visit_Global = _decl  # noqa: N815


def _with_ctx(node: ast.expr, ctx: Any) -> ast.expr:
    node = copy.copy(node)
    node.ctx = ctx
    if isinstance(node, (ast.Tuple, ast.List)):
        node.elts = [_with_ctx(e, ctx) for e in node.elts]
    return node


def replace(template: str, **subs: Any) -> list[ast.stmt]:
    """Parses `template` and substitutes the placeholders named by `subs`."""
    tree = ast.parse(textwrap.dedent(template))
    for n in ast.walk(tree):
        n._ag_tpl = True
    tree = _Replacer(subs).visit(tree)
    return tree.body


def replace_expr(template: str, **subs: Any) -> ast.expr:
    return replace(template, **subs)[0].value


def locate(nodes: Any, origin: ast.AST) -> Any:
    """Gives template nodes (and hand-made ones) under `nodes` the position of `origin`;
    the user's own nodes keep theirs."""
    items = nodes if isinstance(nodes, list) else [nodes]
    lineno = getattr(origin, "lineno", 1)
    col = getattr(origin, "col_offset", 0)
    # Generated code sits on the origin's first line: CPython places a call `a.b(...)` at
    # the end of `a.b`, so a span reaching further down would move it to a later line.
    end_lineno = lineno
    end_col = getattr(origin, "end_col_offset", None)
    if end_col is None or (getattr(origin, "end_lineno", lineno) or lineno) != lineno:
        end_col = col
    for item in items:
        for n in ast.walk(item):
            if "lineno" not in n._attributes:
                continue
            if getattr(n, "_ag_tpl", False) or getattr(n, "lineno", None) is None:
                n.lineno, n.col_offset = lineno, col
                n.end_lineno, n.end_col_offset = end_lineno, end_col
                n._ag_tpl = False
    return nodes
