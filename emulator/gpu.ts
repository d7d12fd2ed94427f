/**
 * The emulated host's `nvidia-smi`: it answers from the GPUs of the newest
 * ready GPU sandbox (one host serves every emulated sandbox, and the
 * service's certificate opens every sandbox of the organization, so a session
 * cannot tell which sandbox it is on). It knows the plain table, `-L`, and
 * `--query-gpu=<fields> --format=csv[,noheader][,nounits]`, also in a loop
 * (`-l <s>`, `-lms <ms>`, a line a GPU each time, as the real one); on a CPU
 * sandbox it fails as nvidia-smi does without a driver (exit 9). The
 * emulator option `gpuFaults` plants what the health check must find.
 *
 * The load (issue 47): a program on the sandbox writes `<MiB held> <util %>`
 * lines to `$EMULATOR_GPU_FILE.load`, one a GPU (line 1 for GPU 0); memory.used
 * adds the MiB held, utilization.gpu is the share given (memory held at 0 % is
 * what a real trace shows between kernels), and power.draw moves halfway from
 * its last reading to 80 W plus 6.1 W a percent each sample, lagging as the
 * real one does (../shared/gpu-facts/trace.csv).
 */
import { writeFileSync } from 'node:fs'
import { IN_EFFECT } from './gpu-faults.ts'

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
    memory.total) echo "$total$unit" ;; memory.used) echo "$((used + $(load_of "$index" 1)))$unit" ;;
    memory.free) echo "$((total - used - $(load_of "$index" 1)))$unit" ;;
    driver_version) echo "$driver" ;; utilization.gpu) echo "$(load_of "$index" 2)$percent" ;;
    timestamp) date '+%Y/%m/%d %H:%M:%S.%3N' ;; power.draw) echo "$(power_of "$index")$watts" ;;
    pci.bus_id|gpu_bus_id) printf '00000000:%02X:00.0\n' $((0x18 + index * 16)) ;;
    clocks_throttle_reasons.*|clocks_event_reasons.*)
      if active throttle "$index" "\${1#*.}"; then echo Active; else echo "Not Active"; fi ;;
    ecc.errors.uncorrected.volatile.total) echo "$(planted ecc "$index" 0)" ;;
    remapped_rows.pending) if active remap "$index"; then echo Yes; else echo No; fi ;;
    retired_pages.pending) echo "[N/A]" ;;
    *) echo "Field \\"$1\\" is not a valid field to query." >&2; return 2 ;;
  esac
}
load_of() { # $1 GPU index, $2 which number of its load line (1: MiB held, 2: utilization); 0 when none
  local value
  value=$(sed -n "$(($1 + 1))p" "$gpus.load" 2> /dev/null | awk -v n="$2" '{ print $n }')
  [[ "$value" =~ ^[0-9]{1,7}$ ]] && echo "$value" || echo 0
}
next_powers() { # each GPU's power, halfway from its last reading to 80 W + 6.1 W a percent (hundredths of a watt)
  local index last target
  powers=()
  while IFS='|' read -r index _; do
    last=$(sed -n "$((index + 1))p" "$gpus.power" 2> /dev/null); [[ "$last" =~ ^[0-9]+$ ]] || last=8000
    target=$((8000 + $(load_of "$index" 2) * 610)); powers[index]=$(((last + target) / 2))
  done < "$gpus"
  printf '%s\n' "\${powers[@]}" > "$gpus.power"
}
power_of() { printf '%d.%02d' $((powers[$1] / 100)) $((powers[$1] % 100)); }
# The planted faults in effect now (gpu-faults.ts): '<since> <kind> <gpu> <arg> <text>' lines.
faults=
${IN_EFFECT}
read_faults() { faults=$(in_effect "$gpus.faults"); }
active() { local re=$'\n'"[0-9]+ $1 $2 $3"; [[ $'\n'"$faults"$'\n' =~ $re ]]; } # kind gpu [arg]
planted() { # kind gpu default: the planted number, else the default
  local value
  value=$(awk -v k="$1" -v g="$2" '$2 == k && $3 == g { v = $4 } END { print v }' <<< "$faults")
  echo "\${value:-$3}"
}
lost_check() { # a GPU fallen off the bus (Xid 79) fails every query, as the real one does
  local line gpu
  while read -r _ kind gpu code _; do
    [ "$kind" = xid ] && [ "$code" = 79 ] || continue
    printf 'Unable to determine the device handle for GPU%04X:%02X:00.0: Unknown Error\n' 0 $((0x18 + gpu * 16))
    exit 15
  done <<< "$faults"
}
read_faults
lost_check
query=; format=; interval=
while [ $# -gt 0 ]; do
  case "$1" in
    --query-gpu=*) query="\${1#--query-gpu=}" ;;
    --format=*) format="\${1#--format=}" ;;
    -l|--loop) interval="$2"; shift ;;
    -lms|--loop-ms) interval=$(awk -v ms="$2" 'BEGIN { printf "%.3f", ms / 1000 }'); shift ;;
    -L|--list-gpus)
      while IFS='|' read -r index name _ _ _ uuid; do echo "GPU $index: $name (UUID: $uuid)"; done < "$gpus"; exit 0 ;;
  esac
  shift
done
if [ -n "$interval" ] && ! [[ "$interval" =~ ^[0-9]+(\\.[0-9]+)?$ ]]; then echo "Invalid loop interval" >&2; exit 2; fi
if [ -n "$query" ]; then
  case ",$format," in *,csv,*) ;; *) echo 'Please specify --format=csv with --query-gpu' >&2; exit 2 ;; esac
  unit=" MiB"; percent=" %"; watts=" W"; case ",$format," in *,nounits,*) unit=; percent=; watts= ;; esac
  IFS=',' read -r -a fields <<< "$query"
  case ",$format," in *,noheader,*) ;; *) (IFS=,; echo "\${fields[*]}" | sed 's/,/, /g') ;; esac
  while :; do
    read_faults
    lost_check
    next_powers
    while read -r line; do
      out=(); for f in "\${fields[@]}"; do value=$(field "$f" "$line") || exit 2; out+=("$value"); done
      (IFS=,; echo "\${out[*]}" | sed 's/,/, /g')
    done < "$gpus"
    [ -n "$interval" ] || exit 0
    sleep "$interval"
  done
fi
printf 'NVIDIA-SMI %s    Driver Version: %s    (emulated)\\n' "$(cut -d'|' -f5 < "$gpus" | head -n 1)" "$(cut -d'|' -f5 < "$gpus" | head -n 1)"
while IFS='|' read -r index name total used _ _; do printf '| %s  %-24s | %6sMiB / %6sMiB |\\n' "$index" "$name" "$used" "$total"; done < "$gpus"
`
