/**
 * The GPU sampler on the sandbox (issue 47, its first part): `nvidia-smi` in
 * its own loop (`-l 1`, one line a GPU a second; restarted every CHUNK_SECONDS),
 * started detached so that it outlives any SSH session, writing through one
 * awk process (no fork a line):
 * - `fine.csv`: every line as nvidia-smi printed it, rotated to `fine.csv.1`
 *   past FINE_LINES, so the last 1 to 2 x FINE_LINES lines are on the sandbox;
 * - `coarse.csv`: per GPU and minute the highest memory, utilization and power
 *   seen (`<YYYY/MM/DD HH:MM>, <index>, <used>, <total>, <util>, <power>`), so a
 *   peak survives however long the job: 8 GPUs for 48 hours are 23,040 lines.
 * Both are bounded whatever the job prints: awk keeps nothing but the current
 * minute's maxima, and a fetch reads at most FETCH_BYTES of each (gpu-samples.ts
 * parses what comes back as hostile input).
 */
export const SAMPLER_DIR = '.gpu-sandbox-samples'
export const SAMPLE_FIELDS = 'timestamp,index,memory.used,memory.total,utilization.gpu,power.draw'
export const FINE_LINES = 20_000
export const COARSE_LINES = 30_000
export const FETCH_BYTES = 2 * 2 ** 20
/** How long one nvidia-smi runs before it is ended (and so writes what it sampled). */
export const CHUNK_SECONDS = 15
const SAMPLE_COMMAND = [
  `timeout -s TERM ${CHUNK_SECONDS}`,
  `nvidia-smi --query-gpu=${SAMPLE_FIELDS} --format=csv,noheader,nounits -l 1`,
].join(' ')

/** awk (POSIX; mawk and gawk alike): the line as printed, and each minute's maxima per GPU. */
const AWK = `
function num(v) { return v ~ /^[0-9]+(\\.[0-9]+)?$/ }
function flush(  k) {
  for (k in used) {
    if (coarseLines < ${COARSE_LINES})
      print minute ", " k ", " used[k] ", " total[k] ", " util[k] ", " power[k] > coarse
    coarseLines++
  }
  for (k in used) { delete used[k]; delete total[k]; delete util[k]; delete power[k] }
  fflush(coarse)
}
{
  print > fine; fflush(fine)
  if (++fineLines >= ${FINE_LINES}) { close(fine); system("mv -f " fine " " fine ".1"); fineLines = 0 }
  split($0, f, /, */)
  if (f[1] !~ /^[0-9][0-9][0-9][0-9]\\/[0-9][0-9]\\/[0-9][0-9] [0-9][0-9]:[0-9][0-9]/) next
  if (f[2] !~ /^[0-9]+$/ || f[2] > 63) next
  m = substr(f[1], 1, 16)
  if (m != minute) { if (minute != "") flush(); minute = m }
  g = f[2]
  if (!(g in used)) { used[g] = "[N/A]"; total[g] = "[N/A]"; util[g] = "[N/A]"; power[g] = "[N/A]" }
  if (num(f[3]) && (used[g] == "[N/A]" || f[3] + 0 > used[g] + 0)) used[g] = f[3]
  if (num(f[4])) total[g] = f[4]
  if (num(f[5]) && (util[g] == "[N/A]" || f[5] + 0 > util[g] + 0)) util[g] = f[5]
  if (num(f[6]) && (power[g] == "[N/A]" || f[6] + 0 > power[g] + 0)) power[g] = f[6]
}
END { if (minute != "") flush() }
`

/**
 * The sampler's process: its pid (its session's) in `pid`; each nvidia-smi runs CHUNK_SECONDS under timeout, in a
 * loop (5 s apart after a failure), so one that hangs is replaced and the fetch can end it early: written to a file
 * of its own (`-f`) it held its lines back until it ended.
 */
const LOOP =
  'echo $$ > "$1/pid"; ' +
  `while :; do ${SAMPLE_COMMAND} 2> /dev/null || [ $? -eq 124 ] || sleep 5; done | ` +
  'awk $2 -v fine="$1/fine.csv" -v coarse="$1/coarse.csv" -f "$1/sample.awk"'

/**
 * Starts the sampler in the login user's home, detached (setsid, its own session: an SSH session's end does not end
 * it); a second start while one runs does nothing. Prints 'started' or 'running', or 'no nvidia-smi'.
 */
export function samplerStartScript(): string {
  return [
    'set -u',
    'command -v nvidia-smi > /dev/null 2>&1 || { echo "no nvidia-smi"; exit 0; }',
    `d="$HOME/${SAMPLER_DIR}"`,
    'mkdir -p "$d" && chmod 700 "$d"',
    'if [ -s "$d/pid" ] && kill -0 "$(cat "$d/pid")" 2> /dev/null; then echo running; exit 0; fi',
    `cat > "$d/sample.awk" <<'AWK'${AWK}AWK`,
    // mawk (Debian's and Ubuntu's awk) reads a pipe a block at a time unless told to read it a line at a time: on an
    // H200 (driver 580) nothing reached the files in 65 s without it, a line a second with it.
    'lines=; awk -W version 2>&1 | head -n 1 | grep -q mawk && lines="-W interactive"',
    `setsid sh -c '${LOOP}' sh "$d" "$lines" < /dev/null > /dev/null 2>&1 &`,
    'echo started',
  ].join('\n')
}

/**
 * Ends the running nvidia-smi early (so it writes what it sampled; the loop starts another), waits a moment, then
 * prints what the sampler wrote, each part at most FETCH_BYTES: the coarse file, then the fine ones, oldest first.
 */
export function samplerFetchScript(): string {
  return [
    'set -u',
    `d="$HOME/${SAMPLER_DIR}"`,
    `pkill -TERM -f '^${SAMPLE_COMMAND}' 2> /dev/null && sleep 1`,
    'for part in coarse.csv fine.csv.1 fine.csv; do',
    '  echo "== $part"',
    `  [ -f "$d/$part" ] && [ ! -L "$d/$part" ] && tail -c ${FETCH_BYTES} "$d/$part"`,
    'done',
    'exit 0',
  ].join('\n')
}
