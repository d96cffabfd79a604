"""The rule library: the shapes of rule that recur across pencil-puzzle genres.

Each module owns one shape of rule (``shading``: shaded cells, their
connectivity, 2x2 blocks, counts around clues; ``sight``: what a cell sees
along its row and column; ``loops``: a loop through chosen cells; ``numbers``:
numbers per cell, differences, cages; ``areas``: regions to find, sizes and
shapes; ``counts``: counts per line and region, runs; ``bridges``: bridges
between islands that see each other). Every function takes a
:class:`satgrid.modelling.model.Model`, builds its clauses under its own
constraint group (so ``satgrid stats`` shows the rule's size) and uses the
Model's selectable cardinality and PB encodings.
"""
