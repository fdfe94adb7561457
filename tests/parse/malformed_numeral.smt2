(set-logic QF_LIA)
(declare-fun x () Int)
(assert (= x 007))
(check-sat)
