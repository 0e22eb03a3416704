"""Converter: the converted entity itself. Its decorators are dropped (the converted
function stands for the undecorated one: the decorators were applied to the original),
and the name shown by `to_code` becomes `tf__<name>`.
"""

from __future__ import annotations

import ast


def transform(node: ast.AST, ctx) -> ast.AST:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        node.decorator_list = []
        node.returns = None
    return node


def display_name(name: str) -> str:
    return "tf__" + ("lam" if name == "<lambda>" else name)
