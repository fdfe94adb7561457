/* vec: typed growable arrays (Boolector's BTOR_DECLARE_STACK in C17 macros).
 * Owns: the element buffer of each vec; freed with SG_VEC_FREE.
 * Growth failures are reported (SG_VEC_PUSH evaluates to false), never fatal. */
#ifndef SG_BASE_VEC_H
#define SG_BASE_VEC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#define SG_VEC(T)                                                                              \
  struct {                                                                                     \
    T *a;       /* elements */                                                                 \
    uint32_t n; /* used */                                                                     \
    uint32_t cap; /* allocated */                                                              \
  }

/* Ensure room for `extra` more elements. Returns false on overflow or allocation failure. */
bool sg_vec_grow_ (void **a, uint32_t *cap, uint32_t n, uint32_t extra, size_t elsize);

#define SG_VEC_RESERVE(v, extra)                                                               \
  ((v).n + (uint64_t) (extra) <= (v).cap                                                       \
   || sg_vec_grow_ ((void **) &(v).a, &(v).cap, (v).n, (extra), sizeof *(v).a))
#define SG_VEC_PUSH(v, x) (SG_VEC_RESERVE (v, 1) ? ((v).a[(v).n++] = (x), true) : false)
#define SG_VEC_POP(v) ((v).a[--(v).n])
#define SG_VEC_TOP(v) ((v).a[(v).n - 1])
#define SG_VEC_CLEAR(v) ((v).n = 0)
#define SG_VEC_FREE(v) (free ((v).a), (v).a = NULL, (v).n = (v).cap = 0)

/* Teardown of many buffers at once: SG_BUFS_FREE (SG_BUF (v.a), SG_BUF (p), ...) frees each
 * (a vec's elements, a plain malloc'd pointer) and sets it to NULL. A vec's n and cap are left
 * as they are: for an owner that is freed or zeroed next. */
#define SG_BUF(p) ((void **) &(p))
#define SG_BUFS_FREE(...) sg_bufs_free_ ((void **const[]) { __VA_ARGS__, NULL })
void sg_bufs_free_ (void **const *bufs /* NULL-terminated */);

typedef SG_VEC (uint32_t) sg_u32vec;

#endif
