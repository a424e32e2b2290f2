// Checks GitHub Actions workflow files, which cannot run here, against GitHub's workflow schema
// (@action-validator/core: SchemaStore's schema, checked in WebAssembly; it also parses the YAML).
//   node scripts/check-workflows.mjs [FILE.yml …]    (default: every file in .github/workflows/)
// Prints each problem with its path in the file and exits 1 if any file has one.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';

/** The problems of one workflow's text: [{path, message}], empty when it is valid. */
export function workflowProblems(text) {
  const out = [];
  const walk = (errors) => {
    for (const e of errors ?? []) {
      const nested = (e.states ?? []).flatMap((s) => s.errors ?? []);
      if (nested.length) walk(nested);
      else out.push({ path: e.path || (e.location ? `line ${e.location.line}, column ${e.location.column}` : ''), message: [e.title, e.detail].filter(Boolean).join(': ') });
    }
  };
  walk(validateWorkflow(text).errors);
  // A oneOf explains itself through each of its branches: the same problem may be reached several times.
  return out.filter((p, i) => out.findIndex((q) => q.path === p.path && q.message === p.message) === i);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = new URL('../.github/workflows/', import.meta.url);
  const files = process.argv.length > 2 ? process.argv.slice(2)
    : readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => fileURLToPath(new URL(f, dir)));
  let bad = 0;
  for (const file of files) {
    const problems = workflowProblems(readFileSync(file, 'utf8'));
    if (problems.length) bad++;
    console.log(`${file}: ${problems.length ? `${problems.length} problem(s)` : 'valid'}`);
    for (const p of problems) console.log(`  ${p.path}: ${p.message}`);
  }
  process.exit(bad ? 1 : 0);
}
