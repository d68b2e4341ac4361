import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import Ajv2020, { _ } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { cachedValidator, cacheKey, keptFile } from '../../src/validator-cache';

// docs/adr/0078: a validator compiled by one test file is kept as ajv's standalone code for the next ones.
const schema = {
  type: 'object',
  required: ['id', 'kind'],
  properties: { id: { type: 'string', format: 'uuid' }, kind: { enum: ['a', 'b'] }, url: { type: 'string', format: 'uri' } },
  unevaluatedProperties: false,
};
const key = cacheKey('validator-cache.test', randomUUID());
afterAll(() => rmSync(keptFile(key), { force: true }));

test('When a validator was kept, Then the next file evaluates it instead of compiling, and it judges and reports alike', () => {
  let compiles = 0;
  const compile = () => {
    compiles++;
    const ajv = new Ajv2020({ allErrors: true, verbose: true, code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
    addFormats(ajv);
    return { ajv, validate: ajv.compile(schema) };
  };
  const fresh = cachedValidator(key, compile);
  expect(existsSync(keptFile(key))).toBe(true);
  const kept = cachedValidator(key, compile);
  expect(compiles).toBe(1);
  expect(kept).not.toBe(fresh);

  const bodies = [{ id: randomUUID(), kind: 'a', url: 'https://example.com/x' }, { id: 'not-a-uuid', kind: 'c', url: 'not a uri', extra: 1 }, {}];
  for (const body of bodies) {
    const verdicts = [fresh, kept].map((validate) => ({ valid: validate(body), errors: validate.errors ?? null }));
    expect(verdicts[1]).toEqual(verdicts[0]);
  }
  expect(kept(bodies[1])).toBe(false);
  expect(kept.errors?.map((e) => e.keyword).sort()).toEqual(['enum', 'format', 'format', 'unevaluatedProperties']);
});
