export const TEMPLATE_DATABASE = 'candor_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
