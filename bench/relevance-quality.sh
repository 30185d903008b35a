#!/usr/bin/env bash
# How well search finds what a person looks for (issue 61): a fresh Payara Micro, the corpus of
# bench/relevance/corpus.tsv (50 operations snippets) and the queries of bench/relevance/queries.tsv
# (8 of each kind: exact, partial, code, typo, natural language, synonym), each asked as
# match=words, meaning and hybrid; MRR@10 and recall@10 per kind and match (bench/RelevanceQuality.java).
# Prints Markdown for docs/BENCHMARKS.md. Usage: bench/relevance-quality.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

port=18193
base="http://127.0.0.1:$port"
data="$(mktemp -d)"

prepare
start_service "$port" "$data"
token=$(admin_token "$base" bench-admin-password "$data/cookies")
java bench/RelevanceQuality.java "$base" "$token" bench/relevance/corpus.tsv bench/relevance/queries.tsv
