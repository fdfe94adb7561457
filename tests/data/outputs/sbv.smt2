(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 8 24))
(assert (= ((_ fp.to_sbv 1) RTZ x) #b0))
(check-sat)
