; cvc4 1.8 --check-models fails, and its model without the check (a = 0, b = 0) is wrong: cos 0 = 1
(set-logic QF_NRAT)
(declare-fun a () Real)
(declare-fun b () Real)
(assert (= a (cos b)))
(check-sat)
