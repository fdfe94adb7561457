(set-logic QF_NIA)
(declare-fun x () Int)
(assert (= (* x x) 2))
(check-sat)
