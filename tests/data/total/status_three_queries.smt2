; Three queries (push/pop, check-sat-assuming) and a :status label. Query 1 is sat (x/0 = 1),
; query 2 unsat whatever x/0 is (y > 1: x/y = 1 forces x = y > 1 against x < 0.5), query 3
; unsat (x/0 is one value: 1 and 2 at once). The totalised formula drops the label (z3 4.8.12
; answers an error where a query contradicts it).
(set-logic QF_NRA)
(set-info :status sat)
(declare-fun x () Real)
(declare-fun y () Real)
(assert (= (/ x 0.0) 1.0))
(check-sat)
(push 1)
(assert (> y 1.0))
(assert (= (/ x y) 1.0))
(assert (< x 0.5))
(check-sat)
(pop 1)
(check-sat-assuming ((= (/ x 0.0) 2.0)))
