"""Converter: `continue` becomes a flag reset at the top of each iteration.

    for x in xs:            for x in xs:
        if c(x):                continue_ = False
            continue   ->       if c(x):
        rest                        continue_ = True
                                if not continue_:
                                    rest
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.converters import lowering
from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace


class _Continues(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def _loop(self, node: ast.stmt) -> ast.stmt:
        self.generic_visit(node)
        if not analysis.contains(node.body, (ast.Continue,),
                                 stop=analysis._SCOPES + analysis._LOOPS):
            return node
        flag = self.ctx.namer.new("continue_")
        body = lowering.lower_block(
            node.body, flag, ast.Continue,
            lambda s: locate(replace("flag_ = True", flag_=flag), s))
        node.body = locate(replace("flag_ = False", flag_=flag), node.body[0]) + body
        return node

    visit_While = visit_For = _loop  # noqa: N815


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Continues(ctx).visit(node)
