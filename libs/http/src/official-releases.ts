import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The one loader of the official GitBook API descriptions (`@gitbook/api`'s spec/openapi.json and the older
 * releases installed beside it as npm aliases): the API document describes our operations from them
 * (official-api.ts) and the contract checks of libs/testing validate answers against them.
 */
export type OfficialNode = Record<string, unknown>;
export const isOfficialNode = (v: unknown): v is OfficialNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Newest first: an operation is described by the first release that has it. The older ones have the operations
 * the newest dropped and we serve (links and backlinks, transfer, section groups' sections, import).
 */
export const OFFICIAL_RELEASES = ['@gitbook/api', '@gitbook/api-0.181.0', '@gitbook/api-0.167.0', '@gitbook/api-0.130.0'] as const;

export interface OfficialRelease {
  /** The package it is installed as (`@gitbook/api-0.181.0`). */
  pkg: (typeof OFFICIAL_RELEASES)[number];
  version: string;
  /** Each path template's operations (and other objects of its path item), by method. */
  paths: Record<string, Record<string, OfficialNode>>;
  /** Components by kind (`schemas`, `responses`, `parameters`...) and name. */
  components: Record<string, Record<string, OfficialNode>>;
  tags: OfficialNode[];
}

/** The object members of an object (anything else in it dropped). */
const objects = (node: unknown): Record<string, OfficialNode> =>
  isOfficialNode(node) ? Object.fromEntries(Object.entries(node).filter((e): e is [string, OfficialNode] => isOfficialNode(e[1]))) : {};

/**
 * Schemas of the published spec that no value can meet as written, as GitBook's own servers evidently read them
 * (docs/adr/0094). `PlainObject` (an integration block's props, a visitor's claims) has no `type`, so a string or
 * a number is both a `string` and a `PlainObject` and fails its `oneOf`: the one reading that accepts the values its
 * description names is `anyOf`.
 */
function corrected(schemas: Record<string, OfficialNode>): Record<string, OfficialNode> {
  const plain = schemas.PlainObject;
  const values = isOfficialNode(plain?.additionalProperties) ? plain.additionalProperties : undefined;
  if (!plain || !values || !Array.isArray(values.oneOf)) return schemas;
  const { oneOf, ...rest } = values;
  return { ...schemas, PlainObject: { ...plain, additionalProperties: { ...rest, anyOf: oneOf } } };
}

function loadRelease(pkg: OfficialRelease['pkg']): OfficialRelease {
  const file = require.resolve(`${pkg}/spec/openapi.json`);
  const spec: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const manifest: unknown = JSON.parse(readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8'));
  if (!isOfficialNode(spec) || !isOfficialNode(spec.paths) || !isOfficialNode(manifest)) throw new Error(`${pkg}: not an OpenAPI document`);
  const byName = (map: Record<string, OfficialNode>) => Object.fromEntries(Object.entries(map).map(([key, node]) => [key, objects(node)]));
  return {
    pkg,
    version: String(manifest.version),
    paths: byName(objects(spec.paths)),
    components: Object.fromEntries(Object.entries(byName(objects(spec.components))).map(([kind, map]) => [kind, kind === 'schemas' ? corrected(map) : map])),
    tags: Array.isArray(spec.tags) ? spec.tags.filter(isOfficialNode) : [],
  };
}

/**
 * The parse of the latest call, while something still holds it: the services of one process (the one-process stack,
 * a test file with its stack) build their API documents at about the same time and share one parse instead of one
 * each (0.2 s of CPU and 6 MB per parse). Nothing keeps it alive: once its users drop it, the next call parses anew.
 */
let latest: WeakRef<OfficialRelease[]> | undefined;

/** Every official release, newest first (about 6 MB of JSON): read-only, shared with whoever still holds the last parse. */
export function loadOfficialReleases(): OfficialRelease[] {
  const held = latest?.deref();
  if (held) return held;
  const releases = OFFICIAL_RELEASES.map(loadRelease);
  latest = new WeakRef(releases);
  return releases;
}
