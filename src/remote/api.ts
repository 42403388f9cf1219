// Backend API v1 calls (spec §7). Plain fetch; no Firebase. A missing or failing API never breaks a screen.
import { readConfig } from './config';

export interface ApiUser {
  id: string;
  first_name: string;
  [key: string]: unknown;
}

function base(): string | null {
  return readConfig().apiBase;
}

/** GET {api}/api/v1/user-details/{uid} → data; null when unavailable (logged as the spec says). */
export async function fetchUserDetails(uid: string, apiBase: string | null = base()): Promise<ApiUser | null> {
  if (!apiBase) return null;
  try {
    const res = await fetch(`${apiBase.replace(/\/$/, '')}/api/v1/user-details/${encodeURIComponent(uid)}`);
    if (!res.ok) {
      console.error('User not found');
      return null;
    }
    const body = (await res.json()) as { data?: ApiUser };
    const user = body.data;
    if (!user || typeof user.id === 'undefined') return null;
    return { ...user, id: String(user.id), first_name: typeof user.first_name === 'string' ? user.first_name : '' };
  } catch (err) {
    console.error('Error fetching user data', err);
    return null;
  }
}

/** GET organisations/{id}: the spec reads data.advertisement_banner and only logs it. */
export async function fetchOrganisation(id: number, apiBase: string | null = base()): Promise<unknown> {
  if (!apiBase) return null;
  try {
    const res = await fetch(`${apiBase.replace(/\/$/, '')}/api/v1/organisations/${id}`);
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { advertisement_banner?: unknown } };
    const banner = body.data?.advertisement_banner ?? null;
    console.info('advertisement_banner', banner);
    return banner;
  } catch (err) {
    console.warn('Organisation info unavailable', err);
    return null;
  }
}
