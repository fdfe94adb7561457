# yices2.profile: Yices 2 through its SMT-LIB 2 front end, yices-smt2.
# Not installed on the reference machine: flags follow the Yices 2.6 manual; check them with
# `yices-smt2 --help` before a campaign. Format: docs/solvers.md ("Profile files").
description = Yices 2 (SRI), SMT-LIB 2 front end
name = yices2
binary = yices-smt2
input = file
# Without a file name yices-smt2 reads standard input.
stdin_args =
# Several check-sats, push/pop.
incremental_args = --incremental
# --timeout is in seconds.
timeout_args = --timeout={s}
version_args = --version
# No quantifiers, no strings, no floating point.
logics = QF_UF QF_BV QF_ABV QF_UFBV QF_AUFBV QF_AX QF_LIA QF_LRA QF_IDL QF_RDL QF_UFLIA QF_UFLRA QF_AUFLIA QF_ALIA QF_NIA QF_NRA QF_UFNIA QF_UFNRA QF_LIRA QF_UFIDL
ok_exits = 0
# Sessions untested with this binary: one process per call.
session = no
