"""Static analysis of Python ASTs for AutoGraph: which names a block writes and reads,
and which names are live after a statement.

Besides plain names, a block may write composite names, as TF's AutoGraph calls them:
`self.count`, `d['a']`, `a[0]`, `d[k]` (attributes, and subscripts by a constant or a
name, of a name). They are spelled as TF spells them, and they are state of an `if` or a
loop when the names they are made of are live into it.

Sits under the converters. Everything here is conservative in the safe direction:
a name that might be read later is live, a name that might be written is modified.
Nested functions, lambdas, comprehensions and classes are their own scopes: their
bodies don't write the enclosing function's names (except through `nonlocal`), but
the free names they read count as reads where they are defined.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)
_LOOPS = (ast.For, ast.While, ast.AsyncFor)


def target_names(target: ast.AST) -> set[str]:
    """Names bound by an assignment target (`a`, `a, (b, *c)`); `x.y = `/`x[i] = ` bind none."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        out: set[str] = set()
        for e in target.elts:
            out |= target_names(e)
        return out
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    return set()


def reads(node: ast.AST | None) -> set[str]:
    """Every name read anywhere in `node`, including inside nested scopes (conservative)."""
    if node is None:
        return set()
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Load, ast.Del)):
            out.add(n.id)  # `del x` needs x bound: it counts as a use
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
    return out


def _reads_all(nodes: Iterable[ast.AST | None]) -> set[str]:
    out: set[str] = set()
    for n in nodes:
        out |= reads(n)
    return out


def composite(node: ast.AST) -> tuple[str, set[str]] | None:
    """(TF's spelling, the names it is made of) of a composite name like `o.a[0]`, or None
    for an expression that is not one (a call's attribute, a subscript by an expression)."""
    if isinstance(node, ast.Name):
        return node.id, {node.id}
    if isinstance(node, ast.Attribute):
        base = composite(node.value)
        return None if base is None else (f"{base[0]}.{node.attr}", base[1])
    if isinstance(node, ast.Subscript):
        base = composite(node.value)
        key = node.slice
        if base is None:
            return None
        if isinstance(key, ast.Constant):
            return f"{base[0]}[{key.value!r}]", base[1]
        if isinstance(key, ast.Name):
            return f"{base[0]}[{key.id}]", base[1] | {key.id}
    return None


class _Writes(ast.NodeVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()
        self.composites: dict[str, tuple[ast.expr, set[str]]] = {}

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self.names.add(node.id)

    def _target(self, node: ast.Attribute | ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Store):
            found = composite(node)
            if found is not None:
                self.composites.setdefault(found[0], (node, found[1]))
        self.generic_visit(node)

    visit_Attribute = visit_Subscript = _target  # noqa: N815

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.names |= target_names(node.target)
        self.visit(node.value)

    def _scope(self, node: ast.AST) -> None:
        name = getattr(node, "name", None)
        if name is not None:
            self.names.add(name)
        for d in getattr(node, "decorator_list", ()):
            self.visit(d)
        args = getattr(node, "args", None)
        if isinstance(args, ast.arguments):
            for d in args.defaults + [d for d in args.kw_defaults if d is not None]:
                self.visit(d)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            for n in ast.walk(node):  # a walrus inside a comprehension binds outside it
                if isinstance(n, ast.NamedExpr):
                    self.names |= target_names(n.target)
        else:
            # `nonlocal x` in a nested function writes the enclosing scope's x.
            for n in ast.walk(node):
                if isinstance(n, ast.Nonlocal) and n is not node:
                    self.names.update(n.names)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scope  # noqa: N815
    visit_Lambda = visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _scope  # noqa: N815

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            self.names.add(a.asname or a.name.split(".")[0])

    visit_ImportFrom = visit_Import  # noqa: N815

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            self.names.add(node.name)
        self.generic_visit(node)

    def visit_Global(self, node: ast.Global) -> None:
        pass


def modified(nodes: Iterable[ast.AST]) -> set[str]:
    """Names a list of statements (or one node) may bind in the current scope."""
    w = _Writes()
    if isinstance(nodes, ast.AST):
        nodes = [nodes]
    for n in nodes:
        w.visit(n)
    return w.names


def modified_composites(nodes: Iterable[ast.AST]) -> dict[str, tuple[ast.expr, set[str]]]:
    """The composite names a list of statements may write: spelling -> (a target writing
    it, the names it is made of)."""
    w = _Writes()
    for n in nodes:
        w.visit(n)
    return w.composites


def scope_declarations(fn: ast.AST) -> tuple[set[str], set[str]]:
    """(global names, nonlocal names) declared in the function `fn` itself."""
    glob: set[str] = set()
    nonloc: set[str] = set()
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Global):
            glob.update(n.names)
        elif isinstance(n, ast.Nonlocal):
            nonloc.update(n.names)
        elif not isinstance(n, _SCOPES):
            stack.extend(ast.iter_child_nodes(n))
    return glob, nonloc


def closure_reads(fn: ast.AST) -> set[str]:
    """Names read by functions and lambdas nested in `fn`: they may run at any later time,
    so those names count as live everywhere in `fn`."""
    out: set[str] = set()
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            # (its own parameters are no outer names; its defaults and decorators are)
            args = getattr(n, "args", None)
            outer = [*args.defaults, *args.kw_defaults] if isinstance(args, ast.arguments) \
                else []
            out |= (reads(n) - _parameters(n)) | _reads_all(
                outer + list(getattr(n, "decorator_list", ())))
        else:
            stack.extend(ast.iter_child_nodes(n))
    return out


def _parameters(fn: ast.AST) -> set[str]:
    """The parameter names of a function or lambda (none for a class)."""
    args = getattr(fn, "args", None)
    if not isinstance(args, ast.arguments):
        return set()
    every = args.posonlyargs + args.args + args.kwonlyargs + \
        [a for a in (args.vararg, args.kwarg) if a is not None]
    return {a.arg for a in every}


def contains(nodes: Iterable[ast.AST], kinds: tuple, stop: tuple = _SCOPES) -> bool:
    """Whether a node of `kinds` occurs in `nodes`, not looking inside `stop` nodes."""
    stack = list(nodes)
    while stack:
        n = stack.pop()
        if isinstance(n, kinds):
            return True
        if isinstance(n, stop):
            continue
        stack.extend(ast.iter_child_nodes(n))
    return False


# ---------------------------------------------------------------------------------------
# Liveness over structured code. Break/continue/return have been lowered into flags by
# the time the control-flow converter asks, so blocks only fall through.
# ---------------------------------------------------------------------------------------

def live_in_block(stmts: list[ast.stmt], live_out: set[str]) -> set[str]:
    live = set(live_out)
    for s in reversed(stmts):
        live = live_in(s, live)
    return live


def live_outs(stmts: list[ast.stmt], live_out: set[str]) -> list[set[str]]:
    """The set of names live after each statement of a block."""
    outs = [set()] * len(stmts)
    live = set(live_out)
    for i in range(len(stmts) - 1, -1, -1):
        outs[i] = live
        live = live_in(stmts[i], live)
    return outs


def loop_head_live(node: ast.AST, live_out: set[str]) -> set[str]:
    """Names live at the top of each iteration of a loop (the fixpoint over the back edge)."""
    exit_live = live_in_block(node.orelse, live_out)
    extra = getattr(node, "ag_extra_test", None)
    head = set(exit_live) | reads(extra)
    if isinstance(node, ast.While):
        head |= reads(node.test)
    targets = target_names(node.target) if isinstance(node, (ast.For, ast.AsyncFor)) else set()
    while True:
        body_in = live_in_block(node.body, head)
        if targets:
            body_in = (body_in - targets) | _reads_all(
                n for n in ast.walk(node.target) if not isinstance(n, ast.Name))
        new = head | body_in
        if new == head:
            return head
        head = new


def live_in(s: ast.stmt, out: set[str]) -> set[str]:
    if isinstance(s, (ast.Assign, ast.AnnAssign)):
        targets = s.targets if isinstance(s, ast.Assign) else [s.target]
        killed = set().union(*(target_names(t) for t in targets))
        return (out - killed) | reads(s)
    if isinstance(s, ast.AugAssign):
        return out | reads(s)
    if isinstance(s, ast.If):
        return reads(s.test) | live_in_block(s.body, out) | live_in_block(s.orelse, out)
    if isinstance(s, ast.While):
        return loop_head_live(s, out)
    if isinstance(s, (ast.For, ast.AsyncFor)):
        return loop_head_live(s, out) | reads(s.iter)
    if isinstance(s, (ast.Return, ast.Raise)):
        return reads(s)
    if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return (out - {s.name}) | reads(s)
    if isinstance(s, ast.Delete):
        return (out - modified(s)) | reads(s)
    if isinstance(s, (ast.Import, ast.ImportFrom)):
        return out - modified(s)
    if isinstance(s, (ast.Global, ast.Nonlocal, ast.Pass)):
        return set(out)
    if isinstance(s, (ast.Expr, ast.Assert)):
        return out | reads(s)
    if isinstance(s, (ast.With, ast.AsyncWith)):
        # `with f() as tape:` binds tape before its body runs: a tape made afresh in a
        # loop's body is no loop variable (TF's liveness sees the same)
        live = live_in_block(s.body, out)
        for item in reversed(s.items):
            if item.optional_vars is not None:
                live = (live - target_names(item.optional_vars)) | _reads_all(
                    n for n in ast.walk(item.optional_vars) if not isinstance(n, ast.Name))
            live |= reads(item.context_expr)
        return live
    # try, match and anything unforeseen: no kills, every read counts.
    return out | reads(s)
