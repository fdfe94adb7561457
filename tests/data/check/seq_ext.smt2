; z3's sequence extension (Seq, seq.len): outside SMT-LIB 2.6, so our front end rejects it at
; 4:19 ("unknown sort 'Seq'"); z3 4.8.12 and cvc5 1.0.3 both answer sat.
(set-logic ALL)
(declare-const s (Seq Int))
(assert (= (seq.len s) 2))
(check-sat)
