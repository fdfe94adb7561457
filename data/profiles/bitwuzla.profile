# bitwuzla.profile: Bitwuzla (bit-vectors, floating point, arrays, uninterpreted functions).
# Not installed on the reference machine: flags follow Bitwuzla 0.x `bitwuzla --help`.
description = Bitwuzla, successor of Boolector
name = bitwuzla
binary = bitwuzla
input = file
stdin_args = --lang smt2
model_args = --produce-models
# Bitwuzla checks its own models in debug builds only; nothing to add for release builds.
timeout_args = --time-limit={ms}
version_args = --version
logics = QF_BV QF_ABV QF_UFBV QF_AUFBV QF_FP QF_BVFP QF_ABVFP QF_UFFP QF_UFBVFP QF_AX QF_UF BV ABV UFBV AUFBV
ok_exits = 0
session = yes
session_args = --lang smt2
