import { z } from 'zod';

// In the browser Zod's parser speed-up probes `new Function` while schemas are built; under the
// app's strict CSP (no 'unsafe-eval') that probe is reported as a policy violation on every
// page. The server keeps the faster compiled parsers. Every schema module takes `z` from here,
// so the setting runs before any schema is built and no bundler can leave it out (decision 193).
if ('document' in globalThis) z.config({ jitless: true });

export { z };
