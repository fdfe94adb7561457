(set-logic ALL)
(declare-fun s () (Set Int))
(assert (= s (set.union s set.empty)))
