/**
 * The GPU sampler on the sandbox: `nvidia-smi` in
 * its own loop (`-l 1`, one line a GPU a second; restarted every CHUNK_SECONDS),
 * started detached so that it outlives any SSH session, writing through one
 * awk process (no fork a line):
 * - `fine.csv`: every line as nvidia-smi printed it, rotated to `fine.csv.1`
 *   past FINE_LINES, so the last 1 to 2 x FINE_LINES lines are on the sandbox;
 * - `coarse.csv`: per GPU and minute the highest memory, utilization and power
 *   seen (`<YYYY/MM/DD HH:MM>, <index>, <used>, <total>, <util>, <power>`), so a
 *   peak survives however long the job: 8 GPUs for 48 hours are 23,040 lines.
 * Both are bounded whatever the job prints: awk keeps nothing but the current
 * minute's maxima, and a fetch reads at most FETCH_BYTES of each (samples.ts
 * parses what comes back as hostile input).
 */
import { runScript, SSH_CONNECTION_FAILED, type SshTarget } from '../remote/ssh-command.ts'
import { withTimeout } from '../runtime/abort.ts'
import { gpusNowScript, HEALTH_FIELDS, kernelLogScript, XID_LINE, XID_LINES } from '../gpu-fault/scripts.ts'

export const SAMPLER_DIR = '.gpu-sandbox-samples'
export const SAMPLE_FIELDS = 'timestamp,index,memory.used,memory.total,utilization.gpu,power.draw'
export const FINE_LINES = 20_000
export const COARSE_LINES = 30_000
export const FETCH_BYTES = 2 * 2 ** 20
/** How long one nvidia-smi runs before it is ended (and so writes what it sampled). */
export const CHUNK_SECONDS = 15
/** The running nvidia-smi's command line starts so (its fields go on with the health fields, where it knows them). */
const SAMPLE_COMMAND = `timeout -s TERM ${CHUNK_SECONDS} nvidia-smi --query-gpu=${SAMPLE_FIELDS}`

/**
 * awk (POSIX; mawk and gawk alike): the sample's first fields as printed, each minute's maxima per GPU, and, where the
 * health fields came too, each minute's health per GPU (`health.csv`: bus id, samples, the samples each throttle
 * reason was active in, the lowest and highest uncorrectable ECC count, and whether a row remap or a page retirement
 * was pending) and each GPU's bus id once (`buses`).
 */
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
  for (k in hn) {
    if (healthLines < ${COARSE_LINES})
      print minute ", " k ", " hb[k] ", " hn[k] ", " h1[k] ", " h2[k] ", " h3[k] ", " h4[k] ", " \\
        emin[k] ", " emax[k] ", " hr[k] ", " hp[k] > health
    healthLines++
  }
  for (k in hn) { delete hn[k]; delete hb[k]; delete h1[k]; delete h2[k]; delete h3[k]; delete h4[k]
    delete emin[k]; delete emax[k]; delete hr[k]; delete hp[k] }
  fflush(health)
}
{
  n = split($0, f, /, */)
  if (n > 6) print f[1] ", " f[2] ", " f[3] ", " f[4] ", " f[5] ", " f[6] > fine
  else print > fine
  fflush(fine)
  if (++fineLines >= ${FINE_LINES}) { close(fine); system("mv -f " fine " " fine ".1"); fineLines = 0 }
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
  if (n < 14) next
  if (!(g in hn)) { hn[g] = 0; h1[g] = 0; h2[g] = 0; h3[g] = 0; h4[g] = 0; emin[g] = "[N/A]"; emax[g] = "[N/A]"
    hr[g] = 0; hp[g] = 0 }
  hn[g]++; hb[g] = f[7]
  if (!(g in known)) { known[g] = 1; print g ", " f[7] > buses; fflush(buses) }
  if (f[8] == "Active") h1[g]++
  if (f[9] == "Active") h2[g]++
  if (f[10] == "Active") h3[g]++
  if (f[11] == "Active") h4[g]++
  if (num(f[12]) && (emin[g] == "[N/A]" || f[12] + 0 < emin[g] + 0)) emin[g] = f[12]
  if (num(f[12]) && (emax[g] == "[N/A]" || f[12] + 0 > emax[g] + 0)) emax[g] = f[12]
  if (f[13] == "Yes") hr[g] = 1
  if (f[14] == "Yes") hp[g] = 1
}
END { if (minute != "") flush() }
`

/**
 * The sampler's process: its pid (its session's) in `pid`; each nvidia-smi runs CHUNK_SECONDS under timeout, in a
 * loop (5 s apart after a failure), so one that hangs is replaced and the fetch can end it early: written to a file
 * of its own (`-f`) it held its lines back until it ended.
 */
const LOOP =
  'echo $$ > "$1/pid"; f="$3,$4"; ' +
  `while :; do timeout -s TERM ${CHUNK_SECONDS} nvidia-smi --query-gpu="$f" --format=csv,noheader,nounits -l 1 ` +
  // A driver that does not know a health field refuses the whole query (exit 2): sampled without them from then on.
  '2> /dev/null; s=$?; if [ $s -eq 2 ] && [ "$f" != "$3" ]; then f="$3"; continue; fi; [ $s -eq 124 ] || sleep 5; ' +
  'done | awk $2 -v fine="$1/fine.csv" -v coarse="$1/coarse.csv" -v health="$1/health.csv" -v buses="$1/buses" ' +
  '-f "$1/sample.awk"'

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
    // The health fields where this driver knows them (one it does not know fails the whole query).
    'rm -f "$d/pid"',
    `setsid sh -c '${LOOP}' sh "$d" "$lines" "${SAMPLE_FIELDS}" "${HEALTH_FIELDS}" < /dev/null > /dev/null 2>&1 &`,
    // Its pid file first (at most 2 s): a second start right after this one finds it running, and a fetch can end it.
    'i=0; while [ ! -s "$d/pid" ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done',
    'echo started',
  ].join('\n')
}

/**
 * Ends the running nvidia-smi early (so it writes what it sampled; the loop starts another), waits a moment, then
 * prints what the sampler wrote, each part at most FETCH_BYTES: the coarse file, then the fine ones, oldest first.
 * With `end` as its argument the loop is ended first (no next nvidia-smi; awk writes its last minute at the end of its
 * input), and whatever is left of the sampler's session after the read.
 */
export function samplerFetchScript(): string {
  return [
    'set -u',
    `d="$HOME/${SAMPLER_DIR}"`,
    // The pid file is the job's to write too: only a number above 1 is a session to end (0 would be pkill's own).
    'p=; [ "${1:-}" = end ] && p=$(head -c 12 "$d/pid" 2> /dev/null)',
    'case "$p" in "" | 0 | 1 | *[!0-9]*) p= ;; esac',
    // Ended: every writer of awk's input (the loop is a subshell of its own, and a sleep after a failed nvidia-smi
    // holds the pipe open too), so awk reads the end of its input and writes its last minute; waited for, at most 3 s.
    '[ -n "$p" ] && for name in sh sleep timeout; do pkill -TERM -s "$p" -x "$name" 2> /dev/null; done',
    `pkill -TERM -f '^${SAMPLE_COMMAND}' 2> /dev/null && sleep 1`,
    'i=0; while [ -n "$p" ] && pgrep -s "$p" > /dev/null 2>&1 && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done',
    'for part in coarse.csv fine.csv.1 fine.csv health.csv buses; do',
    '  echo "== $part"',
    `  [ -f "$d/$part" ] && [ ! -L "$d/$part" ] && tail -c ${FETCH_BYTES} "$d/$part"`,
    'done',
    '[ -n "$p" ] && { pkill -KILL -s "$p" 2> /dev/null; rm -f "$d/pid"; }',
    kernelLogScript(),
    gpusNowScript(),
    'exit 0',
  ].join('\n')
}

/** How long the sampler's start or fetch may take: a sandbox that does not answer costs the report, never the stop. */
export const SAMPLER_TIMEOUT_MS = 30_000
/** What a fetch may bring back: four parts of FETCH_BYTES, the Xid lines, the GPUs now, and their headings. */
export const FETCH_LIMIT = 4 * FETCH_BYTES + XID_LINES * (XID_LINE + 1) + 64 * 201 + 1_024

export type SamplerStart = 'started' | 'running' | 'no nvidia-smi'

/** Starts the sampler (once; a second start finds it running); throws when the sandbox cannot be reached. */
export async function startSampler(
  target: SshTarget,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<SamplerStart> {
  const bounded = withTimeout(SAMPLER_TIMEOUT_MS, signal)
  const { code, stdout } = await runScript(target, samplerStartScript(), [], '', env, bounded)
  const said = stdout.trim().split('\n')[0]
  if (code === 0 && (said === 'started' || said === 'running' || said === 'no nvidia-smi')) return said
  throw SamplerUnreachableError.of(code)
}

/** What the sampler wrote (its raw text, hostile: parse it with samples.ts), within SAMPLER_TIMEOUT_MS. */
export async function fetchSamples(
  target: SshTarget,
  env: NodeJS.ProcessEnv,
  options: { end: boolean; signal?: AbortSignal },
): Promise<string> {
  const bounded = withTimeout(SAMPLER_TIMEOUT_MS, options.signal)
  const args = options.end ? ['end'] : []
  const { code, stdout } = await runScript(target, samplerFetchScript(), args, '', env, bounded, FETCH_LIMIT)
  if (code !== 0 || !stdout.includes('== coarse.csv'))
    throw bounded.aborted && !options.signal?.aborted
      ? new SamplerUnreachableError(`no answer within ${SAMPLER_TIMEOUT_MS / 1000} s`, false)
      : SamplerUnreachableError.of(code)
  return stdout
}

/** The sampler's script did not answer; `connection`: ssh itself failed (worth trying again while sshd comes up). */
export class SamplerUnreachableError extends Error {
  readonly connection: boolean
  constructor(message: string, connection: boolean) {
    super(message)
    this.connection = connection
  }

  static of(code: number): SamplerUnreachableError {
    const connection = code === SSH_CONNECTION_FAILED
    return new SamplerUnreachableError(connection ? 'the SSH connection failed' : `exit ${code}`, connection)
  }
}
