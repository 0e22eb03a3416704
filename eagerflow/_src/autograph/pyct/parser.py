"""Source code of functions and lambdas, parsed with their original file positions.

Sits under the transpiler. The source is found from the code object (file and first
line), not from `inspect.getsource`, which follows `__wrapped__` and would return a
decorated function's inner source. Every node keeps its real line and column in the
user's file, so the compiled conversion reports errors at the user's lines.
"""

from __future__ import annotations

import ast
import copy
import functools
import inspect
import linecache
import textwrap
import tokenize
import types
from typing import Any

from eagerflow._src.autograph.errors import UnsupportedLanguageElementError


class SourceUnavailableError(Exception):
    """The entity's source can't be found or parsed (REPL, exec, C functions)."""


def _block_lines(code: types.CodeType) -> tuple[list[str], int]:
    filename = code.co_filename
    lines = linecache.getlines(filename)
    if not lines:
        linecache.checkcache(filename)
        lines = linecache.getlines(filename)
    if not lines:  # (inspect's words: a file that is gone, else a source not kept)
        pseudo = filename.startswith("<") and filename.endswith(">")
        raise SourceUnavailableError("could not get source code" if pseudo else
                                     "source code not available")
    start = code.co_firstlineno - 1
    if start >= len(lines):
        raise SourceUnavailableError("could not get source code")
    try:
        block = inspect.getblock(lines[start:])
    except (IndentationError, SyntaxError, IndexError, tokenize.TokenError):
        block = lines[start:start + 1]
    return block, start + 1


def _shift(tree: ast.AST, line_offset: int, col_offset: int) -> None:
    for n in ast.walk(tree):
        if "lineno" in n._attributes and hasattr(n, "lineno"):
            n.lineno += line_offset
            if getattr(n, "end_lineno", None) is not None:
                n.end_lineno += line_offset
            n.col_offset += col_offset
            if getattr(n, "end_col_offset", None) is not None:
                n.end_col_offset += col_offset


def _parse_block(block: list[str], first_line: int) -> ast.Module:
    text = "".join(block)
    dedented = textwrap.dedent(text)
    indent = 0
    for orig, new in zip(text.splitlines(), dedented.splitlines()):
        if new.strip():
            indent = len(orig) - len(new)
            break
    try:
        tree = ast.parse(dedented)
    except SyntaxError as e:
        raise SourceUnavailableError(f"could not parse the source code: {e}") from None
    _shift(tree, first_line - 1, indent)
    return tree


def parse_function(fn: types.FunctionType) -> ast.AST:
    """The FunctionDef (or Lambda) node of `fn`, positioned in its source file."""
    code = fn.__code__
    block, first = _block_lines(code)
    if fn.__name__ == "<lambda>":
        return _find_lambda(fn, first)
    # A decorated def's code starts at its first decorator; drop decorators we can't parse
    # alone (they may continue a larger expression) by parsing from the `def` line.
    tree = _parse_block(block, first)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name == code.co_name:
            return node
    raise SourceUnavailableError("could not find the function's definition in its source")


def _find_lambda(fn: types.FunctionType, first: int) -> ast.Lambda:
    """Finds the lambda among those that start on the code's first line.

    A line can hold several lambdas; they are told apart by argument names and, failing
    that, by compiling each candidate and comparing byte code."""
    code = fn.__code__
    lines = linecache.getlines(code.co_filename)
    by_line = _file_lambdas(code.co_filename, "".join(lines))
    if by_line is None:
        by_line = _lambdas_by_line(_window_tree(lines, code))
    cands = list(by_line.get(first, ()))
    if len(cands) > 1:
        matching = [c for c in cands if _signature(c) == _code_signature(code)]
        if len(matching) > 1:  # TF's AutoGraph gives up here; so does this
            matches = "\n".join(f"Match {i}:\n{ast.unparse(c)}\n"
                                 for i, c in enumerate(matching))
            raise UnsupportedLanguageElementError(
                f"could not parse the source code of {fn}: found multiple definitions with "
                "identical signatures at the location. This error may be avoided by defining "
                "each lambda on a single line and with unique argument names. The matching "
                f"definitions were:\n{matches}")
        cands = matching or cands
    if len(cands) > 1:
        exact = [c for c in cands if _same_code(c, code)]
        cands = exact or cands
    if len(cands) > 1:
        cands = _by_position(cands, code)
    if len(cands) != 1:
        raise SourceUnavailableError(
            "could not tell the lambda apart from others on the same line")
    return copy.deepcopy(cands[0])  # (the file's tree is shared by its other lambdas)


def _file_tree(filename: str, text: str) -> ast.Module | None:
    """The whole file's tree, as TF's AutoGraph reads a lambda's (a lambda deep in a long
    expression is found without knowing where the expression starts), or None where the
    file does not parse alone (a notebook cell continued elsewhere)."""
    try:
        return ast.parse(text, filename)
    except (SyntaxError, ValueError):
        return None


def _lambdas_by_line(tree: ast.AST) -> dict[int, list[ast.Lambda]]:
    """The lambdas of `tree` by the line each starts on, in ast.walk's order."""
    by_line: dict[int, list[ast.Lambda]] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Lambda):
            by_line.setdefault(n.lineno, []).append(n)
    return by_line


@functools.lru_cache(maxsize=8)
def _file_lambdas(filename: str, text: str) -> dict[int, list[ast.Lambda]] | None:
    """_lambdas_by_line of the whole file's tree (None where it does not parse alone),
    cached: parsed and walked once per file, not once per lambda converted."""
    tree = _file_tree(filename, text)
    return None if tree is None else _lambdas_by_line(tree)


def _window_tree(lines: list[str], code: types.CodeType) -> ast.Module:
    """The smallest window of lines around the lambda's first line that parses."""
    start = code.co_firstlineno - 1
    for back in range(0, min(start, 20) + 1):
        for fwd in range(1, 40):
            chunk = lines[start - back:start + fwd]
            text = textwrap.dedent("".join(chunk))
            try:
                tree = ast.parse(text)
                indent_fix = 0
            except SyntaxError:
                try:
                    tree = ast.parse("(" + text.strip().rstrip(",").rstrip("\\") + "\n)")
                except SyntaxError:
                    continue
                indent_fix = -1
            orig = "".join(chunk)
            _shift(tree, start - back, len(orig) - len(orig.lstrip()) + indent_fix)
            return tree
    raise SourceUnavailableError("could not parse the lambda's source")


def _by_position(cands: list, code: types.CodeType) -> list:
    """The candidates whose body holds where the code's first instruction came from (the
    columns Python 3.11's code objects record), the innermost first: lambdas alike in
    everything but their place on the line."""
    positions = getattr(code, "co_positions", None)
    if positions is None:
        return cands
    spots = [(line, col) for line, _, col, end in positions()
             if line is not None and col is not None and (col, end) != (0, 0)]
    if not spots:
        return cands
    first = min(spots)
    hits = [n for n in cands if (n.body.lineno, n.body.col_offset) <= first <=
            (n.body.end_lineno, n.body.end_col_offset)]
    if not hits:
        return cands
    return [min(hits, key=lambda n: (n.body.end_lineno - n.body.lineno,
                                     n.body.end_col_offset - n.body.col_offset))]


def _signature(node: ast.Lambda) -> tuple:
    """A lambda node's parameter names, its *args' and **kwargs' included."""
    a = node.args
    return ([p.arg for p in a.posonlyargs + a.args + a.kwonlyargs],
            a.vararg.arg if a.vararg else None, a.kwarg.arg if a.kwarg else None)


def _code_signature(code: types.CodeType) -> tuple:
    """The same of a code object (co_varnames lists *args, then **kwargs, after the rest)."""
    n = code.co_argcount + code.co_kwonlyargcount
    names = code.co_varnames
    vararg = names[n] if code.co_flags & inspect.CO_VARARGS else None
    n += 1 if vararg is not None else 0
    kwarg = names[n] if code.co_flags & inspect.CO_VARKEYWORDS else None
    return list(names[:code.co_argcount + code.co_kwonlyargcount]), vararg, kwarg


def _same_code(node: ast.Lambda, code: types.CodeType) -> bool:
    try:
        mod = compile(ast.Expression(body=node), code.co_filename, "eval")
    except (SyntaxError, ValueError):
        return False
    for c in mod.co_consts:
        if isinstance(c, types.CodeType) and c.co_code == code.co_code:
            return True
    return False


def source_of(node: Any) -> str:
    return ast.unparse(node)
