"""The ``pysat:NAME`` methods: a constraint handed to PySAT's own encoders.

``pysat.card.CardEnc`` for cardinality, ``pysat.pb.PBEnc`` (which needs the
optional package pindakaas) for weighted sums. PySAT numbers privately
(inputs 1..n, ``top_id = n``) and the clauses are mapped back: inputs to the
caller's literals, every auxiliary onto one block from ``source.new_vars``,
so there is no ``top_id`` to get wrong. NAME is one of ours, mapped to
PySAT's through the method records (``cardnetwork`` -> ``cardnetwrk``,
``seqcounter-knuth`` -> ``seqcounter``, ``swc`` -> pb ``seqcounter``,
``gtotalizer`` -> pb ``totalizer``, ...; see
:data:`satgrid.core.encodings.methods.PYSAT_CARD` and ``PYSAT_PB``), or PySAT's
own (``kmtotalizer``, ``adder``, ``binmerge``, ...). ``pysat:seqcounter`` is
PySAT's ``EncType.seqcounter``, i.e. Knuth's form (the same clauses as our
``seqcounter-knuth``), not Sinz's; PySAT has no Sinz counter.

PySAT's encoders are imported when first used: they are an optional bridge,
not on satgrid's start-up path.
"""

from __future__ import annotations

from ...errors import EncodingError
from .methods import PYSAT_CARD, PYSAT_PB


def _map_back(clauses, nv, lits, source):
    """Private numbering (inputs 1..n, auxiliaries n+1..nv) -> caller's."""
    n = len(lits)
    top = max(nv, max((abs(l) for c in clauses for l in c), default=0))
    table = [0] + list(lits) + list(source.new_vars(max(0, top - n)))
    return [[table[l] if l > 0 else -table[-l] for l in c] for c in clauses]


def pysat_card(op, lits, k, source, name):
    """``sum(lits) <= k`` (``op`` ``"<="``) or ``== k`` (``"=="``) by
    PySAT's ``CardEnc`` with the encoding ``PYSAT_CARD[name]``.

    Raises:
        EncodingError: PySAT cannot encode the bound (its at-most-one encodings).
    """
    from pysat.card import CardEnc, EncType, UnsupportedBound  # the optional pysat: bridge, off the start-up path
    enc = getattr(EncType, PYSAT_CARD[name])
    n = len(lits)
    priv = list(range(1, n + 1))
    try:
        if op == "<=":
            cnf = CardEnc.atmost(priv, bound=k, top_id=n, encoding=enc)
        else:
            cnf = CardEnc.equals(priv, bound=k, top_id=n, encoding=enc)
    except UnsupportedBound:
        what = "at most" if op == "<=" else "exactly"
        raise EncodingError(f"pysat:{name} cannot encode {what} {k} of {n} inputs (PySAT: "
                            "unsupported bound); its at-most-one encodings need bound 1") from None
    return _map_back(cnf.clauses, cnf.nv, lits, source)


def pysat_pb(op, xs, ws, rhs, source, name):
    """``sum(ws_i * xs_i) <= rhs`` (``op`` ``"<="``) or ``== rhs`` by PySAT's
    ``PBEnc`` with the encoding ``PYSAT_PB[name]``.

    Raises:
        EncodingError: pindakaas, which PySAT's ``pysat.pb`` needs, is missing.
    """
    try:
        from pysat.pb import PBEnc, EncType  # optional: needs pindakaas; off the start-up path
    except (ImportError, AssertionError):
        raise EncodingError(f"pysat:{name} for pseudo-Boolean constraints needs the optional "
                            "package pindakaas (pip install 'python-sat[pb]' or 'satgrid[pb]')") from None
    enc = getattr(EncType, PYSAT_PB[name])
    m = len(xs)
    priv = list(range(1, m + 1))
    fn = PBEnc.atmost if op == "<=" else PBEnc.equals
    cnf = fn(lits=priv, weights=list(ws), bound=rhs, top_id=m, encoding=enc)
    return _map_back(cnf.clauses, cnf.nv, xs, source)
