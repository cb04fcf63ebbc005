import type { ResourceLanguage } from 'i18next';

type JsonFiles = Record<string, { default: ResourceLanguage[string] }>;

/** One locale's `<namespace>.json` files (from `import.meta.glob`) as i18next's resources. */
export function namespacesOf(files: JsonFiles): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [file, module] of Object.entries(files)) {
    const name = /([^/]+)\.json$/.exec(file)?.[1];
    if (name) namespaces[name] = module.default;
  }
  return namespaces;
}
