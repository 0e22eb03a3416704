"""tf.train.CheckpointView and tf.train.TrackableView: a saved checkpoint's object graph,
and a live object's, as nodes and named edges, and how the two match.

Train layer, over checkpoint.py (which reads a checkpoint's TrackableObjectGraph) and
graph_view.py (which lists a trackable's children).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from eagerflow._src.train.checkpoint import open_checkpoint
from eagerflow._src.train.graph_view import children_of, identity


class CheckpointView:
    """The object graph saved in the checkpoint at `save_path`: node ids, from 0 (the root)."""

    def __init__(self, save_path: str) -> None:
        _, proto = open_checkpoint(save_path)
        if proto is None:
            raise ValueError(f"The checkpoint at {save_path} has no object graph (it was "
                             "written by a name-based saver)")
        self._nodes = proto.nodes

    def children(self, node_id: int) -> dict:
        """Name -> node id of the node's children."""
        return {c.local_name: c.node_id for c in self._nodes[node_id].children}

    def descendants(self) -> list:
        """The ids of every node reached from the root, breadth first."""
        seen, order, queue = {0}, [0], deque([0])
        while queue:
            for child in self._nodes[queue.popleft()].children:
                if child.node_id not in seen:
                    seen.add(child.node_id)
                    order.append(child.node_id)
                    queue.append(child.node_id)
        return order

    def match(self, obj: Any) -> dict:
        """Node id -> the object of `obj`'s graph at the same path (matched by name, breadth
        first from the roots)."""
        matched = {0: obj}
        queue = deque([0])
        while queue:
            node = queue.popleft()
            live = children_of(matched[node])
            for child in self._nodes[node].children:
                if child.node_id in matched or child.local_name not in live:
                    continue
                matched[child.node_id] = live[child.local_name]
                queue.append(child.node_id)
        return dict(sorted(matched.items()))

    def diff(self, obj: Any) -> tuple:
        """(matches, node ids of the checkpoint no object matches, objects of `obj`'s graph
        no node matches)."""
        matches = self.match(obj)
        unmatched_nodes = [n for n in self.descendants() if n not in matches]
        found = {identity(o) for o in matches.values()}
        unmatched_objects = [o for o in TrackableView(obj).descendants()
                             if identity(o) not in found]
        return matches, unmatched_nodes, unmatched_objects


class TrackableView:
    """The object graph of a live trackable, `root`."""

    def __init__(self, root: Any) -> None:
        self._root = root

    @property
    def root(self) -> Any:
        return self._root

    @staticmethod
    def children(obj: Any, save_type: Any = None, **kwargs: Any) -> dict:
        """Name -> trackable child of `obj`."""
        return children_of(obj)

    def descendants(self) -> list:
        """Every trackable reached from the root, breadth first, each once."""
        seen, order, queue = {identity(self._root)}, [self._root], deque([self._root])
        while queue:
            for child in children_of(queue.popleft()).values():
                if identity(child) not in seen:
                    seen.add(identity(child))
                    order.append(child)
                    queue.append(child)
        return order
