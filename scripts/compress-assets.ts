// Writes .gz and .br beside every built asset, so the server sends them precompressed.
// `node scripts/compress-assets.ts <folder>`: the storefront's build/client, the back office's dist.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

if (!process.argv[2]) {
  console.error('Usage: node scripts/compress-assets.ts <folder of built files>');
  process.exit(2);
}
const root = path.resolve(process.argv[2]);
const compressible = /\.(js|css|json|svg|webmanifest|txt|xml|html)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), root) || '.'}`);
