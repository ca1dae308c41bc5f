// The initial JavaScript of a built app: what index.html makes the browser fetch before any route's
// own lazy chunk (its module scripts and modulepreload links; Vite lists every static import of the
// entry there). Prints the gzip total and the biggest contributors by package or source file.
//
//   node scripts/bundle-size.mjs [--dist dist] [--max 150] [--top 15] [--json]
//
// Exits 1 when the total is above --max (KB of gzip, 1 KB = 1024 bytes). Attribution reads the
// source maps beside the chunks (the build writes them, hidden); without them only totals print.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

function parseArgs(argv) {
  const args = { dist: 'dist', max: null, top: 15, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [key, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (key === '--dist') args.dist = value();
    else if (key === '--max') args.max = Number(value());
    else if (key === '--top') args.top = Number(value());
    else if (key === '--json') args.json = true;
    else if (key === '--help' || key === '-h') {
      console.log('usage: node scripts/bundle-size.mjs [--dist dist] [--max KB] [--top N] [--json]');
      process.exit(0);
    } else throw new Error(`unknown argument: ${arg}`);
  }
  if (args.max !== null && !(args.max > 0)) throw new Error('--max needs a positive number of KB');
  return args;
}

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The JS files index.html loads up front, in document order, as paths relative to dist. */
export function initialScripts(html) {
  const found = [];
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    const isScript = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
    const url = isScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (url && !/^(https?:)?\/\//.test(url) && url.endsWith('.js')) {
      const rel = url.replace(/^\//, '');
      if (!found.includes(rel)) found.push(rel);
    }
  }
  return found;
}

/** Which package (node_modules/<name>) or project file a source-map source belongs to. */
function owner(source) {
  const clean = source.replace(/^[./]+/, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = clean.indexOf('src/');
  return src >= 0 ? clean.slice(src) : clean || '(unmapped)';
}

/** Raw bytes of one chunk per owner, from the spans between consecutive mappings. */
async function attribute(code, mapText) {
  const { SourceMapConsumer } = await import('source-map-js');
  const consumer = new SourceMapConsumer(JSON.parse(mapText));
  const lines = code.split('\n');
  const lineStart = [];
  let offset = 0;
  for (const line of lines) {
    lineStart.push(offset);
    offset += line.length + 1;
  }
  const points = [];
  consumer.eachMapping(
    (m) => points.push({ at: lineStart[m.generatedLine - 1] + m.generatedColumn, source: m.source }),
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  const bytes = new Map();
  const add = (who, n) => bytes.set(who, (bytes.get(who) ?? 0) + n);
  let covered = points.length ? points[0].at : code.length;
  add('(unmapped)', covered);
  for (let i = 0; i < points.length; i++) {
    const end = i + 1 < points.length ? points[i + 1].at : code.length;
    const span = Math.max(0, end - points[i].at);
    add(points[i].source ? owner(points[i].source) : '(unmapped)', span);
  }
  return bytes;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = path.resolve(args.dist);
  const htmlPath = path.join(dist, 'index.html');
  if (!fs.existsSync(htmlPath)) throw new Error(`${htmlPath} not found: build first (npm run build)`);
  const files = initialScripts(fs.readFileSync(htmlPath, 'utf8'));
  if (files.length === 0) throw new Error('index.html loads no module script');

  let totalRaw = 0;
  let totalGzip = 0;
  let mapped = 0;
  const chunks = [];
  const owners = new Map();
  for (const rel of files) {
    const file = path.join(dist, rel);
    const code = fs.readFileSync(file, 'utf8');
    const raw = Buffer.byteLength(code);
    const gz = gzipSize(code);
    totalRaw += raw;
    totalGzip += gz;
    chunks.push({ file: rel, raw, gzip: gz });
    // A chunk without a map (the bundler's tiny runtime has none) counts as a whole.
    let bytes = new Map([[`(no source map) ${path.basename(rel)}`, raw]]);
    if (fs.existsSync(`${file}.map`)) {
      try {
        bytes = await attribute(code, fs.readFileSync(`${file}.map`, 'utf8'));
        mapped += 1;
      } catch (error) {
        console.error(`could not read the source map of ${rel}: ${error instanceof Error ? error.message : error}`);
      }
    }
    // A chunk's gzip bytes are shared out in proportion to raw bytes: an estimate, good for ranking.
    for (const [who, n] of bytes) {
      const entry = owners.get(who) ?? { raw: 0, gzip: 0 };
      entry.raw += n;
      entry.gzip += (gz * n) / raw;
      owners.set(who, entry);
    }
  }

  const top = [...owners.entries()]
    .map(([who, v]) => ({ who, ...v }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, args.top);
  const result = {
    dist,
    totalRawKB: Number(kb(totalRaw)),
    totalGzipKB: Number(kb(totalGzip)),
    maxKB: args.max,
    chunks: chunks.map((c) => ({ file: c.file, rawKB: Number(kb(c.raw)), gzipKB: Number(kb(c.gzip)) })),
    top: top.map((t) => ({ source: t.who, rawKB: Number(kb(t.raw)), gzipKB: Number(kb(t.gzip)) })),
  };

  if (args.json) console.log(JSON.stringify(result, null, 2));
  else {
    console.log(`initial JS: ${kb(totalGzip)} KB gzip (${kb(totalRaw)} KB raw) in ${files.length} files`);
    for (const c of chunks) console.log(`  ${c.file.padEnd(44)} ${kb(c.gzip).padStart(7)} KB gzip`);
    if (mapped > 0) {
      console.log('top contributors (gzip shared out by raw bytes within each chunk, an estimate):');
      for (const t of top) {
        console.log(`  ${t.who.padEnd(44)} ${kb(t.gzip).padStart(7)} KB gzip ${kb(t.raw).padStart(8)} KB raw`);
      }
    } else console.log('(no source maps beside the chunks: build with sourcemaps for attribution)');
  }
  if (args.max !== null && totalGzip / 1024 > args.max) {
    console.error(`initial JS ${kb(totalGzip)} KB gzip is above the limit of ${args.max} KB`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
