"""Converter: `break` becomes a flag that the loop's condition tests.

    while test:            break_ = False
        ...                while not break_ and test:
        if c:                  ...
            break     ->       if c:
        rest                       break_ = True
                               if not break_:
                                   rest

For loops get `not break_` as an extra test checked before each iteration. (A loop with
an `else:` clause never gets here: as in TF, its function runs unconverted.)
"""

from __future__ import annotations

import ast

from eagerflow._src.autograph.converters import lowering
from eagerflow._src.autograph.pyct import analysis
from eagerflow._src.autograph.pyct.templates import locate, replace


class _Breaks(ast.NodeTransformer):
    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def _loop(self, node: ast.stmt):
        self.generic_visit(node)  # inner loops first: a break belongs to its innermost loop
        has_break = analysis.contains(node.body, (ast.Break,),
                                      stop=analysis._SCOPES + analysis._LOOPS)
        if not has_break:
            return node
        flag = self.ctx.namer.new("break_")
        node.body = lowering.lower_block(
            node.body, flag, ast.Break,
            lambda s: locate(replace("flag_ = True", flag_=flag), s)) or [ast.Pass()]
        lowering.add_loop_condition(node, locate(lowering.not_flag(flag), node))
        return locate(replace("flag_ = False", flag_=flag), node) + [node]

    visit_While = visit_For = _loop  # noqa: N815


def transform(node: ast.AST, ctx) -> ast.AST:
    return _Breaks(ctx).visit(node)
