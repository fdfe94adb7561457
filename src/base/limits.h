/* limits: every hard limit of smtgrind, with the reason it exists.
 * Past a limit the reader returns SG_RC_LIMIT with the position; it never crashes.
 * Test builds may lower them by defining the macros first. */
#ifndef SG_BASE_LIMITS_H
#define SG_BASE_LIMITS_H

/* Nesting depth of S-expressions and terms. Our own code is iterative, but solvers recurse and
 * crash far earlier; a deeper input is not a useful test case. */
#ifndef SG_LIMIT_DEPTH
#define SG_LIMIT_DEPTH 100000u
#endif

/* Length of one token (symbol, numeral, string literal) in bytes. */
#ifndef SG_LIMIT_TOKEN
#define SG_LIMIT_TOKEN (64u << 20)
#endif

/* Nodes in one term store (ids are 32-bit). */
#ifndef SG_LIMIT_TERMS
#define SG_LIMIT_TERMS (1u << 30)
#endif

/* Width of a bit-vector sort and of indexed-operator results; beyond this no solver copes. */
#ifndef SG_LIMIT_BV_WIDTH
#define SG_LIMIT_BV_WIDTH (1u << 24)
#endif

/* Exponent and significand widths of floating-point sorts (MPFR exponents are 62-bit). */
/* Symbols of a sort's printed form. A sort is a DAG (nested define-sorts share), but SMT-LIB
 * prints it as a tree: 60 nested (define-sort Sk () (Array Sk-1 Sk-1)) are 2^60 symbols (a
 * hostile review: parse ran to 10 GB printing one in an error, print never ended). */
#ifndef SG_LIMIT_SORT_SIZE
#define SG_LIMIT_SORT_SIZE (1u << 12)
#endif

#ifndef SG_LIMIT_FP_EB
#define SG_LIMIT_FP_EB 60u
#endif
#ifndef SG_LIMIT_FP_SB
#define SG_LIMIT_FP_SB (1u << 20)
#endif

/* Numeric index values of indexed identifiers ((_ extract i j), (_ re.loop n m), ...). */
#ifndef SG_LIMIT_INDEX
#define SG_LIMIT_INDEX (1u << 30)
#endif

/* Maximum size of a single command's text (S-expression nodes) before we give up. */
#ifndef SG_LIMIT_CMD_NODES
#define SG_LIMIT_CMD_NODES (1u << 28)
#endif

/* Size of a --data file (operator classes, fusion functions): they are hand-written tables. */
#ifndef SG_LIMIT_DATA_BYTES
#define SG_LIMIT_DATA_BYTES (16u << 20)
#endif

/* Assertion levels open at once ((push N) adds N). They are counted, not allocated, so any
 * count costs the same memory; the bound keeps 32-bit level counters downstream from wrapping. */
#ifndef SG_LIMIT_PUSH_LEVELS
#define SG_LIMIT_PUSH_LEVELS (1u << 31)
#endif

#endif
