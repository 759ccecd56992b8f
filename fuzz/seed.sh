#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with the project's own records as seeds
# (tests/data and records/); the corpora grow as the fuzzers run and are not
# committed.
set -euo pipefail
cd "$(dirname "$0")"
for target in read_pgn read_table read_printed read_dice read_json read_jsonl read_positions roundtrip; do
    mkdir -p "corpus/$target"
done
# Seeds are named by their path: two files of the same name in different
# folders are two seeds.
seed() { # seed <target> <file>...
    local target=$1
    shift
    for f in "$@"; do
        cp "$f" "corpus/$target/$(printf '%s' "${f#../}" | tr '/' '_')"
    done
}
export -f seed
find ../records ../tests/data -type f \( -name '*.pgn' -o -name '*.pgn4' -o -name '*.txt' \) \
    -size -200k -exec bash -c 'seed read_pgn "$@"' _ {} +
cp ../records/*.txt corpus/read_table/
find ../tests/data/descriptive ../tests/data/historical -type f -size -200k \
    -exec bash -c 'seed read_printed "$@"' _ {} +
find ../records ../tests/data -type f -name '*.json' -size -200k \
    -exec bash -c 'seed read_json "$@"' _ {} +
find ../records ../tests/data -type f \( -name '*.json' -o -name '*.jsonl' \) -size -200k \
    -exec bash -c 'seed read_jsonl "$@"' _ {} +
grep -h -o '^[^#;]*' ../tests/data/perft-chess.txt | head -20 | split -l 1 - corpus/read_positions/fen-
cp corpus/read_pgn/* corpus/roundtrip/
# Skock: the record's movetext and the turns of the rules tests.
find ../records -name 'skock*' -exec bash -c 'seed read_dice "$@"' _ {} +
grep -h -o '"\[[1-6] [1-6]\][^"]*"' ../tests/skock_rules.rs ../tests/skock_records.rs | tr -d '"' \
    | split -l 1 - corpus/read_dice/turn-
