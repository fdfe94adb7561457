; cvc4 1.8 --check-models fails on its model b = 0, which is right: cos 0 = 1
(set-logic QF_NRAT)
(declare-fun b () Real)
(assert (= (/ (cos b) 1.0) 1.0))
(check-sat)
