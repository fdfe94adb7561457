(set-logic ALL)
(assert (< 1.0 (^ 0.0 0.0)))
(check-sat)
