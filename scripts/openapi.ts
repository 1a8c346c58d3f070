// `npm run openapi`: writes docs/openapi.yaml from the wire's schemas and its prose
// (scripts/openapi/generate.ts). A test fails while the committed file differs.
import { writeFileSync } from 'node:fs';
import { OPENAPI_PATH, openApiText } from './openapi/generate';

writeFileSync(OPENAPI_PATH, await openApiText());
console.log(`wrote ${OPENAPI_PATH}`);
