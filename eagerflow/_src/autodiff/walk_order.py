"""The orders a gradient walks a tape's recorded ops in, as TF's: tf.gradients' (pending
counts from the targets, first in first out) and a tape's in a graph (which names the ops
its gradients make and orders each AddN's inputs). Pure functions over tape.py's Nodes.
"""

from __future__ import annotations

import collections


def _tf_order(nodes: list, relevant: list, targets: list, sources: list) -> tuple:
    """The nodes tf.gradients visits, in TF's order, and the ids of the sources' own ops
    among them: the ops between the sources and the targets (those of `relevant`, which
    depend on a source, that a target depends on, and the sources' ops), each once every
    op consuming it is done (TF's pending counts), from the targets' ops, first in first
    out."""
    src = {id(s) for s in sources}
    made = {id(o): nd for nd in relevant for o in nd.outputs}
    stops = set()
    for nd in nodes:  # the sources' ops: visited, to sum their gradients, not walked past
        if any(id(o) in src for o in nd.outputs):
            stops.add(id(nd))
            for o in nd.outputs:
                made[id(o)] = nd
    between: dict = {}
    stack = [made[id(t)] for t in targets if id(t) in made]
    while stack:
        nd = stack.pop()
        if id(nd) in between:
            continue
        between[id(nd)] = nd
        if id(nd) not in stops:
            stack.extend(made[id(x)] for x in nd.inputs if id(x) in made)
    pending = dict.fromkeys(between, 0)
    for k, nd in between.items():
        if k not in stops:
            for x in nd.inputs:
                p = made.get(id(x))
                if p is not None and id(p) in between:
                    pending[id(p)] += 1
    queue: collections.deque = collections.deque()
    for t in targets:
        p = made.get(id(t))
        if p is not None and pending[id(p)] == 0 and p not in queue:
            queue.append(p)
    order = []
    while queue:
        nd = queue.popleft()
        order.append(nd)
        if id(nd) in stops:
            continue
        for x in nd.inputs:
            p = made.get(id(x))
            if p is not None and id(p) in between:
                pending[id(p)] -= 1
                if pending[id(p)] == 0:
                    queue.append(p)
    return order, frozenset(stops)


def _tape_order(nodes: list, relevant: list, targets: list) -> list:
    """The nodes of `relevant` in the order TF's tape calls their gradients in a graph
    (which names the ops they make and orders each AddN's inputs): the ops a target
    depends on, found depth first from the last target; each output counts its uses among
    them; ops none of whose outputs are used start the queue, in the order found, and an
    op joins it once every use of its outputs is done; first in, first out."""
    made = {id(o): nd for nd in nodes for o in nd.outputs}
    found: dict = {}
    uses: collections.Counter = collections.Counter()
    stack = [id(t) for t in targets]
    while stack:
        nd = made.get(stack.pop())
        if nd is None or id(nd) in found:
            continue
        found[id(nd)] = nd
        for x in nd.inputs:
            if id(x) not in uses and id(x) in made:
                stack.append(id(x))
            uses[id(x)] += 1
    missing = collections.Counter(id(made[i]) for i in uses if i in made)
    queue = collections.deque(nd for k, nd in found.items() if not missing[k])
    keep = set(map(id, relevant))
    order = []
    while queue:
        nd = queue.popleft()
        if id(nd) in keep:
            order.append(nd)
        for x in nd.inputs:
            uses[id(x)] -= 1
            p = made.get(id(x))
            if not uses[id(x)] and p is not None:
                missing[id(p)] -= 1
                if not missing[id(p)]:
                    queue.append(p)
    return order
