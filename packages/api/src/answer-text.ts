/**
 * Answers whose JSON text is already made and checked (the order lookup's, whose stubs
 * the database writes as JSON): the REST door sends that text instead of encoding the
 * answer again, and the tRPC transformer takes the answer as plain JSON without walking
 * it (and tRPC's door puts the text itself in its body). The text is exactly `JSON.stringify` of the answer; whoever records one has checked
 * that (docs/PERFORMANCE.md, "Read paths").
 */
import { randomBytes } from 'node:crypto';

const texts = new WeakMap<object, string>();

/** Records `text` as the JSON of `answer`, which must be `JSON.stringify(answer)` exactly. */
export function withAnswerText<T extends object>(answer: T, text: string): T {
  texts.set(answer, text);
  return answer;
}

/** The JSON text recorded for `answer`, if any. */
export function answerTextOf(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined;
}

/**
 * tRPC encodes its whole envelope with JSON.stringify, which cannot take text as it is
 * (Node 20 has no JSON.rawJSON). So the transformer answers a recorded text that has no
 * backslash and no control character as a stand-in that JSON.stringify writes as one
 * string, MARK then the text, whose only escapes are then its quotes (`\"`); the tRPC
 * door puts the text back in its place (`restoreAnswerTexts`). MARK carries a random
 * part made at start, so no text a client sent can be taken for one.
 */
export const ANSWER_TEXT_MARK = `answer-text-${randomBytes(12).toString('hex')}:`;
const QUOTED_MARK = `"${ANSWER_TEXT_MARK}`;
// eslint-disable-next-line no-control-regex -- the characters JSON.stringify escapes besides the quote
const NEEDS_ESCAPES = /[\\\u0000-\u001f]/;

/** What tRPC's JSON.stringify writes for the answer: a stand-in for its recorded text where the text allows, else the answer. */
export function answerForTrpc(answer: unknown, text: string): unknown {
  return NEEDS_ESCAPES.test(text) ? answer : { toJSON: () => ANSWER_TEXT_MARK + text };
}

/** The tRPC door's body with each stand-in (a JSON string starting with MARK) replaced by its text. */
export function restoreAnswerTexts(body: string): string {
  let out = '';
  let from = 0;
  for (let at = body.indexOf(QUOTED_MARK); at !== -1; at = body.indexOf(QUOTED_MARK, from)) {
    const start = at + QUOTED_MARK.length;
    // The string ends at the first quote not escaped: its text had no backslash of its own.
    let end = body.indexOf('"', start);
    while (body.charCodeAt(end - 1) === 92) end = body.indexOf('"', end + 1);
    out += body.slice(from, at) + body.slice(start, end).replaceAll('\\"', '"');
    from = end + 1;
  }
  return out + body.slice(from);
}
