; z3's two-argument str.indexof (an extension: SMT-LIB's takes three), which our front end does
; not read: it rejects the file at 4:36; z3 4.8.12 answers sat, cvc5 1.0.3 rejects it,
(set-logic ALL)
(declare-const x Int)(assert (= x (str.indexof "ab" "b")))
; and cvc4 1.8 rejects it and the sequence below.
(declare-const s (Seq Int))
(assert (= (seq.len s) 2))
(check-sat)
