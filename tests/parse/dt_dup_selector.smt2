(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (hd L)))))
