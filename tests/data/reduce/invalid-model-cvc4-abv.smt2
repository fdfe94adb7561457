(set-logic QF_ABV)(declare-fun c () (Array (_ BitVec 8) Bool)) (declare-fun a () (_ BitVec 8)) (assert (select c (bvurem a #x10)))(check-sat)
