(set-logic QF_S)
(assert (= "" (_ char #x30000)))
