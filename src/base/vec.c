/* vec: growth helper for SG_VEC. */
#include "base/vec.h"

bool
sg_vec_grow_ (void **a, uint32_t *cap, uint32_t n, uint32_t extra, size_t elsize)
{
  uint64_t need = (uint64_t) n + extra;
  if (need > UINT32_MAX) return false;
  uint64_t ncap = *cap ? *cap : 8;
  while (ncap < need) ncap *= 2;
  if (ncap > UINT32_MAX) ncap = UINT32_MAX;
  if (ncap * elsize / elsize != ncap) return false;
  void *p = realloc (*a, (size_t) (ncap * elsize));
  if (!p) return false;
  *a = p;
  *cap = (uint32_t) ncap;
  return true;
}

void
sg_bufs_free_ (void **const *bufs)
{
  for (; *bufs; bufs++)
    {
      free (**bufs);
      **bufs = NULL;
    }
}
