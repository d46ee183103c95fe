import { useDocumentTitle } from '@mantine/hooks';

/** Each screen names itself in the tab title, which screen readers announce on navigation. */
export const usePageTitle = (title: string) => useDocumentTitle(title ? `${title} · Portal` : 'Portal');
