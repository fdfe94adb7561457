; Int operands of / (z3 and cvc5 coerce them): y > 1, so x/y = 3/2 forces x = 3y/2 > 1 against
; x < 1: unsat whatever x/0 is. The totalised formula must give the fresh function an explicit
; (to_real x), and 3.0 for the numeral 3 (cvc5 rejects an Int argument of a function over Reals;
; to_real is not declared in a logic without Ints).
(set-logic QF_NIRA)
(declare-fun x () Int)
(declare-fun y () Int)
(assert (> y 1))
(assert (= (/ x y) 1.5))
(assert (< (/ 3 y) 2.0))
(assert (< x 1))
(check-sat)
