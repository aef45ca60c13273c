/** What the integration global setup hands each test file (vitest provide/inject). */
export type TestDbConfig = { kind: 'postgres'; url: string; template: string } | { kind: 'pglite'; dumpPath: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbConfig;
  }
}
