// The API's types for the web app, generated from the gateway's OpenAPI document (docs/openapi.json,
// which gateway/all-in-one/tests/system/openapi.rs keeps equal to what the gateway serves) with openapi-typescript, so
// the API's shape has one source. `npm run api-types` writes src/types/api.gen.ts; `--check` (run by
// `make lint`) fails when the committed file is not what the document gives.
import fs from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const source = new URL('../../docs/openapi.json', import.meta.url);
const target = new URL('../src/types/api.gen.ts', import.meta.url);
const header = `// Generated from docs/openapi.json by scripts/api-types.mjs (npm run api-types): do not edit.\n\n`;

const text = header + astToString(await openapiTS(JSON.parse(fs.readFileSync(source, 'utf8'))));

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed !== text) {
    console.error('src/types/api.gen.ts is not what docs/openapi.json gives: run `npm run api-types` and commit it.');
    process.exit(1);
  }
  console.log('api.gen.ts matches docs/openapi.json');
} else {
  fs.writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
