(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 5 11))
(assert (and (fp.isNormal x) (fp.lt (fp.mul RNE x x) x) (fp.isPositive x)))
(check-sat)
