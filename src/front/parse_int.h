/* parse_int: the parser's state, shared by parse.c (the parser's life, reading, shared
 * helpers), parse_cmd.c (one reader per command), parse_dt.c (datatype declarations),
 * parse_model.c (models), parse_term.c (terms), parse_ident.c (identifiers in terms) and
 * parse_sort.c (sorts, indices, S-expression text). Not for other modules. */
#ifndef SG_FRONT_PARSE_INT_H
#define SG_FRONT_PARSE_INT_H

#include "front/parse.h"
#include "front/sexp.h"
#include "front/symtab.h"

/* A pending step of the iterative term parser. */
typedef struct sg_pframe {
  uint32_t sx;    /* S-expression node of the term */
  uint8_t form;   /* F_* in parse_term.c */
  uint8_t state;  /* progress within the form */
  uint32_t base;  /* vals.n when the frame started */
  uint32_t mark;  /* symbol-table mark to release */
  uint32_t aux;   /* form-specific cursor */
  uint32_t aux2;  /* form-specific */
} sg_pframe;

/* One (push N): N levels that share the symbol-table mark taken at the push (no declaration
 * can come between them), so memory does not grow with N. */
typedef struct sg_plevels {
  uint32_t mark;  /* symbol-table mark at the push */
  uint32_t count; /* levels of this push still open (>= 1) */
} sg_plevels;

struct sg_parser {
  sg_store *s;             /* store (not owned) */
  sg_script *sc;           /* script commands are appended to (not owned) */
  sg_diag *d;              /* diagnostics (not owned) */
  sg_sexp_reader rd;       /* S-expression reader */
  sg_symtab st;            /* scoped symbols */
  SG_VEC (sg_plevels) levels; /* push frames: one per push command, not per level */
  uint64_t depth;          /* assertion levels open: the sum of the frames' counts */
  bool global_decls;       /* :global-declarations true */
  bool keep_csu;           /* check-sat-using kept verbatim (parse and print only) */
  bool exited;             /* an (exit) was read: the solvers read nothing after it */
  SG_VEC (sg_pframe) frames; /* term parser work stack */
  sg_u32vec vals;          /* term parser results */
  sg_u32vec tmp;           /* scratch */
  sg_u32vec sorts;         /* sort parser results */
  sg_u32vec named;         /* :named functions to bind when the current command ends */
  sg_buf text;             /* scratch text */
  const sg_model_hooks *model; /* model mode (reading a solver's model), or NULL */
  sg_sort model_expect;    /* model mode: sort expected for an unknown @value */
  sg_store_mark mark;      /* store state before the current command */
  uint32_t cmds_before;    /* script size before the current command */
  uint32_t items_before;
};

/* Navigation in the current command's S-expression nodes (pre-order, see sexp.h). */
static inline uint32_t kid (uint32_t i) { return i + 1; }
static inline uint32_t next (const sg_parser *p, uint32_t i) { return p->rd.nodes.a[i].end; }
static inline bool has (const sg_parser *p, uint32_t list, uint32_t c) { return c < p->rd.nodes.a[list].end; }
static inline const char *atext (const sg_parser *p, uint32_t i) { return sg_store_text (p->s, p->rd.nodes.a[i].atom); }

/* Shared by the command, datatype and model readers (parse.c). */
/* The out-of-memory error at node i. */
sg_rc sg_pnomem (sg_parser *p, uint32_t i);
/* How many items list `list` has from child `from` on. */
uint32_t sg_pcount_from (const sg_parser *p, uint32_t list, uint32_t from);
/* Node j is a symbol (`what`, for the error), child of cmd. */
sg_rc sg_pneed_symbol (sg_parser *p, uint32_t cmd, uint32_t j, const char *what);
/* Node j may name a new sort: not declared yet, not a built-in sort. */
sg_rc sg_pfresh_sort_name (sg_parser *p, uint32_t j);
/* Append command `cmd` to the script (kind, aux and items as sg_script_add takes them). */
sg_rc sg_padd_cmd (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t aux, const uint32_t *items, uint32_t n);
/* The sort parameters of list ps (symbols): PARAM sorts appended to the store's pool and bound
 * in the sort namespace; the caller releases them with its symbol-table mark. */
sg_rc sg_pbind_sort_params (sg_parser *p, uint32_t ps);
/* Read command list `cmd` (node 0 of the current S-expression) into the script (parse_cmd.c). */
sg_rc sg_pcommand (sg_parser *p, uint32_t cmd);
/* (declare-datatype NAME DECL) or (declare-datatypes ...), a1 its first argument (parse_dt.c). */
sg_rc sg_pdatatypes (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1);
/* ((x S) ...) into BVAR terms and their sorts (not bound). */
sg_rc sg_psorted_vars (sg_parser *p, uint32_t list, sg_u32vec *vars, sg_u32vec *sorts);
/* One sorted variable (VAR SORT), node b: VAR's node into *v, SORT parsed into *srt. */
sg_rc sg_psorted_var (sg_parser *p, uint32_t b, uint32_t *v /* OUT */, sg_sort *srt /* OUT */);
sg_rc sg_pbind_vars (sg_parser *p, uint32_t at, const sg_term *vars, uint32_t n);
/* Model mode: a (define-fun ...) of the model (parse_model.c). */
sg_rc sg_pmodel_define (sg_parser *p, uint32_t cmd);

/* Error at S-expression node i. */
sg_rc sg_perr (sg_parser *p, uint32_t i, sg_rc rc, const char *fmt, ...)
    __attribute__ ((format (printf, 4, 5)));
/* Report the store's last error at node i. */
sg_rc sg_perr_store (sg_parser *p, uint32_t i, sg_rc rc);
/* keys[k] = atom << 32 | k for names in order k = 0..n-1 (sorted in place): the first k whose
 * name came earlier too, or UINT32_MAX. O(n log n): a let or a datatype of 100,000 names. */
uint32_t sg_pfirst_dup (uint64_t *keys, uint32_t n);
static inline const sg_sx *sg_pnode (const sg_parser *p, uint32_t i) { return &p->rd.nodes.a[i]; }
static inline bool sg_pis_sym (const sg_parser *p, uint32_t i)
{
  uint8_t k = p->rd.nodes.a[i].kind;
  return k == SG_TOK_SYMBOL || k == SG_TOK_QSYMBOL;
}
static inline bool sg_pis_list (const sg_parser *p, uint32_t i) { return p->rd.nodes.a[i].kind == SG_TOK_LPAR; }
/* The S-expression at node i as SMT-LIB text (for attribute values). */
sg_rc sg_psx_text (sg_parser *p, uint32_t i, sg_atom *out /* OUT */);
/* Parse a numeral index into a uint32. */
sg_rc sg_pindex (sg_parser *p, uint32_t i, uint32_t *out /* OUT */);
sg_rc sg_parse_sort (sg_parser *p, uint32_t i, sg_sort *out /* OUT */);
sg_rc sg_parse_term (sg_parser *p, uint32_t i, sg_term *out /* OUT */);
/* Identifiers (parse_ident.c): the qualified identifier at node h applied to n parsed
 * arguments (n may be 0), resolving overloaded names. */
sg_rc sg_papply_head (sg_parser *p, uint32_t h, const sg_term *args, uint32_t n, sg_term *out /* OUT */);
/* A term that is no list at node i: a literal or a symbol. */
sg_rc sg_pliteral (sg_parser *p, uint32_t i, sg_term *out /* OUT */);
/* The constructor of datatype dt (any datatype: SG_NONE) that symbol node i names, unless a
 * variable shadows it, or SG_NONE. */
uint32_t sg_pcons_of (sg_parser *p, uint32_t i, uint32_t dt);

#endif
