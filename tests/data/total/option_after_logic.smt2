; An option after set-logic that z3 refuses once something is declared: the totalised
; formula's fresh functions are declared after it. y > 1, so x/y never divides by zero:
; x/y = 1 forces x = y > 1 against x < 0.5, unsat whatever x/0 is.
(set-logic QF_NRA)
(set-option :produce-unsat-cores true)
(declare-fun x () Real)
(declare-fun y () Real)
(assert (> y 1.0))
(assert (= (/ x y) 1.0))
(assert (< x 0.5))
(check-sat)
