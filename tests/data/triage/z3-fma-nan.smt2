; docs/bugs.md §5 item 8 (§3): z3 4.8.12 crash, fpa2bv_converter.cpp:118 (fp.fma, symbolic rounding mode)
(declare-fun a () RoundingMode)
(assert (fp.isSubnormal (fp.fma a (_ NaN 8 24) (_ NaN 8 24) (_ NaN 8 24))))
(check-sat)
