(set-logic QF_LIA)
(declare-fun x () Int)
(check-satt)
