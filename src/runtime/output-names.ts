/**
 * Every output the action writes, as action.yml declares them (a docs test
 * compares the two). `ActionCore.setOutput` takes only these names, so a
 * misspelt output does not compile.
 */
export const OUTPUT_NAMES = [
  'sandbox-id',
  'sandbox-name',
  'status',
  'sandbox',
  'gpu-type',
  'network-policy',
  'instance-id',
  'instance-uuid',
  'ssh-private-key',
  'ssh-key-path',
  'request',
  'ssh-host',
  'ssh-port',
  'ssh-user',
  'ssh-config',
  'ssh-command',
  'stopped',
  'exit-code',
  'runner-name',
  'runner-id',
  'runner-label',
  'cost',
  'billed-seconds',
  'gpu-memory-peak',
  'gpu-utilization',
  'gpu-samples',
  'gpu-fault',
  'pool-claimed',
  'pool',
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]
