// Serves dist/ on 127.0.0.1 (static files only, nothing leaves the machine) and prints the URL.
//   node scripts/serve.mjs [--port N]   (default 8080; 0 picks a free port)
// serve(port, root) serves another folder (the benchmark serves the repository).
// Text and wasm are sent gzipped to a browser that accepts it, as any web host sends them.
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.woff2': 'font/woff2', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt', '.webmanifest']);
const gzipped = new Map(); // file → {mtime, body}: each file compressed once while it is unchanged
const gzipped9 = promisify(gzip);
// gzip named in Accept-Encoding, and not refused with q=0
const acceptsGzip = (header = '') => header.split(',').some((part) => {
  const [coding, ...options] = part.trim().split(';').map((x) => x.trim());
  return coding === 'gzip' && !options.some((o) => /^q=0(\.0*)?$/.test(o));
});

export function serve(port = 8080, root = dist) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache', vary: 'accept-encoding' };
      let body;
      if (COMPRESSED.has(extname(file)) && acceptsGzip(req.headers['accept-encoding'])) {
        const { mtimeMs } = await stat(file);
        let kept = gzipped.get(file);
        if (kept?.mtime !== mtimeMs) gzipped.set(file, (kept = { mtime: mtimeMs, body: await gzipped9(await readFile(file), { level: 9 }) }));
        body = kept.body;
        headers['content-encoding'] = 'gzip';
      } else body = await readFile(file);
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const server = await serve(i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT ?? 8080));
  console.log(`Attention Lab is running at http://127.0.0.1:${server.address().port}/  (Ctrl+C stops it)`);
}
