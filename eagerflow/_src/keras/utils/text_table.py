"""Box-drawn text tables laid out as the `rich` library lays out Keras 3's summary tables.

Keras 3 prints `model.summary()` with rich: a table of fixed-width columns (heavy lines
around the header, a line between rows), cells wrapped at spaces and words too long for
their column cut with `…`. This module reproduces that layout in plain text (no colours,
as rich prints when the output is not a terminal), so a summary reads the same here.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")


def column_widths(positions: list, line_length: int, count: int | None = None) -> list:
    """The widths (padding included) rich gives fixed-width columns of a table
    `line_length` wide, the columns asked for at the fractional `positions`.

    Every position is checked, but only the first `count` make columns: Keras 3 lays out
    as many columns as the table has and ignores the positions past them."""
    asked, current = [], 0
    for pos in positions:
        width = int(pos * line_length) - current
        if width < 4:
            raise ValueError("Insufficient console width to print summary.")
        asked.append(width)
        current += width
    available = line_length - min(len(asked), count or len(asked)) - 1  # less the rules
    # each cell pads one space either side; rich measures no column wider than the table
    # (positions past 1.0, or given in characters, ask for more)
    widths = [min(w + 2, available) for w in asked[:count]]
    excess = sum(widths) - available
    if excess > 0:
        widths = _ratio_reduce(excess, widths)
    elif excess < 0:
        widths = [w + extra for w, extra in zip(widths, _ratio_distribute(-excess, widths))]
    return widths


def _ratio_reduce(total: int, values: list) -> list:
    """Takes `total` off `values` in equal shares (rich's ratio_reduce, ratios all 1)."""
    remaining, ratio, out = total, len(values), []
    for value in values:
        taken = min(value, round(remaining / ratio))
        out.append(value - taken)
        remaining -= taken
        ratio -= 1
    return out


def _ratio_distribute(total: int, ratios: list) -> list:
    remaining, total_ratio, out = total, sum(ratios), []
    for ratio in ratios:
        share = -(-ratio * remaining // total_ratio) if total_ratio > 0 else remaining
        out.append(share)
        total_ratio -= ratio
        remaining -= share
    return out


def _break_positions(text: str, width: int) -> list:
    """Where rich breaks `text` into lines of `width` (at word starts; a word longer than
    the width gets a line of its own)."""
    breaks, offset = [], 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            if start:
                breaks.append(start)
            offset = len(word)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    return breaks


def _truncate(line: str, width: int) -> str:
    return line if len(line) <= width else line[:width - 1] + "…"


def wrap_cell(text: str, width: int, justify: str = "left") -> list:
    """The lines of one cell's text in a column `width` wide (padding excluded)."""
    if width <= 0:
        return [""]
    lines = []
    for paragraph in text.split("\n"):
        cuts = [0] + _break_positions(paragraph, width) + [len(paragraph)]
        for a, b in zip(cuts, cuts[1:]):
            line = paragraph[a:b]
            if len(line) > width:  # trailing spaces beyond the width go first
                match = _TRAILING_SPACE.search(line)
                if match:
                    line = line[:len(line) - min(len(match.group(0)), len(line) - width)]
            if justify == "left":
                line = _truncate(line, width).ljust(width)
            else:
                line = _truncate(line.rstrip(), width)
                if justify == "right":
                    line = line.rjust(width)
                else:
                    left = (width - len(line)) // 2
                    line = (" " * left + line).ljust(width)
            lines.append(line)
    return lines


def render(header: list, rows: list, widths: list, justify: list) -> list:
    """The lines of a table with a heavy-ruled header and a rule between rows."""
    inner = [w - 2 for w in widths]

    def rule(left: str, fill: str, cross: str, right: str) -> str:
        return left + cross.join(fill * w for w in widths) + right

    def row_lines(cells: list, bar: str, bottom: bool = False) -> list:
        wrapped = [wrap_cell(str(c), w, j) for c, w, j in zip(cells, inner, justify)]
        height = max(len(w) for w in wrapped)
        # header cells sit at the bottom of their row, body cells at the top
        wrapped = [[" " * n] * (height - len(w)) + w if bottom else
                   w + [" " * n] * (height - len(w)) for w, n in zip(wrapped, inner)]
        return [bar + bar.join(f" {w[i]} " for w in wrapped) + bar for i in range(height)]

    lines = [rule("┏", "━", "┳", "┓")]
    lines += row_lines(header, "┃", bottom=True)
    lines.append(rule("┡", "━", "╇", "┩"))
    for i, cells in enumerate(rows):
        if i:
            lines.append(rule("├", "─", "┼", "┤"))
        lines += row_lines(cells, "│")
    lines.append(rule("└", "─", "┴", "┘"))
    return lines


def console_lines(text: str, width: int) -> list:
    """The lines rich's Console.print makes of `text` at `width` columns: each line
    wrapped at word starts (a line keeps the spaces that fit in it), a word longer than
    the width folded into pieces of the width."""
    lines = []
    for paragraph in text.split("\n"):
        cuts = [0] + _break_positions(paragraph, width) + [len(paragraph)]
        for a, b in zip(cuts, cuts[1:]):
            line = paragraph[a:b]
            if len(line) > width:
                line = line.rstrip() if len(line.rstrip()) <= width else line
            while len(line) > width:
                lines.append(line[:width])
                line = line[width:]
            lines.append(line)
    return lines
