(set-logic ALL)
(declare-fun t () (Tuple Int Bool))
(assert ((_ tuple.select 2) t))
