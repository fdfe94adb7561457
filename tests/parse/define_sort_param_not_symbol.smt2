(define-sort S (X 1 X) Int)
