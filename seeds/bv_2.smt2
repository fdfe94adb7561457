(set-logic QF_BV)
(declare-fun x () (_ BitVec 8))
(assert (and (= (bvmul x #x02) #x03)))
(check-sat)
