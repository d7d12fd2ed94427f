/**
 * The emulated host's `nvidia-smi`: it answers from the GPUs of the newest
 * ready GPU sandbox (one host serves every emulated sandbox, and the
 * service's certificate opens every sandbox of the organization, so a session
 * cannot tell which sandbox it is on). It knows the plain table, `-L`, and
 * `--query-gpu=<fields> --format=csv[,noheader][,nounits]`; on a CPU
 * sandbox it fails as nvidia-smi does without a driver (exit 9). The
 * emulator option `gpuFaults` plants what the health check must find.
 */
import { writeFileSync } from 'node:fs'

/** What each GPU type reports: nvidia-smi's name and memory.total in MiB. */
export const GPU_MODELS: Record<string, { name: string; memoryMiB: number } | undefined> = {
  A6000: { name: 'NVIDIA RTX A6000', memoryMiB: 49140 },
  A100: { name: 'NVIDIA A100-SXM4-80GB', memoryMiB: 81920 },
  H100: { name: 'NVIDIA H100 80GB HBM3', memoryMiB: 81559 },
}
export const DRIVER_VERSION = '550.54.15'

/**
 * What can be wrong with a GPU sandbox's GPUs (the health check's faults): no driver, memory another
 * process holds, a card other than the type started, fewer GPUs than started, an old driver.
 */
export type GpuFault = 'no-driver' | 'busy' | 'wrong-card' | 'fewer' | 'old-driver'

/** Writes the GPUs nvidia-smi reports: one `index|name|total|used|driver|uuid` line each, none for a CPU sandbox. */
export function writeGpus(file: string, spec: { gpu_type?: string; gpu_count?: number }, fault?: GpuFault): void {
  const model = spec.gpu_type ? GPU_MODELS[spec.gpu_type] : undefined
  let count = model && fault !== 'no-driver' ? (spec.gpu_count ?? 1) : 0
  if (fault === 'fewer') count -= 1
  const name = fault === 'wrong-card' ? 'NVIDIA A10G' : model?.name
  const driver = fault === 'old-driver' ? '470.57.02' : DRIVER_VERSION
  const used = (total: number) => (fault === 'busy' ? Math.round(total * 0.6) : 1)
  const lines = Array.from({ length: count }, (_, index) => {
    const uuid = `GPU-${String(index).padStart(8, '0')}-emul-ator0-0000-${spec.gpu_type ?? ''}`
    return [index, name, model?.memoryMiB, used(model?.memoryMiB ?? 0), driver, uuid].join('|')
  })
  // A GPU sandbox whose every GPU is gone: the driver is there, the devices are not.
  writeFileSync(file, model && fault === 'fewer' && count === 0 ? 'NO-DEVICES\n' : lines.map((l) => `${l}\n`).join(''))
}

export const NVIDIA_SMI = `#!/bin/bash
gpus="$EMULATOR_GPU_FILE"
if [ "$(head -n 1 "$gpus" 2> /dev/null)" = NO-DEVICES ]; then echo "No devices were found"; exit 6; fi
if [ ! -s "$gpus" ]; then
  echo "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running."
  exit 9
fi
field() { # $1 field name, $2 line
  IFS='|' read -r index name total used driver uuid <<< "$2"
  case "$1" in
    index) echo "$index" ;; name) echo "$name" ;; uuid) echo "$uuid" ;; count) wc -l < "$gpus" | tr -d ' ' ;;
    memory.total) echo "$total$unit" ;; memory.used) echo "$used$unit" ;; memory.free) echo "$((total - used))$unit" ;;
    driver_version) echo "$driver" ;; utilization.gpu) echo "0$percent" ;;
    *) echo "Field \\"$1\\" is not a valid field to query." >&2; return 2 ;;
  esac
}
query=; format=
for arg; do
  case "$arg" in
    --query-gpu=*) query="\${arg#--query-gpu=}" ;;
    --format=*) format="\${arg#--format=}" ;;
    -L|--list-gpus)
      while IFS='|' read -r index name _ _ _ uuid; do echo "GPU $index: $name (UUID: $uuid)"; done < "$gpus"; exit 0 ;;
  esac
done
if [ -n "$query" ]; then
  case ",$format," in *,csv,*) ;; *) echo 'Please specify --format=csv with --query-gpu' >&2; exit 2 ;; esac
  unit=" MiB"; percent=" %"; case ",$format," in *,nounits,*) unit=; percent= ;; esac
  IFS=',' read -r -a fields <<< "$query"
  case ",$format," in *,noheader,*) ;; *) (IFS=,; echo "\${fields[*]}" | sed 's/,/, /g') ;; esac
  while read -r line; do
    out=(); for f in "\${fields[@]}"; do value=$(field "$f" "$line") || exit 2; out+=("$value"); done
    (IFS=,; echo "\${out[*]}" | sed 's/,/, /g')
  done < "$gpus"
  exit 0
fi
printf 'NVIDIA-SMI %s    Driver Version: %s    (emulated)\\n' "$(cut -d'|' -f5 < "$gpus" | head -n 1)" "$(cut -d'|' -f5 < "$gpus" | head -n 1)"
while IFS='|' read -r index name total used _ _; do printf '| %s  %-24s | %6sMiB / %6sMiB |\\n' "$index" "$name" "$used" "$total"; done < "$gpus"
`
