/** The bench's two pages (scripts/bench/pages.ts): each section on its page; a partial run replaces only its own. */
import { describe, expect, it } from 'vitest'
import { pageOf, splice } from '../../scripts/bench/pages.ts'

const page =
  '# Benchmarks\n\n| date | then |\n\n## 1. Cold start\n\nold one\n\n## 2. Lag\n\nold two\n\n## 5. Bundle\n\nold five\n'

describe('the bench pages', () => {
  it('puts sections 1-9 on benchmarks.md and 10 on on benchmarks-features.md', () => {
    expect(pageOf('## 9. x').file).toBe('benchmarks.md')
    expect(pageOf('## 10. x').file).toBe('benchmarks-features.md')
    expect(pageOf('## 14. x').file).toBe('benchmarks-features.md')
  })

  it('replaces the section of the same number, marks it as rerun, and keeps the rest and the header', () => {
    const spliced = splice(page, '## 2. Lag\n\nnew two\n', 'Rerun alone')
    expect(spliced).toBe(
      '# Benchmarks\n\n| date | then |\n\n## 1. Cold start\n\nold one\n\n## 2. Lag\n\n_Rerun alone_\n\nnew two\n\n## 5. Bundle\n\nold five\n',
    )
  })

  it('adds a section the page lacks in number order', () => {
    const spliced = splice(page, '## 3. Requests\n\nthree\n', 'Rerun alone')
    expect(spliced.indexOf('## 3.')).toBeGreaterThan(spliced.indexOf('## 2.'))
    expect(spliced.indexOf('## 3.')).toBeLessThan(spliced.indexOf('## 5.'))
  })
})
