// Prints the CHANGELOG.md section of package.json's version (from its "## <version>" heading to the next one):
// the notes of a GitHub release (.github/workflows/pages.yml). Fails if the changelog has no such section.
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lines = readFileSync(new URL('CHANGELOG.md', root), 'utf8').split('\n');
const start = lines.findIndex((l) => l.startsWith(`## ${version} `) || l === `## ${version}`);
if (start < 0) {
  console.error(`CHANGELOG.md has no "## ${version}" section`);
  process.exit(1);
}
const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
console.log(lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim());
