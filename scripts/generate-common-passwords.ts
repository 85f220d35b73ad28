/**
 * Writes src/client/ui/commonPasswordList.ts: the hashes (client/ui/passwordHash.ts) of the
 * COMMON_PASSWORD_SAMPLE most common passwords of @zxcvbn-ts/language-common's ranked list that are
 * long enough to pass the length rule (shorter ones are refused for their length already).
 * Run after updating that package: `npm run generate:common-passwords`.
 * A unit test (__tests__/unit/client/ui/commonPasswords.test.ts) fails when the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { commonPasswordListSource } from './commonPasswordListSource';

const file = path.resolve(__dirname, '../src/client/ui/commonPasswordList.ts');
writeFileSync(file, commonPasswordListSource());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
