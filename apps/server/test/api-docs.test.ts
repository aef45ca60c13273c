/**
 * docs/API.md lists every path of the REST door: the test reads its Paths tables and
 * the router, and fails when a procedure has a path the page does not list (or lists
 * twice, or lists with other roles), when the page lists a path the router lacks, when
 * it names a field the path's schemas do not have, or leaves out a required input field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeAccess, jsonSchemaOf } from '../src/openapi';
import { restProcedures } from '../src/rest-door';

interface Row {
  path: string;
  who: string;
  takes: string;
  answers: string;
}

const page = readFileSync(new URL('../../../docs/API.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('\n## Paths\n'));
const rows: Row[] = [...section.matchAll(/^\| `(\/[^`]*)` \|([^|]*)\|([^|]*)\|([^|]*)\|$/gm)].map(([, path, who, takes, answers]) => ({
  path: path!,
  who: who!.trim(),
  takes: takes!,
  answers: answers!,
}));

/** Field names written in backticks (not values, not `tax2…`). */
const fieldsNamed = (cell: string) => [...cell.matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)].map((m) => m[1]!);

/** Every property name anywhere in a JSON Schema. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') for (const name of Object.keys(value as object)) into.add(name);
      propertyNames(value, into);
    }
  }
  return into;
}

/** The body's required fields: of the object, or of each branch of a union. */
function requiredFields(schema: Record<string, unknown>): string[] {
  const branches = (schema.oneOf ?? schema.anyOf ?? [schema]) as Record<string, unknown>[];
  return [...new Set(branches.flatMap((branch) => (branch.required as string[] | undefined) ?? []))];
}

describe('docs/API.md, Paths', () => {
  const procedures = restProcedures();

  it('has a row per path (the page is read, not an empty table)', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it('lists every path of the router once, and no other', () => {
    const listed = rows.map((r) => r.path);
    expect(listed.filter((p, i) => listed.indexOf(p) !== i)).toEqual([]);
    expect([...listed].sort()).toEqual(procedures.map((p) => p.path).sort());
  });

  it.each(procedures.map((p) => [p.path, p] as const))('%s: who may call, as the procedure says', (path, procedure) => {
    const row = rows.find((r) => r.path === path);
    expect(row, `${path} is not in docs/API.md`).toBeDefined();
    const who = describeAccess(procedure.meta.access);
    expect(row!.who === who || row!.who.startsWith(`${who};`), `${path}: "${row!.who}" should read "${who}"`).toBe(true);
    if (procedure.meta.accessNote) expect(row!.who.length).toBeGreaterThan(who.length);
  });

  it.each(procedures.map((p) => [p.path, p] as const))('%s: the fields named exist, and every required one is named', (path, procedure) => {
    const row = rows.find((r) => r.path === path)!;
    const input = jsonSchemaOf(procedure.input!, 'input');
    const takes = propertyNames(input);
    const answers = propertyNames(jsonSchemaOf(procedure.output!, 'output'));
    expect(fieldsNamed(row.takes).filter((f) => !takes.has(f)), `${path} takes`).toEqual([]);
    expect(fieldsNamed(row.answers).filter((f) => !answers.has(f)), `${path} answers`).toEqual([]);
    expect(requiredFields(input).filter((f) => !fieldsNamed(row.takes).includes(f)), `${path} required`).toEqual([]);
  });
});
