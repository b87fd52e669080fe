#!/usr/bin/env bash
# Checks that every relative link in README.md and docs/*.md points at a file that exists and,
# for a link into a Markdown file with #anchor, at one of its headings (GitHub's anchors:
# lower case, punctuation dropped, spaces as hyphens). Web links are not followed.
set -euo pipefail
cd "$(dirname "$0")/.."

anchors() { # the anchors of a Markdown file's headings, one a line
  grep -E '^#{1,6} ' "$1" | sed -E 's/^#+ //' | tr '[:upper:]' '[:lower:]' |
    sed -E 's/[^a-z0-9 _-]//g; s/ /-/g'
}

broken=0
for doc in README.md docs/*.md; do
  dir=$(dirname "$doc")
  # Targets of [text](target) and src="target", without a title.
  for link in $(grep -oE '\]\([^) ]+|src="[^"]+' "$doc" | sed -E 's/^\]\(//; s/^src="//'); do
    case "$link" in http://* | https://* | mailto:*) continue ;; esac
    path=${link%%#*}
    anchor=${link#"$path"}
    anchor=${anchor#\#}
    target=$dir/${path:-$(basename "$doc")}
    if [[ ! -e $target ]]; then
      echo "$doc: $link: no file $target"
      broken=1
    elif [[ -n $anchor && $target == *.md ]] && ! anchors "$target" | grep -qxF "$anchor"; then
      echo "$doc: $link: no heading for #$anchor in $target"
      broken=1
    fi
  done
done
exit "$broken"
