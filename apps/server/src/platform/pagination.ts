import type { FastifyRequest } from 'fastify';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The list envelope of the HTTP contract, with next/previous links on the public address. */
export function pageOf<T>(
  request: FastifyRequest,
  publicUrl: string,
  q: { page: number; page_size: number },
  count: number,
  results: T[],
): Page<T> {
  const link = (page: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(page));
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  const last = Math.max(1, Math.ceil(count / q.page_size));
  return {
    count,
    next: q.page < last ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(Math.min(q.page - 1, last)) : null,
    results,
  };
}

/** `ordering=-name` → the column key and direction. */
export function parseOrdering<K extends string>(ordering: string): { key: K; desc: boolean } {
  return ordering.startsWith('-') ? { key: ordering.slice(1) as K, desc: true } : { key: ordering as K, desc: false };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
