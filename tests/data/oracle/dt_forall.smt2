(set-logic ALL)
(declare-datatypes ((E 0)) (((c (a Bool)))))
(assert (forall ((v E)) (a v)))
(check-sat)
