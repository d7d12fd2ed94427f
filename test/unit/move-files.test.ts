/** scripts/move-files.ts mends each import and mention a move touches, and nothing else (issue 56: move first). */
import { describe, expect, it } from 'vitest'
import { mendImports, mendMentions } from '../../scripts/move-files.ts'

const root = '/repo'
const moves = new Map([
  ['/repo/src/cleanup/comment.ts', '/repo/src/comment/post.ts'],
  ['/repo/src/step/comment-text.ts', '/repo/src/comment/text.ts'],
])

describe('mendImports', () => {
  it('points an unmoved file at a moved one, and leaves the other imports as they are', () => {
    const text = "import { a } from '../cleanup/comment.ts'\nimport { b } from '../step/state.ts'\n"
    expect(mendImports(text, '/repo/src/modes/start.ts', '/repo/src/modes/start.ts', moves)).toBe(
      "import { a } from '../comment/post.ts'\nimport { b } from '../step/state.ts'\n",
    )
  })

  it("mends a moved file's own imports, of moved and unmoved files alike", () => {
    const text = "import { r } from '../step/comment-text.ts'\nimport { s } from '../step/state.ts'\nimport './x.ts'\n"
    expect(mendImports(text, '/repo/src/cleanup/comment.ts', '/repo/src/comment/post.ts', moves)).toBe(
      "import { r } from './text.ts'\nimport { s } from '../step/state.ts'\nimport '../cleanup/x.ts'\n",
    )
  })

  it('mends the paths tests hand to vi.mock and dynamic imports too', () => {
    const text = 'vi.mock(\'../../src/cleanup/comment.ts\')\nawait import("../../src/step/comment-text.ts")\n'
    expect(mendImports(text, '/repo/test/unit/x.test.ts', '/repo/test/unit/x.test.ts', moves)).toBe(
      'vi.mock(\'../../src/comment/post.ts\')\nawait import("../../src/comment/text.ts")\n',
    )
  })
})

describe('mendMentions', () => {
  it('renames a path from the root in prose, but not a longer name that contains it', () => {
    const text = 'see src/cleanup/comment.ts and src/cleanup/comment.tsx, not xsrc/cleanup/comment.ts'
    expect(mendMentions(text, moves, root)).toBe(
      'see src/comment/post.ts and src/cleanup/comment.tsx, not xsrc/cleanup/comment.ts',
    )
  })
})
