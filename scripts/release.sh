#!/usr/bin/env bash
# Release vX.Y.Z of the action from the current commit and move the major tag vX to it.
#
#   scripts/release.sh 1.4.0          prints what it would do; changes nothing
#   scripts/release.sh 1.4.0 --push   tags, pushes, creates the GitHub release (gh), moves vX
#
# The Release workflow (.github/workflows/release.yml) runs it with --push. vX.Y.Z gets the
# GitHub release; with immutable releases enabled its tag can then never move. vX is a plain
# tag with no release, so it can move to each new vX.Y.Z: users who want an unchanging
# reference pin vX.Y.Z or the full commit SHA.
set -euo pipefail
cd "$(dirname "$0")/.."

version="${1:-}"
push="${2:-}"
if [[ ! "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]]; then
  echo "usage: scripts/release.sh X.Y.Z [--push]   (got '${version}')" >&2
  exit 2
fi
tag="v$version"
major="v${BASH_REMATCH[1]}"

git fetch --quiet --tags --force origin 2>/dev/null || true
if git rev-parse -q --verify "refs/tags/$tag" > /dev/null; then
  echo "$tag already exists: a published version never changes; pick the next one." >&2
  exit 1
fi
latest="$(git tag --list 'v*.*.*' --sort=-v:refname | head -n 1)"
if [ -n "$latest" ] && [ "$(printf '%s\n%s\n' "${latest#v}" "$version" | sort -V | tail -n 1)" != "$version" ]; then
  echo "$tag is not newer than the latest release $latest." >&2
  exit 1
fi
if [ -n "$(git status --porcelain)" ]; then
  echo "The working tree has changes: release a committed state." >&2
  exit 1
fi
if [ -n "$(git status --porcelain dist)" ] || ! git diff --quiet HEAD -- dist; then
  echo "dist/ differs from the commit: run 'npm run build' and commit dist/." >&2
  exit 1
fi

commit="$(git rev-parse HEAD)"
echo "Release $tag at $commit; move $major from $(git rev-parse -q --verify "refs/tags/$major^{commit}" || echo '(none)') to it."
if [ "$push" != "--push" ]; then
  echo "Dry run: nothing tagged or pushed. Add --push to publish."
  exit 0
fi

git tag -a "$tag" -m "$tag" "$commit"
git push origin "refs/tags/$tag"
gh release create "$tag" --verify-tag --title "$tag" --generate-notes
git tag -f -a "$major" -m "$major: $tag" "$commit"
git push --force origin "refs/tags/$major"
echo "Published $tag; $major now points at it."
