"""One record per encoding method: what satgrid knows about it, in one place.

Each :class:`Method` names the method, its family (``amo``, ``card`` or
``pb``), the functions that build its clauses, its closed-form size, the
PySAT encoder ``pysat:NAME`` selects for it, and the prose the atlas prints:
the paper it comes from, its size in words, and when to choose it. Everything
else derives from :data:`METHODS`: the registries ``AMO_METHODS``,
``CARD_METHODS``, ``PB_METHODS``, ``PYSAT_CARD``, ``PYSAT_PB`` and
``METHOD_ALIASES`` below, the dispatch of :func:`satgrid.core.encodings.at_most`
and :func:`satgrid.core.encodings.linear`, :func:`satgrid.core.encodings.size_formula`,
the atlas's tables and the shared test suite (tests/test_encodings.py). A new
method is one record here (and its module).
"""

from __future__ import annotations

from typing import Callable

from ...errors import EncodingError
from ...util import FrozenRecord
from . import amo, bdd, counter, mtotalizer, networks, totalizer


class Method(FrozenRecord):
    """An encoding method: its name, family, builders, size and documentation.

    The signatures of ``build``, ``build_exactly`` and ``size`` depend on the
    family (``lits`` distinct inputs, ``source`` the variable source; the
    entry points have removed trivial bounds and repeated inputs first):

    * ``amo``: ``build(lits, source)`` at most one; ``size(n)``.
    * ``card``: ``build(lits, k, source)`` for ``sum(lits) <= k`` with
      ``0 < k < n - 1``; ``build_exactly(lits, k, source)`` for ``== k``
      with ``0 < k < n`` (None: made of two ``build`` calls, see
      :func:`satgrid.core.encodings.exactly`); ``size(n, k)`` of ``build``.
    * ``pb``: ``build(lits, weights, bound, source)`` for ``sum w_i x_i <=
      bound`` (``1 <= w_i <= bound``, total above it); ``build_exactly`` the
      same for ``==``; ``size(n, bound, weights)`` of ``build``, where
      ``weights`` may be None and then the size is None unless it does not
      depend on the weights.
    """

    __slots__ = ("name", "family", "reference", "size_text", "when", "build", "build_exactly",
                 "size", "pysat_card", "pysat_pb", "arc_consistent", "aliases")

    def __init__(self, name: str, family: str, reference: str, size_text: str, when: str,
                 build: Callable, build_exactly: Callable | None = None,
                 size: Callable | None = None, pysat_card: str | None = None,
                 pysat_pb: str | None = None, arc_consistent: bool = True,
                 aliases: tuple[str, ...] = ()):
        # family: ``amo`` (at most one), ``card`` (cardinality) or ``pb``
        # (pseudo-Boolean); reference: the paper (or book chapter) that defines
        # it; size_text: its size in words, e.g. ``"0 aux, n(n-1)/2 clauses"``;
        # when: when to choose it; build: the clauses of the constraint (see the
        # class doc for the signature); build_exactly: a one-structure ``==``
        # (both directions), or None; size: the closed-form size (or
        # recurrence) of ``build``, or None; pysat_card / pysat_pb: the
        # ``pysat.card.EncType`` / ``pysat.pb.EncType`` that ``pysat:NAME``
        # selects in at_most() / linear(), or None; arc_consistent: whether unit
        # propagation is arc-consistent (the atlas measures it); aliases: other
        # accepted names (an alias gives the same clauses, sizes and recorded name)
        super().__init__(name=name, family=family, reference=reference, size_text=size_text,
                         when=when, build=build, build_exactly=build_exactly, size=size,
                         pysat_card=pysat_card, pysat_pb=pysat_pb, arc_consistent=arc_consistent,
                         aliases=aliases)


def _size_swc(n: int, bound: int, weights=None) -> tuple[int, int]:
    """swc's size does not depend on the weights (:func:`counter.size_swc`)."""
    return counter.size_swc(n, bound)


def _size_gtotalizer(n: int, bound: int, weights=None) -> tuple[int, int] | None:
    """gtotalizer's size needs the weights (:func:`totalizer.size_gtotalizer`)."""
    return None if weights is None else totalizer.size_gtotalizer(weights, bound)


METHODS: dict[str, Method] = {m.name: m for m in (
    Method(
        'pairwise', 'amo',
        reference=('the binomial (naive) encoding; e.g. S. Prestwich, *CNF encodings*, '
                   'Handbook of Satisfiability (2009), ch. 2'),
        size_text=('0 aux, n(n-1)/2 clauses'),
        when=('No auxiliary variables and every clause binary, but quadratic. The right '
              'choice for the short at-most-one lists of grid puzzles (a Sudoku cell, '
              'row or box has 9 inputs: 36 clauses); from a few dozen inputs on it is '
              'the largest encoding in the atlas.'),
        build=amo.pairwise, size=amo.size_pairwise, pysat_card='pairwise',
    ),
    Method(
        'bitwise', 'amo',
        reference=('A. M. Frisch, T. J. Peugniez, A. J. Doggett, P. W. Nightingale, *Solving '
                   'non-Boolean satisfiability problems with stochastic local search*, 2005 '
                   '(the binary encoding; also S. Prestwich 2007)'),
        size_text=('ceil(log2 n) aux, n ceil(log2 n) clauses'),
        when=('The fewest auxiliary variables of all, but n log n clauses: more than '
              'the linear encodings from about n = 16 on. Choose it when variables, not '
              'clauses, are what is scarce.'),
        build=amo.bitwise, size=amo.size_bitwise, pysat_card='bitwise',
    ),
    Method(
        'ladder', 'amo',
        reference=('I. P. Gent, P. Nightingale, *A new encoding of AllDifferent into SAT*, '
                   'ModRef 2004'),
        size_text=('n-1 aux, 3n-4 clauses'),
        when=('Linear, binary clauses only; its ladder variables y_i ("the chosen input '
              'is after i") double as an order encoding of the chosen position. The '
              'same size as seqcounter at k = 1.'),
        build=amo.ladder, size=amo.size_ladder, pysat_card='ladder',
    ),
    Method(
        'commander', 'amo',
        reference=('W. Klieber, G. Kwon, *Efficient CNF encoding for selecting 1 from N '
                   'objects*, CFV 2007'),
        size_text=('groups of 3, recursively: about n/2 aux, about 3n clauses'),
        when=('Linear with a small constant: the smallest at-most-one encoding for '
              'lists of about 8 to 32 inputs (see the table above) and on the Sudoku '
              'seed ([puzzles.md](puzzles.md)).'),
        build=amo.commander, size=amo.size_commander,
    ),
    Method(
        'product', 'amo',
        reference=('J. Chen, *A new SAT encoding of the at-most-one constraint*, ModRef 2010 '
                   '(2-product)'),
        size_text=('about 2 sqrt(n) aux, 2n + O(sqrt n) clauses'),
        when=('The fewest clauses of all at-most-one encodings for long lists (from n = '
              '64 on) and the fewest auxiliaries after bitwise. The choice for long '
              'at-most-one lists.'),
        build=amo.product, size=amo.size_product,
    ),
    Method(
        'seqcounter', 'card',
        reference=('C. Sinz, *Towards an optimal CNF encoding of Boolean cardinality '
                   'constraints*, CP 2005 (LTSEQ)'),
        size_text=('k(n-1) aux, 2nk + n - 3k - 1 clauses'),
        when=("Sinz's sequential counter (LTSEQ; also accepted as `seqcounter-sinz`): "
              'linear in n for a fixed k, but never smaller than its irredundant form '
              '`seqcounter-knuth` (the same size at k = 1, about twice it at k = n/2). '
              'The cardinality case of swc. Its `exactly` adds a second counter over '
              'the negations with bound n-k (none for exactly-one, whose other half is '
              'the clause OR(lits): n-1 auxiliaries, as `ladder` and '
              "`seqcounter-knuth`; see `--amo` in [puzzles.md](puzzles.md)). PySAT's "
              "`seqcounter` is Knuth's form, so this row's PySAT columns compare two "
              'different encodings of the same constraint.'),
        build=counter.seqcounter_sinz, size=counter.size_seqcounter_sinz,
        pysat_card='seqcounter', pysat_pb='seqcounter', aliases=('seqcounter-sinz',),
    ),
    Method(
        'seqcounter-knuth', 'card',
        reference=('D. E. Knuth, *The Art of Computer Programming* 4B, section 7.2.2.2, '
                   "formulas (18)-(19): the irredundant form of C. Sinz's sequential counter "
                   "(CP 2005); the counter PySAT's `seqcounter` emits (the same clauses up "
                   'to the numbering of the auxiliaries)'),
        size_text=('k(n-k) aux, (n-k-1)k + (n-k)(k+1) clauses'),
        when=('Linear in n for a fixed k and the smallest encoding for k = 2 at every '
              "n, but k(n-k) grows quadratically when k is a fraction of n. satgrid's "
              "default for bounds above 1 (`Model`'s `card`): puzzle bounds are small."),
        build=counter.seqcounter_knuth, size=counter.size_seqcounter_knuth,
        pysat_card='seqcounter',
    ),
    Method(
        'totalizer', 'card',
        reference=('O. Bailleux, Y. Boufkhad, *Efficient CNF encoding of Boolean cardinality '
                   'constraints*, CP 2003'),
        size_text=('tree of unary counters cut at k+1: O(n log k) aux, O(nk) clauses '
                   '(recurrence)'),
        when=('Its root outputs give every bound up to k at once, so it is the choice '
              'when the bound changes while solving (`IncrementalTotalizer`, '
              'optimisation by assumptions). For a single large k its top nodes cost '
              'O(k^2) clauses.'),
        build=totalizer.totalizer, build_exactly=totalizer.totalizer_exactly,
        size=totalizer.size_totalizer, pysat_card='totalizer', pysat_pb='totalizer',
    ),
    Method(
        'mtotalizer', 'card',
        reference=('T. Ogawa, Y. Liu, R. Hasegawa, M. Koshimura, H. Fujita, *Modulo based '
                   'CNF encoding of cardinality constraints and its application to MaxSAT '
                   'solvers*, ICTAI 2013'),
        size_text=('counts q*p + r with p = ceil(sqrt(k+1)): O(n sqrt k) aux (recurrence)'),
        when=('The fewest clauses at k = n/10 and n/2 from n = 64 on, but unit '
              'propagation is not arc-consistent (see the propagation column): the '
              'solver may have to search where other encodings propagate. Choose it '
              'when size matters more than propagation, for large n and k.'),
        build=mtotalizer.mtotalizer, size=mtotalizer.size_mtotalizer,
        pysat_card='mtotalizer', arc_consistent=False,
    ),
    Method(
        'cardnetwork', 'card',
        reference=('R. Asín, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, '
                   '*Cardinality networks: a theoretical and empirical study*, Constraints '
                   '16 (2011)'),
        size_text=('blocks of M >= k+1 sorted and merged: O(n log^2 k) comparators, 2 aux '
                   'and 3 clauses each'),
        when=('Arc-consistent and O(n log^2 k): never larger than the sorting network '
              '(equal when k + 1 > n/2) and a little larger than mtotalizer. The robust '
              'choice when n and k are both large and propagation matters.'),
        build=networks.cardnetwork, build_exactly=networks.cardnetwork_exactly,
        size=networks.size_cardnetwork, pysat_card='cardnetwrk',
    ),
    Method(
        'sortnetwork', 'card',
        reference=('K. E. Batcher, *Sorting networks and their applications*, AFIPS 1968, '
                   'with the half comparators of N. Eén, N. Sörensson, *Translating '
                   'pseudo-Boolean constraints into SAT*, JSAT 2 (2006)'),
        size_text=('(m^2 - m + 4) 2^(m-2) - 1 comparators for n = 2^m, whatever k'),
        when=('The whole sorted output, whatever k: useful when many bounds are read '
              'from one network; for one bound cardnetwork is never larger.'),
        build=networks.sortnetwork, build_exactly=networks.sortnetwork_exactly,
        size=networks.size_sortnetwork, pysat_card='sortnetwrk', pysat_pb='sortnetwrk',
    ),
    Method(
        'bdd', 'pb',
        reference=('N. Eén, N. Sörensson, *Translating pseudo-Boolean constraints into SAT*, '
                   'JSAT 2 (2006), with the interval construction of I. Abío, R. '
                   'Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, *BDDs for '
                   'pseudo-Boolean constraints -- revisited*, SAT 2011'),
        size_text=('one aux and at most 2 clauses per BDD node, at most n(K+1) nodes'),
        when=('The smallest pseudo-Boolean encoding at K = W/2 at every n of the sweep '
              'and at K = W/10 except for n = 64..256, where gtotalizer has fewer '
              "clauses; and on the puzzles' region and line sums "
              "([puzzles.md](puzzles.md)), which is why it is satgrid's default."),
        build=bdd.bdd_leq, build_exactly=bdd.bdd_eq, pysat_pb='bdd',
    ),
    Method(
        'swc', 'pb',
        reference=('S. Hölldobler, N. Manthey, P. Steinke, *A compact encoding of '
                   'pseudo-Boolean constraints into SAT*, KI 2012 (sequential weight '
                   'counter)'),
        size_text=('K(n-1) aux, 2nK + n - 3K - 1 clauses, whatever the weights'),
        when=('Predictable size, but linear in K and so in the size of the weights; '
              'never smaller than bdd in the sweep.'),
        build=counter.swc, size=_size_swc, pysat_pb='seqcounter',
    ),
    Method(
        'gtotalizer', 'pb',
        reference=('S. Joshi, R. Martins, V. Manquinho, *Generalized totalizer encoding for '
                   'pseudo-Boolean constraints*, CP 2015'),
        size_text=('inputs sorted by weight; one aux per distinct sum <= K per tree node '
                   'below the root, whose clauses only refuse sums above K (recurrence)'),
        when=('Few auxiliaries when the weights take few distinct values (sorted, equal '
              'weights meet low in the tree), but a node costs about the product of its '
              "children's output counts, so clauses grow with K: between bdd and swc on "
              'these weights at K = W/2, the smallest of the three at K = W/10 for n = '
              '64..256. Choose it for few distinct weights and small bounds.'),
        build=totalizer.gtotalizer, size=_size_gtotalizer, pysat_pb='totalizer',
    ),
)}


def _family(family: str) -> tuple[str, ...]:
    return tuple(m.name for m in METHODS.values() if m.family == family)


#: at-most-one methods (bound 1 and trivial bounds only)
AMO_METHODS: tuple[str, ...] = _family("amo")
#: cardinality methods (any bound)
CARD_METHODS: tuple[str, ...] = _family("card")
#: pseudo-Boolean methods (weighted sums)
PB_METHODS: tuple[str, ...] = _family("pb")
#: accepted names that stand for a listed method (old command lines keep working)
METHOD_ALIASES: dict[str, str] = {a: m.name for m in METHODS.values() for a in m.aliases}

#: ``pysat:NAME`` names that are PySAT's own and no method of ours
#: (name -> ``pysat.card.EncType`` / ``pysat.pb.EncType`` attribute)
PYSAT_ONLY_CARD = {"kmtotalizer": "kmtotalizer", "cardnetwrk": "cardnetwrk",
                   "sortnetwrk": "sortnetwrk"}
PYSAT_ONLY_PB = {"best": "best", "sortnetwrk": "sortnetwrk", "adder": "adder",
                 "binmerge": "binmerge", "watchdog": "watchdog", "mixedradix": "mixedradix"}
#: ``pysat:NAME`` for cardinality: our name or PySAT's -> pysat.card.EncType attribute
PYSAT_CARD: dict[str, str] = {**{m.name: m.pysat_card for m in METHODS.values() if m.pysat_card},
                              **PYSAT_ONLY_CARD}
#: ``pysat:NAME`` for weighted sums: our name or PySAT's -> pysat.pb.EncType attribute
PYSAT_PB: dict[str, str] = {**{m.name: m.pysat_pb for m in METHODS.values() if m.pysat_pb},
                            **PYSAT_ONLY_PB}


def canonical_method(method):
    """The method name ``method`` stands for: an alias
    (:data:`METHOD_ALIASES`, e.g. ``"seqcounter-sinz"``) gives the listed
    name (``"seqcounter"``); any other value is returned as it is (unknown
    names are refused later, by the entry point that uses them).

    Example:
        >>> canonical_method("seqcounter-sinz"), canonical_method("seqcounter-knuth")
        ('seqcounter', 'seqcounter-knuth')
    """
    if isinstance(method, str):
        return METHOD_ALIASES.get(method, method)
    return method


def supported_card() -> str:
    """The names a cardinality call accepts, for error messages."""
    return (f"at-most-one methods {', '.join(AMO_METHODS)}; cardinality methods "
            f"{', '.join(CARD_METHODS)}; or pysat:NAME with NAME in {', '.join(sorted(PYSAT_CARD))}")


def supported_pb() -> str:
    """The names a pseudo-Boolean call accepts, for error messages."""
    return (f"pseudo-Boolean methods {', '.join(PB_METHODS)}; or pysat:NAME with NAME in "
            f"{', '.join(sorted(PYSAT_PB))} (cardinality methods when all weights are equal)")


#: names card_method accepted (alias -> canonical name), so that it checks each once
_CARD_NAMES: dict[str, str] = {}


def card_method(method) -> str:
    """The canonical name of a method a cardinality call can use (an
    ``amo`` or ``card`` record, or ``pysat:NAME`` with NAME in
    :data:`PYSAT_CARD`).

    Raises:
        EncodingError: not a name, unknown, or a pseudo-Boolean method;
            the message lists the supported names.
    """
    known = _CARD_NAMES.get(method) if type(method) is str else None
    if known is not None:                          # a name seen before: no checks again
        return known
    if not isinstance(method, str):
        raise EncodingError(f"encoding method must be a name, got {method!r}")
    given = method
    method = canonical_method(method)
    rec = METHODS.get(method)
    if rec is not None and rec.family != "pb":
        _CARD_NAMES[given] = method
        return method
    if method.startswith("pysat:"):
        name = method[6:]
        if name in PYSAT_CARD:
            return method
        raise EncodingError(f"unknown PySAT cardinality encoding {name!r}; supported: "
                            + ", ".join("pysat:" + n for n in sorted(PYSAT_CARD)))
    if rec is not None:
        raise EncodingError(f"{method!r} is a pseudo-Boolean encoding, for weighted sums "
                            "(satgrid encode --weights ..., Model.linear); for cardinality "
                            f"use {supported_card()}")
    raise EncodingError(f"unknown cardinality encoding {method!r}; supported: {supported_card()}")


def pb_method_kind(method: str) -> str:
    """How :func:`satgrid.core.encodings.linear` uses the canonical name
    ``method``: ``"pb"`` (a pseudo-Boolean record), ``"card"`` (a
    cardinality or at-most-one record, for equal weights) or ``"pysat"``.

    Raises:
        EncodingError: unknown; the message lists the supported names.
    """
    rec = METHODS.get(method)
    if rec is not None:
        return "pb" if rec.family == "pb" else "card"
    if method.startswith("pysat:"):
        name = method[6:]
        if name in PYSAT_PB:
            return "pysat"
        raise EncodingError(f"unknown PySAT pseudo-Boolean encoding {name!r}; supported: "
                            + ", ".join("pysat:" + n for n in sorted(PYSAT_PB)))
    raise EncodingError(f"unknown pseudo-Boolean encoding {method!r}; supported: {supported_pb()}")
