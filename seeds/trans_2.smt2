(set-logic QF_NRAT)
(declare-fun x () Real)
(assert (< (exp x) 0.0))
(check-sat)
