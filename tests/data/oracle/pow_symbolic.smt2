(set-logic ALL)
(declare-fun a () Real)
(assert (= 0.0 (^ 0.0 a)))
(check-sat)
