"""Graphs run on a GPU (or the stand-in posing as one): tf.function's device path.

Sits in graph/, above codegen. A traced function's graph becomes one straight-line
Python function for its device (codegen.generate with a place): each op's kernel over
the device's array module, placed as the eager op is (dispatch.run_on: ops without a
GPU kernel or with host-only data on CPU:0, values made elsewhere copied over once), the
graph's constants copied to the device when the code is made, and the graph's chains of
elementwise ops fused into generated kernels (fusion.py) where the backend compiles
them. The results are those of the same ops run eagerly there.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.graph import codegen, fusion
from eagerflow._src.graph.ir import Graph


class DeviceProgram:
    """`fn(*input_arrays)` -> the arrays (or EagerTensors, when `wrap`) of `outputs`,
    computed on `place` (a core.device._Device), with the graph's elementwise chains fused
    into generated kernels (fusion.py) where the backend compiles them."""

    def __init__(self, graph: Graph, outputs: list, place: Any, wrap: bool = False,
                 name: str = "graph_fn") -> None:
        self.graph, self.outputs, self.place, self.wrap = graph, list(outputs), place, wrap
        self.groups = fusion.plan(graph)
        self.generated = codegen.generate(graph, self.outputs, name, wrap=wrap, place=place,
                                          groups=self.groups)
        self.fn = self.generated.fn

    @property
    def source(self) -> str:
        """The Python source of `fn`."""
        return self.generated.source


wrap = codegen.wrap_device  # a program's result as a tensor on the device that holds it
