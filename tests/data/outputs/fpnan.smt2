(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 8 24))
(assert (fp.isNaN x))
(check-sat)
