/**
 * Answers whose JSON text is already made and checked (the order lookup's, whose stubs
 * the database writes as JSON): the REST door sends that text instead of encoding the
 * answer again, and the tRPC transformer takes the answer as plain JSON without walking
 * it. The text is exactly `JSON.stringify` of the answer; whoever records one has checked
 * that (docs/PERFORMANCE.md, "Read paths").
 */
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
