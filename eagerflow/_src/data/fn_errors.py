"""Errors raised while a tf.data transformation's user function runs, worded as TF's.

Data layer, beside functions.py and dataset_functions.py, which wrap every call of a
user function (and every element of a dataset that a flat_map / interleave function
returned) in `guard`. An op error raised there keeps its class; its message becomes
TF's: "Error in user-defined function passed to MapDataset:3 transformation with
iterator: Iterator::Root::Map: <the op's message>" followed by the failing node, and the
iterator adds "[Op:IteratorGetNext]". The innermost function names the transformation;
each function-bearing transformation the error leaves on its way out adds its iterator
name in front (Interleave::Map). TF's own path also names the datasets it inserts and
rewrites (Prefetch, ParallelMapV2); those are TF's optimizer's, not the user's, and are
not imitated.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.errors import OpError
from eagerflow._src.data import iterator_path
from eagerflow._src.data.iterators import ElementIterator
from eagerflow._src.function.graph_errors import failed_node
from eagerflow._src.ops import eager_errors

_ids = itertools.count(1)
_OP_SUFFIX = re.compile(r" \[Op:([^\]]+)\]$")


class FnSite:
    """One transformation's user function: its dataset op label and iterator name."""

    __slots__ = ("label", "short")

    def __init__(self, transformation: str, op: str | None = None) -> None:
        # "Dataset.flat_map()" -> FlatMapDataset, iterator FlatMap; TF's iterator names its
        # versioned ops by the op less "Dataset" (ParallelMapDatasetV2 -> ParallelMapV2)
        method = transformation.split(".")[-1].rstrip("()")
        op = op or "".join(w.capitalize() for w in method.split("_")) + "Dataset"
        self.short = op.replace("Dataset", "")
        self.label = f"{op}:{next(_ids)}"  # numbered as TF numbers the ops it names


def annotate(e: OpError, site: FnSite | None, element: int | None = None,
             words: Callable | None = None) -> None:
    """Word `e` as raised inside `site`'s function, or, when an inner function already did,
    add `site` in front of its iterator path. With no site (a map fused into its batch)
    only the failing op becomes the node, as TF's fused kernel reports it. `element`: the
    error came from iterating the dataset the function returned for input element
    `element`; TF words it only when a function inside raised it (a reader's error stays
    as it is), naming the path's step `FlatMap[0]`. `words`: a traced function's failing
    node as TF words it (graph_errors.node_words over its graph)."""
    info = getattr(e, "_data_fn", None)
    if element is not None:
        if info is None or site is None:
            return
        info[1].insert(0, f"{site.short}[{element}]")
        info[4] = site
        _reword(e, info)
        return
    if info is None:
        msg = eager_errors.plain(e)._message  # (TF words the function's node, not an eager op)
        m = _OP_SUFFIX.search(msg)
        body, node = (msg[:m.start()], f"{{{{node {m.group(1)}}}}}") if m else (msg, None)
        failed = failed_node(e) if words is not None else None
        if failed is not None:  # (a traced function's node by its name; an op run eagerly
            node = words(failed)  # by its type)
        info = e._data_fn = [None, [], body, node, None]
    if site is not None:
        info[1].insert(0, site.short)
        info[0] = info[0] or site.label
        info[4] = site  # (the outermost so far: the root names the datasets above it)
    _reword(e, info)


def reader_out_of_range(e: OpError, site: FnSite, element: int, reader: str) -> None:
    """Marks `e` (an InternalError) as TF's for a file reader `reader` that met the end of
    its file where it expected bytes (a header or footer past a compressed file's end):
    TF's iterator refuses the OutOfRange it returned, naming that reader's iterator, the
    `element`-th file of the flat_map `site` TF builds over the file names."""
    e._reader_eof = (site, element, reader)


def _name_reader(e: OpError, root: Any) -> None:
    site, element, reader = e._reader_eof
    e._reader_eof = None
    path = [f"{site.short}[{element}]", reader]
    path = iterator_path.tf_path(root, site, path) or path
    msg = (f'Iterator "Iterator::Root::{"::".join(path)}" returned `OutOfRange`. This '
           f"indicates an implementation error as `OutOfRange` errors are not expected to be "
           f"returned here. Original message: EOF reached")
    e._message = msg
    e.args = (msg,) + e.args[1:]


def at_root(e: OpError, root: Any) -> None:
    """Names in `e`, reaching the iterator of dataset `root`, the path TF's optimized
    pipeline takes to the failing function (iterator_path.py)."""
    if getattr(e, "_reader_eof", None) is not None:
        _name_reader(e, root)
        return
    info = getattr(e, "_data_fn", None)
    if info is None or info[4] is None or info[0] is None:
        return
    path = iterator_path.tf_path(root, info[4], info[1])
    if path is not None:
        info[1][:] = path
        info[4] = None  # (named once: an outer iterator of the same error leaves it)
        _reword(e, info)


def _reword(e: OpError, info: list) -> None:
    label, path, body, node, _ = info
    msg = body if label is None else (
        f"Error in user-defined function passed to {label} transformation with iterator: "
        f"Iterator::Root::{'::'.join(path)}: {body}")
    if node is not None:
        msg += f"\n\t [[{node}]]"
    e._message = msg
    e.args = (msg,) + e.args[1:]


def guard(fn: Callable, site: FnSite | None, words: Callable | None = None) -> Callable:
    """`fn` (one call of the user function) with its op errors worded for `site`, run on
    the host whatever this thread's device: TF runs tf.data's functions on CPU:0 (what
    their kernels make, a py_function's eager tensors, lives there). `words`: annotate's."""

    def call(*args: Any) -> Any:
        try:
            if _state.device is CPU_DEVICE:
                return fn(*args)
            with placed_on(CPU_DEVICE):
                return fn(*args)
        except OpError as e:
            annotate(e, site, words=words)
            raise

    return call


class GuardedIterator(ElementIterator):
    """The elements of a dataset a user function returned, errors worded for `site`."""

    __slots__ = ("_it", "_site", "_element")

    def __init__(self, it: ElementIterator, site: FnSite, element: int = 0) -> None:
        self._it, self._site, self._element = it, site, element

    def __next__(self) -> tuple:
        try:
            return next(self._it)
        except OpError as e:
            annotate(e, self._site, self._element)
            raise

    def close(self) -> None:
        self._it.close()

    def __getattr__(self, name: str) -> Any:  # anything else the wrapped iterator offers
        return getattr(self._it, name)
