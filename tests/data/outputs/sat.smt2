(set-logic QF_LIA)
(declare-fun x () Int)
(assert (> x 2))
(check-sat)
