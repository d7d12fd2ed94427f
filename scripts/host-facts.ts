/**
 * npm run host-facts: which sandbox host the emulator gives on this machine
 * (its login user, and Docker: a real daemon or the stand-in), in one line.
 * With EMULATOR_REQUIRE_DEPLOYED_HOST=1 (.ci/run) a host that is not as
 * deployed (ubuntu with the real sudo, a real dockerd) fails it.
 */
import { localImage } from '../emulator/container.ts'
import { SshService } from '../emulator/ssh-service.ts'

try {
  const service = new SshService()
  console.log(`The emulator's sandbox host: ${service.facts}.`)
  // Made once here, so the tests that run in parallel do not all make it.
  if (service.sandboxHost.docker === 'docker') console.log(`The image of thunder-sandbox: ${localImage()}.`)
  service.stop()
} catch (error) {
  console.error(`The emulator's sandbox host: ${(error as Error).message}`)
  process.exit(1)
}
