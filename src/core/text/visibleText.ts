/**
 * Text shown to a person (a report, a log line, a terminal) with the characters that would act
 * instead of showing made visible, as code viewers do: control characters (ESC starts terminal
 * sequences) and the bidirectional controls that reorder what is read (Trojan Source), each
 * written as `<U+202E>`. Tabs stay; line breaks are the caller's to keep or fold.
 */

// C0 and C1 controls but tab, LF and CR; the Unicode bidi controls (embeddings, overrides,
// isolates, marks).
const ACTING =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function visibleText(text: string): string {
  return text.replace(
    ACTING,
    (character) => `<U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}
