/** Tiny `--name value` / `--flag` parser shared by the seed and bench scripts. */
export function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg?.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string?];
    const next = argv[i + 1];
    if (inline !== undefined) args.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      args.set(name, next);
      i += 1;
    } else args.set(name, 'true');
  }
  return args;
}

export function numberArg(
  args: Map<string, string>,
  name: string,
  fallback: number,
): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, not "${raw}".`);
  return value;
}

/** The bench identity every script agrees on: the big company and its owner. */
export const BENCH = {
  bigCompany: 'bench-big',
  ownerEmail: 'owner@bench-big.test',
  password: 'bench-password',
  companyPrefix: 'bench-',
} as const;
