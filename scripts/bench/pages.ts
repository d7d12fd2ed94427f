/**
 * Where the bench's sections are written: two pages of docs/ (no page over 300 lines, issue 56).
 * A full run writes both pages whole; a run of some sections (`--only`) splices each of them into its
 * page in place of the section of the same number, saying when and how it was rerun, and keeps the rest.
 */

/** The first page holds the action's own costs (sections 1-9); the second the features' (10 on). */
export const PAGES = [
  { file: 'benchmarks.md', title: 'Benchmarks', first: 1 },
  {
    file: 'benchmarks-features.md',
    title: 'Benchmarks of the features: GitHub, gpu-report, runner-jobs, libraries, pool',
    first: 10,
  },
] as const

export const sectionNumber = (section: string) => Number(/^## (\d+)\./.exec(section)?.[1] ?? NaN)

export const pageOf = (section: string) =>
  [...PAGES].reverse().find((page) => sectionNumber(section) >= page.first) ?? PAGES[0]

/** The page's sections, each from its `## N.` heading to the next. */
function sectionsOf(page: string): { head: string; sections: string[] } {
  const [head = '', ...rest] = page.split(/\n(?=## \d+\. )/)
  return { head, sections: rest }
}

/** `page` with `section` in place of its namesake (or added in number order), marked as rerun alone. */
export function splice(page: string, section: string, rerun: string): string {
  const { head, sections } = sectionsOf(page)
  const number = sectionNumber(section)
  const [heading, ...body] = section.trimEnd().split('\n')
  const marked = [heading, '', `_${rerun}_`, ...body].join('\n') + '\n'
  const kept = sections.filter((old) => sectionNumber(old) !== number)
  const all = [...kept.map((old) => old.trimEnd() + '\n'), marked].sort((a, b) => sectionNumber(a) - sectionNumber(b))
  return [head.trimEnd() + '\n', ...all].join('\n')
}
