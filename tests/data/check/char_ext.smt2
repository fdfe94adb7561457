; SMT-LIB 2.6's character literal (_ char #x41), which our front end does not read yet: it
; rejects the file at 4:33 ("expected a numeral index"); z3 4.8.12 and cvc5 1.0.3 answer sat,
(set-logic ALL)
(assert (= "Ab" (str.++ (_ char #x41) "b")))
; and cvc4 1.8 rejects the sequence below.
(declare-const s (Seq Int))
(assert (= (seq.len s) 2))
(check-sat)
