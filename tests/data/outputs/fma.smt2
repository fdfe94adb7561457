(declare-fun a () RoundingMode)
(assert (fp.isSubnormal (fp.fma a (_ NaN 8 24) (_ NaN 8 24) (_ NaN 8 24))))
(check-sat)
