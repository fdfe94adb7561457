/* loop_opts: --option-fuzz in the fuzz loop — each chain draws one configuration per solver
 * under test from its option table (run/solopt.h) and runs every mutant of the chain, its
 * confirmation included, with those options (the last fuzzed_args words of each profile's
 * user_args, which findings name and the reducer minimises). A seed written for options (a
 * `; COMMAND-LINE:` line: cvc5's and cvc4's regression tests) gives a cvc-style solver those
 * options in half of its chains instead of a random draw (sg_solopt_hint): the options its
 * bug needed, on its shape and its mutants'. */
#define _GNU_SOURCE
#include "loop/loop_int.h"

#include <stdlib.h>
#include <string.h>

static void
free_chain (worker *w)
{
  for (uint32_t i = 0; i < w->chain_solvers.n; i++) sg_profile_free (&w->chain_solvers.a[i]);
  SG_VEC_FREE (w->chain_solvers);
}

sg_rc
sg_loop_chain_options (worker *w, sg_rng *r, const sg_tech_seed *seed)
{
  const sg_fuzz_opts *o = w->o;
  /* The lanes may still judge the previous chain's mutants with the old profiles: wait. */
  sg_loop_sessions_close (w); /* drains the lanes first */
  w->solvers = o->solvers;
  free_chain (w);
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; !rc && i < o->solvers->n; i++)
    {
      sg_profile p;
      if ((rc = sg_profile_copy (&o->solvers->a[i], &p))) break;
      const sg_solopt_table *t = o->option_tables ? o->option_tables[i] : NULL;
      uint32_t before = p.user_args.n;
      /* Every solver draws (an empty table too), so solver i's options never depend on
       * whether another solver has a table. */
      sg_rng si = sg_rng_split (r);
      /* (the coin only for seeds with such a line: other chains draw as they always did) */
      if (t && seed && t->style == SG_SOPT_STYLE_CVC && seed->text
          && memmem (seed->text, seed->len, "; COMMAND-LINE:", 15) && sg_rng_chance (&si, 1, 2))
        {
          sg_strv hint = { 0 };
          rc = sg_solopt_hint (t, o->option_fuzz, seed->text, seed->len, &si, &hint);
          for (uint32_t k = 0; !rc && k < hint.n; k++)
            if (SG_VEC_PUSH (p.user_args, hint.a[k])) hint.a[k] = NULL;
            else rc = SG_RC_NOMEM;
          sg_strv_free (&hint);
        }
      if (t && !rc && p.user_args.n == before) rc = sg_solopt_draw (t, o->option_fuzz, &si, &p.user_args);
      p.fuzzed_args = p.user_args.n - before;
      if (!rc && !SG_VEC_PUSH (w->chain_solvers, p)) rc = SG_RC_NOMEM;
      if (rc) sg_profile_free (&p);
    }
  if (rc)
    free_chain (w);
  else
    w->solvers = (const sg_solver_list *) &w->chain_solvers;
  sg_loop_sessions_open (w);
  return rc;
}

void
sg_loop_options_free (worker *w)
{
  w->solvers = w->o->solvers;
  free_chain (w);
}
