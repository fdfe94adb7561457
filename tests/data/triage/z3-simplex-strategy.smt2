; smtgrind options: z3 smt.arith.simplex_strategy=2
(set-logic SLIA)
(declare-fun a () String)
(assert (and (not (= (ite (> (str.indexof a ";" 0) 0) 1 0) 0))
             (= (ite (str.contains a "]") 1 0) 0)))
(check-sat)
