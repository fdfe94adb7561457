(set-logic HO_ALL)
(declare-fun g (Int Int) Int)
(assert (= (@ g 1 2 3) 0))
