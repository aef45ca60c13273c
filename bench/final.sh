#!/bin/sh
# The figures docs/PERFORMANCE.md leaves to a quiet machine ("Read paths", "One store's
# sales per second", the warm 1M-order tables), in one run. Run from the repository's
# root with nothing else on the machine; each step prints `uptime` first, so every figure
# is read beside the load it was taken at. Output: bench/results/final-<time>.log.
#
#   sh bench/final.sh            # everything (the 1M-order data is made once, if missing)
#   STEPS="reads contention" sh bench/final.sh
#
# Databases (each its own): pos_bench (1M orders, the load test and the reports),
# pos_bench_reads (200k orders, 20k vendors, 60k codes: the data the issue measured the
# read paths on), pos_bench_contention (20k orders: one store's concurrent sales).
set -eu
cd "$(dirname "$0")/.."
PG=${PG:-postgres://root@127.0.0.1:5432}
STEPS=${STEPS:-"data reads load contention tables"}
mkdir -p bench/results
LOG=bench/results/final-$(date -u +%Y%m%dT%H%M).log
READS=lookup-keyword,lookup-keyword-common,lookup-number,lookup-date-range,lookup-amount-range,vendor-list-first,vendor-list-last

step() { printf "\n### %s (%s UTC; %s)\n" "$1" "$(date -u +%H:%M:%S)" "$(uptime | sed 's/.*load/load/')" | tee -a "$LOG"; }

for s in $STEPS; do
  case $s in
  data)
    # Idempotent: a second run adds only what is missing (the 1M orders take the longest, about 30 min).
    step "data"
    DATABASE_URL=$PG/pos_bench npx tsx bench/generate.ts 2>&1 | tail -n 3 | tee -a "$LOG"
    DATABASE_URL=$PG/pos_bench_reads npx tsx bench/generate.ts --orders 200000 --vendors 20000 --item-codes 60000 2>&1 | tail -n 3 | tee -a "$LOG"
    DATABASE_URL=$PG/pos_bench_contention npx tsx bench/generate.ts --orders 20000 --vendors 2000 --item-codes 6000 2>&1 | tail -n 3 | tee -a "$LOG"
    ;;
  reads)
    # Server CPU per read call by way (baseline, REST, tRPC, API, bare pg), then a profile of each.
    step "reads: CPU per call (ms), 200k orders"
    DATABASE_URL=$PG/pos_bench_reads npx tsx bench/reads.ts --calls 900 2>&1 | tee -a "$LOG"
    step "reads: CPU per call (ms), 1M orders"
    DATABASE_URL=$PG/pos_bench npx tsx bench/reads.ts --calls 900 2>&1 | tee -a "$LOG"
    step "reads: profiles by layer (bench/results/profiles)"
    DATABASE_URL=$PG/pos_bench_reads npx tsx bench/reads.ts --calls 450 --ways baseline,rest,trpc --profile bench/results/profiles 2>&1 | tee -a "$LOG"
    ;;
  load)
    # The targets: each read scenario >= 80 % of the baseline through REST, >= 60 % through tRPC, p99 <= 1.5 x the baseline's.
    step "load: read scenarios at 1 and 16 connections, 1M orders"
    DATABASE_URL=$PG/pos_bench npx tsx bench/run.ts --skip-generate --skip-web --only $READS --connections 1,16 --duration 15 2>&1 | tee -a "$LOG"
    ;;
  contention)
    # One store's sales a second with 16 tills, and what they wait on (an answer may take
    # 30 s: under any load the queued sales' warm-up passes autocannon's default 10 s).
    step "contention: checkout at 1 and 16 connections, 20k orders"
    BENCH_TIMEOUT_S=${BENCH_TIMEOUT_S:-30} BENCH_SUBMIT_POOL=${BENCH_SUBMIT_POOL:-40000} DATABASE_URL=$PG/pos_bench_contention npx tsx bench/run.ts --skip-generate --skip-web --only submit-payments --connections 1,16 --duration 15 2>&1 | grep -E 'submit-payments|ratio' | tee -a "$LOG"
    step "contention: waits during 16 connections"
    BENCH_TIMEOUT_S=${BENCH_TIMEOUT_S:-30} BENCH_SUBMIT_POOL=${BENCH_SUBMIT_POOL:-40000} DATABASE_URL=$PG/pos_bench_contention npx tsx bench/contention.ts --duration 15 2>&1 | tee -a "$LOG"
    ;;
  tables)
    # The warm 1M-order tables: every scenario at 1, 16 and 64 connections, the web build, reports, settlement.
    step "tables: the full load test, 1M orders"
    npm run build -w @pos/web >/dev/null
    DATABASE_URL=$PG/pos_bench npx tsx bench/run.ts --skip-generate 2>&1 | tee -a "$LOG"
    step "tables: reports, 1M orders"
    DATABASE_URL=$PG/pos_bench npx tsx bench/reports.ts --runs 20 2>&1 | tee -a "$LOG"
    ;;
  *) echo "unknown step $s" >&2; exit 2 ;;
  esac
done
printf "\nfigures in %s\n" "$LOG"
