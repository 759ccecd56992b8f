#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with the project's own records as seeds
# (tests/data and records/); the corpora grow as the fuzzers run and are not
# committed.
set -euo pipefail
cd "$(dirname "$0")"
for target in read_pgn read_table read_json read_jsonl read_positions roundtrip; do
    mkdir -p "corpus/$target"
done
find ../records ../tests/data -type f \( -name '*.pgn' -o -name '*.pgn4' -o -name '*.txt' \) \
    -size -200k -exec cp -t corpus/read_pgn {} +
cp ../records/*.txt corpus/read_table/
find ../records ../tests/data -type f -name '*.json' -size -200k -exec cp -t corpus/read_json {} +
find ../records ../tests/data -type f \( -name '*.json' -o -name '*.jsonl' \) -size -200k \
    -exec cp -t corpus/read_jsonl {} +
grep -h -o '^[^#;]*' ../tests/data/perft-chess.txt | head -20 | split -l 1 - corpus/read_positions/fen-
cp corpus/read_pgn/* corpus/roundtrip/
