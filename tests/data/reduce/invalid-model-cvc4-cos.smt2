(declare-const a Real) (declare-const b Real) (assert (= (+ b (cos a)) 1.0)) (check-sat)
