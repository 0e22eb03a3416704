"""Converter: every call `f(a, *b, k=v)` becomes `ag__.converted_call(f, (a, *b), {'k': v},
fscope)`, so that user functions called from converted code are converted too.

Left alone: AutoGraph's own calls, `print` (it runs at trace time, as in TF), and calls
that inspect the calling frame (`locals()`, `globals()`, `vars()`, `eval`, `exec`).
A bare `super()` is spelled out as `super(__class__, self)`: its body may move into a
nested function, where the zero-argument form would no longer find its arguments.
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.pyct.templates import locate, replace_expr

_LEAVE = frozenset({"print", "locals", "globals", "vars", "eval", "exec", "super"})


class _Calls(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.first_args: list[str | None] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        args = node.args.posonlyargs + node.args.args
        self.first_args.append(args[0].arg if args else None)
        self.generic_visit(node)
        self.first_args.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        self.first_args.append(None)
        self.generic_visit(node)
        self.first_args.pop()
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Name) and f.id == "super" and not node.args and not node.keywords:
            first = self.first_args[-1] if self.first_args else None
            if first is not None:
                node.args = [ast.Name(id="__class__", ctx=ast.Load()),
                             ast.Name(id=first, ctx=ast.Load())]
                locate(node.args, node)
                self.ctx.uses_class_cell = True
            return node
        if isinstance(f, ast.Name) and f.id in _LEAVE:
            return node
        if (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                and f.value.id == "ag__"):
            return node
        args = ast.Tuple(elts=list(node.args), ctx=ast.Load())
        if node.keywords:
            kwargs = ast.Dict(keys=[ast.Constant(value=k.arg) if k.arg is not None else None
                                    for k in node.keywords],
                              values=[k.value for k in node.keywords])
        else:
            kwargs = ast.Constant(value=None)
        new = replace_expr("ag__.converted_call(f_, args_, kwargs_, fscope)",
                           f_=f, args_=args, kwargs_=kwargs)
        return locate(new, node)


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Calls(ctx).visit(node)
