(set-logic QF_BV)
(declare-fun x () (_ BitVec 32))
(assert (and (bvsgt x #x00000000) (bvslt (bvadd x x) #x00000000) (= (bvand x #x0000ffff) #x00000000)))
(check-sat)
