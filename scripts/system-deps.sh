#!/usr/bin/env bash
# Debian packages the test suite needs: Chromium for the browser tests, PostgreSQL for the
# PostgreSQL storage test, Node.js for the pages' state tests (tests/js). Installs only what is
# missing; needs root (or sudo) when something is.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium fonts-dejavu-core)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
command -v node >/dev/null || need+=(nodejs)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "installing Debian packages: ${need[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${need[@]}"
