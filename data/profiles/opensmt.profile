# opensmt.profile: OpenSMT 2 (USI), quantifier-free linear arithmetic and uninterpreted functions.
# Not installed on the reference machine: flags follow `opensmt --help` of 2.5.
description = OpenSMT 2
name = opensmt
binary = opensmt
input = file
version_args = --version
logics = QF_UF QF_LRA QF_LIA QF_IDL QF_RDL QF_UFLRA QF_UFLIA QF_UFIDL QF_AX QF_ALIA QF_AUFLIA
ok_exits = 0
session = no
