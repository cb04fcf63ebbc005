/**
 * What a page of the web build loads before its first paint, read from Vite's manifest: the
 * entry (index.html's script with its static imports and CSS) and the page's own lazy chunk
 * with its static imports. Shared by the bundle budget test (decision 184) and the front-end
 * bench (apps/server/scripts/bench/frontend.ts).
 */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The chunk's file, its static imports (recursively) and their CSS, minus `seen`. */
export function closure(
  manifest: Manifest,
  key: string,
  seen: Set<string>,
): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    js.push(chunk.file);
    for (const sheet of chunk.css ?? [])
      if (!seen.has(sheet)) {
        seen.add(sheet);
        css.push(sheet);
      }
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

/** Every JavaScript and CSS file the entry and `page` (a module path, e.g. `src/…/login-page.tsx`) need. */
export function firstPaintFiles(manifest: Manifest, page: string): string[] {
  if (!manifest[page]) throw new Error(`${page} is not a chunk of the build.`);
  const seen = new Set<string>();
  const entry = closure(manifest, 'index.html', seen);
  const own = closure(manifest, page, seen);
  return [...entry.js, ...entry.css, ...own.js, ...own.css];
}
