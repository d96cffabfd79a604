"""Files in and out: compression, atomic writes, DIMACS and iCNF."""
