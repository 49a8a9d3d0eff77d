#!/usr/bin/env bash
# Vendor @fluent/bundle (Mozilla's Fluent runtime for browsers) as plain ES modules, so the pages
# need no build step. Run again to move to another version; the files land in static/vendor/.
set -euo pipefail
version="${1:-0.19.1}"
dest="$(dirname "$0")/../src/monolith/server/static/vendor/fluent-bundle"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@fluent/bundle@$version" >/dev/null && tar xzf ./*.tgz)
rm -rf "$dest" && mkdir -p "$dest"
cp "$work"/package/esm/*.js "$dest"/
cat > "$dest/README.md" <<NOTE
@fluent/bundle $version (https://github.com/projectfluent/fluent.js), the ES modules of its npm
package, unchanged. Copyright Mozilla; licensed under the Apache License 2.0
(https://www.apache.org/licenses/LICENSE-2.0). Refresh with scripts/vendor-fluent.sh.
NOTE
