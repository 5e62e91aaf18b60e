#!/usr/bin/env sh
# CI step: fail the job when statewise's hook setup or store in this repository is unhealthy.
# Usage (after installing statewise): sh hooks/ci-doctor.sh
set -eu
statewise doctor --json > statewise-doctor.json || { cat statewise-doctor.json; exit 1; }
echo "statewise doctor: healthy"
