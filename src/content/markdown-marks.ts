/** Wraps text in a Markdown mark, keeping surrounding spaces outside (`** tučně**` is not bold). */
export function wrapMark(text: string, mark: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  if (!m || !m[2]) return text;
  return `${m[1]}${mark}${m[2]}${mark}${m[3]}`;
}
