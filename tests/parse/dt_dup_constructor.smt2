(declare-datatype L ((nil) (cons (hd Int) (tl L)) (nil)))
