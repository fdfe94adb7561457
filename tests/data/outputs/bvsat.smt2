(set-logic QF_BV)
(declare-fun a () (_ BitVec 8))
(assert (bvult a #x10))
(check-sat)
