(set-logic QF_LIA)
(declare-fun x () Int)
(assert (> (+ x y) 0))
(check-sat)
