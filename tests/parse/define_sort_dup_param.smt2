(set-logic ALL)
(define-sort Pair (X Y X) (Array X Y))
