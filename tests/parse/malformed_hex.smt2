(set-logic QF_BV)
(declare-fun b () (_ BitVec 8))
(assert (= b #x4g))
(check-sat)
