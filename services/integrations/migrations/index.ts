import type { Migration } from '@dp/db';
import { createIntegrations } from './20261122000501_create_integrations';
import { eventDelivery } from './20261225000502_event_delivery';

export const migrations: Migration[] = [createIntegrations, eventDelivery];
