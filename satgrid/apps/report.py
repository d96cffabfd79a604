"""Report formatting shared by the command line and the atlas: size tables, results."""

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


def format_result(p, res: dict) -> str:
    """The text ``satgrid solve`` prints for one solve result of puzzle ``p``:
    status, drawing, answer, uniqueness (and another solution), solver line."""
    lines = [f"{p.label()} ({p.kind}): {res['status']}"]
    if res["status"] == "sat":
        lines.append(p.render(res))
        if res.get("answer") is not None:
            lines.append(f"answer: {res['answer']}")
    if res.get("unique") is not None:
        lines.append("unique: yes" if res["unique"] else "unique: no")
        if "second" in res:
            lines.append("another solution:")
            lines.append(p.render(res["second"]))
    st = res.get("stats", {})
    if st:
        extra = f", {st['rounds']} CEGAR rounds, {st.get('cuts', 0)} cuts" if st.get("rounds") else ""
        lines.append(f"[{st['solver']}: {st['variables']} variables, {st['clauses']} clauses{extra}, "
                     f"{st['seconds']:.3f} s]")
    return "\n".join(lines)


def format_solution(p, i: int, s: dict) -> str:
    """Solution number ``i`` of puzzle ``p`` as ``solve --all`` draws it."""
    return (f"-- solution {i}" + (f", answer {s['answer']}" if s.get("answer") is not None else "")
            + "\n" + p.render(s))


def solutions_summary(p, count: int, complete: bool, why: str = "") -> str:
    """The line that says how many solutions ``p`` has (``why``: what stopped it)."""
    if complete:
        return f"{p.label()} ({p.kind}): {count} solution(s)"
    return (f"{p.label()} ({p.kind}): at least {count} solution(s) "
            f"(incomplete{': ' + why if why else ''})")
