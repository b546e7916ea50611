#!/usr/bin/env bash
# Commit messages (issue 14): a subject of at most 72 characters, then a blank line before any body.
# Checks every commit since the rule began (FIRST, the first commit made under it); on a clone
# without that commit (shallow), only HEAD.
set -euo pipefail
cd "$(dirname "$0")/.."

FIRST=2e0c6e9
if git cat-file -e "${FIRST}^{commit}" 2>/dev/null; then
  range="${FIRST}^..HEAD"
else
  range="-1 HEAD"
fi

bad=0
# shellcheck disable=SC2086
for commit in $(git rev-list $range); do
  subject="$(git log -1 --format=%s "$commit")"
  second="$(git log -1 --format=%B "$commit" | sed -n 2p)"
  if [ "${#subject}" -gt 72 ]; then
    echo "✗ ${commit:0:7}: subject of ${#subject} characters (at most 72): $subject"
    bad=1
  fi
  if [ -n "$second" ]; then
    echo "✗ ${commit:0:7}: the subject must be followed by a blank line: $subject"
    bad=1
  fi
done
[ "$bad" -eq 0 ] && echo "✓ commit messages: subjects of at most 72 characters"
exit "$bad"
