"""Converter: `if`, `while` and `for` become calls to the runtime with their blocks as
nested functions.

    if x > 0:                  def get_state():
        x = x * x                  return (x,)
    else:            ->        def set_state(vars_):
        x = 0.0                    nonlocal x
                                   (x,) = vars_
                               def if_body():
                                   nonlocal x
                                   x = x * x
                               def else_body():
                                   nonlocal x
                                   x = 0.0
                               ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state,
                                            ('x',), 1)

The runtime runs a block directly for a Python or eager condition; for a graph tensor
it builds tf.cond / tf.while_loop, threading the state through get_state/set_state.

Which names are state is decided here by analysis of the (already lowered) function:
  - an `if` outputs the names its branches write that are live after it;
  - a loop carries the names its body writes that are live at the top of an iteration
    (read by the test or the next iteration) or after the loop;
  - other written names that the enclosing scope binds are also declared nonlocal (so
    reads in the block see them), and restored by the runtime before each graph branch;
  - a composite name the block writes (`self.n = ...`, `d['a'] += 1`) is state, as in TF,
    when the names it is made of are live into the statement (an object made inside the
    block is the block's own); it is read with `ag__.ldu`, as its attribute or key may not
    exist yet.
A state name the enclosing scope has not bound yet is first bound to
`ag__.Undefined(name)`; `nonlocal` needs a binding, and a read of a name the code never
set must still fail.
"""

from __future__ import annotations

import ast
import copy

from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace, replace_expr


class _Scope:
    """What a function (the user's or a generated block function) knows while converting."""

    def __init__(self, glob: set[str], always_live: set[str]) -> None:
        self.glob = glob
        self.always_live = always_live


class _Converter:
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.namer = ctx.namer

    # -- functions ---------------------------------------------------------------------

    def function(self, fn: ast.AST) -> ast.AST:
        if isinstance(fn, ast.Lambda):
            return fn
        glob, nonloc = analysis.scope_declarations(fn)
        scope = _Scope(glob, analysis.closure_reads(fn) | glob | nonloc)
        a = fn.args
        params = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
        params |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
        bound = params | nonloc
        fn.body, _, _ = self.block(fn.body, set(scope.always_live), bound, set(bound), scope)
        return fn

    # -- blocks ------------------------------------------------------------------------

    def block(self, stmts: list[ast.stmt], live_out: set[str], maybe: set[str],
              must: set[str], scope: _Scope) -> tuple[list[ast.stmt], set[str], set[str]]:
        """Converts a block. `maybe`/`must`: names possibly / certainly bound in the current
        Python scope before the block. Returns the new block and those sets after it."""
        outs = analysis.live_outs(stmts, live_out)
        result: list[ast.stmt] = []
        maybe, must = set(maybe), set(must)
        for s, out in zip(stmts, outs):
            out = out | scope.always_live
            if isinstance(s, ast.If):
                new, maybe, must = self.if_stmt(s, out, maybe, must, scope)
            elif isinstance(s, (ast.While, ast.For)):
                new, maybe, must = self.loop(s, out, maybe, must, scope)
            elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if not isinstance(s, ast.AsyncFunctionDef):
                    s = self.function(s)
                new = [s]
                maybe.add(s.name)
                must.add(s.name)
            elif isinstance(s, (ast.With, ast.AsyncWith, ast.Try)) or \
                    type(s).__name__ == "TryStar":
                new = [self.compound(s, out | analysis.reads(s), maybe, must, scope)]
                written = analysis.modified(s)
                maybe |= written
                if isinstance(s, (ast.With, ast.AsyncWith)):
                    must |= written
            else:
                new = [s]
                written = analysis.modified(s)
                maybe |= written
                if isinstance(s, ast.Delete):
                    must -= written
                else:
                    must |= written
            result.extend(new)
        return result, maybe, must

    def compound(self, s: ast.stmt, live: set[str], maybe: set[str], must: set[str],
                 scope: _Scope) -> ast.stmt:
        """with/try bodies stay in the same Python scope: convert them in place."""
        for attr in ("body", "orelse", "finalbody"):
            block = getattr(s, attr, None)
            if block:
                new, _, _ = self.block(block, live, maybe, must, scope)
                setattr(s, attr, new)
        for h in getattr(s, "handlers", ()):
            h.body, _, _ = self.block(h.body, live, maybe, must, scope)
        return s

    # -- generated pieces --------------------------------------------------------------

    def _declare(self, names: list[str], scope: _Scope) -> list[ast.stmt]:
        out = []
        names = [n for n in names if n.isidentifier()]
        glob = [n for n in names if n in scope.glob]
        loc = [n for n in names if n not in scope.glob]
        if glob:
            out.append(ast.Global(names=glob))
        if loc:
            out.append(ast.Nonlocal(names=loc))
        return out

    @staticmethod
    def _composites(node: ast.stmt, stmts: list[ast.stmt],
                    live_out: set[str]) -> dict[str, ast.expr]:
        """The composite names that are state of `node`: spelling -> a target writing it."""
        live_in = analysis.live_in(node, live_out)
        return {name: target for name, (target, support)
                in analysis.modified_composites(stmts).items() if support <= live_in}

    def _state_fns(self, names: list[str], must: set[str], scope: _Scope,
                   origin: ast.AST, composites: dict[str, ast.expr]
                   ) -> tuple[str, str, list[ast.stmt]]:
        get_name = self.namer.new("get_state")
        set_name = self.namer.new("set_state")
        if not names:
            code = replace("def get_():\n    return ()\ndef set_(block_vars):\n    pass",
                           get_=get_name, set_=set_name)
            return get_name, set_name, locate(code, origin)
        elts, targets = [], []
        for n in names:
            if n in composites:
                load, store = _as_load(composites[n]), copy.deepcopy(composites[n])
            else:
                load, store = ast.Name(id=n, ctx=ast.Load()), ast.Name(id=n, ctx=ast.Store())
                load.ag_raw = True
            targets.append(store)
            if n in must:
                elts.append(load)
            else:  # it may be unbound at run time: read it without failing
                elts.append(replace_expr("ag__.ldu(lambda: x_, n_)", x_=load,
                                         n_=ast.Constant(value=n)))
        get_fn = replace("def get_():\n    return state_", get_=get_name,
                         state_=ast.Tuple(elts=elts, ctx=ast.Load()))
        set_fn = replace("def set_(vars_):\n    decl_\n    target_ = vars_", set_=set_name,
                         decl_=self._declare(names, scope),
                         target_=ast.Tuple(elts=targets, ctx=ast.Store()))
        return get_name, set_name, locate(get_fn + set_fn, origin)

    def _block_fn(self, name: str, args: list[str], body: list[ast.stmt], names: list[str],
                  scope: _Scope, origin: ast.AST) -> ast.FunctionDef:
        fn = replace("def fn_():\n    pass", fn_=name)[0]
        fn.args.args = [ast.arg(arg=a) for a in args]
        fn.body = self._declare(names, scope) + (body or [ast.Pass()])
        return locate(fn, origin)

    def _undefined_inits(self, names: list[str], origin: ast.AST) -> list[ast.stmt]:
        out = []
        for n in names:
            out += replace("x_ = ag__.Undefined(n_)", x_=n, n_=ast.Constant(value=n))
            self.ctx.undefined_names.add(n)
        return locate(out, origin)

    # -- if ----------------------------------------------------------------------------

    def if_stmt(self, node: ast.If, live_out: set[str], maybe: set[str], must: set[str],
                scope: _Scope) -> tuple[list[ast.stmt], set[str], set[str]]:
        written = analysis.modified(node.body) | analysis.modified(node.orelse)
        composites = self._composites(node, node.body + node.orelse, live_out)
        outputs = sorted((written & live_out) | set(composites))
        others = sorted((written & maybe) - set(outputs))
        state = outputs + others
        need_init = [n for n in outputs
                     if n not in maybe and n not in scope.glob and n not in composites]
        inits = self._undefined_inits(need_init, node)
        must_in = must | set(need_init)
        maybe_in = maybe | set(need_init)
        # Inside a branch, written names that are not state are the branch's own locals.
        local = written - set(state)
        b_maybe, b_must = maybe_in - local, must_in - local
        body, must_body = self._branch(node.body, live_out, b_maybe, b_must, scope)
        orelse, must_else = self._branch(node.orelse, live_out, b_maybe, b_must, scope)

        get_name, set_name, state_fns = self._state_fns(state, must_in, scope, node,
                                                        composites)
        body_name = self.namer.new("if_body")
        else_name = self.namer.new("else_body")
        fns = [self._block_fn(body_name, [], body, state, scope, node),
               self._block_fn(else_name, [], orelse, state, scope, node)]
        call = replace("ag__.if_stmt(test_, body_, orelse_, get_, set_, names_, nouts_)",
                       test_=node.test, body_=body_name, orelse_=else_name, get_=get_name,
                       set_=set_name, names_=_str_tuple(state),
                       nouts_=ast.Constant(value=len(outputs)))
        out = inits + state_fns + fns + locate(call, node)
        must_after = must_in | ((must_body & must_else) & set(state))
        return out, maybe_in, must_after

    def _branch(self, stmts, live_out, maybe, must, scope):
        if not stmts:
            return [], set(must)
        new, _, must_after = self.block(stmts, live_out, maybe, must, scope)
        return new, must_after

    # -- loops -------------------------------------------------------------------------

    def loop(self, node: ast.stmt, live_out: set[str], maybe: set[str], must: set[str],
             scope: _Scope) -> tuple[list[ast.stmt], set[str], set[str]]:
        is_for = isinstance(node, ast.For)
        head_live = analysis.loop_head_live(node, live_out | scope.always_live)
        head_live |= scope.always_live
        written = analysis.modified(node.body)
        targets = analysis.target_names(node.target) if is_for else set()
        written |= targets
        composites = self._composites(node, node.body, live_out)
        # TF's order: the variables live after the loop first, then those only the loop
        # reads, each sorted (what names the loop's placeholders: "while/Placeholder")
        carried = ((written & head_live) - scope.glob) | set(composites)
        loop_vars = sorted(carried, key=lambda v: (v not in live_out and v not in composites,
                                                   v)) + sorted(written & scope.glob)
        need_init = [n for n in loop_vars
                     if n not in maybe and n not in scope.glob and n not in composites]
        inits = self._undefined_inits(need_init, node)
        must_in = must | set(need_init)
        maybe_in = maybe | set(need_init)
        local = written - set(loop_vars)
        b_maybe, b_must = maybe_in - local, must_in - local

        body_stmts = list(node.body)
        itr = None
        if is_for:
            itr = self.namer.new("itr")
            assign = ast.Assign(targets=[node.target], value=ast.Name(id=itr, ctx=ast.Load()))
            body_stmts = [locate(assign, node.target)] + body_stmts
        body, _, _ = self.block(body_stmts, head_live, b_maybe, b_must, scope)

        get_name, set_name, state_fns = self._state_fns(loop_vars, must_in, scope, node,
                                                        composites)
        body_name = self.namer.new("loop_body")
        fns = [self._block_fn(body_name, [itr] if itr else [], body, loop_vars, scope, node)]
        opts = self._loop_options(node)
        if is_for:
            extra = getattr(node, "ag_extra_test", None)
            extra_name = ast.Constant(value=None)
            if extra is not None:
                extra_name = self.namer.new("extra_test")
                fns += locate(replace("def fn_():\n    return test_", fn_=extra_name,
                                      test_=extra), node)
            opts.keys.append(ast.Constant(value="iterate_names"))
            opts.values.append(ast.Constant(value=ast.unparse(node.target)))
            call = replace("ag__.for_stmt(iter_, extra_, body_, get_, set_, names_, opts_)",
                           iter_=node.iter, extra_=extra_name, body_=body_name,
                           get_=get_name, set_=set_name, names_=_str_tuple(loop_vars),
                           opts_=opts)
        else:
            test_name = self.namer.new("loop_test")
            fns += locate(replace("def fn_():\n    return test_", fn_=test_name,
                                  test_=node.test), node)
            call = replace("ag__.while_stmt(test_, body_, get_, set_, names_, opts_)",
                           test_=test_name, body_=body_name, get_=get_name, set_=set_name,
                           names_=_str_tuple(loop_vars), opts_=opts)
        out = inits + state_fns + fns + locate(call, node)
        return out, maybe_in, must_in

    def _loop_options(self, node: ast.stmt) -> ast.Dict:
        keys, values = [], []
        for k, v in getattr(node, "ag_loop_options", {}).items():
            keys.append(ast.Constant(value=k))
            values.append(v)
        return ast.Dict(keys=keys, values=values)


def _as_load(target: ast.expr) -> ast.expr:
    """A copy of an assignment target that reads it."""
    load = copy.deepcopy(target)
    load.ctx = ast.Load()
    return load


def _str_tuple(names: list[str]) -> ast.Tuple:
    return ast.Tuple(elts=[ast.Constant(value=n) for n in names], ctx=ast.Load())


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Converter(ctx).function(node)
