; cvc4 1.8 --check-models fails on b = cos (a/0) with a = b = 0: wrong only if a/0 is 0, and
; SMT-LIB leaves a/0 free (cos r = 0 at r = pi/2)
(set-logic QF_NRAT)
(declare-fun a () Real)
(declare-fun b () Real)
(assert (= b (cos (/ a 0.0))))
(check-sat)
