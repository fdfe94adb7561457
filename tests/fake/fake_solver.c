/* fake_solver: a scripted misbehaving "solver" for tests/unit/run_test.c.
 * usage: fake_solver MODE [ARG]   (any further words, e.g. a script path, are ignored)
 * Built without sanitizers (CMakeLists.txt) so RLIMIT_AS applies to plain malloc. */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void
nap_forever (void)
{
  for (;;)
    {
      struct timespec ts = { 3600, 0 };
      nanosleep (&ts, NULL);
    }
}

/* The byte sum of the script (the last argument, when there are more than two): the
 * deterministic modes decide by it. */
static unsigned long
script_sum (int argc, char **argv)
{
  FILE *f = argc > 2 ? fopen (argv[argc - 1], "rb") : NULL;
  unsigned long sum = 0;
  int ch;
  while (f && (ch = fgetc (f)) != EOF) sum += (unsigned char) ch;
  if (f) fclose (f);
  return sum;
}

/* The script (the last argument, when there are more than two; its first 64 KiB), or "". */
static const char *
script_text (int argc, char **argv)
{
  static char text[1 << 16];
  FILE *f = argc > 2 ? fopen (argv[argc - 1], "rb") : NULL;
  size_t n = f ? fread (text, 1, sizeof text - 1, f) : 0;
  if (f) fclose (f);
  text[n] = 0;
  return text;
}

/* core_sat: see main. core_all / core_drop: answer unsat and, when the script asks (get-unsat-core), print the
 * names of its :named assertions as the core (all of them, or all but the first). */
static int
core_mode (int argc, char **argv, int drop_first)
{
  puts ("unsat");
  const char *text = script_text (argc, argv);
  if (!strstr (text, "(get-unsat-core)")) return 0;
  fputs ("(", stdout);
  int k = 0;
  for (const char *p = strstr (text, ":named "); p; p = strstr (p + 1, ":named "))
    {
      const char *b = p + 7, *e = b;
      while (*e && *e != ')' && *e != ' ' && *e != '\n') e++;
      if (k++ == 0 && drop_first) continue;
      printf ("%s%.*s", k > 1 + drop_first ? " " : "", (int) (e - b), b);
    }
  puts (")");
  return 0;
}

/* A line-based interactive fake: answers (check-sat) with "sat", or "unsat" when the query
 * asserted false (the other way round when lie is set); echoes (echo "x") as x; (crash)
 * segfaults; (hang) sleeps; (reset) and (reset-assertions) forget. */
static int
interactive (int lie)
{
  char line[4096];
  int unsat = 0;
  setvbuf (stdout, NULL, _IOLBF, 0);
  while (fgets (line, sizeof line, stdin))
    {
      if (strstr (line, "(assert false)")) unsat = 1;
      if (strstr (line, "(check-sat)")) puts (unsat ^ lie ? "unsat" : "sat");
      if (strstr (line, "(reset)") || strstr (line, "(reset-assertions)")) unsat = 0;
      if (strstr (line, "(crash)")) raise (SIGSEGV);
      if (strstr (line, "(hang)")) nap_forever ();
      if (strstr (line, "(error-here)")) puts ("(error \"line 1 column 1: bad\")");
      if (strstr (line, "(exit)")) return 0;
      char *e = strstr (line, "(echo \"");
      if (e)
        {
          e += 7;
          char *q = strchr (e, '"');
          if (q) printf ("%.*s\n", (int) (q - e), e);
        }
    }
  return 0;
}

int
main (int argc, char **argv)
{
  const char *m = argc > 1 ? argv[1] : "sat";
  if (!strcmp (m, "sat")) { puts ("sat"); return 0; }
  if (!strcmp (m, "unsat")) { puts ("unsat"); return 0; }
  if (!strcmp (m, "core_sat"))
    {
      /* unsat, but sat once asked for a core (an answer :produce-unsat-cores changes) */
      puts (strstr (script_text (argc, argv), "(get-unsat-core)") ? "sat" : "unsat");
      return 0;
    }
  if (!strcmp (m, "core_all")) return core_mode (argc, argv, 0);
  if (!strcmp (m, "core_drop")) return core_mode (argc, argv, 1);
  if (!strcmp (m, "hang")) nap_forever ();
  if (!strcmp (m, "slow_s") && argc > 2)
    {
      /* slow_s SECONDS: answer sat after that long (the performance oracle's slow solver) */
      double s = atof (argv[2]);
      struct timespec ts = { (time_t) s, (long) ((s - (double) (time_t) s) * 1e9) };
      nanosleep (&ts, NULL);
      puts ("sat");
      return 0;
    }
  if (!strcmp (m, "hang_ignore_term"))
    {
      signal (SIGTERM, SIG_IGN);
      nap_forever ();
    }
  if (!strcmp (m, "spin"))
    {
      volatile unsigned long x = 0;
      for (;;) x++;
    }
  if (!strcmp (m, "segv")) { fflush (stdout); raise (SIGSEGV); return 1; }
  if (!strcmp (m, "abort")) { fputs ("about to abort\n", stderr); abort (); }
  if (!strcmp (m, "garbage"))
    {
      for (int i = 0; i < 200; i++) putchar ("x(#]\001\xff sat;"[i % 13]);
      puts ("\nsatisfiable\nSAT\n sat");
      return 0;
    }
  if (!strcmp (m, "flood"))
    {
      /* 1 GiB of "y\n" */
      static char buf[1 << 16];
      for (size_t i = 0; i < sizeof buf; i += 2) buf[i] = 'y', buf[i + 1] = '\n';
      for (int i = 0; i < (1 << 14); i++)
        if (fwrite (buf, 1, sizeof buf, stdout) != sizeof buf) return 3;
      return 0;
    }
  if (!strcmp (m, "eatmem_segv"))
    {
      /* Like C code that does not check malloc: dies by SIGSEGV when memory runs out. */
      for (;;)
        {
          char *p = malloc (1 << 20);
          if (!p) raise (SIGSEGV);
          memset (p, 1, 1 << 20);
        }
    }
  if (!strncmp (m, "eatmem_say_", 11))
    {
      /* A solver that checks its allocations: when memory runs out it says so in its own
       * words and exits 1, no signal (issue 54): eatmem_say_python (a Python binding's
       * MemoryError), _cxx (std::bad_alloc caught in main), _oom, _enomem, _alloc, _none (no
       * words: an abnormal exit, not a memout). */
      static const char *const say[][2] = {
        { "python", "Traceback (most recent call last):\n  File \"/x/solver.py\", line 9, in <module>\nMemoryError" },
        { "cxx", "solver: std::bad_alloc" },
        { "oom", "Fatal error: out of memory" },
        { "enomem", "GNU MP: Cannot allocate memory (size=4096)" },
        { "alloc", "error: memory allocation failed" },
        { "none", "" },
      };
      for (;;)
        {
          char *p = malloc (1 << 20);
          if (!p)
            {
              for (size_t k = 0; k < sizeof say / sizeof say[0]; k++)
                if (!strcmp (m + 11, say[k][0])) fprintf (stderr, "%s\n", say[k][1]);
              return 1;
            }
          memset (p, 1, 1 << 20);
        }
    }
  if (!strcmp (m, "eatmem"))
    {
      /* Like a C++ solver: allocation failure ends with std::bad_alloc and SIGABRT. */
      for (;;)
        {
          char *p = malloc (1 << 20);
          if (!p)
            {
              fputs ("terminate called after throwing an instance of 'std::bad_alloc'\n"
                     "  what():  std::bad_alloc\n", stderr);
              abort ();
            }
          memset (p, 1, 1 << 20);
        }
    }
  if (!strcmp (m, "noanswer")) { puts ("(model)"); return 0; }
  if (!strcmp (m, "multi")) { puts ("sat\nunsat\nunknown"); return 0; }
  if (!strcmp (m, "error_then_sat"))
    {
      puts ("(error \"line 3 column 7: unknown constant y\")\nsat");
      return 0;
    }
  if (!strcmp (m, "assert_fail"))
    {
      fputs ("ASSERTION VIOLATION\nFile: ../src/smt/theory_lra.cpp\nLine: 1234\nfalse\n"
             "(C)ontinue, (A)bort, (S)top, (T)hrow exception, Invoke (G)DB\n", stderr);
      return 1;
    }
  if (!strcmp (m, "error_assert"))
    {
      /* An assertion reported inside (error ...): still a crash. */
      puts ("(error \"Assertion failure within void cvc5::Foo::bar() at src/theory/foo.cpp:77\")");
      return 1;
    }
  if (!strcmp (m, "z3_timeout")) { puts ("timeout"); return 0; }
  if (!strcmp (m, "cvc_tlimit")) { fputs ("cvc5 interrupted by timeout.\n", stderr); abort (); }
  if (!strcmp (m, "wrapper_segv")) return 139;
  if (!strcmp (m, "exit3")) return 3;
  if (!strcmp (m, "wrong_status"))
    {
      fputs ("Fatal failure within void cvc5::internal::smt::SolverEngineState::notify"
             "CheckSatResult(const cvc5::internal::Result&) at ./src/smt/solver_engine_state"
             ".cpp:73\nExpected result unsat but got sat\n", stderr);
      abort ();
    }
  if (!strcmp (m, "cvc4_fp"))
    {
      fputs ("Fatal failure within CVC4::Node CVC4::theory::fp::FpConverter::convert(CVC4::"
             "TNode) at ./src/theory/fp/fp_converter.cpp:1700\nUnimplemented code encountered"
             "Conversion is dependent on SymFPU\n", stderr);
      abort ();
    }
  /* model_crash: sat; and a segfault when the script asks (get-model) (a crash on the model
   * run only). model_crash_once STATE: the same, but only while the file STATE does not exist
   * (it is created then): a crash on the model run that does not repeat. */
  if (!strcmp (m, "model_crash") || (!strcmp (m, "model_crash_once") && argc > 3))
    {
      bool asked = strstr (script_text (argc, argv), "(get-model)") != NULL;
      puts ("sat");
      fflush (stdout);
      if (!asked) return 0;
      if (m[11] == '_')
        {
          FILE *st = fopen (argv[2], "r");
          if (st) { fclose (st); return 0; }
          st = fopen (argv[2], "w");
          if (st) fclose (st);
        }
      raise (SIGSEGV);
      return 1;
    }
  if (!strcmp (m, "invalid_model"))
    {
      puts ("sat");
      fputs ("an invalid model was generated\n", stderr);
      return 0;
    }
  if (!strcmp (m, "asan"))
    {
      fputs ("=================================================================\n"
             "==1234==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020 at pc\n"
             "READ of size 8 at 0x6020 thread T0\n"
             "    #0 0x55d in foo::bar(int) /src/a.cpp:10:3\n"
             "    #1 0x55e in baz /src/b.cpp:20:5\n"
             "    #2 0x55f in main /src/m.cpp:3:1\n"
             "    #3 0x560 in __libc_start_main\n", stderr);
      return 1;
    }
  if (!strcmp (m, "stdin_echo"))
    {
      /* Copy stdin to stdout (for the pipe and file input modes). */
      int c;
      while ((c = getchar ()) != EOF) putchar (c);
      return 0;
    }
  if (!strcmp (m, "grandchild"))
    {
      /* Exit while a background child keeps stdout open. */
      puts ("sat");
      fflush (stdout);
      if (fork () == 0) nap_forever ();
      return 0;
    }
  if (!strcmp (m, "interactive")) return interactive (0);
  /* sat in a one-shot run, but a session (second word --session) answers the opposite. */
  if (!strcmp (m, "twofaced"))
    {
      if (argc > 2 && !strcmp (argv[2], "--session")) return interactive (1);
      puts ("sat");
      return 0;
    }
  if (!strcmp (m, "hashcrash"))
    {
      /* Deterministic crashes for campaign tests: the script (last argument) decides. A
       * quarter of the inputs fail an assertion at one of three lines; the rest are sat. */
      unsigned long sum = script_sum (argc, argv);
      if (sum % 4 == 0)
        {
          fprintf (stderr, "ASSERTION VIOLATION\nFile: ../src/fake.cpp\nLine: %lu\n", 100 + sum / 4 % 3);
          return 1;
        }
      puts ("sat");
      return 0;
    }
  if (!strcmp (m, "chaos"))
    {
      /* The soak test's solver (tests/soak/soak.sh): the script decides, one case in ten
       * each: hang, segfault, flood stdout (64 MiB), eat memory, print garbage, fail an
       * assertion, leave a child behind that holds the pipes, answer slowly, sat, unsat. */
      unsigned long sum = script_sum (argc, argv);
      switch (sum % 10)
        {
        case 0: nap_forever (); return 0;
        case 1: raise (SIGSEGV); return 139;
        case 2:
          {
            static char buf[1 << 16];
            for (size_t i = 0; i < sizeof buf; i += 2) buf[i] = 'y', buf[i + 1] = '\n';
            for (int i = 0; i < (1 << 10); i++)
              if (fwrite (buf, 1, sizeof buf, stdout) != sizeof buf) return 3;
            return 0;
          }
        case 3:
          for (;;)
            {
              char *p = malloc (1 << 20);
              if (!p) { fputs ("std::bad_alloc\n", stderr); abort (); }
              memset (p, 1, 1 << 20);
            }
        case 4:
          for (int i = 0; i < 300; i++) putchar ("x(#]\001\xff sat;"[i % 13]);
          puts ("\nunsatisfiable");
          return 0;
        case 5:
          fprintf (stderr, "ASSERTION VIOLATION\nFile: ../src/chaos.cpp\nLine: %lu\n", 200 + sum / 10 % 2);
          return 1;
        case 6:
          if (fork () == 0) { nap_forever (); return 0; }
          puts ("sat");
          return 0;
        case 7:
          {
            struct timespec ts = { 0, 300 * 1000 * 1000 };
            nanosleep (&ts, NULL);
            puts ("sat");
            return 0;
          }
        case 8: puts ("sat"); return 0;
        default: puts ("unsat"); return 0;
        }
    }
  if (!strcmp (m, "hashhang"))
    {
      /* Deterministic timeouts for the lane tests: the script (last argument) decides. A
       * third of the inputs hang until the watchdog; the rest are sat. */
      if (script_sum (argc, argv) % 3 == 0) nap_forever ();
      puts ("sat");
      return 0;
    }
  if (!strcmp (m, "slow") && argc > 3)
    {
      /* slow MS ANSWER: ANSWER after MS milliseconds (the adaptive timeout's tests: a run cut
       * at a bound below MS, decided with the full timeout). */
      long ms = atol (argv[2]);
      struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
      nanosleep (&ts, NULL);
      puts (argv[3]);
      return 0;
    }
  if (!strcmp (m, "unknown_longer") && argc > 3)
    {
      /* unknown when the script (the last argument, a file) is longer than ARG bytes, else sat
       * (the Janus implication oracle: decided step k-1, unknown step k). */
      FILE *f = fopen (argv[argc - 1], "rb");
      long n = 0;
      if (f) { fseek (f, 0, SEEK_END); n = ftell (f); fclose (f); }
      puts (n > atol (argv[2]) ? "unknown" : "sat");
      return 0;
    }
  fprintf (stderr, "fake_solver: unknown mode '%s'\n", m);
  return 2;
}
