#!/usr/bin/env bash
# Checks the desktop metadata in packaging/: the desktop entry with
# desktop-file-validate (Debian: desktop-file-utils) and the AppStream
# metainfo with appstreamcli (Debian: appstream), offline. Any error or
# warning fails the check, and so does a hint about the desktop entry (such
# as a missing main category); AppStream's infos are shown and pass.
set -uo pipefail
cd "$(dirname "$0")/.."
desktop=packaging/starhop.desktop
metainfo=packaging/starhop.metainfo.xml
failed=0

for tool in desktop-file-validate appstreamcli; do
  if ! command -v "$tool" >/dev/null; then
    echo "check_packaging: $tool is missing (apt-get install desktop-file-utils appstream)" >&2
    exit 1
  fi
done

# desktop-file-validate prints one line per problem ("error:", "warning:",
# "hint:") and exits non-zero only on errors; any line fails here.
out=$(desktop-file-validate "$desktop" 2>&1); rc=$?
[ -n "$out" ] && echo "$out"
if [ $rc -ne 0 ] || [ -n "$out" ]; then
  echo "check_packaging: $desktop has errors, warnings or hints" >&2
  failed=1
fi

# appstreamcli marks each issue E: (error), W: (warning), I: (info) or P:
# (pedantic, shown only with --pedantic) and fails on errors and warnings.
out=$(appstreamcli validate --no-net --no-color "$metainfo" 2>&1); rc=$?
if [ $rc -ne 0 ] || grep -qE '^[EW]:' <<< "$out"; then
  echo "$out"
  echo "check_packaging: $metainfo has errors or warnings" >&2
  failed=1
elif grep -qE '^I:' <<< "$out"; then
  echo "$out"
fi

[ $failed -eq 0 ] || exit 1
echo "check_packaging: $desktop (desktop-file-validate) and $metainfo (appstreamcli validate --no-net) passed with no errors or warnings"
