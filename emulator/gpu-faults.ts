/**
 * GPU faults the emulated host plays, as the real driver and nvidia-smi show them (the emulator option
 * `gpuFaultPlans`, one list for each GPU sandbox that gets ready, in order): an Xid line in the kernel log at its
 * second (Xid 79 also takes the GPU off the bus: every nvidia-smi query then fails as the real one does), a new
 * uncorrectable ECC count, a pending row remap, a throttle reason, or a kernel log no login can read. They are
 * written beside the GPUs file (`<gpus>.faults`, one `<epoch ms> <kind> <gpu> <arg> <text>` line each), which the
 * emulated nvidia-smi and the `dmesg` stand-in below read.
 *
 * The `dmesg` stand-in is as a sandbox with kernel.dmesg_restrict=1 is: the login user may not read the log, root
 * (real sudo, or the sudo stand-in) may; its lines are in `dmesg --time-format iso`'s shape.
 */
import { writeFileSync } from 'node:fs'

export interface GpuFaultPlan {
  kind: 'xid' | 'ecc' | 'remap' | 'throttle' | 'unreadable'
  /** Real ms after `from` (default 0). */
  afterMs?: number
  /**
   * What `afterMs` counts from: the sandbox's ready (the default), or the first GPU load a program on it writes
   * (`$EMULATOR_GPU_FILE.load`): a fault under load, mid-run however slow the machine is.
   */
  from?: 'ready' | 'load'
  /** Which GPU (default 0). */
  gpu?: number
  /** xid: its code; ecc: the uncorrectable count from then on. */
  code?: number
  /** throttle: the reason, e.g. hw_thermal_slowdown. */
  reason?: string
  /** xid: the driver's words after the code (default: the words the real driver writes for it). */
  text?: string
}

/** What the real driver writes after the code, for the codes the tests and `npm start` plant. */
const DRIVER_WORDS: Record<number, string> = {
  13: 'pid=4242, name=python, Graphics SM Warp Exception on (GPC 0, TPC 1, SM 0): Out Of Range Address',
  31: 'pid=4242, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2c_00000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ',
  48: 'pid=4242, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.',
  79: "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
  94: 'pid=4242, name=python, Contained: SM (0x1). RST: No, D-RST: No',
}

/** Writes the plan of the sandbox that just got ready (none: no fault), its times from now. */
export function writeFaultPlan(gpuFile: string, plans: readonly GpuFaultPlan[] | undefined, now = Date.now()): void {
  const lines = (plans ?? []).map((plan) => {
    const at = plan.from === 'load' ? `load+${plan.afterMs ?? 0}` : now + (plan.afterMs ?? 0)
    const arg = plan.kind === 'throttle' ? (plan.reason ?? 'hw_slowdown') : String(plan.code ?? '-')
    const words = plan.kind === 'xid' ? (plan.text ?? DRIVER_WORDS[plan.code ?? 0] ?? 'pid=4242, name=python') : ''
    return `${plan.kind === 'unreadable' ? 0 : at} ${plan.kind} ${plan.gpu ?? 0} ${arg} ${words.replace(/\n/g, ' ')}`
  })
  writeFileSync(`${gpuFile}.faults`, lines.map((line) => `${line}\n`).join(''))
}

/**
 * A bash function both stand-ins share: `in_effect <faults file>` prints the planted faults in effect now, each
 * `<since ms> <kind> <gpu> <arg> <text>`. A `load+<ms>` time counts from the first load a program wrote, which the
 * first reader to see it stamps (`.loaded`: the file is rewritten as the load changes). The times are printed with
 * %.0f: mawk, Debian's awk, prints a computed epoch ms as 1.79661e+12.
 */
export const IN_EFFECT = `in_effect() {
  local base="\${1%.faults}" loaded
  if [ -e "$base.load" ] && [ ! -e "$base.loaded" ]; then (set -C; date +%s%3N > "$base.loaded") 2> /dev/null; fi
  loaded=$(cat "$base.loaded" 2> /dev/null)
  awk -v now="$(date +%s%3N)" -v loaded="$loaded" '{ at = $1 + 0 }
    $1 ~ /^load\\+/ { if (loaded == "") next; at = loaded + substr($1, 6); $1 = sprintf("%.0f", at) }
    at <= now + 0' "$1" 2> /dev/null
}`

/** The host's `dmesg`, reading the planted faults of `faults` (a path: real sudo resets the environment). */
export const DMESG = (faults: string) => `#!/bin/bash
faults='${faults}'
if { [ "$(id -u)" != 0 ] && [ -z "$EMULATOR_SUDO" ]; } || grep -q '^0 unreadable' "$faults" 2> /dev/null; then
  echo "dmesg: read kernel buffer failed: Operation not permitted" >&2
  exit 1
fi
${IN_EFFECT}
iso() { date -u -d "@$(($1 / 1000)).$(printf '%03d' $(($1 % 1000)))" '+%Y-%m-%dT%H:%M:%S,%6N+00:00'; }
now=$(date +%s%3N)
echo "$(iso $((now - 600000))) Linux version 6.1.0-emulated (emulated host)"
while read -r at kind gpu code text; do
  [ "$kind" = xid ] || continue
  printf '%s NVRM: Xid (PCI:0000:%02x:00): %s, %s\\n' "$(iso "$at")" $((0x18 + gpu * 16)) "$code" "$text"
done <<< "$(in_effect "$faults")"
`

/** The host has no journal the login user may read (nor root: the emulated host runs no journald). */
export const JOURNALCTL = `#!/bin/bash
echo "No journal files were found." >&2
exit 1
`
