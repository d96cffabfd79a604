"""Report formatting shared by the command line and the atlas."""

from __future__ import annotations


def format_stats(st: dict) -> str:
    """The per-group size table printed by ``satgrid stats``."""
    rows = [(g, s["variables"], s["clauses"], s["literals"], st["encodings"].get(g, ""))
            for g, s in st["groups"].items()]
    t = st["total"]
    rows.append(("total", t["variables"], t["clauses"], t["literals"], ""))
    w = max(len(r[0]) for r in rows + [("group",)])
    lines = [f"{st['puzzle']}: {st['file']}",
             f"{'group':<{w}} {'variables':>10} {'clauses':>10} {'literals':>10}  encoding"]
    for g, v, c, l, e in rows:
        lines.append(f"{g:<{w}} {v:>10} {c:>10} {l:>10}  {e}".rstrip())
    if st.get("lazy"):
        lines.append(f"lazy constraints: {', '.join(st['lazy'])} (cuts added while solving)")
    return "\n".join(lines)
