/** One piece of a name: `match` pieces are the typed text and are shown bold. */
export type TextPart = { text: string; match: boolean };

/**
 * "Matched text in names is bolded": splits `text` around every case-insensitive occurrence of the
 * typed `query` (outer spaces ignored). No query, or no occurrence, gives the whole text unmatched.
 */
export function splitMatches(text: string, query: string): TextPart[] {
  const needle = query.trim().toLowerCase();
  if (!needle || !text) return text ? [{ text, match: false }] : [];
  const haystack = text.toLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
