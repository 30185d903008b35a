#!/usr/bin/env bash
# EXPLAIN QUERY PLAN of the snippet queries against a database file (e.g. one bench/snippets.sh filled).
# Usage: bench/explain.sh path/to/snippets.db
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's:.*<sqlite-jdbc.version>\(.*\)</sqlite-jdbc.version>.*:\1:p' pom.xml)
jar="$HOME/.m2/repository/org/xerial/sqlite-jdbc/$version/sqlite-jdbc-$version.jar"
java -cp "$jar" bench/ExplainPlans.java "$1"
