/** The action's input names, modes and defaults, exactly as in action.yml (a docs test keeps them in step). */

export const MODES = ['start', 'stop', 'network-policy', 'instance', 'sweep', 'connect'] as const
export type Mode = (typeof MODES)[number]

export const DEFAULT_BASE_URL = 'https://api.thundercompute.com:8443/v1'

/** The runner expands this default; anywhere else it arrives as the literal text. */
export const GITHUB_TOKEN_DEFAULT = '${{ github.token }}'

export const INPUT_DEFAULTS = {
  'api-token': '',
  'base-url': DEFAULT_BASE_URL,
  mode: 'start',
  name: '',
  cpu: '4',
  memory: '16',
  storage: '100',
  'gpu-type': '',
  'gpu-count': '',
  'capacity-timeout': '5m',
  'internet-access': '',
  'cidr-allowlist': '',
  'domain-allowlist': '',
  env: '',
  'max-ttl': '6h',
  'enforce-ttl': 'true',
  'max-grace': '',
  wait: 'true',
  timeout: '15m',
  'poll-interval': '1s',
  'replace-existing': 'false',
  'keep-alive': 'false',
  'sandbox-id': '',
  'public-key': '',
  'instance-config': '{}',
  'dry-run': 'false',
  image: '',
  ssh: 'false',
  'ssh-alias': 'sandbox',
  'github-token': GITHUB_TOKEN_DEFAULT,
  run: '',
  upload: '.',
  download: '',
  'download-limit': '2GiB',
  runner: 'false',
  'runner-label': '',
  'runner-timeout': '10m',
  'max-cost': '',
  'max-hourly-price': '',
  'min-gpu-memory': '',
  'gpu-check': '',
  'min-driver': '',
  'approve-label': '',
  'approve-label-once': 'false',
  'min-permission': '',
  'max-live': '',
} as const

export type InputName = keyof typeof INPUT_DEFAULTS

/**
 * Which modes read each input (the contract's "modes" column). An input given
 * for another mode is warned about once (unused.ts), never an error.
 */
export const INPUT_MODES: Record<InputName, readonly Mode[] | 'all'> = {
  'api-token': 'all',
  'base-url': 'all',
  mode: 'all',
  name: ['start'],
  cpu: ['start'],
  memory: ['start'],
  storage: ['start'],
  'gpu-type': ['start'],
  'gpu-count': ['start'],
  'capacity-timeout': ['start'],
  'internet-access': ['start', 'network-policy'],
  'cidr-allowlist': ['start', 'network-policy'],
  'domain-allowlist': ['start', 'network-policy'],
  env: ['start'],
  'max-ttl': ['start'],
  'enforce-ttl': ['start'],
  'max-grace': ['start'],
  wait: ['start'],
  timeout: ['start'],
  'poll-interval': ['start'],
  'replace-existing': ['start'],
  'keep-alive': ['start', 'instance'],
  'sandbox-id': ['stop', 'network-policy', 'connect'],
  'public-key': ['instance'],
  'instance-config': ['instance'],
  'dry-run': ['start', 'instance', 'sweep'],
  image: ['start'],
  // connect always sets up SSH: `ssh` there is accepted and changes nothing.
  ssh: ['start', 'instance', 'connect'],
  'ssh-alias': ['start', 'instance', 'connect'],
  'github-token': ['sweep', 'start', 'stop'],
  run: ['start'],
  upload: ['start'],
  download: ['start'],
  'download-limit': ['start'],
  runner: ['start'],
  'runner-label': ['start'],
  'runner-timeout': ['start'],
  'max-cost': ['start'],
  'max-hourly-price': ['start'],
  'min-gpu-memory': ['start'],
  'gpu-check': ['start'],
  'min-driver': ['start'],
  'approve-label': ['start'],
  'approve-label-once': ['start'],
  'min-permission': ['start'],
  'max-live': ['start'],
}
