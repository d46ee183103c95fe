import { type FirmLink, type MenuGroup, menuFor, type User } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type Page } from './api';

/** Every firm-links query sits under this key: the setup screen's changes reload the menus too. */
export const firmLinksKey = ['firm-links'] as const;

/** `GET /api/firm_links/`: the signed-in person's firm's links that their menus show. */
export const menuFirmLinksQuery = {
  queryKey: [...firmLinksKey, 'menu'],
  queryFn: () => api.get<Page<FirmLink>>('/api/firm_links/?page_size=100'),
  staleTime: 5 * 60_000,
  // The menus show their defaults while the links load, or if they cannot: no toast for a menu.
  meta: { silent: true },
};

/**
 * The menus of the navigation bar and the home grid: the domain's definition for this person, with the
 * links their firm configured merged in (a client's Financial Planning, the staff's portfolio systems).
 */
export function useMenu(user: User): MenuGroup[] {
  const links = useQuery(menuFirmLinksQuery);
  return menuFor(user, undefined, { firmLinks: links.data?.results });
}
