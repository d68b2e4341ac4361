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
