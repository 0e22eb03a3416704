"""TF 1 control flow in a GraphDef (Switch, Merge, Enter, Exit, NextIteration, LoopCond)
raised back to eagerflow's tf.cond and tf.while_loop.

Sits in saved_model/ beside graph_import.py, which hands it a GraphDef holding those ops
(what TF writes when it freezes a graph with its default lowering, or builds one with
control flow v1), and its importer to build each ordinary node.

The design: TF runs such graphs with a dataflow executor, in which an untaken branch's
tensors are *dead* and a loop's iterations are *frames*. eagerflow instead recovers the
structure those ops encode and builds the ops a traced tf.cond / tf.while_loop would:

- frames: each node is placed in a loop frame, by TF's rule (an Enter's outputs in the
  child frame it names, an Exit's in the parent, anything else in its inputs' frame);
  a node reading tensors of two frames is refused with TF's error;
- contexts: within a frame, each tensor's liveness is a path of (predicate, branch)
  literals: a Switch's output port k adds (its predicate, k == 1), a Merge of the two
  branches of one predicate removes it, and other nodes take the longest path of their
  inputs (which must be prefixes of it). Predicates are compared through Identity chains,
  as TF 1's `cond/pred_id` is an Identity of the predicate;
- raising: at each level (a frame and a context) the nodes of that context run in order;
  the nodes under one predicate, joined by their edges and by the Merges that end them,
  become one tf.cond whose branches run their side's nodes and return the Merges' inputs;
  a loop frame becomes one tf.while_loop whose variables are its Merges (Enter, then
  NextIteration), its condition the LoopCond's input, its body the nodes the LoopCond's
  Switches let through, and whose Exits are the final values (is_constant Enters are
  read from outside, as loop invariants). Nodes between the LoopCond's Switches (their
  loop-ending side) and the Exits, as TF 1's gradient loops have, run once after the
  loop, on the final values, as TF runs them in the last iteration.

Raising (rather than an executor with dead tensors) makes the result ordinary eagerflow
ops: it is pruned per tensor, traced, compiled and differentiated as any tf.cond or
tf.while_loop (gradients of conds and loops, where TF's own imported v1 loops have none).
The untaken branch of a cond never runs. A structure that is not a cond or loop (a Merge
whose inputs are not the two sides of one Switch, a loop whose NextIteration no LoopCond
guards, which TF would spin on forever) is refused with InvalidArgumentError before
anything runs. Tensors inside a branch or loop are not addressable from outside it.
"""

from __future__ import annotations

from collections import ChainMap
from typing import Any

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.math_base import identity
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.function_import import ready_order

__all__ = ["CONTROL_FLOW_OPS", "has_control_flow", "num_outputs", "raise_control_flow"]

# TF 1's control flow ops, their Ref forms (ref-typed tensors) as the plain ones.
_CANONICAL = {"Switch": "Switch", "RefSwitch": "Switch", "Merge": "Merge",
              "RefMerge": "Merge", "Enter": "Enter", "RefEnter": "Enter", "Exit": "Exit",
              "RefExit": "Exit", "NextIteration": "NextIteration",
              "RefNextIteration": "NextIteration", "LoopCond": "LoopCond"}
CONTROL_FLOW_OPS = frozenset(_CANONICAL)
_IDENTITIES = frozenset(("Identity", "RefIdentity", "Snapshot"))


def num_outputs(op: str) -> int:
    return 2 if _CANONICAL[op] in ("Switch", "Merge") else 1


def has_control_flow(nodes: Any) -> bool:
    return any(nd.op in CONTROL_FLOW_OPS for nd in nodes)


def _fail(msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, msg)


class _Frame:
    """One loop frame (the root frame has no name and no parent)."""

    def __init__(self, name: str, parent: _Frame | None) -> None:
        self.name, self.parent = name, parent
        self.nodes: list = []        # nodes directly in this frame, in GraphDef order
        self.children: dict = {}     # frame name -> child frame
        self.ctx: tuple = ()         # the context of the whole loop, in its parent


class _Node:
    __slots__ = ("name", "nd", "op", "data", "control", "frame", "ctx", "index")

    def __init__(self, nd: Any, index: int) -> None:
        self.name, self.nd, self.index = nd.name, nd, index
        self.op = _CANONICAL.get(nd.op, nd.op)
        self.data: list = []      # (source name, output index)
        self.control: list = []   # source names
        for ref in nd.input:
            if ref.startswith("^"):
                self.control.append(ref[1:])
            else:
                base, _, idx = ref.partition(":")
                self.data.append((base, int(idx) if idx else 0))
        self.frame: _Frame | None = None
        self.ctx: tuple = ()


class _Analysis:
    """Frames and contexts of every node (see the module docstring)."""

    def __init__(self, nodes: list) -> None:
        self.nodes = {nd.name: _Node(nd, i) for i, nd in enumerate(nodes)}
        self.users: dict = {n: [] for n in self.nodes}
        for n in self.nodes.values():
            for src, _ in n.data:
                self.users[src].append(n)
            for src in n.control:
                self.users[src].append(n)
        self.root = _Frame("", None)
        self._assign_frames()
        self._contexts(self.root)

    # -- frames (TF's rule, breadth first from the nodes without inputs) -----------------------
    def _assign_frames(self) -> None:
        queue = [n for n in self.nodes.values() if not n.data and not n.control]
        for n in queue:
            n.frame = self.root
        done = set()
        i = 0
        while i < len(queue):
            cur = queue[i]
            i += 1
            if cur.name in done:
                continue
            done.add(cur.name)
            base = cur.frame
            if cur.op == "Exit":
                if base.parent is None:
                    raise _fail("Invalid Exit op: Cannot find a corresponding Enter op.")
                base = base.parent
            for out in self.users[cur.name]:
                want = base
                if out.op == "Enter":
                    fname = out.nd.attr["frame_name"].s.decode()
                    want = base.children.get(fname) or base.children.setdefault(
                        fname, _Frame(fname, base))
                if out.frame is None:
                    out.frame = want
                    queue.append(out)
                elif out.frame is not want:
                    other = next(s for s in self._sources(out) if s is not cur and
                                 s.frame is not None and s.name in done and
                                 self._frame_for(s, out) is out.frame)
                    raise _fail(f"{{{{node {out.name}}}}} has inputs from different frames. "
                                f"The input {{{{node {cur.name}}}}} is in frame "
                                f"'{want.name}'. The input {{{{node {other.name}}}}} is in "
                                f"frame '{out.frame.name}'.")
        lost = [n.name for n in self.nodes.values() if n.frame is None]
        if lost:
            raise ValueError(f"{len(lost)} nodes in a cycle")
        for n in self.nodes.values():
            n.frame.nodes.append(n)

    def _sources(self, n: _Node) -> list:
        return [self.nodes[s] for s, _ in n.data] + [self.nodes[s] for s in n.control]

    def _frame_for(self, src: _Node, out: _Node) -> _Frame:
        base = src.frame
        if src.op == "Exit" and base.parent is not None:
            base = base.parent
        if out.op == "Enter":
            return base.children.get(out.nd.attr["frame_name"].s.decode(), base)
        return base

    # -- units: a frame's nodes, its child loops standing as one each ----------------------------
    def unit_of(self, n: _Node, frame: _Frame) -> Any:
        """The unit of `frame` holding node `n` (the node, or the child loop around it);
        None when `n` is outside `frame`."""
        f = n.frame
        if f is frame:
            return n
        while f is not None and f.parent is not frame:
            f = f.parent
        return f

    def in_edges(self, unit: Any, frame: _Frame) -> list:
        """(source unit of `frame` or None when outside it, source node, port or None for a
        control edge, destination node) for each edge into `unit`."""
        inner = [unit] if isinstance(unit, _Node) else self.members(unit)
        out = []
        for n in inner:
            for src, port in n.data:
                s = self.nodes[src]
                u = self.unit_of(s, frame)
                if u is not unit:
                    out.append((u, s, port, n))
            for src in n.control:
                s = self.nodes[src]
                u = self.unit_of(s, frame)
                if u is not unit:
                    out.append((u, s, None, n))
        return out

    def members(self, frame: _Frame) -> list:
        out = list(frame.nodes)
        for c in frame.children.values():
            out.extend(self.members(c))
        return out

    def units(self, frame: _Frame) -> list:
        return list(frame.nodes) + list(frame.children.values())

    def order(self, frame: _Frame, units: list) -> list:
        """`units` of `frame` in dependency order (a loop's NextIteration -> Merge edges
        left out), the earliest listed first; refused where they form a cycle."""
        pos = {id(u): i for i, u in enumerate(units)}
        deps = [{pos[id(su)] for su, s, _, dst in self.in_edges(u, frame)
                 if su is not None and id(su) in pos and not (dst.op == "Merge" and
                                                              s.op == "NextIteration")}
                for u in units]
        out = [units[i] for i in ready_order(deps)]
        if len(out) != len(units):
            raise _fail(f"The control flow of frame '{frame.name}' has a cycle that is no "
                        "loop: eagerflow can't import it")
        return out

    # -- contexts ------------------------------------------------------------------------------
    def pred_key(self, name: str, port: int) -> str:
        """A predicate tensor through Identity chains: TF 1 conds switch on an Identity
        of the predicate (`pred_id`)."""
        n = self.nodes[name]
        while n.op in _IDENTITIES and n.data and port == 0:
            s = self.nodes[n.data[0][0]]
            if s.frame is not n.frame or s.op == "Switch":
                break
            name, port = n.data[0]
            n = s
        return f"{name}:{port}"

    def edge_ctx(self, su: Any, s: _Node, port: int | None) -> tuple:
        if su is None:
            return ()
        if isinstance(su, _Frame):
            return su.ctx
        if s.op == "Switch" and port is not None:
            return s.ctx + ((self.pred_key(*s.data[1]), port == 1),)
        return s.ctx

    def _contexts(self, frame: _Frame) -> None:
        for u in self.order(frame, self.units(frame)):
            edges = self.in_edges(u, frame)
            if isinstance(u, _Node) and u.op == "Merge":
                u.ctx = self._merge_ctx(u, frame, edges)
                continue
            ctx: tuple = ()
            where = None
            for su, s, port, dst in edges:
                if isinstance(u, _Node) and u.op == "Enter" and (su is None or su is u):
                    continue
                c = self.edge_ctx(su, s, port)
                if c[:len(ctx)] == ctx:
                    ctx, where = c, s
                elif ctx[:len(c)] != c:
                    raise _fail(f"Node {dst.name} reads tensors of different branches of "
                                f"TF 1 control flow ({where.name} and {s.name}): eagerflow "
                                "raises Switch/Merge to tf.cond and can't import it")
            if isinstance(u, _Frame):
                u.ctx = ctx
                self._contexts(u)
            else:
                u.ctx = () if u.op == "Enter" else ctx

    def _merge_ctx(self, m: _Node, frame: _Frame, edges: list) -> tuple:
        data = [(su, s, port) for su, s, port, _ in edges if port is not None]
        if len(data) == 2 and {d[1].op for d in data} >= {"NextIteration"}:
            return ()  # a loop variable: Enter, then NextIteration
        ctxs = [self.edge_ctx(*d) for d in data]
        if len(ctxs) == 1:
            return ctxs[0]
        if len(ctxs) == 2 and ctxs[0] and ctxs[1] and ctxs[0][:-1] == ctxs[1][:-1] and \
                ctxs[0][-1][0] == ctxs[1][-1][0] and ctxs[0][-1][1] != ctxs[1][-1][1]:
            return ctxs[0][:-1]
        raise _fail(f"Merge {m.name} does not join the two branches of one Switch (its "
                    "inputs are live under "
                    f"{' and '.join(_describe(c) for c in ctxs)}): such a Merge has no live "
                    "input, or two, and eagerflow can't import it")


def _describe(ctx: tuple) -> str:
    return "[" + ", ".join(f"{k} is {b}" for k, b in ctx) + "]" if ctx else "[always]"


class _Level:
    """The units of one frame under one context, and the conds grouped below it."""

    def __init__(self, an: _Analysis, frame: _Frame, ctx: tuple, units: list) -> None:
        self.an, self.frame, self.ctx = an, frame, ctx
        depth = len(ctx)
        group: dict = {}

        def find(u: Any) -> Any:
            while group.get(id(u), u) is not u:
                u = group[id(u)]
            return u

        def union(a: Any, b: Any) -> None:
            ra, rb = find(a), find(b)
            if ra is not rb:
                group[id(ra)] = rb

        deep = [u for u in units if len(u.ctx) > depth]
        deep_ids = {id(u) for u in deep}
        for u in units:
            for su, _, _, _ in an.in_edges(u, frame):
                if su is not None and id(su) in deep_ids and (
                        id(u) in deep_ids or _is_merge(u)):
                    union(su, u)
        self.items: list = []
        comps: dict = {}
        for u in units:
            if id(u) in deep_ids or (_is_merge(u) and any(
                    su is not None and id(su) in deep_ids
                    for su, _, _, _ in an.in_edges(u, frame))):
                r = find(u)
                comp = comps.get(id(r))
                if comp is None:
                    comp = comps[id(r)] = _Cond(self, [])
                    self.items.append(comp)
                comp.units.append(u)
            else:
                self.items.append(u)
        self.item_of = {}
        for it in self.items:
            for u in (it.units if isinstance(it, _Cond) else [it]):
                self.item_of[id(u)] = it
        for it in self.items:
            if isinstance(it, _Cond):
                it.finish()

    def deps(self, item: Any) -> set:
        units = item.units if isinstance(item, _Cond) else [item]
        out = set()
        for u in units:
            for su, _, _, _ in self.an.in_edges(u, self.frame):
                it = self.item_of.get(id(su)) if su is not None else None
                if it is not None and it is not item:
                    out.add(id(it))
        if isinstance(item, _Cond):
            pred = self.an.nodes[item.pred.rpartition(":")[0]]
            it = self.item_of.get(id(self.an.unit_of(pred, self.frame)))
            if it is not None and it is not item:
                out.add(id(it))
        return out

    def ordered(self, wanted: list | None = None) -> list:
        """The items in dependency order; only those `wanted` ones need, when given."""
        by_id = {id(it): it for it in self.items}
        deps = {id(it): self.deps(it) for it in self.items}
        keep = set(by_id)
        if wanted is not None:
            keep, todo = set(), [id(self.item_of[id(u)]) for u in wanted
                                 if id(u) in self.item_of]
            while todo:
                i = todo.pop()
                if i not in keep:
                    keep.add(i)
                    todo.extend(deps[i])
        items = [it for it in self.items if id(it) in keep]
        pos = {id(it): k for k, it in enumerate(items)}
        out = [items[k] for k in ready_order([{pos[d] for d in deps[id(it)] & keep}
                                              for it in items])]
        if len(out) != len(items):
            raise _fail(f"The conds of frame '{self.frame.name}' depend on each other in a "
                        "cycle: eagerflow can't import them")
        return out


def _is_merge(u: Any) -> bool:
    return isinstance(u, _Node) and u.op == "Merge"


class _Cond:
    """The units under one predicate at one level, with the Merges that end them."""

    def __init__(self, level: _Level, units: list) -> None:
        self.level, self.units = level, units

    def finish(self) -> None:
        lv = self.level
        depth = len(lv.ctx)
        ends = [u for u in self.units if _is_merge(u) and len(u.ctx) == depth]
        keys = {u.ctx[depth][0] for u in self.units if len(u.ctx) > depth}
        if len(keys) != 1:
            names = ", ".join(sorted(u.name for u in self.units))
            raise _fail(f"Nodes {names} mix the branches of different predicates: eagerflow "
                        "can't import them")
        self.pred = keys.pop()
        self.merges = ends
        self.sides = {b: [u for u in self.units if len(u.ctx) > depth and u.ctx[depth][1] is b]
                      for b in (True, False)}

    @property
    def name(self) -> str:
        return f"cond on {self.pred}"


class Raiser:
    """Builds a GraphDef with TF 1 control flow through a GraphDefImporter."""

    def __init__(self, importer: Any, nodes: list) -> None:
        self.imp = importer
        self.an = _Analysis(nodes)
        for n in self.an.nodes.values():
            if n.nd.op in CONTROL_FLOW_OPS:
                importer.n_outputs[n.name] = num_outputs(n.nd.op)

    def run(self) -> None:
        root = self.an.root
        self._run_level(_Level(self.an, root, (), self.an.units(root)), None)

    # -- levels -------------------------------------------------------------------------------
    def _run_level(self, level: _Level, wanted: list | None) -> None:
        for item in level.ordered(wanted):
            if isinstance(item, _Cond):
                self._cond(item)
            elif isinstance(item, _Frame):
                self._loop(item)
            else:
                self._node(item)

    def _node(self, n: _Node) -> None:
        imp = self.imp
        if n.op == "Switch":
            src, port = n.data[0]
            value = imp.env.get(f"{src}:{port}")
            if value is None:
                raise _fail(f"Switch {n.name} reads {src}:{port}, which is not computed here")
            imp.n_outputs[n.name] = 2
            for k in (0, 1):
                imp.env[f"{n.name}:{k}"] = value
            c = imp.consts.get(f"{src}:{port}")
            if c is not None:
                imp.consts[f"{n.name}:0"] = imp.consts[f"{n.name}:1"] = c
            imp.ops[n.name] = None
            return
        if n.op == "Merge":  # of one input
            src, port = n.data[0]
            self._named(n, identity(imp.env[f"{src}:{port}"]))
            imp.env[f"{n.name}:1"] = constant(0)
            return
        if n.op in ("NextIteration", "LoopCond"):  # read by the loop around them
            src, port = n.data[0]
            imp.env[f"{n.name}:0"] = imp.env[f"{src}:{port}"]
            imp.ops[n.name] = None
            return
        if n.op in ("Enter", "Exit"):
            raise _fail(f"{n.op} {n.name} is outside the loop structure eagerflow imports")
        imp._graph_node(n.nd)
        for i in range(imp.n_outputs.get(n.name, 0)):  # input_map's stand-ins, for readers
            mapped = imp.input_map.get(f"{n.name}:{i}")
            if mapped is not None:
                imp.env[f"{n.name}:{i}"] = mapped

    def _named(self, n: _Node, t: Any) -> None:
        """Output 0 of node `n` is `t`, whose op takes the node's name (as TF's, so that
        the tensor can be fetched by name)."""
        imp = self.imp
        imp.env[f"{n.name}:0"] = t
        op = getattr(t, "op", None)
        if op is not None and op.graph is imp.graph:
            op.name = imp.full_name(n.name)
        imp.ops[n.name] = op

    # -- conds --------------------------------------------------------------------------------
    def _cond(self, c: _Cond) -> None:
        imp, lv = self.imp, c.level
        pred = imp.env.get(c.pred)
        if pred is None:
            raise _fail(f"The predicate {c.pred} of a Switch is not computed before its cond")
        depth = len(lv.ctx)
        sides = {}
        for m in c.merges:
            for i, (src, port) in enumerate(m.data):
                s = self.an.nodes[src]
                su = self.an.unit_of(s, lv.frame)
                ctx = self.an.edge_ctx(su, s, port)
                sides.setdefault(m.name, {})[ctx[depth][1]] = (i, f"{src}:{port}")
        stateful = any(isinstance(u, _Node) and self._stateful(u)
                       for side in c.sides.values() for u in side)
        if not c.merges and not stateful:
            return  # nothing reads it, and it changes nothing

        def branch(b: bool) -> Any:
            def fn() -> list:
                outer = imp.env
                imp.env = ChainMap({}, outer)
                try:
                    self._run_level(_Level(self.an, lv.frame, lv.ctx + ((c.pred, b),),
                                           c.sides[b]), None)
                    out = []
                    for m in c.merges:
                        i, ref = sides[m.name][b]
                        out.extend([imp.env[ref], constant(i)])
                    return out
                finally:
                    imp.env = outer
            return fn

        outs = cond(pred, branch(True), branch(False))
        for k, m in enumerate(c.merges):
            self._named(m, identity(outs[2 * k]))
            imp.env[f"{m.name}:1"] = outs[2 * k + 1]

    def _stateful(self, n: _Node) -> bool:
        return tf_ops.has_op(n.nd.op) and tf_ops.op_def(n.nd.op).is_stateful

    # -- loops --------------------------------------------------------------------------------
    def _loop(self, f: _Frame) -> None:
        imp, an = self.imp, self.an
        nodes = f.nodes
        conds = [n for n in nodes if n.op == "LoopCond"]
        if not conds:
            raise _fail(f"The loop in frame '{f.name}' has no LoopCond: its NextIteration "
                        "would run forever (TF spins on such a graph); eagerflow refuses it")
        if len(conds) > 1:
            raise _fail(f"The loop in frame '{f.name}' has {len(conds)} LoopConds: eagerflow "
                        "imports loops with one")
        lc = conds[0]
        key = an.pred_key(lc.name, 0)
        enters = [n for n in nodes if n.op == "Enter"]
        merges = [n for n in nodes if n.op == "Merge" and n.ctx == () and
                  any(an.nodes[s].op == "NextIteration" for s, _ in n.data)]
        invariant, carried = {}, []
        for e in enters:
            src, port = e.data[0]
            v = imp.env.get(f"{src}:{port}")
            if v is None:
                raise _fail(f"Enter {e.name} reads {src}:{port}, which is not computed before "
                            "its loop")
            if e.nd.attr["is_constant"].b:
                invariant[e.name] = (v, imp.consts.get(f"{src}:{port}"))
        init, nexts = [], []
        for m in merges:
            srcs = [an.nodes[s] for s, _ in m.data]
            ent = [s for s in srcs if s.op == "Enter" and s.frame is f]
            nxt = [s for s in srcs if s.op == "NextIteration" and s.frame is f]
            if len(ent) != 1 or len(nxt) != 1 or len(srcs) != 2:
                raise _fail(f"Merge {m.name} of frame '{f.name}' is not a loop variable "
                            "(one Enter and one NextIteration)")
            if ent[0].nd.attr["is_constant"].b:
                raise _fail(f"Enter {ent[0].name} is constant, but feeds the loop Merge "
                            f"{m.name}")
            src, port = ent[0].data[0]
            init.append(imp.env[f"{src}:{port}"])
            nx = nxt[0]
            if nx.ctx[:1] != ((key, True),) or len(nx.ctx) != 1:
                raise _fail(f"NextIteration {nx.name} of frame '{f.name}' is not guarded by "
                            "its LoopCond: the loop would never end (TF spins on such a "
                            "graph); eagerflow refuses it")
            nexts.append(nx)
            carried.append(m)
        for e in enters:
            if not e.nd.attr["is_constant"].b and not any(
                    u.op == "Merge" and u in carried for u in an.users[e.name]):
                raise _fail(f"Enter {e.name} of frame '{f.name}' is not constant and feeds no "
                            "loop Merge: eagerflow can't import it")
        units = an.units(f)
        bound = {id(u) for u in enters + carried}
        body = [u for u in units if u.ctx[:1] == ((key, True),) and id(u) not in bound]
        exits = [u for u in units if isinstance(u, _Node) and u.op == "Exit"]
        # (what runs when the loop ends, between its LoopCond's Switches and its Exits: the
        # Identities TF 1's gradient loops put there, run once on the final values)
        ending = [u for u in units if u.ctx[:1] == ((key, False),) and u not in exits]
        top = [u for u in units if len(u.ctx) == 0 or u.ctx[0][0] != key]
        top = [u for u in top if id(u) not in bound]
        needed_by_body = [su for u in body for su, _, _, _ in an.in_edges(u, f)
                          if su is not None and su.ctx[:1] != ((key, True),)
                          and id(su) not in bound]

        def scope(vals: tuple) -> Any:
            env = ChainMap({}, imp.env)
            for e, (v, c) in invariant.items():
                env[f"{e}:0"] = v
                if c is not None:
                    imp.consts[f"{e}:0"] = c
            for m, v in zip(carried, vals):
                env[f"{m.name}:0"] = v
                imp.n_outputs[m.name] = 2
            return env

        def within(vals: tuple, wanted: Any, extra: Any = None) -> Any:
            outer = imp.env
            imp.env = scope(vals)
            try:
                self._run_level(_Level(an, f, (), top), wanted)
                if extra is not None:
                    extra()
                return imp.env
            finally:
                imp.env = outer

        def cond_fn(*vals: Any) -> Any:
            env = within(vals, [an.nodes[lc.data[0][0]]])
            src, port = lc.data[0]
            return env[f"{src}:{port}"]

        def body_fn(*vals: Any) -> list:
            def run_body() -> None:
                self._run_level(_Level(an, f, ((key, True),), body), None)
            env = within(vals, needed_by_body, run_body)
            return [env[f"{nx.data[0][0]}:{nx.data[0][1]}"] for nx in nexts]

        res = self._while(f, cond_fn, body_fn, init)
        final = None
        for x in exits:
            sw = an.nodes[x.data[0][0]]
            if x.ctx[:1] != ((key, False),) or (sw.op == "Switch" and (
                    x.data[0][1] != 0 or an.pred_key(*sw.data[1]) != key)):
                raise _fail(f"Exit {x.name} of frame '{f.name}' does not read its LoopCond's "
                            "Switch")
            src = an.nodes[sw.data[0][0]] if sw.op == "Switch" else None
            if src in carried and sw.data[0][1] == 0:
                value = res[carried.index(src)]
            else:  # computed from the loop variables: once more, on their final values
                if final is None:
                    needed = [su for u in ending + exits for su, _, _, _ in an.in_edges(u, f)
                              if su is not None and su.ctx[:1] != ((key, False),)]

                    def run_ending() -> None:
                        self._run_level(_Level(an, f, ((key, False),), ending), None)
                    final = within(tuple(res), needed, run_ending)
                value = final[f"{x.data[0][0]}:{x.data[0][1]}"]
            self._named(x, identity(value))

    def _while(self, f: _Frame, cond_fn: Any, body_fn: Any, init: list) -> list:
        """tf.while_loop over `init`, with shape invariants loosened where the body changes
        a shape (TF 1's Merges carry no invariants once frozen)."""
        shapes = [TensorShape(x.shape) for x in init]
        for attempt in range(3):
            try:
                res = while_loop(cond_fn, body_fn, list(init), shape_invariants=shapes,
                                 name=f.name or "while")
                return list(res) if isinstance(res, (list, tuple)) else [res]
            except ValueError as e:
                if "after one iteration" not in str(e) or attempt == 2:
                    raise
                shapes = [TensorShape([None] * s.rank) if attempt == 0 and s.rank is not None
                          else TensorShape(None) for s in shapes]
        raise AssertionError("unreachable")


def raise_control_flow(importer: Any, nodes: list) -> None:
    """Imports `nodes` (a GraphDef's, holding TF 1 control flow) through `importer`."""
    Raiser(importer, nodes).run()
