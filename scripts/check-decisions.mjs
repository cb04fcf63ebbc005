// Decision records (docs/decisions) must say when they were taken and whether they still hold:
// each has a "Status:" line with a date, and a record a later one amends or supersedes names
// that later record in its status, so a reader of the old one is sent to what replaced it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = join(import.meta.dirname, '..', 'docs', 'decisions');
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.*\.md$/.test(name))
  .map((name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    // The lines before the first section: title, status, what it amends.
    const header = text.split(/\n## /)[0];
    return { name, number: name.slice(0, 3), header };
  });

/** The decisions a record's header says it amends or supersedes, with the verb it uses. */
function changedBy(header) {
  const changes = new Map();
  const flat = header.replace(/\s+/g, ' ');
  for (const match of flat.matchAll(/\b(amends|supersedes)\b([^.]*)/gi))
    for (const number of match[2].matchAll(/\b(\d{3})\b/g))
      changes.set(number[1], match[1].toLowerCase());
  return changes;
}

const problems = [];
const byNumber = new Map(records.map((record) => [record.number, record]));
for (const record of records) {
  const status =
    /^Status: (accepted|amended|superseded)[^\n]*\(\d{4}-\d{2}-\d{2}\)/m.exec(
      record.header,
    );
  if (!status)
    problems.push(`${record.name}: no "Status: accepted (YYYY-MM-DD)" line`);
  for (const older of changedBy(record.header).keys()) {
    if (older >= record.number) continue;
    const target = byNumber.get(older);
    if (!target) continue;
    const changeLines =
      target.header.match(/^(Amended|Superseded)[^\n]*/gm) ?? [];
    if (!changeLines.some((line) => line.includes(record.number)))
      problems.push(
        `${target.name}: ${record.name} changes it; add "${record.number}" to its "Amended by" or "Superseded in part by" line`,
      );
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `${records.length} decision records: each dated, each change named.`,
);
