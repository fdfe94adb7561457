/* answer: what a check-sat can answer — the one enum the techniques (expected status by
 * construction), the solver layer (classified answers) and the oracles share.
 * Owns: nothing. */
#ifndef SG_BASE_ANSWER_H
#define SG_BASE_ANSWER_H

typedef enum sg_answer {
  SG_ANS_SAT,
  SG_ANS_UNSAT,
  SG_ANS_UNKNOWN,
  SG_ANS_NONE, /* no answer (only for `expected`) */
} sg_answer;

#endif
