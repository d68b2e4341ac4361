import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { upsertUser } from '../../data/users';

/** Keeps the local copy of users that change requests present as `createdBy`. */
export const onIdentityUserCreated = defineHandler(IdentityEvents.USER_CREATED, async (event, trx) => {
  await upsertUser(trx, { id: event.data.userId, email: event.data.email, display_name: event.data.displayName });
});
