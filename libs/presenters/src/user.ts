import type { Links } from '@dp/http';

export interface UserLike {
  id: string;
  email: string;
  display_name: string;
  photo_url?: string | null;
}

/** User JSON: identity presents its users, other contexts the local copies they keep from identity events. */
export function presentUser(user: UserLike, links: Links) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    ...(user.photo_url ? { photoURL: user.photo_url } : {}),
    urls: { location: links.api(`/users/${user.id}`) },
  };
}

/** User JSON of `id` from the users a context loaded; a user it no longer knows is still named, by their id. */
export const presentUserIn = (users: ReadonlyMap<string, UserLike>, id: string, links: Links) => presentUser(users.get(id) ?? { id, email: '', display_name: id }, links);
