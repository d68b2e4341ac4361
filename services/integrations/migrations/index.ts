import type { Migration } from '@dp/db';
import { createIntegrations } from './20261122000501_create_integrations';

export const migrations: Migration[] = [createIntegrations];
