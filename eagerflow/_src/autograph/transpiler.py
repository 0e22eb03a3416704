"""From a Python function to its converted twin: parse, run the converters, compile.

Sits between the converters (below) and the API (above). The converted function is
compiled from the transformed AST itself, in which every node keeps the line and column
of the user's code it came from, under the user's file name; tracebacks through
converted code therefore show the user's file, line and source text. Generated helper
code takes the position of the statement it stands for.

The conversion is compiled once per code object as a factory:

    def __ag_factory(ag__, fscope, <the original's free variables>):
        def f(...): <converted body>
        return f

and each function object gets its twin by `types.FunctionType` over the inner code with
the original's globals, defaults and closure cells (the very same cells, so later
rebinding of a closed-over variable is seen by both).
"""

from __future__ import annotations

import ast
import copy
import linecache
import types
from typing import Any

from eagerflow._src.autograph.converters import (
    asserts,
    break_statements,
    call_trees,
    conditional_expressions,
    continue_statements,
    control_flow,
    directives,
    functions,
    lists,
    logical_expressions,
    return_statements,
    variables,
)
from eagerflow._src.autograph.errors import UnsupportedLanguageElementError
from eagerflow._src.autograph.pyct import parser
from eagerflow._src.autograph.pyct.templates import Namer, all_names

_RESERVED = {"ag__", "fscope", "__ag_factory", "__ag_fn"}


class Context:
    """State shared by the converters while converting one entity."""

    def __init__(self, tree: ast.AST) -> None:
        self.namer = Namer(all_names(tree) | _RESERVED)
        self.undefined_names: set[str] = set()
        self.uses_class_cell = False


class Conversion:
    """A compiled conversion of one code object."""

    __slots__ = ("factory_code", "inner_code", "tree", "codes", "name")

    def __init__(self, factory_code: types.CodeType, inner_code: types.CodeType,
                 tree: ast.AST, codes: dict, name: str) -> None:
        self.factory_code = factory_code
        self.inner_code = inner_code
        self.tree = tree
        self.codes = codes
        self.name = name


def check_supported(node: ast.AST) -> None:
    """Raises UnsupportedLanguageElementError for what TF's AutoGraph refuses to convert
    (the function then runs as it is, with TF's warning)."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and n.attr.startswith("__") and \
                not n.attr.endswith("__"):
            raise UnsupportedLanguageElementError("mangled names are not yet supported")
        if isinstance(n, (ast.For, ast.While)) and n.orelse:
            kind = "for" if isinstance(n, ast.For) else "while"
            raise UnsupportedLanguageElementError(f"{kind}/else statement not yet supported")
        if isinstance(n, (ast.Yield, ast.YieldFrom)):  # (a nested generator's too)
            raise UnsupportedLanguageElementError("generators are not supported")


def transform(node: ast.AST, optional: frozenset[str] = frozenset()) -> tuple[ast.AST, Context]:
    """`node` converted; `optional`: the optional converters to run ("asserts", "lists")."""
    ctx = Context(node)
    if isinstance(node, ast.Lambda):
        for conv in (lists if "lists" in optional else None, call_trees,
                     conditional_expressions, logical_expressions):
            if conv is None:
                continue
            node = conv.transform(node, ctx)
        return node, ctx
    check_supported(node)
    for conv in (directives, break_statements, continue_statements, return_statements,
                 lists if "lists" in optional else None,
                 asserts if "asserts" in optional else None,
                 call_trees, control_flow, conditional_expressions,
                 logical_expressions, variables, functions):
        if conv is not None:
            node = conv.transform(node, ctx)
    return node, ctx


def convert_code(fn: types.FunctionType, optional: frozenset[str] = frozenset()) -> Conversion:
    node = parser.parse_function(fn)
    user_defs = {n.name for n in ast.walk(node)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is not node}
    text = _lambda_text(node, fn.__code__.co_filename) if isinstance(node, ast.Lambda) else None
    node, _ = transform(node, optional)
    code = fn.__code__
    freevars = [v for v in code.co_freevars if v not in _RESERVED]
    args = ["ag__", "fscope"] + freevars
    if "__class__" not in args:
        args.append("__class__")  # a spelled-out `super(__class__, self)` needs the cell
    factory = ast.FunctionDef(
        name="__ag_factory",
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=a) for a in args], vararg=None,
                           kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
        body=[], decorator_list=[], returns=None, type_comment=None)
    if isinstance(node, ast.Lambda):
        factory.body = [ast.Return(value=node)]
    else:
        # defined in the factory under a reserved name: under its own, a function that
        # calls itself by its global name would read the factory's local instead
        fdef = copy.copy(node)
        fdef.name = "__ag_fn"
        factory.body = [fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))]
    if hasattr(ast, "TypeIgnore"):
        factory.type_params = []
    module = ast.Module(body=[factory], type_ignores=[])
    for n in (factory, *factory.body[1:]):
        n.lineno, n.col_offset = node.lineno, node.col_offset
        n.end_lineno, n.end_col_offset = node.end_lineno, node.end_col_offset
    ast.fix_missing_locations(module)
    mod_code = compile(module, code.co_filename, "exec", dont_inherit=True)
    factory_code = next(c for c in mod_code.co_consts if isinstance(c, types.CodeType))
    inner = next(c for c in factory_code.co_consts
                 if isinstance(c, types.CodeType) and c.co_name in ("__ag_fn", "<lambda>"))
    if inner.co_name == "__ag_fn":  # tracebacks name the user's function
        inner = _renamed(inner, code.co_name, user_defs)
    codes: dict = {}
    # (TF's source map names a converted lambda's lines None, and shows the lambda's text)
    _collect(inner, "None" if text is not None else inner.co_name, inner, text, codes)
    return Conversion(factory_code, inner, node, codes, fn.__name__)


def _lambda_text(node: ast.Lambda, filename: str) -> dict:
    """The lambda's own text, by line: {line number: that line's part of the lambda}."""
    lines = {n: linecache.getline(filename, n) for n in range(node.lineno, node.end_lineno + 1)}
    lines[node.end_lineno] = lines[node.end_lineno][:node.end_col_offset]
    lines[node.lineno] = lines[node.lineno][node.col_offset:]
    return lines


def _renamed(code: types.CodeType, name: str, user_defs: set[str]) -> types.CodeType:
    """`code` named `name`, and the blocks generated in it too (a loop's body, a branch):
    their frames are the user's function's, in tracebacks and where a graph's ops say
    they were made, as TF's source map reports them."""
    consts = tuple(
        _renamed(c, c.co_name if c.co_name in user_defs else name, user_defs)
        if isinstance(c, types.CodeType) and not c.co_name.startswith("<") else c
        for c in code.co_consts)
    names = {"co_name": name, "co_consts": consts}
    if hasattr(code, "co_qualname"):  # Python 3.11+
        names["co_qualname"] = code.co_qualname.rpartition(code.co_name)[0] + name
    return code.replace(**names)


def _collect(code: types.CodeType, name: str, root: types.CodeType, text: dict | None,
             out: dict) -> None:
    """Maps each code object of a conversion to (the user's function its lines are in, the
    conversion's function code, the text its lines show by line number, or None for the
    file's): a lambda's or comprehension's lines are its function's."""
    out[code] = (name, root, text)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            _collect(c, name if c.co_name.startswith("<") else c.co_name, root, text, out)


def instantiate(conv: Conversion, fn: types.FunctionType, ag_module: Any,
                options: Any) -> types.FunctionType:
    """The converted twin of `fn`, sharing its globals and closure cells."""
    code = conv.inner_code
    original = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    cells = []
    for v in code.co_freevars:
        if v == "ag__":
            cells.append(types.CellType(ag_module))
        elif v == "fscope":
            cells.append(types.CellType(options))
        elif v in original:
            cells.append(original[v])
        else:
            cells.append(types.CellType())
    new = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__,
                             tuple(cells) or None)
    new.__kwdefaults__ = copy.copy(fn.__kwdefaults__)
    new.__qualname__ = fn.__qualname__
    new.__module__ = fn.__module__
    new.__doc__ = fn.__doc__
    new.__dict__.update(fn.__dict__)
    new.__annotations__ = dict(getattr(fn, "__annotations__", {}) or {})
    return new


def to_source(conv: Conversion) -> str:
    """Readable source of the conversion, with the entity named `tf__<name>`."""
    node = copy.deepcopy(conv.tree)
    if isinstance(node, ast.Lambda):
        text = f"{functions.display_name(conv.name)} = {ast.unparse(node)}"
    else:
        node.name = functions.display_name(node.name)
        text = ast.unparse(node)
    return text + "\n"
