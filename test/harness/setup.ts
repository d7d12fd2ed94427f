/** Runs in every test file (vitest setupFiles): no test leaves its work directories behind. */
import { afterAll } from 'vitest'
import { removeWorkDirs } from '../../scripts/lib/action-runner.ts'

afterAll(() => removeWorkDirs())
