#!/usr/bin/env python3
"""capture.py: re-make the captured solver outputs of this folder (developers only; the tests
read the captures, never the solvers). For each case: NAME.out and NAME.err (the exact bytes
the solver printed) and one row of INDEX.tsv:
    name  solver  version  status  expect  command
status is "exit N" or "signal N"; expect is the sg_outcome kind smtgrind must give
(tests/unit/classify_captures_test.c asserts it). The flags are those our profiles pass
(src/run/profiles.def: args, model_args, validate_args, timeout_args).
Run: cd tests/data/outputs && python3 capture.py"""
import resource, subprocess, sys

Z3 = ["z3", "-smt2", "model=true", "model_validate=true"]
CVC5 = ["cvc5", "-q", "--lang", "smt2", "--produce-models", "--check-models",
        "--check-unsat-cores"]
CVC4 = ["cvc4", "-q", "--lang", "smt2", "--produce-models", "--check-models"]
BTOR = ["boolector", "--smt2"]

# name, solver, expected kind, argv (the input file is appended; boolector reads stdin),
# memory limit in MiB (RLIMIT_AS, as smtgrind --memout sets it) or 0
CASES = [
    ("cvc5-pow-rejected", "cvc5", "rejected", CVC5 + ["--tlimit=10000"], "pow.smt2", 0),
    ("cvc4-pow-rejected", "cvc4", "rejected", CVC4 + ["--tlimit=10000"], "pow.smt2", 0),
    ("z3-pow-unknown", "z3", "ok", Z3 + ["-T:10"], "pow.smt2", 0),
    ("z3-fma-crash", "z3", "crash", Z3 + ["-T:10"], "fma.smt2", 0),
    ("cvc5-fp-to-sbv-crash", "cvc5", "crash", CVC5 + ["--tlimit=10000"], "sbv.smt2", 0),
    ("cvc4-abv-invalid-model", "cvc4", "invalid_model", CVC4 + ["--tlimit=10000"], "abv.smt2", 0),
    ("z3-undeclared-rejected", "z3", "rejected", Z3 + ["-T:10"], "undecl.smt2", 0),
    ("cvc5-undeclared-rejected", "cvc5", "rejected", CVC5 + ["--tlimit=10000"], "undecl.smt2", 0),
    ("boolector-int-rejected", "boolector", "rejected", BTOR + ["-t", "10"], "undecl.smt2", 0),
    ("cvc4-fp-unsupported", "cvc4", "rejected", CVC4 + ["--tlimit=10000"], "fpnan.smt2", 0),
    ("cvc5-tlimit-timeout", "cvc5", "timeout", CVC5 + ["--tlimit=300"], "fermat.smt2", 0),
    ("cvc4-tlimit-unknown", "cvc4", "ok", CVC4 + ["--tlimit=300"], "fermat.smt2", 0),
    ("z3-T-timeout", "z3", "timeout", Z3 + ["-T:1"], "fermat.smt2", 0),
    ("z3-sat-ok", "z3", "ok", Z3 + ["-T:10"], "sat.smt2", 0),
    ("cvc5-sat-ok", "cvc5", "ok", CVC5 + ["--tlimit=10000"], "sat.smt2", 0),
    ("cvc4-sat-ok", "cvc4", "ok", CVC4 + ["--tlimit=10000"], "sat.smt2", 0),
    ("boolector-sat-ok", "boolector", "ok", BTOR + ["-t", "10"], "bvsat.smt2", 0),
    ("z3-memout", "z3", "memout", Z3 + ["-T:10"], "fermat.smt2", 40),
    ("cvc5-memout", "cvc5", "memout", CVC5 + ["--tlimit=10000"], "fermat.smt2", 64),
]

def version(argv0):
    out = subprocess.run([argv0, "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0].strip() if out else "?"

def main():
    rows = ["# name\tsolver\tversion\tstatus\texpect\tcommand (made by capture.py)"]
    for name, solver, expect, argv, inp, mem in CASES:
        def limit(mem=mem):
            if mem:
                resource.setrlimit(resource.RLIMIT_AS, (mem << 20, mem << 20))
        if solver == "boolector":
            with open(inp, "rb") as f:
                p = subprocess.run(argv, stdin=f, capture_output=True, preexec_fn=limit)
            cmd = " ".join(argv) + " < " + inp
        else:
            p = subprocess.run(argv + [inp], stdin=subprocess.DEVNULL, capture_output=True,
                               preexec_fn=limit)
            cmd = " ".join(argv + [inp])
        if mem:
            cmd += " (RLIMIT_AS %d MiB)" % mem
        status = "signal %d" % -p.returncode if p.returncode < 0 else "exit %d" % p.returncode
        open(name + ".out", "wb").write(p.stdout)
        open(name + ".err", "wb").write(p.stderr)
        rows.append("\t".join([name, solver, version(argv[0]), status, expect, cmd]))
        print(rows[-1], file=sys.stderr)
    open("INDEX.tsv", "w").write("\n".join(rows) + "\n")

main()
