export const TEMPLATE_DATABASE = 'candor_test_template';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
