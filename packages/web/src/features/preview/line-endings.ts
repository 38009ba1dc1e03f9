/**
 * The edited text with the line endings of the original: a text area gives back only \n, so a
 * file written with \r\n (Windows tools) would otherwise change on every line at its first save.
 */
export function withLineEndingsOf(original: string, edited: string): string {
  return original.includes('\r\n') ? edited.replace(/\r?\n/g, '\r\n') : edited;
}
