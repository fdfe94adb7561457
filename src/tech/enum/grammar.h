/* grammar: the context-free grammars of grammar-based enumeration (ET, TECHNIQUES.md §6) —
 * the small BNF format (docs/enum.md), its reader and checks, and the eight shipped grammars
 * (core, ints, reals, realints, bv, arrays, fp, strings: grammars.def, each corrected from
 * wintered/ET's grammars/NAME.g4 with the same nonterminal structure, so sizes match ET's).
 * Format: `NAME ::= ALT | ALT ...`, an ALT a sequence of "terminals" (double-quoted, \" and \\
 * escapes) and nonterminal NAMEs ([A-Za-z_][A-Za-z0-9_]*); `#` comments to the end of the
 * line; the first rule's NAME is the start symbol.
 * Size (ET's rule, from its etc/cfg2rtg and testing-feat's pay): an alternative costs 1 when it
 * contains the terminal "(" or its own left-hand side, else 0; a formula's size is the sum of
 * the costs of the alternatives of its derivation.
 * Owns: a grammar's names, terminals and alternatives (freed by sg_grammar_free).
 * Invariants after sg_grammar_read succeeds: every nonterminal is defined once, productive and
 * reachable from the start symbol,
 * no nonterminal has the same alternative twice, and no cycle uses only cost-0 alternatives
 * (so each size has finitely many formulas); nts_order lists the nonterminals so that the
 * nonterminals of a cost-0 alternative come before its left-hand side.
 * Tests: tests/unit/enum_test.c */
#ifndef SG_TECH_GRAMMAR_H
#define SG_TECH_GRAMMAR_H

#include <stdbool.h>
#include <stdint.h>

#include "base/rc.h"

/* Limits on a grammar (errors with file:line:col, exit 2): they keep counting the shipped
 * grammars and ones like them to the largest size within seconds and a few dozen MB, but do
 * not bound every grammar within them (docs/enum.md: thousands of alternatives with dozens of
 * children grow about as size^3; out of memory is then exit 1 with a message). The shipped
 * grammars use at most a few dozen nonterminals and a few hundred alternatives. */
#define SG_GRAMMAR_MAX_NTS 1000u
#define SG_GRAMMAR_MAX_ALTS 10000u
#define SG_GRAMMAR_MAX_SYMS 64u    /* symbols in one alternative */
#define SG_GRAMMAR_MAX_TERMS 4096u /* different terminals */
/* The largest formula size enumerated (counting to it takes about a minute for the shipped
 * grammars); a grammar whose smallest formula is larger is refused. */
#define SG_GRAMMAR_MAX_SIZE 1000u
/* Symbols (terminals) of the shortest text of any one alternative: a grammar past it is
 * refused (six levels of 63 children made one formula of 10^9 tokens: a hostile review). */
#define SG_GRAMMAR_MAX_TEXT 65536u

/* A symbol of an alternative: a nonterminal index (>= 0) or a terminal ~index (< 0). */
typedef int32_t sg_gsym;

typedef struct sg_galt {
  uint32_t lhs;      /* its nonterminal */
  uint32_t first;    /* its symbols: syms[first .. first + n) */
  uint32_t n;
  uint32_t nnt;      /* nonterminals among them (the children of a derivation node) */
  uint32_t cost;     /* 0 or 1 (the size rule) */
  uint32_t line, col; /* where it starts in the grammar text */
} sg_galt;

typedef struct sg_gnt {
  char *name;
  uint32_t first_alt, nalts; /* alts[first_alt .. first_alt + nalts) */
  uint32_t line, col;        /* first mention (definition once defined) */
  bool defined;
} sg_gnt;

typedef struct sg_gterm {
  char *text;
  uint32_t len;
} sg_gterm;

typedef struct sg_grammar {
  char *name;          /* shipped name or file path */
  sg_gnt *nts;         /* nonterminals; nts[0] is the start symbol */
  uint32_t nnts;
  sg_galt *alts;
  uint32_t nalts;
  sg_gsym *syms;
  uint32_t nsyms;
  sg_gterm *terms;
  uint32_t nterms;
  uint32_t *nts_order; /* nnts entries: the order counting computes each size in */
} sg_grammar;

/* Read grammar text (named `name` in diagnostics) into g. SG_RC_PARSE (syntax, duplicate
 * alternative, rule defined twice) or SG_RC_SORT (undefined, unproductive, unreachable,
 * cost-0 cycle) with d at the offending line:col; SG_RC_NOMEM. */
sg_rc sg_grammar_read (sg_grammar *g /* OUT */, const char *name, const char *text, size_t len, sg_diag *d);
/* A shipped grammar by name, or a grammar file. SG_RC_IO when neither exists. */
sg_rc sg_grammar_load (sg_grammar *g /* OUT */, const char *name_or_path, sg_diag *d);
void sg_grammar_free (sg_grammar *g);
/* The shipped grammars: the i-th name and text (NULL past the end). */
const char *sg_grammar_builtin_name (uint32_t i);
const char *sg_grammar_builtin_text (const char *name);

#endif
