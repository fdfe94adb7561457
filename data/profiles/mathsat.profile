# mathsat.profile: MathSAT 5 (FBK). Options are single-dash key=value words.
# Not installed on the reference machine (and not free for commercial use): flags follow
# `mathsat -help` of 5.6.
description = MathSAT 5
name = mathsat
binary = mathsat
# Reads SMT-LIB 2 from standard input.
input = stdin
stdin_args = -input=smt2
model_args = -model_generation=true
# No time-limit option: the watchdog alone limits it.
version_args = -version
logics_without = S DT
ok_exits = 0
session = no
