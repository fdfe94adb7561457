(set-logic QF_S)
(declare-fun s () String)
(assert (and (str.prefixof "ab" s) (str.suffixof "ba" s) (< (str.len s) 3)))
(check-sat)
