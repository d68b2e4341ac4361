import { idParam, listQuery } from '@dp/http';
import { integrationName } from './integrations';

export const integrationEventParams = {
  type: 'object',
  properties: { integrationName, eventId: idParam },
  required: ['integrationName', 'eventId'],
} as const;

export const listIntegrationEventsQuery = listQuery();

/** `POST .../events/{eventId}/redeliver` (ours, docs/adr/0043): 202 with the event as GitBook's IntegrationEvent, queued again. */
export const redeliveredEventResponses = { 202: { $ref: '#/components/schemas/IntegrationEvent' } } as const;
