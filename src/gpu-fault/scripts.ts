/**
 * What the sandbox is asked for a GPU's faults, in its own sections of the sampler's fetch (and of the GPU check):
 * the fields the sampler adds to each sample where nvidia-smi knows them, the kernel log's Xid lines, and the GPUs
 * nvidia-smi shows now. Every part is bounded; what comes back is the job's to forge and is parsed as hostile text.
 */

/**
 * Per GPU and sample: its PCI bus id (to place an Xid), the clock event reasons that slow a run (the old
 * `clocks_throttle_reasons` names, which old and new drivers both know), uncorrectable ECC errors since the driver
 * loaded, and memory repairs waiting for a reset or a reboot.
 */
export const HEALTH_FIELDS = [
  'pci.bus_id',
  'clocks_throttle_reasons.hw_slowdown',
  'clocks_throttle_reasons.hw_thermal_slowdown',
  'clocks_throttle_reasons.hw_power_brake_slowdown',
  'clocks_throttle_reasons.sw_thermal_slowdown',
  'ecc.errors.uncorrected.volatile.total',
  'remapped_rows.pending',
  'retired_pages.pending',
].join(',')

/** The throttle reasons, in HEALTH_FIELDS' order, by the names docs/gpu.md uses. */
export const THROTTLE_REASONS = ['hw_slowdown', 'hw_thermal_slowdown', 'hw_power_brake_slowdown', 'sw_thermal_slowdown']

/** At most this many Xid lines come back (the newest), each cut to XID_LINE characters. */
export const XID_LINES = 200
export const XID_LINE = 400

/**
 * The kernel log's Xid lines, read as the login user can: `dmesg`, else `sudo -n dmesg` (where dmesg_restrict keeps
 * the log from users), else the journal's kernel messages, likewise. An empty answer counts as unreadable (a journal
 * the user may not read answers nothing). Prints `== xid <how it was read>` and the lines, or `== xid unreadable`.
 */
export function kernelLogScript(): string {
  return [
    // A subshell: the script it joins keeps its own variables (its status, say) whatever these parts set.
    '(',
    't=$(mktemp 2> /dev/null || echo "/tmp/.gpu-xid-$$")',
    'got() { "$@" > "$t" 2> /dev/null && [ -s "$t" ]; }',
    'dm=$(command -v dmesg || echo dmesg); jc=$(command -v journalctl || echo journalctl)',
    'if got dmesg --time-format iso; then s=dmesg',
    'elif got sudo -n "$dm" --time-format iso; then s=sudo-dmesg',
    'elif got "$jc" -k -o short-iso --no-pager -q; then s=journalctl',
    'elif got sudo -n "$jc" -k -o short-iso --no-pager -q; then s=sudo-journalctl',
    'else s=unreadable; fi',
    'echo "== xid $s"',
    `[ "$s" = unreadable ] || grep -a 'NVRM: Xid' "$t" | tail -n ${XID_LINES} | cut -c 1-${XID_LINE}`,
    'rm -f "$t"',
    ')',
  ].join('\n')
}

/**
 * The GPUs nvidia-smi shows now, and its exit status: `== gpus <status>`, then at most 64 lines of its answer. In a
 * subshell, as the kernel log's part.
 */
export function gpusNowScript(): string {
  return [
    '(',
    'n=$(nvidia-smi --query-gpu=index,pci.bus_id --format=csv,noheader 2>&1); code=$?',
    'echo "== gpus $code"',
    'printf "%s\\n" "$n" | head -n 64 | cut -c 1-200',
    ')',
  ].join('\n')
}
