(declare-fun a () Int)
(assert (foo a))
(check-sat)
