/**
 * The Xid codes the action names, after NVIDIA's Xid catalog for Ampere and newer GPUs ("Analyzing Xid Errors with the
 * Xid Catalog", docs.nvidia.com): each code's resolution bucket (the catalog's immediate action) and whose kind of
 * fault it is. A code whose bucket is past restarting the application (a GPU reset, a reboot, support) is the
 * machine's; one the catalog sends back to the application and whose usual cause is the program (an illegal address,
 * an engine exception) is the program's; the rest (a teardown after another fault, a code not in this table) are
 * said as they are, and neither blame the machine nor trigger a retry.
 */

/** The catalog's immediate actions, as the action uses them. */
/** UNKNOWN: a code not in this table (NVIDIA's catalog may have it). */
export type Bucket = 'RESTART_APP' | 'RESET_GPU' | 'RESTART_BM' | 'CONTACT_SUPPORT' | 'IGNORE' | 'UNKNOWN'

/** Whose fault: the machine's (worth a fresh sandbox), the program's (worth debugging), or neither said. */
export type FaultKind = 'machine' | 'program' | 'other'

export interface XidEntry {
  bucket: Bucket
  kind: FaultKind
  meaning: string
}

const program = (meaning: string): XidEntry => ({ bucket: 'RESTART_APP', kind: 'program', meaning })
const machine = (bucket: Bucket, meaning: string): XidEntry => ({ bucket, kind: 'machine', meaning })

export const XID_CATALOG: Readonly<Record<number, XidEntry>> = {
  8: { bucket: 'RESTART_APP', kind: 'other', meaning: 'GPU stopped processing (a channel timed out)' },
  13: program('graphics engine exception (often an out-of-range access in a kernel)'),
  31: program('GPU memory page fault (most often an illegal address in the program)'),
  43: program('GPU stopped processing (a channel was aborted after the program faulted)'),
  45: { bucket: 'IGNORE', kind: 'other', meaning: 'preemptive cleanup, after another fault or an ended process' },
  48: machine('RESET_GPU', 'double-bit ECC error (uncorrectable GPU memory error)'),
  61: machine('RESET_GPU', 'internal micro-controller breakpoint or warning'),
  62: machine('RESET_GPU', 'internal micro-controller halt'),
  63: machine('RESET_GPU', 'ECC page retirement or row remapping recorded (a reset applies it)'),
  64: machine('RESET_GPU', 'ECC page retirement or row remapping failed'),
  74: machine('RESET_GPU', 'NVLink error'),
  79: machine('RESTART_BM', 'fallen off the bus'),
  92: machine('CONTACT_SUPPORT', 'high single-bit ECC error rate'),
  94: machine('RESET_GPU', 'contained uncorrectable ECC error (the page is offlined until a reset)'),
  95: machine('RESET_GPU', 'uncontained uncorrectable ECC error'),
  119: machine('RESET_GPU', 'GSP RPC timeout'),
  120: machine('RESET_GPU', 'GSP error'),
  121: machine('RESET_GPU', 'C2C link error'),
  140: machine('RESET_GPU', 'unrecovered ECC error'),
}

/** A code's entry; one not in the table is said by its number, never blamed on the machine. */
export function xidEntry(code: number): XidEntry {
  return XID_CATALOG[code] ?? { bucket: 'UNKNOWN', kind: 'other', meaning: "not in the action's table" }
}
