/* eval_util: the values of a script's get-value terms under a model, printed — shared by the
 * evaluator's exact tests (eval_test.c, eval_coll_test.c). */
#ifndef SG_TESTS_EVAL_UTIL_H
#define SG_TESTS_EVAL_UTIL_H

#include "eval/eval.h"
#include "test_util.h"

/* Values of the get-value terms of `script` (under the model text `model`, if any), printed
 * and separated by `sep`, into out. */
static void
values (const char *script, const char *model, uint64_t steps, const char *sep, sg_buf *out)
{
  tparse t;
  tp_parse (&t, script);
  if (t.rc) fail_msg ("parse: %s", t.err);
  sg_model m;
  sg_model_init (&m, &t.s);
  if (model)
    {
      sg_diag d;
      sg_diag_init (&d, "model");
      if (sg_model_read (&m, &t.sc, model, strlen (model), "model", &d))
        {
          char msg[600];
          sg_diag_format (&d, msg, sizeof msg);
          fail_msg ("model: %s", msg);
        }
    }
  sg_eval *e = sg_eval_new (&t.s, model ? &m : NULL, steps);
  assert_non_null (e);
  sg_buf_init (out);
  for (uint32_t i = 0; i < t.sc.cmds.n; i++)
    {
      const sg_cmd *c = &t.sc.cmds.a[i];
      if (c->kind != SG_WK_GET_VALUE) continue;
      if (c->flags & SG_CMD_RAW) fail_msg ("get-value command %u did not type-check", i);
      for (uint32_t k = 0; k < c->n; k++)
        {
          sg_val v;
          assert_int_equal (sg_eval_term (e, sg_cmd_items (&t.sc, c)[k], &v), SG_RC_OK);
          if (out->len) sg_buf_adds (out, sep);
          sg_v_print (&t.s, v, out);
        }
    }
  assert_true (sg_buf_ok (out));
  sg_eval_free (e);
  sg_model_free (&m);
  tp_free (&t);
}

#endif
