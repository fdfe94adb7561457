; sat by SMT-LIB's semantics: the interpretation whose x/0 is 1 (review54: a solver that answers
; sat here and unsat on the totalised formula is wrong on the totalised formula, not here)
(set-logic QF_NRA)
(declare-fun x () Real)
(assert (= (/ x 0.0) 1.0))
(check-sat)
