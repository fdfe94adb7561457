; docs/bugs.md §5 item 6: z3 wrong unsat (fp.roundToIntegral RNE of a positive subnormal in (2, 4))
(set-logic QF_FP)
(assert (fp.isZero (fp.roundToIntegral RNE (fp #b0 #b00 #b010))))
(check-sat)
