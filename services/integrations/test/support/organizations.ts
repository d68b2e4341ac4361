import type { Role } from '@dp/auth';
import { newId } from '@dp/db';
import { createEvent, IdentityEvents } from '@dp/events';
import type { Component } from '@dp/testing';

/** A user and their roles per organization, as the gateway asserts them (a role added counts on the next call). */
export type User = { user: string; roles: Record<string, Role> };

export const newUser = (): User => ({ user: newId(), roles: {} });

/** Gives `user` a role in `orgId`: it counts on their next call, as a membership the gateway asserts. */
export const addMember = (user: User, orgId: string, role: Role) => void (user.roles[orgId] = role);

/** An organization `admin` creates (they are its admin), announced to integrations as identity does. */
export function organizations<C>(api: Component<C>) {
  return async (admin: User, title: string) => {
    const organizationId = newId();
    await api.handle(createEvent(IdentityEvents.ORGANIZATION_CREATED, { organizationId, title, createdBy: admin.user }, { source: 'identity', subject: organizationId }));
    admin.roles[organizationId] = 'admin';
    return { id: organizationId };
  };
}
