/**
 * A private key where a public one belongs (`public-key`, `instance-config`'s
 * public_key) is a user error that would send the key to the service and print
 * it in errors: it is refused, and masked before anything is printed.
 */

const PRIVATE_KEY_MARKERS = /PRIVATE KEY|b3BlbnNzaC1rZXktdjE/

export function looksLikePrivateKey(text: string): boolean {
  return PRIVATE_KEY_MARKERS.test(text)
}

/** Masks the whole input and every line of it when it holds a private key. Call before parsing. */
export function maskPrivateKeyInputs(
  read: (name: string) => string,
  setSecret: (secret: string) => void,
  names: readonly string[],
): void {
  for (const name of names) {
    const value = read(name)
    if (!looksLikePrivateKey(value)) continue
    setSecret(value)
    for (const line of value.split(/\r?\n|\\n/)) {
      const trimmed = line.trim().replace(/^"|"$/g, '')
      if (trimmed.length > 0) setSecret(trimmed)
    }
  }
}
