#!/bin/sh
# fail_reduce.sh: a stand-in for `smtgrind reduce` that fails as a golden run that does not
# reproduce does (exit 2, the reason on stderr): the campaign marks the bucket failed with
# that reason, and `campaign --resume` tries it again.
echo "smtgrind reduce: error: the finding (stand-in) does not reproduce on $3" >&2
exit 2
