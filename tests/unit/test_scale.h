/* test_scale: the number of cases of randomised and exhaustive unit tests under the sanitizers.
 * A case costs 10-20x there, and what ASan and UBSan check is the code paths, which a quarter
 * of the cases still cover; the plain build (stage (a) of scripts/test.sh) runs them all. */
#ifndef SG_TEST_SCALE_H
#define SG_TEST_SCALE_H

#if defined(__SANITIZE_ADDRESS__)
#define SG_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SG_TEST_UNDER_ASAN 1
#endif
#endif

#ifdef SG_TEST_UNDER_ASAN
#define SG_TEST_CASES(n) ((n) / 4)
#else
#define SG_TEST_CASES(n) (n)
#endif

#endif
