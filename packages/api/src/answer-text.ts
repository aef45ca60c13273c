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
 * tRPC encodes its whole body with JSON.stringify, which cannot take text as it is (Node
 * 20 has no JSON.rawJSON). So the tRPC door, when tRPC shows it a body's answers before
 * encoding them (resolveResponse's responseMeta), takes the recorded texts
 * (`standInAnswers`), and the transformer encodes each of those answers as a short
 * stand-in string, MARK and the text's place; the door then puts the texts in their
 * places (`restoreAnswerTexts`). An answer the door did not take (a streamed batch) is
 * encoded as any answer. MARK carries a random part made at start, so no text a client
 * sent can be taken for one.
 */
export const ANSWER_TEXT_MARK = `answer-text-${randomBytes(12).toString('hex')}:`;
const QUOTED_MARK = `"${ANSWER_TEXT_MARK}`;
const places = new WeakMap<object, number>();

/** The recorded texts of a body's answers, in order; each of those answers is then encoded as its stand-in. */
export function standInAnswers(answers: readonly unknown[]): string[] {
  const found: string[] = [];
  for (const answer of answers) {
    const text = answerTextOf(answer);
    if (text === undefined) continue;
    places.set(answer as object, found.length);
    found.push(text);
  }
  return found;
}

/** What tRPC's JSON.stringify writes for an answer with a recorded text: its stand-in if the door took it, else the answer. */
export function answerForTrpc(answer: object): unknown {
  const place = places.get(answer);
  if (place === undefined) return answer;
  places.delete(answer);
  return { toJSON: () => `${ANSWER_TEXT_MARK}${place}` };
}

/** The tRPC door's body with each stand-in (the JSON string MARK and a place) replaced by the text of that place. */
export function restoreAnswerTexts(body: string, found: readonly string[]): string {
  let out = '';
  let from = 0;
  for (let at = body.indexOf(QUOTED_MARK); at !== -1; at = body.indexOf(QUOTED_MARK, from)) {
    const end = body.indexOf('"', at + QUOTED_MARK.length);
    out += body.slice(from, at) + found[Number(body.slice(at + QUOTED_MARK.length, end))]!;
    from = end + 1;
  }
  return out + body.slice(from);
}
