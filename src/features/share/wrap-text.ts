/**
 * Line breaking for the poster canvas: words stay whole where the language separates them with spaces; a run too
 * wide for a line (Chinese, Japanese, a long link) is broken between characters. Pure: the width function is given.
 */

/** Splits `text` into lines no wider than `maxWidth` by `measure`; at most `maxLines`, the last one ending in "…". */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
  maxLines = Infinity,
): string[] {
  const lines: string[] = []
  let line = ''
  const push = () => {
    if (line.trim()) lines.push(line.trim())
    line = ''
  }
  for (const token of text.split(/(\s+)/)) {
    if (!token) continue
    if (measure(line + token) <= maxWidth) {
      line += token
      continue
    }
    if (/^\s+$/.test(token)) {
      push()
      continue
    }
    if (measure(token) <= maxWidth) {
      push()
      line = token
      continue
    }
    for (const ch of token) {
      if (measure(line + ch) > maxWidth) push()
      line += ch
    }
  }
  push()
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  let last = kept[maxLines - 1]!
  while (last && measure(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('')
  kept[maxLines - 1] = `${last}…`
  return kept
}
