"""Certified answers: a DRAT proof and a checkable record behind every "unique",
"no solution" and complete count (docs/certify.md).

* :mod:`~satgrid.certify.proof` -- the certified run (search without
  assumptions, lazy cuts with justifications, blocking clauses) and the
  proof-logging solve of the final formula;
* :mod:`~satgrid.certify.folder` -- writing the certificate folder;
* :mod:`~satgrid.certify.certificate` -- certificates of puzzles
  (:func:`certify_puzzle`) and the :class:`Certificate` object;
* :mod:`~satgrid.certify.verify` -- ``satgrid verify``: the independent check.

The names below load on first use (the Model imports ``proof`` and
``folder``; ``certificate`` and ``verify`` sit above the pipeline).
"""

_LAZY = {"Certificate": "certificate", "certify_puzzle": "certificate",
         "verify_folder": "verify", "verify_proof": "verify", "VerifyFailed": "verify",
         "CertifyRefused": "proof", "PROOF_SOLVERS": "proof", "MAX_SOLUTIONS": "proof"}

__all__ = sorted(_LAZY)


def __getattr__(name):  # PEP 562: certificate/verify import the pipeline, which imports the Model
    if name == "certificate":
        import satgrid.certify.certificate  # noqa: F401
        return globals()["certificate"]
    if name == "verify":
        import satgrid.certify.verify  # noqa: F401
        return globals()["verify"]
    if name == "proof":
        import satgrid.certify.proof  # noqa: F401
        return globals()["proof"]
    if name in _LAZY:
        return getattr(__getattr__(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
