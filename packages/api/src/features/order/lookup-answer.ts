/**
 * The order lookup's answer over the database's JSON text of its stubs. The stubs are
 * parsed only when something reads them (the tRPC door's encoding, a server-side
 * caller); the answer's check accepts the text as it is when it is in the schema's own
 * form (`isOrderStubsText`), and records it as the answer's JSON, which the REST door
 * sends without parsing, checking and encoding up to 500 stubs again (docs/PERFORMANCE.md,
 * "Read paths"). Any other text goes through the schema's parse, as every answer does.
 */
import { ZLookupOrdersOutput, isOrderStubsText, type OrderStub } from '@pos/contracts';
import { withAnswerText } from '../../answer-text';

export interface LookupAnswer {
  success: boolean;
  orderStubs: OrderStub[];
}

/** The text each lookup answer was made from, until its check. */
const stubsTexts = new WeakMap<object, string>();

/** `{ success: true, orderStubs }`, the stubs parsed from `stubsText` when first read. */
export function lookupAnswer(stubsText: string): LookupAnswer {
  const answer = { success: true } as LookupAnswer;
  Object.defineProperty(answer, 'orderStubs', {
    enumerable: true,
    configurable: true,
    get() {
      const stubs = JSON.parse(stubsText) as OrderStub[];
      Object.defineProperty(answer, 'orderStubs', { value: stubs, enumerable: true, writable: true, configurable: true });
      return stubs;
    },
  });
  stubsTexts.set(answer, stubsText);
  return answer;
}

/** The lookup's answer check: what `ZLookupOrdersOutput.parse` answers, without parsing text already in its form. */
export function parseLookupOrdersOutput(value: unknown): LookupAnswer {
  const text = typeof value === 'object' && value !== null ? stubsTexts.get(value) : undefined;
  if (text !== undefined && (value as LookupAnswer).success === true && isOrderStubsText(text)) {
    return withAnswerText(value as LookupAnswer, `{"success":true,"orderStubs":${text}}`);
  }
  return ZLookupOrdersOutput.parse(value);
}
