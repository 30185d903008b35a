#!/usr/bin/env bash
# Installs what the integration tests need from Debian's packages: headless Chromium and its
# WebDriver for the browser tests, fish for the client's fish completion. Does nothing when all
# are present already.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && command -v fish >/dev/null 2>&1; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fish >/dev/null
chromium --version
chromedriver --version
