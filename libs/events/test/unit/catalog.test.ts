import { defineHandler } from '@dp/bus';
import { checkedEvent, createEvent, eventCatalog, eventTypes, isEventType, ContentEvents, IdentityEvents } from '../../src';

describe('event catalog', () => {
  test('When an event is built with data its schema accepts, Then it is a CloudEvent of that type', () => {
    const event = createEvent(IdentityEvents.MEMBER_ADDED, { organizationId: 'o1', userId: 'u1', role: 'edit' }, { source: '/identity', subject: 'o1' });
    expect(event).toMatchObject({ specversion: '1.0', type: 'identity.member.added', source: '/identity', subject: 'o1', data: { role: 'edit' } });
  });

  test('When data breaks the schema at run time (a caller the compiler cannot see), Then building the event throws', () => {
    expect(() => checkedEvent(IdentityEvents.MEMBER_REMOVED, { organizationId: 'o1', userId: 7 }, { source: '/identity' })).toThrow(/breaks its schema/);
    expect(() => checkedEvent('identity.nothing.happened', {}, { source: '/identity' })).toThrow(/not in the catalog/);
    expect(isEventType('identity.nothing.happened')).toBe(false);
  });

  test('When producers and consumers disagree with the catalog, Then it does not compile (checked by the type check of npm test)', () => {
    // @ts-expect-error a role outside the one role list
    expect(() => createEvent(IdentityEvents.MEMBER_ADDED, { organizationId: 'o', userId: 'u', role: 'owner' }, { source: '/identity' })).toThrow();
    // @ts-expect-error a required field is missing
    expect(() => createEvent(IdentityEvents.MEMBER_REMOVED, { organizationId: 'o' }, { source: '/identity' })).toThrow();
    const handler = defineHandler(ContentEvents.SPACE_PURGED, async (event) => {
      // @ts-expect-error a consumer reading a field as what its producer does not send
      const id: number = event.data.spaceId;
      void id;
    });
    expect(handler.type).toBe('content.space.purged');
  });

  test('When the catalog is listed, Then every type names its publisher as its first segment', () => {
    expect(eventTypes.length).toBe(Object.keys(eventCatalog).length);
    for (const type of eventTypes) expect(type.split('.')[0]).toBe(eventCatalog[type].publisher);
  });
});
