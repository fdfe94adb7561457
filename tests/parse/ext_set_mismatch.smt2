(set-logic ALL)
(declare-fun s () (Set Int))
(assert (set.member true s))
